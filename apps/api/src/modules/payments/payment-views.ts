import { asc, inArray } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { OrderPayment, PaymentAttempt, StaffPayment } from '@shop/shared/schemas/payment'
import { toCents, fromCents } from '@shop/shared/money/money'
import type { DbOrTx } from '../../db/client.ts'
import { paymentEvents } from '../../db/schema/payments.ts'
import { users } from '../../db/schema/users.ts'
import { cashAccepted, deliveryCityOf } from '../../domain/cash-on-delivery.ts'
import type { OrderRow } from '../../domain/order-view.ts'
import { availablePaymentMethods, usdExchangeRate } from '../../domain/payment-methods.ts'
import { usdCentsFor } from '@shop/shared/money/exchange'
import type { HoldRow, PaymentRow } from '../../domain/payments.ts'
import type { Env } from '../../env.ts'
import { expiredByHold } from './payment-expiry.ts'
import { paymentReason, reasonText } from './payment-reasons.ts'

/**
 * What the shopper is told about an attempt that did not go through: the shop's sentence for its code, in the shopper's
 * language (decision 0097), never a code or the provider's English.
 */
function failureText(p: PaymentRow, lang: Language): string | null {
  if (p.state === 'expired') return reasonText('expired', lang)
  if (p.state !== 'failed') return null
  return reasonText(paymentReason(p.failureCode), lang, p.failureMessage)
}

export const toAttempt = (p: PaymentRow, lang: Language): PaymentAttempt => ({
  id: p.id,
  provider: p.provider,
  gateway: p.gateway,
  state: p.state,
  amount: p.amount,
  currency: p.currency,
  exchange_rate: p.exchangeRate,
  order_amount: p.orderAmount,
  failure: failureText(p, lang),
  failure_code: p.state === 'expired' ? 'expired' : p.state === 'failed' ? (p.failureCode ?? 'failed') : null,
  created_at: p.createdAt.toISOString(),
})

/** The order can be paid now: waiting with its stock held, or expired by the sweep (payable again if stock is there). */
export function isPayable(order: OrderRow, hold: HoldRow | null): boolean {
  if (!hold) return false
  if (expiredByHold(order, hold)) return true
  return (
    order.orderStatus === 'pending' &&
    order.paymentStatus !== 'paid' &&
    order.paymentStatus !== 'refunded' &&
    !hold.closedAt &&
    !hold.expiredAt
  )
}

/** GET /api/payments/orders/:id: the order's payment as its shopper's payment step and return pages show it. */
export async function orderPaymentView(
  db: DbOrTx,
  env: Env,
  order: OrderRow,
  hold: HoldRow | null,
  rows: PaymentRow[],
  lang: Language,
): Promise<OrderPayment> {
  const offered = await availablePaymentMethods(db, env)
  const lydCents = toCents(order.totalAmount) ?? 0
  const rate = await usdExchangeRate(db)
  const waiting =
    !!hold &&
    !hold.closedAt &&
    !hold.expiredAt &&
    order.orderStatus === 'pending' &&
    order.paymentStatus !== 'paid'
  return {
    order_id: order.id,
    order_number: order.orderNumber,
    total_amount: order.totalAmount,
    order_status: order.orderStatus,
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    due_at: waiting ? hold.dueAt.toISOString() : null,
    payable: isPayable(order, hold),
    cash_on_delivery: cashAccepted(await deliveryCityOf(db, order.cityId), lydCents),
    massarat: offered.massarat,
    paypal: offered.paypal
      ? {
          amount: fromCents(usdCentsFor(lydCents, offered.paypal.exchange_rate)),
          currency: 'USD',
          exchange_rate: offered.paypal.exchange_rate,
        }
      : null,
    usd: rate !== null ? { amount: fromCents(usdCentsFor(lydCents, rate)), exchange_rate: rate } : null,
    attempts: rows.map((p) => toAttempt(p, lang)),
  }
}

/** Staff: every attempt of an order with the provider's ids, flags and the notifications received. */
export async function staffPaymentViews(db: DbOrTx, rows: PaymentRow[]): Promise<StaffPayment[]> {
  if (rows.length === 0) return []
  const events = await db
    .select()
    .from(paymentEvents)
    .where(
      inArray(
        paymentEvents.paymentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id))
  const staffIds = [...new Set(rows.map((r) => r.recordedBy).filter((id): id is number => id !== null))]
  const names = new Map(
    staffIds.length
      ? (
          await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, staffIds))
        ).map((u) => [u.id, u.name])
      : [],
  )
  return rows.map((p) => ({
    ...toAttempt(p, 'en'),
    // Staff see the code and the provider's own words (the shopper sees the shop's sentence, decision 0097).
    failure:
      p.state === 'failed' || p.failureCode
        ? [p.failureCode, p.failureMessage].filter(Boolean).join(': ') || null
        : null,
    order_id: p.orderId,
    invoice_no: p.invoiceNo,
    provider_ref: p.providerRef,
    provider_transaction_id: p.providerTxnId,
    refund_id: p.refundId,
    flag: p.flag,
    flag_resolved_at: p.flagResolvedAt?.toISOString() ?? null,
    recorded_by: p.recordedBy !== null ? (names.get(p.recordedBy) ?? null) : null,
    note: p.note,
    paid_at: p.paidAt?.toISOString() ?? null,
    updated_at: p.updatedAt.toISOString(),
    events: events
      .filter((e) => e.paymentId === p.id)
      .map((e) => ({
        id: e.id,
        source: e.source,
        kind: e.kind,
        created_at: e.createdAt.toISOString(),
        payload: e.payload,
      })),
    refundable: p.provider === 'paypal' && p.state === 'paid' && !!p.providerTxnId,
  }))
}
