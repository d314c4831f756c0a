import { eq, sql } from 'drizzle-orm'
import { rowsOf, type Db } from '../../db/client.ts'
import { whatsappInbox, whatsappMessages, whatsappOptOuts } from '../../db/schema/whatsapp.ts'
import { backoffAfter, createOutboxRounds, type OutboxRounds } from '../../lib/outbox-rounds.ts'
import { sendTemplate, WhatsAppSendError, type WhatsAppConfig } from './cloud-api.ts'
import { applyKnownStatuses, handleWebhookBody } from './incoming.ts'

// Issue 41 (decision 0236): the WhatsApp channel of one API process. Messages written by order events are sent after
// the answer by whichever process claims them first (decision 0065's outbox, `FOR UPDATE SKIP LOCKED` and a lease) and
// retried with back-off while Meta cannot take them; an error that will never pass (not on WhatsApp, template missing)
// fails the message at once. Webhook posts wait in `whatsapp_inbox` and are handled the same way after their answer.

export interface WhatsAppChannel {
  readonly configured: boolean
  readonly config: WhatsAppConfig | null
  /** Sends what is due now (or joins the round running); resolves with how many were sent. */
  deliverDue(): Promise<number>
  /** Handles the webhook posts waiting in the inbox; resolves with how many were handled. */
  handleInbox(): Promise<number>
  /** Both rounds soon, in the background (after an answer that wrote messages or received a webhook). */
  kick(): void
  close(): Promise<void>
}

export interface WhatsAppOptions {
  pollMs?: number
  backoffMs?: number
  maxBackoffMs?: number
  maxAttempts?: number
  leaseMs?: number
  log: { warn: (o: object, m: string) => void }
}

interface ClaimedMessage {
  id: number
  number: string
  template: string
  language: string
  content: { parameters?: string[]; buttons?: string[] }
  attempts: number
}

const BATCH = 10

export function createWhatsAppChannel(
  db: Db,
  config: WhatsAppConfig | null,
  options: WhatsAppOptions,
): WhatsAppChannel {
  const pollMs = options.pollMs ?? 30_000
  const backoffMs = options.backoffMs ?? 30_000
  const maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000
  const maxAttempts = options.maxAttempts ?? 12
  const leaseMs = options.leaseMs ?? 120_000
  const lease = `${leaseMs} milliseconds`

  async function claim(): Promise<ClaimedMessage[]> {
    return rowsOf<ClaimedMessage>(
      await db.execute(sql`
        update whatsapp_messages set attempts = attempts + 1, locked_until = now() + ${lease}::interval
        where id in (
          select id from whatsapp_messages
          where status = 'queued' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          order by next_attempt_at, id
          limit ${BATCH}
          for update skip locked)
        returning id, number, template, language, content, attempts`),
    )
  }

  async function deliver(message: ClaimedMessage): Promise<boolean> {
    // A STOP that arrived after the message was written wins: nothing more goes to that number.
    const [stopped] = await db
      .select({ number: whatsappOptOuts.number })
      .from(whatsappOptOuts)
      .where(eq(whatsappOptOuts.number, message.number))
    if (stopped) {
      await db
        .update(whatsappMessages)
        .set({
          status: 'failed',
          error: 'opted out (STOP)',
          nextAttemptAt: null,
          lockedUntil: null,
          statusAt: new Date(),
        })
        .where(eq(whatsappMessages.id, message.id))
      return false
    }
    try {
      const waId = await sendTemplate(config!, {
        to: message.number,
        name: message.template,
        language: message.language === 'en' ? 'en' : 'ar',
        parameters: message.content.parameters ?? [],
        buttons: message.content.buttons ?? [],
      })
      const now = new Date()
      await db
        .update(whatsappMessages)
        .set({ status: 'sent', waId, sentAt: now, statusAt: now, nextAttemptAt: null, lockedUntil: null })
        .where(eq(whatsappMessages.id, message.id))
      // A status webhook may have come before this row knew its id.
      await applyKnownStatuses(db, waId)
      return true
    } catch (err) {
      const failure = err instanceof WhatsAppSendError ? err : new WhatsAppSendError(null, String(err), false)
      const giveUp = failure.permanent || message.attempts >= maxAttempts
      options.log.warn(
        {
          err: failure.message,
          code: failure.code,
          message_id: message.id,
          attempts: message.attempts,
          gave_up: giveUp,
        },
        'whatsapp message could not be sent',
      )
      await db
        .update(whatsappMessages)
        .set({
          status: giveUp ? 'failed' : 'queued',
          errorCode: failure.code,
          error: failure.message.slice(0, 500),
          nextAttemptAt: giveUp
            ? null
            : new Date(Date.now() + backoffAfter(message.attempts, backoffMs, maxBackoffMs)),
          // The lease ends when the try failed: `status_at` of a failing message says since when.
          lockedUntil: sql`now()`,
          statusAt: new Date(),
        })
        .where(eq(whatsappMessages.id, message.id))
        .catch(() => {})
      return false
    }
  }

  async function sendPass() {
    const batch = await claim()
    const results = []
    // One at a time: Meta limits how fast one business number may send to one shopper.
    for (const message of batch) results.push(await deliver(message))
    return { sent: results.filter(Boolean).length, more: batch.length === BATCH }
  }

  async function inboxPass() {
    const batch = rowsOf<{ id: number; body: string; attempts: number }>(
      await db.execute(sql`
        update whatsapp_inbox set attempts = attempts + 1, locked_until = now() + ${lease}::interval
        where id in (
          select id from whatsapp_inbox
          where processed_at is null and (locked_until is null or locked_until < now())
          order by id limit ${BATCH}
          for update skip locked)
        returning id, body, attempts`),
    )
    let handled = 0
    for (const row of batch) {
      try {
        await handleWebhookBody(db, row.body)
        await db
          .update(whatsappInbox)
          .set({ processedAt: new Date(), error: null })
          .where(eq(whatsappInbox.id, row.id))
        handled++
      } catch (err) {
        options.log.warn(
          { err, inbox_id: row.id, attempts: row.attempts },
          'whatsapp webhook could not be handled',
        )
        const giveUp = row.attempts >= maxAttempts
        await db
          .update(whatsappInbox)
          .set({
            error: String((err as Error)?.message ?? err).slice(0, 500),
            processedAt: giveUp ? new Date() : null,
            lockedUntil: sql`now() + ${`${backoffAfter(row.attempts, backoffMs, maxBackoffMs)} milliseconds`}::interval`,
          })
          .where(eq(whatsappInbox.id, row.id))
          .catch(() => {})
      }
    }
    // A shopper's answer may have written messages (the confirmation): send them now.
    if (handled > 0) sending?.kick()
    return { sent: handled, more: batch.length === BATCH }
  }

  const sending: OutboxRounds | null = config
    ? createOutboxRounds({ pass: sendPass, pollMs, log: options.log, what: 'whatsapp delivery' })
    : null
  const inbox: OutboxRounds | null = config
    ? createOutboxRounds({ pass: inboxPass, pollMs, log: options.log, what: 'whatsapp webhook' })
    : null

  return {
    configured: config !== null,
    config,
    deliverDue: () => sending?.deliverDue() ?? Promise.resolve(0),
    handleInbox: () => inbox?.deliverDue() ?? Promise.resolve(0),
    kick() {
      sending?.kick()
      inbox?.kick()
    },
    async close() {
      await Promise.all([sending?.close(), inbox?.close()])
    },
  }
}
