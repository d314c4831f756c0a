import { and, eq } from 'drizzle-orm'
import { fromCents, toCents } from '@shop/shared/money/money'
import type { PaymentFlag } from '@shop/shared/schemas/payment'
import type { Db, Tx } from '../../db/client.ts'
import { orderPaymentHolds, paymentEvents, payments } from '../../db/schema/payments.ts'
import {
  closeHold,
  lockOrder,
  orderHold,
  orderPayments,
  syncOrderPaymentStatus,
  type PaymentRow,
} from '../../domain/payments.ts'
import type { Actor } from '../../domain/actor.ts'
import type { OrderRow } from '../../domain/order-view.ts'
import { AppError } from '../../lib/app-error.ts'
import type { AttemptRef, Charge, ProviderNotice } from './providers/provider.ts'

// The one place a provider's answer changes a payment (decision 0075): every return, notification, confirm and capture
// goes through applyCharge / applyRefund, in a transaction that locks the order first (the lock order of every payment
// change and of the expiry sweep), records the answer once (payment_events' unique key) and derives the order's status.

export interface EventMeta {
  source: string
  kind: string
  /** The same key twice is the same notification: recorded once, changes nothing the second time. */
  dedupeKey: string
  payload: unknown
  /**
   * Who moves the order with this answer (decision 0193): the provider for its verified returns, notifications and
   * answers; the staff member who asked (a refund, a check with the provider); the shopper who came back.
   */
  actor: Actor
}

export const attemptRef = (p: PaymentRow): AttemptRef => ({
  id: p.id,
  invoiceNo: p.invoiceNo,
  amountCents: toCents(p.amount) ?? 0,
  currency: p.currency,
  providerRef: p.providerRef,
  providerTxnId: p.providerTxnId,
})

const methodOf = (p: PaymentRow) =>
  p.provider === 'paypal' ? ('paypal' as const) : p.provider === 'plutu' ? ('massarat' as const) : null

/** Records a provider's answer that changes nothing by itself (a refused code), once. */
export async function recordAnswer(
  db: Db,
  paymentId: number,
  meta: Omit<EventMeta, 'actor'>,
  set: Partial<typeof payments.$inferInsert> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const { payment } = await lockPayment(tx, paymentId)
    await recordEvent(tx, payment.id, meta)
    if (Object.keys(set).length)
      await tx
        .update(payments)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(payments.id, payment.id))
  })
}

/** Records the event once; false when it was recorded before (a replay). */
async function recordEvent(tx: Tx, paymentId: number, meta: Omit<EventMeta, 'actor'>): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      paymentId,
      source: meta.source,
      kind: meta.kind,
      dedupeKey: meta.dedupeKey,
      payload: (meta.payload ?? {}) as object,
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id })
  return inserted.length > 0
}

async function lockPayment(tx: Tx, paymentId: number) {
  const [ref] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.id, paymentId))
  if (!ref) throw new AppError('NOT_FOUND', 404)
  const order = await lockOrder(tx, ref.orderId)
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
  if (!order || !payment) throw new AppError('NOT_FOUND', 404)
  return { order, payment }
}

/** "49.85 LYD": a reported amount as it is shown; "?" when the provider gave none. */
export function reportedAmount(charge: Pick<Charge, 'amountCents' | 'currency'>): string {
  const amount = charge.amountCents === undefined ? '?' : fromCents(charge.amountCents).toFixed(2)
  return `${amount} ${charge.currency ?? ''}`.trim()
}

/**
 * Applies what a provider said about one attempt. Paid: only with the amount and currency we asked for (otherwise
 * failed and flagged, decision 0083); after the order expired, the stock is taken again when it is there (decision
 * 0077) and staff are told either way. Failed or cancelled: only a pending attempt. Returns the payment as it is now.
 */
export async function applyCharge(
  db: Db,
  paymentId: number,
  charge: Charge,
  meta: EventMeta,
): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const { order, payment } = await lockPayment(tx, paymentId)
    if (!(await recordEvent(tx, payment.id, meta))) return payment
    const now = new Date()
    const set: Partial<typeof payments.$inferInsert> = { updatedAt: now, claimedAt: null }
    let paymentMethod: OrderRow['paymentMethod'] | undefined
    /** Decision 0077: paid after the order expired: it comes back if its stock is still there. */
    let comeBack = false
    let flag: PaymentFlag | null = null

    if (charge.outcome === 'paid') {
      if (payment.state === 'paid' || payment.state === 'refunded') return payment
      const expected = toCents(payment.amount)
      const sameMoney =
        charge.amountCents === expected &&
        (charge.currency ?? payment.currency).toUpperCase() === payment.currency
      if (!sameMoney) {
        Object.assign(set, {
          state: 'failed',
          failureCode: 'amount_mismatch',
          // What the provider reported, in units as staff and shoppers read amounts (decision 0097: not hundredths).
          failureMessage: reportedAmount(charge),
          flag: 'amount_mismatch',
        })
      } else {
        const hold = await orderHold(tx, order.id, true)
        if (order.orderStatus === 'cancelled') {
          if (hold?.expiredAt) comeBack = true
          else flag = 'paid_after_cancel'
        }
        const others = (await orderPayments(tx, order.id)).filter(
          (p) => p.id !== payment.id && p.state === 'paid',
        )
        if (!flag && !comeBack && others.length > 0) flag = 'paid_twice'
        Object.assign(set, { state: 'paid', paidAt: now, failureCode: null, failureMessage: null })
        if (charge.transactionId) set.providerTxnId = charge.transactionId
        await closeHold(tx, order.id, now)
        // Paid online after switching to cash (or the other way round): the order says how it was paid.
        const method = methodOf(payment)
        if (method && method !== order.paymentMethod) paymentMethod = method
      }
    } else if (charge.outcome === 'pending') {
      if (charge.transactionId && !payment.providerTxnId) set.providerTxnId = charge.transactionId
    } else if (payment.state === 'pending') {
      Object.assign(set, {
        state: 'failed',
        failureCode:
          charge.outcome === 'cancelled' ? 'canceled' : (charge.failureCode ?? 'failed').slice(0, 100),
        failureMessage: charge.failureMessage?.slice(0, 500) ?? null,
      })
    }
    await tx.update(payments).set(set).where(eq(payments.id, payment.id))
    const move = paymentMethod ? { paymentMethod } : {}
    if (comeBack) {
      // Decision 0077: the money is taken; the order comes back (its uses and stock taken again by moveOrder) if its
      // stock is still there, in a savepoint so that a refusal leaves the order cancelled and the payment recorded.
      try {
        await tx.transaction(async (sp) => {
          await sp
            .update(orderPaymentHolds)
            .set({ expiredAt: null })
            .where(eq(orderPaymentHolds.orderId, order.id))
          await syncOrderPaymentStatus(sp, meta.actor, order, {
            ...move,
            name: 'paid_after_expiry',
            lang: order.language === 'en' ? 'en' : 'ar',
          })
        })
        flag = 'paid_after_expiry'
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'OUT_OF_STOCK') throw error
        flag = 'paid_after_expiry_no_stock'
      }
    }
    if (!comeBack || flag === 'paid_after_expiry_no_stock')
      await syncOrderPaymentStatus(tx, meta.actor, order, move)
    if (flag && !payment.flag) await tx.update(payments).set({ flag }).where(eq(payments.id, payment.id))
    const [updated] = await tx.select().from(payments).where(eq(payments.id, payment.id))
    return updated!
  })
}

/**
 * A refund of a paid attempt (PayPal's webhook, or the shop's refund call): the whole amount makes it refunded; part of
 * it leaves it paid and flagged for staff.
 */
export async function applyRefund(
  db: Db,
  paymentId: number,
  refund: { id: string; amountCents: number; currency: string },
  meta: EventMeta,
): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    const { order, payment } = await lockPayment(tx, paymentId)
    if (!(await recordEvent(tx, payment.id, meta))) return payment
    if (payment.state !== 'paid') return payment
    const now = new Date()
    const whole =
      refund.amountCents === toCents(payment.amount) && refund.currency.toUpperCase() === payment.currency
    const [updated] = await tx
      .update(payments)
      .set(
        whole
          ? { state: 'refunded', refundId: refund.id, refundedAt: now, updatedAt: now }
          : { refundId: refund.id, flag: 'partial_refund', flagResolvedAt: null, updatedAt: now },
      )
      .where(eq(payments.id, payment.id))
      .returning()
    await syncOrderPaymentStatus(tx, meta.actor, order)
    return updated!
  })
}

/** The attempt a verified notice is about (by our reference, the provider's order id or its transaction id). */
export async function findNoticePayment(
  db: Db,
  provider: 'plutu' | 'paypal',
  notice: ProviderNotice,
): Promise<PaymentRow | null> {
  const { invoiceNo, providerRef, transactionId } = notice.find
  const by = [
    invoiceNo ? eq(payments.invoiceNo, invoiceNo) : undefined,
    providerRef ? eq(payments.providerRef, providerRef) : undefined,
    transactionId ? eq(payments.providerTxnId, transactionId) : undefined,
  ]
  for (const condition of by) {
    if (!condition) continue
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), condition))
      .limit(1)
    if (row) return row
  }
  return null
}
