import { createHash, randomBytes } from 'node:crypto'
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { PaymentStatus } from '@shop/shared/schemas/order'
import type { DbOrTx, Tx } from '../db/client.ts'
import { orderPaymentHolds, paymentEvents, payments } from '../db/schema/payments.ts'
import { AppError } from '../lib/app-error.ts'
import type { Actor } from './actor.ts'
import type { OrderRow } from './order-view.ts'
import { lockOrder, moveOrder, type OrderMove } from './order-state.ts'
import type { OrderMoveName } from './order-lifecycle.ts'

// The payment ledger's rules that several modules apply (checkout opens a hold, staff order edits record cash or
// refunds, the payments module records providers' answers). Decision 0075: the order's payment_status follows these
// rows; every change of it is a row in the order's status history, with who made it (decision 0193: moveOrder).

export type PaymentRow = typeof payments.$inferSelect
export type HoldRow = typeof orderPaymentHolds.$inferSelect

/** SHA-256 of an order's payment token (decision 0081): only the hash is stored. */
export const hashPaymentToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** 32 random bytes, base64url: what the placing browser keeps to pay for its order without an account. */
export const newPaymentToken = () => randomBytes(32).toString('base64url')

/**
 * Decision 0076: an online-paid order holds its stock until `minutes` from now. Written in the checkout's transaction,
 * so an order never exists without its hold (and the sweep that ends it).
 */
export async function openPaymentHold(
  tx: Tx,
  orderId: number,
  now: Date,
  minutes: number,
): Promise<{ token: string; dueAt: Date }> {
  const token = newPaymentToken()
  const dueAt = new Date(now.getTime() + minutes * 60_000)
  await tx
    .insert(orderPaymentHolds)
    .values({ orderId, tokenHash: hashPaymentToken(token), dueAt, createdAt: now })
  return { token, dueAt }
}

/**
 * Decision 0081: a checkout retried with the same Idempotency-Key gets the same order and a new token (only a hash
 * was kept); the earlier answer was lost or is the same browser's, so the old token stops working.
 */
export async function renewPaymentToken(
  db: DbOrTx,
  orderId: number,
): Promise<{ token: string; dueAt: Date } | null> {
  const token = newPaymentToken()
  const [hold] = await db
    .update(orderPaymentHolds)
    .set({ tokenHash: hashPaymentToken(token) })
    .where(eq(orderPaymentHolds.orderId, orderId))
    .returning({ dueAt: orderPaymentHolds.dueAt })
  return hold ? { token, dueAt: hold.dueAt } : null
}

const isOnline = (p: Pick<PaymentRow, 'provider'>) => p.provider === 'plutu' || p.provider === 'paypal'
/** A staff record taken back (a mistaken "paid"): kept for the record, left out of the order's status. */
const isVoided = (p: Pick<PaymentRow, 'failureCode'>) => p.failureCode === 'voided'

/**
 * Decision 0075: the order's payment status from its payment rows (oldest first) and its hold. `fallback` is the status
 * when no row says anything (an order paid on delivery before anyone recorded it, or older orders without rows).
 */
export function derivePaymentStatus(
  rows: PaymentRow[],
  hold: Pick<HoldRow, 'expiredAt'> | null,
  fallback: PaymentStatus,
  method: OrderRow['paymentMethod'] = 'massarat',
): PaymentStatus {
  const live = rows.filter((r) => !isVoided(r))
  if (live.some((r) => r.state === 'paid')) return 'paid'
  if (live.some((r) => r.state === 'refunded')) return 'refunded'
  if (hold?.expiredAt) return 'expired'
  const online = live.filter(isOnline)
  // Paid on delivery (the shopper switched to cash): the online attempts that did not go through are history.
  if (method === 'cash' && online.length > 0) return 'pending'
  const last = online.at(-1)
  if (!last)
    return fallback === 'expired' || fallback === 'paid' || fallback === 'refunded' ? 'pending' : fallback
  return last.state === 'failed' || last.state === 'expired' ? 'failed' : 'pending'
}

export async function orderPayments(db: DbOrTx, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
}

export async function orderHold(db: DbOrTx, orderId: number, lock = false): Promise<HoldRow | null> {
  const query = db.select().from(orderPaymentHolds).where(eq(orderPaymentHolds.orderId, orderId))
  const [hold] = lock ? await query.for('update') : await query
  return hold ?? null
}

/** The order row, locked for the caller's transaction (every payment change locks the order first: one lock order). */
export { lockOrder }

/**
 * Recomputes the order's payment status from its rows after a change and moves the order there (with the other parts
 * of `move`) as `actor`: one history row when a status moved (decision 0193). Returns the status and that row's id.
 */
export async function syncOrderPaymentStatus(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  move: Omit<OrderMove, 'paymentStatus' | 'name'> & { name?: OrderMoveName } = {},
): Promise<{ status: PaymentStatus; historyId: number | null; order: OrderRow }> {
  const status = derivePaymentStatus(
    await orderPayments(tx, order.id),
    await orderHold(tx, order.id),
    order.paymentStatus,
    move.paymentMethod ?? order.paymentMethod,
  )
  const moved = await moveOrder(tx, actor, order, {
    ...move,
    name: move.name ?? 'payment_changed',
    paymentStatus: status,
  })
  return { status, historyId: moved.historyId, order: moved.order }
}

/** Closes an order's hold: it waits for no payment any more (paid, switched to cash, handled by staff). */
export async function closeHold(tx: Tx, orderId: number, now = new Date()): Promise<void> {
  await tx.update(orderPaymentHolds).set({ closedAt: now }).where(eq(orderPaymentHolds.orderId, orderId))
}

/** The next free reference of an order's payment rows: ORD-…-00042 for the first attempt, then -2, -3 … (decision 0078). */
export async function nextInvoiceNo(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'orderNumber'>,
  prefix = '',
): Promise<string> {
  const [{ n } = { n: 0 }] = await tx
    .select({ n: count() })
    .from(payments)
    .where(eq(payments.orderId, order.id))
  return n === 0 && !prefix ? order.orderNumber : `${order.orderNumber}-${prefix}${n + 1}`
}

/**
 * Decision 0075: a payment status typed in the order dialog (PUT /api/orders/:id) is turned into records, never
 * written as free text over the payments: "paid" records a cash collection (or a payment staff saw at the provider)
 * by this staff member; "refunded" records that the paid money was returned; "pending"/"failed" take back a staff
 * record, and are free as before only on orders without online attempts. Anything else contradicts what the
 * providers said: 422 PAYMENT_STATUS_LOCKED. Returns the status to store; the caller writes it and the history.
 */
export async function applyStaffPaymentStatus(
  tx: Tx,
  order: OrderRow,
  typed: PaymentStatus,
  staffId: number,
): Promise<PaymentStatus> {
  if (typed === order.paymentStatus) return typed
  const rows = await orderPayments(tx, order.id)
  const hold = await orderHold(tx, order.id)
  const live = rows.filter((r) => !isVoided(r))
  const paid = live.filter((r) => r.state === 'paid')
  const online = live.filter(isOnline)
  const locked = () =>
    new AppError('PAYMENT_STATUS_LOCKED', 422, {
      fields: { payment_status: ['errors.PAYMENT_STATUS_LOCKED'] },
    })
  const now = new Date()

  if (typed === 'paid') {
    await tx.insert(payments).values({
      orderId: order.id,
      provider: order.paymentMethod === 'cash' ? 'cash' : 'manual',
      gateway: null,
      state: 'paid',
      amount: order.totalAmount,
      currency: 'LYD',
      orderAmount: order.totalAmount,
      invoiceNo: await nextInvoiceNo(tx, order, 'S'),
      recordedBy: staffId,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    })
    await closeHold(tx, order.id, now)
    return derivePaymentStatus(await orderPayments(tx, order.id), hold, typed, order.paymentMethod)
  }
  if (typed === 'refunded') {
    if (paid.length === 0) throw locked()
    const ids = paid.map((p) => p.id)
    await tx
      .update(payments)
      .set({ state: 'refunded', refundedAt: now, updatedAt: now })
      .where(inArray(payments.id, ids))
    for (const p of paid) {
      await tx.insert(paymentEvents).values({
        paymentId: p.id,
        source: 'staff',
        kind: 'manual_refund',
        dedupeKey: `staff:refund:${p.id}:${now.getTime()}`,
        payload: { by: staffId },
      })
    }
    return 'refunded'
  }
  if (typed === 'expired') throw locked()
  // pending or failed: take back staff records of a collection; online answers stay what the providers said.
  const staffPaid = paid.filter((p) => !isOnline(p))
  if (paid.length > 0 && staffPaid.length !== paid.length) throw locked()
  if (online.some((p) => p.state === 'paid' || p.state === 'refunded')) throw locked()
  if (staffPaid.length) {
    await tx
      .update(payments)
      .set({ state: 'failed', failureCode: 'voided', updatedAt: now })
      .where(
        and(
          inArray(
            payments.id,
            staffPaid.map((p) => p.id),
          ),
          eq(payments.state, 'paid'),
        ),
      )
  }
  if (
    online.length > 0 &&
    derivePaymentStatus(await orderPayments(tx, order.id), hold, typed, order.paymentMethod) !== typed
  )
    throw locked()
  return typed
}
