import { sql } from 'drizzle-orm'
import { rowsOf, type DbOrTx } from '../db/client.ts'

/**
 * The state of `mail_outbox`, read from the table (decision 0041): the same answer from every API process, and
 * still right after a restart. A mail is `sent` once it has `sent_at`; an unsent one is `failed` when its last
 * try left an error, else `queued`.
 */
export interface MailQueue {
  queued: number
  sent: number
  failed: number
  /** Age of the oldest mail not yet sent, in seconds; null when every mail is sent. */
  oldestUnsentAgeSeconds: number | null
}

export interface UnsentMail {
  unsent: number
  failed: number
  oldestUnsentAgeSeconds: number | null
}

const age = (value: unknown) =>
  value === null || value === undefined ? null : Math.max(0, Math.round(Number(value)))

/** What the readiness check reports: the mails still to send (cheaper than the full count). */
export async function unsentMail(db: DbOrTx): Promise<UnsentMail> {
  const [row] = rowsOf<{ unsent: unknown; failed: unknown; oldest: unknown }>(
    await db.execute(sql`
      select count(*) as unsent, count(*) filter (where error is not null) as failed,
             extract(epoch from now() - min(created_at)) as oldest
      from mail_outbox where sent_at is null`),
  )
  return {
    unsent: Number(row?.unsent ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestUnsentAgeSeconds: age(row?.oldest),
  }
}

/** Every mail by state, for /metrics. */
export async function mailQueue(db: DbOrTx): Promise<MailQueue> {
  const [row] = rowsOf<{ queued: unknown; sent: unknown; failed: unknown; oldest: unknown }>(
    await db.execute(sql`
      select count(*) filter (where sent_at is null and error is null) as queued,
             count(*) filter (where sent_at is not null) as sent,
             count(*) filter (where sent_at is null and error is not null) as failed,
             extract(epoch from now() - min(created_at) filter (where sent_at is null)) as oldest
      from mail_outbox`),
  )
  return {
    queued: Number(row?.queued ?? 0),
    sent: Number(row?.sent ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestUnsentAgeSeconds: age(row?.oldest),
  }
}

export interface MailChannelState {
  state: 'not_configured' | 'working' | 'failing'
  lastError: string | null
  lastErrorAt: Date | null
  lastSentAt: Date | null
  unsent: number
}

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string))

/**
 * Issue 39: mail's state for staff, from the table (every process answers the same). Failing when the latest try
 * failed after the latest mail was sent: a failed row's `locked_until` is when its try failed (lib/mailer.ts; rows
 * failed before that was kept count from when they were written). One mail sent after the failures means SMTP works
 * again, even while older mails wait for their next try.
 */
export async function mailChannelState(db: DbOrTx, configured: boolean): Promise<MailChannelState> {
  const [row] = rowsOf<{ unsent: unknown; last_sent: unknown; error: unknown; failed_at: unknown }>(
    await db.execute(sql`
      select (select count(*) from mail_outbox where sent_at is null) as unsent,
             (select max(sent_at) from mail_outbox) as last_sent,
             f.error, f.failed_at
      from (select 1) as one
      left join lateral (
        select error, coalesce(locked_until, created_at) as failed_at from mail_outbox
        where sent_at is null and error is not null
        order by coalesce(locked_until, created_at) desc, id desc limit 1) as f on true`),
  )
  const unsent = Number(row?.unsent ?? 0)
  const lastSentAt = dateOf(row?.last_sent)
  const failedAt = dateOf(row?.failed_at)
  if (!configured) return { state: 'not_configured', lastError: null, lastErrorAt: null, lastSentAt, unsent }
  const failing = failedAt !== null && (lastSentAt === null || failedAt > lastSentAt)
  return {
    state: failing ? 'failing' : 'working',
    lastError: failing ? String(row?.error) : null,
    lastErrorAt: failing ? failedAt : null,
    lastSentAt,
    unsent,
  }
}
