import { eq, sql } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import { rowsOf, type Db, type DbOrTx } from '../db/client.ts'
import { mailOutbox, settings } from '../db/schema/settings.ts'
import { backoffAfter, createOutboxRounds } from './outbox-rounds.ts'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /** Decision 0104: the sender's display name, in the mail's language (the address stays MAIL_FROM's). */
  fromName?: string
}

export interface OutboxMail extends Mail {
  /**
   * What the mail tells about (`order:42:placed:shopper`). The outbox keeps one mail per key: writing the same event
   * twice (a retried request, two processes) leaves the first one (decision 0065).
   */
  eventKey?: string
}

export interface Mailer {
  /** Writes a mail into the outbox and delivers it soon (the password reset, which has no transaction of its own). */
  send(mail: Mail): Promise<void>
  /**
   * Writes a mail into the outbox with `db` (the transaction of the event it tells about, so the mail exists exactly
   * when the event does). Delivered after the answer of the request that wrote it, or by the next round of any API
   * process. Returns false when a mail for this event key was already written.
   */
  enqueue(db: DbOrTx, mail: OutboxMail): Promise<boolean>
  /** Grows with every mail written by this process (app.ts delivers after an answer during which it grew). */
  readonly written: number
  /** Delivers what is due, soon and in the background (never while the caller waits). */
  kick(): void
  /** Claims and sends every mail that is due; resolves with how many were sent. Runs once at a time per process. */
  deliverDue(): Promise<number>
  /** Stops the rounds and waits for a delivery in progress. */
  close(): Promise<void>
  /** Whether SMTP_URL is set: without it no mail leaves the shop (decision 0043). */
  readonly configured: boolean
  /**
   * Issue 39: writes the mail into the outbox and tries it at once while the caller waits (the dashboard's test mail),
   * never again later. Answers what happened: sent, not configured (nothing written), or the SMTP error.
   */
  sendNow(mail: Mail): Promise<SendNowResult>
}

export type SendNowResult =
  { outcome: 'sent' } | { outcome: 'not_configured' } | { outcome: 'failed'; error: string }

export interface MailerOptions {
  smtpUrl?: string
  from: string
  log: { warn: (o: object, m: string) => void; info: (o: object, m: string) => void }
  /** How often every process looks for mails that are due (retries, and mails another process could not send). */
  pollMs?: number
  /** The wait after the first failed try; it doubles with every try, up to `maxBackoffMs`. */
  backoffMs?: number
  maxBackoffMs?: number
  /** Tries before the mailer gives up on a mail (it stays in the table with its last error). */
  maxAttempts?: number
  /** How long a claimed mail is reserved to the process sending it. */
  leaseMs?: number
}

interface ClaimedMail {
  id: number
  to: string
  subject: string
  text: string
  html: string | null
  attempts: number
  created_at: unknown
  message_id: string
  from_name: string | null
}

const BATCH = 10

/** An SMTP error as kept in the outbox and shown to staff: its message, never more than 500 characters. */
const errorText = (err: unknown) => String((err as Error)?.message ?? err).slice(0, 500)

export { backoffAfter }

/** The domain of the From address, for Message-IDs. */
function fromDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'shop.local'
}

/** The address of MAIL_FROM (`Name <address>` or a bare address). */
function fromAddress(from: string): string {
  return (/<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from).trim()
}

/** Decision 0104: the shop's contact address (setting `contact_email`) answers mails; null when unset or not an address. */
async function replyToAddress(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'contact_email'))
  const value = row?.value.trim() ?? ''
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value) ? value : null
}

/**
 * product.md §10.12 and decision 0065: every mail goes through the `mail_outbox` table; with SMTP_URL it is sent
 * after the answer by whichever process claims it first (`FOR UPDATE SKIP LOCKED` and a lease), and a failed try is
 * retried with back-off. Without SMTP_URL it stays in the table (decision 0043).
 */
export function createMailer(db: Db, options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null
  const pollMs = options.pollMs ?? 30_000
  const backoffMs = options.backoffMs ?? 30_000
  const maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000
  const maxAttempts = options.maxAttempts ?? 12
  const leaseMs = options.leaseMs ?? 120_000
  const domain = fromDomain(options.from)

  let written = 0

  async function claim(): Promise<ClaimedMail[]> {
    // One statement: rows locked by another process's claim are skipped, rows it already claimed are leased.
    return rowsOf<ClaimedMail>(
      await db.execute(sql`
        update mail_outbox set attempts = attempts + 1, locked_until = now() + ${`${leaseMs} milliseconds`}::interval
        where id in (
          select id from mail_outbox
          where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at, id
          limit ${BATCH}
          for update skip locked)
        returning id, "to", subject, text, html, attempts, created_at, message_id, from_name`),
    )
  }

  async function deliver(mail: ClaimedMail, replyTo: string | null): Promise<boolean> {
    try {
      await transport!.sendMail({
        from: mail.from_name ? { name: mail.from_name, address: fromAddress(options.from) } : options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        ...(replyTo ? { replyTo } : {}),
        // Decision 0104: random when the row was written and the same on every try of it: should a try be repeated
        // after SMTP took it (the process died before marking it sent), the reader's mail program sees one message;
        // and no other install or restored backup ever gives out the same id.
        messageId: `<${mail.message_id}@${domain}>`,
      })
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), lockedUntil: null })
        .where(eq(mailOutbox.id, mail.id))
      return true
    } catch (err) {
      const giveUp = mail.attempts >= maxAttempts
      options.log.warn(
        { err, mail_id: mail.id, to: mail.to, attempts: mail.attempts, gave_up: giveUp },
        'mail could not be sent',
      )
      const next = giveUp ? null : new Date(Date.now() + backoffAfter(mail.attempts, backoffMs, maxBackoffMs))
      await db
        .update(mailOutbox)
        // Issue 39: the lease ends when the try failed, so `locked_until` of a failed row says when (the dashboard's
        // "failing since"); it is in the past at once, so the row is free for its next try as before.
        .set({ error: errorText(err), nextAttemptAt: next, lockedUntil: sql`now()` })
        .where(eq(mailOutbox.id, mail.id))
        .catch(() => {})
      return false
    }
  }

  /** One batch: claimed, sent side by side (decision 0065). */
  async function pass() {
    const batch = await claim()
    if (batch.length === 0) return { sent: 0, more: false }
    const replyTo = await replyToAddress(db).catch(() => null)
    const results = await Promise.all(batch.map((mail) => deliver(mail, replyTo)))
    return { sent: results.filter(Boolean).length, more: batch.length === BATCH }
  }

  const rounds = transport
    ? createOutboxRounds({ pass, pollMs, log: options.log, what: 'mail delivery' })
    : null

  const mailer: Mailer = {
    get written() {
      return written
    },
    async enqueue(target, mail) {
      const rows = await target
        .insert(mailOutbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          eventKey: mail.eventKey ?? null,
          fromName: mail.fromName ?? null,
        })
        .onConflictDoNothing({ target: mailOutbox.eventKey })
        .returning({ id: mailOutbox.id })
      if (rows.length === 0) return false
      written++
      if (!transport) {
        // Decision 0043: the text (a reset link, a tracking link) stays in the table; a log line never carries it.
        options.log.info(
          { mail_id: rows[0]!.id, to: mail.to, subject: mail.subject },
          'mail kept in the mail_outbox table (no SMTP_URL)',
        )
      }
      return true
    },
    get configured() {
      return transport !== null
    },
    async sendNow(mail) {
      if (!transport) return { outcome: 'not_configured' }
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          fromName: mail.fromName ?? null,
          // Tried here and now, never by a round: a test that failed is not repeated behind the owner's back.
          attempts: 1,
          nextAttemptAt: null,
        })
        .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId })
      try {
        const replyTo = await replyToAddress(db).catch(() => null)
        await transport.sendMail({
          from: mail.fromName ? { name: mail.fromName, address: fromAddress(options.from) } : options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          ...(replyTo ? { replyTo } : {}),
          messageId: `<${row!.messageId}@${domain}>`,
        })
        await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id))
        return { outcome: 'sent' }
      } catch (err) {
        options.log.warn({ err, mail_id: row!.id, to: mail.to }, 'test mail could not be sent')
        await db
          .update(mailOutbox)
          .set({ error: errorText(err), lockedUntil: sql`now()` })
          .where(eq(mailOutbox.id, row!.id))
        return { outcome: 'failed', error: errorText(err) }
      }
    },
    async send(mail) {
      await mailer.enqueue(db, mail)
      mailer.kick()
    },
    kick() {
      rounds?.kick()
    },
    deliverDue: () => rounds?.deliverDue() ?? Promise.resolve(0),
    async close() {
      await rounds?.close()
      transport?.close()
    },
  }
  return mailer
}
