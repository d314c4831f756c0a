import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm'
import type { DbOrTx, Tx } from '../db/client.ts'
import { orders } from '../db/schema/orders.ts'
import { orderPaymentHolds, payments } from '../db/schema/payments.ts'
import { systemActor, type Actor } from './actor.ts'
import type { OrderNotifier } from './notifications/notifier.ts'
import type { OrderRow } from './order-view.ts'
import { closeHold, orderHold, orderPayments, syncOrderPaymentStatus, type HoldRow } from './payments.ts'

// Decisions 0076 and 0098: an unpaid online order gives its stock back once when its time runs out. Whoever comes first
// ends it: the sweep of any API process, a payment request on the order, or anyone reading the order (staff's list and
// dialog, the shopper's orders, the tracking page). The order row is locked first (SKIP LOCKED: a row another process
// is working on is left to it), and the hold's expired_at makes the second attempt a no-op.

/** The shop's clock (the sweep, or a reader of the order): who ends a hold whose time ran out. */
export const EXPIRY_JOB = systemActor('payment-expiry')

/**
 * Ends a hold whose time ran out (or that its shopper gave up: `actor` the shopper, `action` released), with the order
 * row locked by the caller. True when the stock went back now. The move to cancelled is a history row like any other
 * (moveOrder), so the shopper is told by mail (decision 0066) when a notifier is given.
 */
export async function expireLocked(
  tx: Tx,
  order: OrderRow,
  hold: HoldRow,
  now: Date,
  notify?: OrderNotifier,
  actor: Actor = EXPIRY_JOB,
  action: 'payment_expired' | 'released' = 'payment_expired',
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
  await tx.update(orderPaymentHolds).set({ expiredAt: now }).where(eq(orderPaymentHolds.orderId, order.id))
  // Cancelled: the offers' uses and the held stock go back once (moveOrder, decision 0193).
  await syncOrderPaymentStatus(tx, actor, order, {
    name: action,
    stockReason: { cancel: 'payment_release' },
    notify,
  })
  return true
}

/** The order row locked, or null when another process holds it (skipLocked) or it is gone. */
async function lockForExpiry(tx: Tx, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update', { skipLocked: true })
  return row ?? null
}

/**
 * Ends the holds due by `now`: all of them (the sweep, at most `limit`), or only those of the orders about to be read
 * (`orderIds`, or a shopper's: `userId`). Each in its own short transaction; returns how many expired. Finding nothing due is one query on the
 * partial index of open holds.
 */
export async function expireDueHolds(
  db: DbOrTx,
  opts: { now?: Date; limit?: number; orderIds?: number[]; userId?: number; notify?: OrderNotifier } = {},
): Promise<number> {
  const now = opts.now ?? new Date()
  if (opts.orderIds && opts.orderIds.length === 0) return 0
  const due = await db
    .select({ orderId: orderPaymentHolds.orderId })
    .from(orderPaymentHolds)
    .where(
      and(
        isNull(orderPaymentHolds.expiredAt),
        isNull(orderPaymentHolds.closedAt),
        lte(orderPaymentHolds.dueAt, now),
        opts.orderIds ? inArray(orderPaymentHolds.orderId, opts.orderIds) : undefined,
        opts.userId !== undefined
          ? inArray(
              orderPaymentHolds.orderId,
              db.select({ id: orders.id }).from(orders).where(eq(orders.userId, opts.userId)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(orderPaymentHolds.dueAt))
    .limit(opts.limit ?? 100)
  let expired = 0
  for (const { orderId } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockForExpiry(tx, orderId)
      if (!order) return false
      const hold = await orderHold(tx, orderId, true)
      if (!hold || hold.dueAt > now) return false
      return expireLocked(tx, order, hold, now, opts.notify)
    })
    if (done) expired++
  }
  return expired
}
