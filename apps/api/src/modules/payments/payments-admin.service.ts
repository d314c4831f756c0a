import { eq } from 'drizzle-orm'
import { toCents } from '@shop/shared/money/money'
import type { StaffPayment } from '@shop/shared/schemas/payment'
import { payments } from '../../db/schema/payments.ts'
import { orderPayments } from '../../domain/payments.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { applyCharge, applyRefund, attemptRef, recordAnswer } from './payment-state.ts'
import { staffPaymentViews } from './payment-views.ts'
import { ProviderUnavailable } from '../../lib/provider-http.ts'
import { PayPalRefusal } from './providers/paypal.ts'
import type { PaymentContext } from './payments.service.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'

// Staff's side: every attempt of an order with the provider's ids (the order dialog), a refund through the provider
// where it has one (PayPal), a check with the provider, and marking a flag as seen. Cash collections and manual
// refunds are recorded from the order dialog's payment status (domain/payments.ts applyStaffPaymentStatus).

/** GET /api/payments?order_id= */
export async function listOrderPayments(ctx: PaymentContext, orderId: number): Promise<StaffPayment[]> {
  return staffPaymentViews(ctx.db, await orderPayments(ctx.db, orderId))
}

async function paymentById(ctx: PaymentContext, id: number) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id))
  if (!row) throw notFound()
  return row
}

async function staffView(ctx: PaymentContext, id: number): Promise<StaffPayment> {
  const [view] = await staffPaymentViews(ctx.db, [await paymentById(ctx, id)])
  return view!
}

const unavailable = () =>
  new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, { headers: { 'retry-after': '30' } })

/** POST /api/payments/:id/refund: the whole amount back through PayPal; other providers have no refund call. */
/**
 * Decision 0192: the staff action and the attempt's state before and after it. The provider's answer is applied in
 * payment-state.ts's own transaction; this row follows it (a provider call cannot sit inside a transaction).
 */
async function auditPayment(
  ctx: PaymentContext,
  actor: Actor,
  action: string,
  before: typeof payments.$inferSelect,
): Promise<void> {
  const after = await paymentById(ctx, before.id)
  const fields = (p: typeof payments.$inferSelect) => ({
    state: p.state,
    order_id: p.orderId,
    flag_resolved_at: p.flagResolvedAt,
  })
  await recordAudit(ctx.db, actor, {
    action,
    entity: 'payment',
    entityId: before.id,
    before: fields(before),
    after: fields(after),
    note: `order ${before.orderId}`,
  })
}

export async function refundPayment(ctx: PaymentContext, id: number, actor: Actor): Promise<StaffPayment> {
  const payment = await paymentById(ctx, id)
  if (payment.state !== 'paid') throw new AppError('PAYMENT_NOT_REFUNDABLE', 409)
  const paypal = ctx.providers.paypal
  if (payment.provider !== 'paypal' || !paypal || !payment.providerTxnId)
    throw new AppError('REFUND_UNSUPPORTED', 422)
  let result
  try {
    result = await paypal.refund(attemptRef(payment))
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw unavailable()
    if (error instanceof PayPalRefusal)
      throw new AppError(
        'PAYMENT_REFUSED',
        422,
        error.reason
          ? { params: { reason: error.reason.slice(0, 200) } }
          : { messageKey: 'errors.PAYMENT_REFUSED_UNKNOWN' },
      )
    throw error
  }
  const meta = {
    source: 'refund',
    kind: result.outcome,
    dedupeKey: `paypal:refund:${result.refundId}`,
    payload: result.raw,
    actor,
  }
  if (result.outcome === 'refunded')
    await applyRefund(
      ctx.db,
      id,
      { id: result.refundId, amountCents: toCents(payment.amount) ?? 0, currency: payment.currency },
      meta,
    )
  // A refund PayPal is still processing: its PAYMENT.CAPTURE.REFUNDED webhook finishes it.
  else await recordAnswer(ctx.db, id, meta, { refundId: result.refundId })
  await auditPayment(ctx, actor, 'payment.refunded', payment)
  return staffView(ctx, id)
}

/** POST /api/payments/:id/check: asks the provider what it holds (PayPal) and records it. */
export async function checkPayment(ctx: PaymentContext, id: number, actor: Actor): Promise<StaffPayment> {
  const payment = await paymentById(ctx, id)
  const paypal = ctx.providers.paypal
  if (payment.provider !== 'paypal' || !paypal) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 422)
  let charge
  try {
    charge = await paypal.lookup(attemptRef(payment))
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw unavailable()
    throw error
  }
  if (charge && charge.outcome !== 'pending') {
    await applyCharge(ctx.db, id, charge, {
      source: 'lookup',
      kind: charge.outcome,
      dedupeKey: `paypal:lookup:${id}:${charge.outcome}:${charge.transactionId ?? ''}`,
      payload: charge.raw,
      actor,
    })
  }
  await auditPayment(ctx, actor, 'payment.checked', payment)
  return staffView(ctx, id)
}

/** POST /api/payments/:id/flag/resolve: staff have looked at what the flag pointed at. */
export async function resolveFlag(
  ctx: PaymentContext,
  id: number,
  staffId: number,
  actor: Actor,
): Promise<StaffPayment> {
  const before = await paymentById(ctx, id)
  const now = new Date()
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ flagResolvedAt: now, flagResolvedBy: staffId, updatedAt: now })
      .where(eq(payments.id, id))
    await recordAudit(tx, actor, {
      action: 'payment.flag_resolved',
      entity: 'payment',
      entityId: id,
      before: { flag: before.flag, flag_resolved_at: before.flagResolvedAt },
      after: { flag: before.flag, flag_resolved_at: now },
      note: `order ${before.orderId}`,
    })
  })
  return staffView(ctx, id)
}
