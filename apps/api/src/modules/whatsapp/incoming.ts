import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { whatsappMessages, whatsappOptOuts, whatsappStatuses } from '../../db/schema/whatsapp.ts'
import { whatsappActor } from '../../domain/actor.ts'
import { lockOrder, moveOrder } from '../../domain/order-state.ts'
import { optCommand, readButtonPayload } from './templates.ts'

// Issue 41 (decision 0236): what Meta's webhook tells, handled after the answer (channel.ts), each event once: a reply
// by its message id (unique in whatsapp_messages), a status by message id and status (whatsapp_statuses' key). A
// redelivered post changes nothing.

interface WebhookMessage {
  from?: unknown
  id?: unknown
  timestamp?: unknown
  type?: unknown
  context?: { id?: unknown }
  button?: { payload?: unknown; text?: unknown }
  text?: { body?: unknown }
}
interface WebhookStatus {
  id?: unknown
  status?: unknown
  timestamp?: unknown
  errors?: { code?: unknown; title?: unknown; message?: unknown }[]
}
interface WebhookBody {
  entry?: {
    changes?: { field?: unknown; value?: { messages?: WebhookMessage[]; statuses?: WebhookStatus[] } }[]
  }[]
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const whenOf = (timestamp: unknown) => {
  const seconds = Number(timestamp)
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date()
}

/** How far a status got: a later one never goes back (Meta sends them out of order). Delivered or read beat failed. */
const RANK: Record<string, number> = { queued: 0, sent: 1, failed: 2, delivered: 3, read: 4 }

export async function handleWebhookBody(db: Db, body: string): Promise<void> {
  const parsed = JSON.parse(body) as WebhookBody
  for (const entry of Array.isArray(parsed.entry) ? parsed.entry : [])
    for (const change of Array.isArray(entry.changes) ? entry.changes : []) {
      if (change.field !== 'messages' || !change.value) continue
      for (const status of Array.isArray(change.value.statuses) ? change.value.statuses : [])
        await recordStatus(db, status)
      for (const message of Array.isArray(change.value.messages) ? change.value.messages : [])
        await db.transaction((tx) => receiveMessage(tx, message))
    }
}

async function recordStatus(db: Db, status: WebhookStatus): Promise<void> {
  const waId = str(status.id)
  const name = str(status.status)
  if (!waId || !(name in RANK) || name === 'queued') return
  const error = status.errors?.[0]
  const inserted = await db
    .insert(whatsappStatuses)
    .values({
      waId,
      status: name,
      errorCode: error ? str(error.code) || null : null,
      at: whenOf(status.timestamp),
    })
    .onConflictDoNothing()
    .returning({ waId: whatsappStatuses.waId })
  if (inserted.length > 0) await applyKnownStatuses(db, waId)
}

/** The message's status from every status Meta reported of it (the furthest one), with a failure's code. */
export async function applyKnownStatuses(db: DbOrTx, waId: string): Promise<void> {
  const known = await db.select().from(whatsappStatuses).where(eq(whatsappStatuses.waId, waId))
  if (known.length === 0) return
  const best = known.reduce((a, b) => ((RANK[b.status] ?? 0) > (RANK[a.status] ?? 0) ? b : a))
  const failed = known.find((s) => s.status === 'failed')
  await db
    .update(whatsappMessages)
    .set({
      status: best.status as 'sent' | 'delivered' | 'read' | 'failed',
      statusAt: best.at,
      ...(failed ? { errorCode: failed.errorCode } : {}),
    })
    .where(
      and(
        eq(whatsappMessages.waId, waId),
        eq(whatsappMessages.direction, 'out'),
        sql`case ${whatsappMessages.status} when 'sent' then 1 when 'failed' then 2 when 'delivered' then 3 when 'read' then 4 else 0 end < ${RANK[best.status] ?? 0}`,
      ),
    )
}

/** The shop's message a reply answers, or the latest one sent to the number. */
async function shopMessage(tx: Tx, contextId: string, from: string) {
  if (contextId) {
    const [message] = await tx
      .select()
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.waId, contextId), eq(whatsappMessages.direction, 'out')))
    return { message: message ?? null, byContext: true }
  }
  const [latest] = await tx
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.number, from), eq(whatsappMessages.direction, 'out')))
    .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
    .limit(1)
  return { message: latest ?? null, byContext: false }
}

type Outcome =
  | 'confirmed'
  | 'cancelled'
  | 'not_pending'
  | 'wrong_number'
  | 'unknown_message'
  | 'opted_out'
  | 'opted_in'
  | 'kept'

async function receiveMessage(tx: Tx, message: WebhookMessage): Promise<void> {
  const waId = str(message.id)
  const from = str(message.from).replace(/\D/g, '')
  if (!waId || !from) return
  const type = str(message.type) === 'button' ? 'button' : 'text'
  const contextId = str(message.context?.id)
  const payload = str(message.button?.payload)
  const text = type === 'button' ? str(message.button?.text) : str(message.text?.body)
  const { message: asked, byContext } = await shopMessage(tx, contextId, from)
  // Kept first (unique by Meta's id): a redelivered reply stops here, before it could act twice.
  const [row] = await tx
    .insert(whatsappMessages)
    .values({
      orderId: asked?.orderId ?? null,
      direction: 'in',
      event: type,
      content: type === 'button' ? { payload, text } : { text: text.slice(0, 4000) },
      number: from,
      waId,
      contextWaId: contextId || null,
      status: 'received',
      statusAt: whenOf(message.timestamp),
    })
    .onConflictDoNothing({ target: whatsappMessages.waId })
    .returning({ id: whatsappMessages.id })
  if (!row) return
  const outcome =
    type === 'button'
      ? await answerButton(tx, asked, byContext, from, payload)
      : await answerText(tx, from, text)
  await tx.update(whatsappMessages).set({ outcome }).where(eq(whatsappMessages.id, row.id))
}

async function answerText(tx: Tx, from: string, text: string): Promise<Outcome> {
  const command = optCommand(text)
  if (command === 'stop') {
    await tx.insert(whatsappOptOuts).values({ number: from }).onConflictDoNothing()
    return 'opted_out'
  }
  if (command === 'start') {
    await tx.delete(whatsappOptOuts).where(eq(whatsappOptOuts.number, from))
    return 'opted_in'
  }
  return 'kept'
}

/**
 * A tap on the confirmation request's buttons: from the order's own number, on a pending order, the order is confirmed
 * (processing) or cancelled as the shopper's own cancellation, through the one order-state function. Anything else
 * changes nothing and is kept on the conversation with what it was.
 */
async function answerButton(
  tx: Tx,
  asked: typeof whatsappMessages.$inferSelect | null,
  byContext: boolean,
  from: string,
  payload: string,
): Promise<Outcome> {
  const reply = readButtonPayload(payload)
  if (!asked || !byContext || asked.orderId === null || asked.event !== 'confirm_request' || !reply)
    return 'unknown_message'
  const [order] = await tx
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, asked.orderId))
  if (!order || order.orderNumber !== reply.orderNumber) return 'unknown_message'
  if (from !== asked.number) return 'wrong_number'
  const current = await lockOrder(tx, asked.orderId)
  if (!current || current.orderStatus !== 'pending') return 'not_pending'
  const actor = whatsappActor(from)
  if (reply.action === 'confirm') {
    await moveOrder(tx, actor, current, {
      name: 'confirmed_on_whatsapp',
      lang: current.language === 'en' ? 'en' : 'ar',
    })
    return 'confirmed'
  }
  await moveOrder(tx, actor, current, { name: 'cancelled_by_customer', reason: null })
  return 'cancelled'
}
