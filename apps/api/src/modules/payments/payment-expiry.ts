import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '@shop/shared/i18n/messages'
import type { Db, Tx } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { orderPaymentHolds, payments } from '../../db/schema/payments.ts'
import type { OrderNotifier } from '../../domain/notifications/notifier.ts'
import type { OrderRow } from '../../domain/order-view.ts'
import {
  closeHold,
  orderHold,
  orderPayments,
  syncOrderPaymentStatus,
  type HistoryBy,
  type HoldRow,
} from '../../domain/payments.ts'
import { restoreOrderStock, retakeOrderStock } from '../../domain/stock.ts'

// Decision 0076: an unpaid online order gives its stock back once when its time runs out. Any API process may do it:
// a sweep in every process every PAYMENT_SWEEP_SECONDS, and every payment request on the order first (so the rule
// holds even with the sweep off or behind). The order row is locked first (SKIP LOCKED in the sweep: a row another
// process is working on is left to it), and the hold's expired_at makes the second attempt a no-op.

/** The history's mark of an order whose time to pay ran out (its shopper is mailed that it was cancelled, and why). */
export const EXPIRED_BY_CLOCK: HistoryBy = { actor: 'system', action: 'payment_expired' }

/**
 * Ends a hold whose time ran out (or that its shopper gave up: `by`), with the order row locked by the caller. True
 * when the stock went back now. The move to cancelled is a history row like any other, so the shopper is told by mail
 * (decision 0066) when a notifier is given.
 */
export async function expireLocked(
  tx: Tx,
  order: OrderRow,
  hold: HoldRow,
  now: Date,
  notify?: OrderNotifier,
  by: HistoryBy = EXPIRED_BY_CLOCK,
): Promise<boolean> {
  if (hold.expiredAt || hold.closedAt) return false
  // Paid, or taken over by staff (processing, cancelled): the order no longer waits for a payment.
  if (order.paymentStatus === 'paid' || order.orderStatus !== 'pending') {
    await closeHold(tx, order.id, now)
    return false
  }
  const open = (await orderPayments(tx, order.id)).filter((p) => p.state === 'pending')
  for (const p of open) {
    await tx
      .update(payments)
      // A confirm or capture in flight whose answer never came: staff check the provider's dashboard (decision 0083).
      .set({
        state: 'expired',
        claimedAt: null,
        updatedAt: now,
        ...(p.claimedAt && !p.flag ? { flag: 'outcome_unknown' as const } : {}),
      })
      .where(eq(payments.id, p.id))
  }
  await restoreOrderStock(tx, order.id)
  await tx.update(orderPaymentHolds).set({ expiredAt: now }).where(eq(orderPaymentHolds.orderId, order.id))
  const { historyId } = await syncOrderPaymentStatus(tx, order, null, { orderStatus: 'cancelled' }, by)
  if (historyId !== null) await notify?.statusChanged(tx, order.id, historyId)
  return true
}

/** The order row locked, or null when another process holds it (skipLocked) or it is gone. */
async function lockForSweep(tx: Tx, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update', { skipLocked: true })
  return row ?? null
}

/** One pass: every hold due by `now` (at most `limit`), each in its own short transaction. Returns how many expired. */
export async function sweepExpiredHolds(
  db: Db,
  now = new Date(),
  limit = 100,
  notify?: OrderNotifier,
): Promise<number> {
  const due = await db
    .select({ orderId: orderPaymentHolds.orderId })
    .from(orderPaymentHolds)
    .where(
      and(
        isNull(orderPaymentHolds.expiredAt),
        isNull(orderPaymentHolds.closedAt),
        lte(orderPaymentHolds.dueAt, now),
      ),
    )
    .orderBy(asc(orderPaymentHolds.dueAt))
    .limit(limit)
  let expired = 0
  for (const { orderId } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockForSweep(tx, orderId)
      if (!order) return false
      const hold = await orderHold(tx, orderId, true)
      if (!hold || hold.dueAt > now) return false
      return expireLocked(tx, order, hold, now, notify)
    })
    if (done) expired++
  }
  return expired
}

/**
 * Decision 0077: an order the sweep expired comes back when its shopper pays after all and its stock is still there
 * (409 OUT_OF_STOCK naming the product otherwise, and nothing changes). Its hold starts again for `minutes`.
 */
export async function reviveLocked(
  tx: Tx,
  order: OrderRow,
  hold: HoldRow,
  now: Date,
  minutes: number,
  lang: Language,
): Promise<OrderRow> {
  await retakeOrderStock(tx, order.id, lang)
  await tx
    .update(orderPaymentHolds)
    .set({ expiredAt: null, closedAt: null, dueAt: new Date(now.getTime() + minutes * 60_000) })
    .where(eq(orderPaymentHolds.orderId, order.id))
  await syncOrderPaymentStatus(
    tx,
    order,
    null,
    { orderStatus: 'pending' },
    { actor: 'system', action: 'payment_revived' },
  )
  const [fresh] = await tx.select().from(orders).where(eq(orders.id, order.id))
  return fresh!
}

/** Was this order ended by the expiry (and not by staff), so that paying now may bring it back? */
export const expiredByHold = (order: OrderRow, hold: HoldRow | null): boolean =>
  !!hold?.expiredAt && order.orderStatus === 'cancelled' && order.paymentStatus === 'expired'

/** Pending attempts of an order other than `keep` that nobody is confirming: one live attempt at a time. */
export async function supersedeOpenAttempts(
  tx: Tx,
  orderId: number,
  now: Date,
  code = 'superseded',
): Promise<void> {
  const open = (await orderPayments(tx, orderId)).filter((p) => p.state === 'pending' && !p.claimedAt)
  if (open.length === 0) return
  await tx
    .update(payments)
    .set({ state: 'failed', failureCode: code, updatedAt: now })
    .where(
      inArray(
        payments.id,
        open.map((p) => p.id),
      ),
    )
}

/** Starts the periodic sweep of this process; returns its stop function (decision 0076). */
export function startPaymentSweep(
  db: Db,
  seconds: number,
  log: FastifyBaseLogger,
  isReady: () => boolean = () => true,
  notify?: OrderNotifier,
): () => void {
  if (seconds <= 0) return () => {}
  let running = false
  const timer = setInterval(() => {
    // Not while migrations run (decision 0042's "starting") or the process closes.
    if (running || !isReady()) return
    running = true
    sweepExpiredHolds(db, new Date(), 100, notify)
      .then((n) => {
        if (n > 0) log.info({ expired: n }, 'unpaid online orders expired, stock put back')
      })
      .catch((error: unknown) =>
        log.warn({ err: error }, 'payment expiry sweep failed; the next one tries again'),
      )
      .finally(() => {
        running = false
      })
  }, seconds * 1000)
  timer.unref()
  return () => clearInterval(timer)
}
