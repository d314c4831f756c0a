import { eq, inArray } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '@shop/shared/i18n/messages'
import type { Db, Tx } from '../../db/client.ts'
import { orderPaymentHolds, payments } from '../../db/schema/payments.ts'
import type { OrderNotifier } from '../../domain/notifications/notifier.ts'
import type { OrderRow } from '../../domain/order-view.ts'
import type { Actor } from '../../domain/actor.ts'
import { expireDueHolds, expireLocked, EXPIRY_JOB } from '../../domain/payment-expiry.ts'
import { orderPayments, syncOrderPaymentStatus, type HoldRow } from '../../domain/payments.ts'

export { expireLocked, EXPIRY_JOB }

// Decision 0076: an unpaid online order gives its stock back once when its time runs out. Any API process may do it:
// a sweep in every process every PAYMENT_SWEEP_SECONDS, every payment request on the order first, and every read of it
// (domain/payment-expiry.ts, decision 0098), so the rule holds even with the sweep off or behind.

/** One pass: every hold due by `now` (at most `limit`), each in its own short transaction. Returns how many expired. */
export const sweepExpiredHolds = (db: Db, now = new Date(), limit = 100, notify?: OrderNotifier) =>
  expireDueHolds(db, { now, limit, notify })

/**
 * Decision 0077: an order the sweep expired comes back when its shopper pays after all and its stock is still there
 * (409 OUT_OF_STOCK naming the product otherwise, and nothing changes). Its hold starts again for `minutes`. `actor`:
 * the shopper who pays again, or the provider whose late answer says they did.
 */
export async function reviveLocked(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  now: Date,
  minutes: number,
  lang: Language,
): Promise<OrderRow> {
  await tx
    .update(orderPaymentHolds)
    .set({ expiredAt: null, closedAt: null, dueAt: new Date(now.getTime() + minutes * 60_000) })
    .where(eq(orderPaymentHolds.orderId, order.id))
  // Un-cancelled: the offers' uses and the stock are taken again for the payment (moveOrder, decision 0193).
  const { order: fresh } = await syncOrderPaymentStatus(tx, actor, order, {
    name: 'payment_revived',
    stockReason: { uncancel: 'payment_hold' },
    lang,
  })
  return fresh
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
