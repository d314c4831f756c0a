import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Language } from '@shop/shared/i18n/messages'
import { fromCents, toCents } from '@shop/shared/money/money'
import {
  isOtpGateway,
  OTP_LENGTH,
  type OrderPayment,
  type RedirectStart,
  type RedirectStartInput,
  type WalletConfirmInput,
  type WalletStart,
  type WalletStartInput,
} from '@shop/shared/schemas/payment'
import type { Db, Tx } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { orderPaymentHolds, payments } from '../../db/schema/payments.ts'
import { guestActor, providerActor, type Actor } from '../../domain/actor.ts'
import { assertCashAccepted, deliveryCityOf } from '../../domain/cash-on-delivery.ts'
import type { OrderRow } from '../../domain/order-view.ts'
import {
  availablePaymentMethods,
  paymentExpiryMinutes,
  paypalConfig,
  plutuConfig,
  usdExchangeRate,
} from '../../domain/payment-methods.ts'
import { usdCentsFor } from '@shop/shared/money/exchange'
import {
  closeHold,
  hashPaymentToken,
  lockOrder,
  nextInvoiceNo,
  orderHold,
  orderPayments,
  syncOrderPaymentStatus,
  type HoldRow,
  type PaymentRow,
} from '../../domain/payments.ts'
import type { Env } from '../../env.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { releaseHits, takeHits, tooManyRequests } from '../../lib/rate-limit.ts'
import { assertPendingCashBelowCap, orderLimits, otpHitLimits } from '../../domain/abuse-limits.ts'
import { expiredByHold, expireLocked, reviveLocked, supersedeOpenAttempts } from './payment-expiry.ts'
import { applyCharge, applyRefund, attemptRef, findNoticePayment, recordAnswer } from './payment-state.ts'
import { paymentReason, reasonKey } from './payment-reasons.ts'
import { isPayable, orderPaymentView } from './payment-views.ts'
import { ProviderUnavailable } from '../../lib/provider-http.ts'
import { PayPalProvider, PayPalRefusal } from './providers/paypal.ts'
import { PlutuProvider, PlutuRefusal } from './providers/plutu.ts'
import type { Charge } from './providers/provider.ts'

// The shopper's side of online payments (decisions 0075–0083). Provider calls are never made inside a database
// transaction: the embedded database has one connection, and a slow gateway must not stop the shop. So each step is
// "claim in a transaction → call the provider → record the answer in a transaction" (payment-state.ts).

export interface Providers {
  plutu: PlutuProvider | null
  paypal: PayPalProvider | null
}

export function createProviders(env: Env): Providers {
  const plutu = plutuConfig(env)
  const paypal = paypalConfig(env)
  return {
    plutu: plutu ? new PlutuProvider(plutu) : null,
    paypal: paypal ? new PayPalProvider(paypal) : null,
  }
}

export interface PaymentContext {
  db: Db
  env: Env
  /** The shop's public address: where providers send the shopper back. */
  appUrl: string
  providers: Providers
  log: FastifyBaseLogger
  /** Decision 0091: wallet codes are limited per number and per client address (off only in tests). */
  limits?: boolean
}

/** Attempts per order: each may send an SMS and extends the hold, so there is a ceiling. */
export const MAX_ATTEMPTS = 10
/** Codes a shopper may type for one wallet attempt before it fails (a new code can be asked for). */
export const MAX_CODE_TRIES = 3
/** A confirm in flight keeps the stock at least this long, so the sweep does not end the order under it. */
const CONFIRM_GRACE_MS = 2 * 60_000

const unavailable = () =>
  new AppError('PAYMENT_METHOD_UNAVAILABLE', 422, {
    fields: { gateway: ['errors.PAYMENT_METHOD_UNAVAILABLE'] },
  })
const notPayable = () => new AppError('PAYMENT_NOT_PAYABLE', 409)
const later = (date: Date, minMs: number) => new Date(Math.max(date.getTime(), Date.now() + minMs))
const langOf = (order: OrderRow): Language => (order.language === 'en' ? 'en' : 'ar')

/** The order and its hold, locked, when the token is the one this order's browser was given; 404 otherwise. */
async function authorized(
  tx: Tx,
  orderId: number,
  token: string | undefined,
): Promise<{ order: OrderRow; hold: HoldRow }> {
  if (!token || token.length > 200) throw notFound()
  const order = await lockOrder(tx, orderId)
  const hold = order ? await orderHold(tx, orderId, true) : null
  // Comparing SHA-256 hashes of a 32-byte random token: nothing to learn from the time it takes.
  if (!order || !hold || hold.tokenHash !== hashPaymentToken(token)) throw notFound()
  return { order, hold }
}

/**
 * The order's shopper, who acts through the browser holding its payment token (decision 0193): signed in when the order
 * has an account (its name as ordered), or a guest.
 */
const shopperOf = (order: Pick<OrderRow, 'userId' | 'customerName'>, ip: string | null): Actor =>
  order.userId === null
    ? guestActor(ip)
    : { kind: 'shopper', userId: order.userId, name: order.customerName, ip }

/** Decision 0076 "checks on access": a hold whose time ran out is ended before anything else is done with the order. */
async function expireIfDue(
  ctx: PaymentContext,
  tx: Tx,
  order: OrderRow,
  hold: HoldRow,
  now: Date,
): Promise<{ order: OrderRow; hold: HoldRow }> {
  if (hold.expiredAt || hold.closedAt || hold.dueAt > now) return { order, hold }
  await expireLocked(tx, order, hold, now)
  return { order: (await lockOrder(tx, order.id))!, hold: (await orderHold(tx, order.id, true))! }
}

/** Decision 0077: an order the sweep ended comes back (stock taken again, or 409 OUT_OF_STOCK) when its shopper pays. */
async function reviveIfExpired(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  hold: HoldRow,
  now: Date,
): Promise<{ order: OrderRow; hold: HoldRow }> {
  if (!expiredByHold(order, hold)) return { order, hold }
  const revived = await reviveLocked(tx, actor, order, now, await paymentExpiryMinutes(tx), langOf(order))
  return { order: revived, hold: (await orderHold(tx, order.id, true))! }
}

/** The payment step's view of the order, in the reader's language (the order's when not given). */
async function view(ctx: PaymentContext, orderId: number, lang?: Language): Promise<OrderPayment> {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw notFound()
  return orderPaymentView(
    ctx.db,
    ctx.env,
    order,
    await orderHold(ctx.db, orderId),
    await orderPayments(ctx.db, orderId),
    lang ?? langOf(order),
  )
}

/** GET /api/payments/orders/:id */
export async function getOrderPayment(
  ctx: PaymentContext,
  orderId: number,
  token: string | undefined,
  lang?: Language,
): Promise<OrderPayment> {
  await ctx.db.transaction(async (tx) => {
    const { order, hold } = await authorized(tx, orderId, token)
    await expireIfDue(ctx, tx, order, hold, new Date())
  })
  return view(ctx, orderId, lang)
}

interface AttemptSpec {
  provider: 'plutu' | 'paypal'
  gateway: string
  currency: 'LYD' | 'USD'
  /** The amount the shopper was shown (in `currency`). */
  expectedAmount?: number
}

/**
 * A new attempt for an order that can be paid now: the order is locked, ended if its time ran out and brought back
 * if its stock is there (decision 0077), older open attempts are given up (one live attempt), the amount is fixed
 * (USD at today's rate, decision 0079) and the hold is extended for the time it takes to pay.
 */
async function beginAttempt(
  ctx: PaymentContext,
  orderId: number,
  token: string | undefined,
  spec: AttemptSpec,
  ip: string | null,
): Promise<PaymentRow> {
  return ctx.db.transaction(async (tx) => {
    const now = new Date()
    let { order, hold } = await authorized(tx, orderId, token)
    const actor = shopperOf(order, ip)
    ;({ order, hold } = await expireIfDue(ctx, tx, order, hold, now))
    ;({ order, hold } = await reviveIfExpired(tx, actor, order, hold, now))
    if (!isPayable(order, hold)) throw notPayable()
    if (hold.attempts >= MAX_ATTEMPTS) throw tooManyRequests((hold.dueAt.getTime() - now.getTime()) / 1000)
    const rows = await orderPayments(tx, order.id)
    if (rows.some((p) => p.state === 'pending' && p.claimedAt)) throw new AppError('PAYMENT_IN_PROGRESS', 409)
    await supersedeOpenAttempts(tx, order.id, now)

    const lydCents = toCents(order.totalAmount) ?? 0
    let amountCents = lydCents
    let rate: number | null = null
    if (spec.currency === 'USD') {
      rate = await usdExchangeRate(tx)
      if (rate === null) throw unavailable()
      amountCents = usdCentsFor(lydCents, rate)
    }
    if (spec.expectedAmount !== undefined && toCents(spec.expectedAmount) !== amountCents) {
      const amount = fromCents(amountCents)
      throw new AppError('PAYMENT_AMOUNT_CHANGED', 409, {
        params: { amount: `${amount.toFixed(2)} ${spec.currency}` },
        extra: { amount, currency: spec.currency, exchange_rate: rate },
      })
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        provider: spec.provider,
        gateway: spec.gateway,
        state: 'pending',
        amount: fromCents(amountCents),
        currency: spec.currency,
        exchangeRate: rate,
        orderAmount: order.totalAmount,
        invoiceNo: await nextInvoiceNo(tx, order),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    const minutes = await paymentExpiryMinutes(tx)
    await tx
      .update(orderPaymentHolds)
      .set({ attempts: hold.attempts + 1, dueAt: later(hold.dueAt, minutes * 60_000) })
      .where(eq(orderPaymentHolds.orderId, order.id))
    const method = spec.provider === 'paypal' ? 'paypal' : 'massarat'
    await syncOrderPaymentStatus(
      tx,
      actor,
      order,
      method !== order.paymentMethod ? { paymentMethod: method } : {},
    )
    return payment!
  })
}

/** A start the provider refused or could not answer: the attempt fails, the shopper is told why in their language. */
async function startFailed(ctx: PaymentContext, payment: PaymentRow, error: unknown): Promise<never> {
  const refusal =
    error instanceof PlutuRefusal
      ? { code: error.code, reason: error.reason, raw: error.raw }
      : error instanceof PayPalRefusal
        ? { code: error.issue, reason: error.reason, raw: error.raw }
        : null
  const code = refusal?.code ?? (error instanceof ProviderUnavailable ? 'unavailable' : 'error')
  await applyCharge(
    ctx.db,
    payment.id,
    { outcome: 'failed', failureCode: code, failureMessage: refusal?.reason, raw: refusal?.raw ?? null },
    {
      source: 'start',
      kind: 'refused',
      dedupeKey: `start:${payment.id}`,
      payload: refusal?.raw ?? { error: code },
      actor: providerActor(payment.provider),
    },
  )
  if (refusal) {
    // A currency or account problem is the owner's to fix (docs/payments.md), not the shopper's.
    ctx.log.warn(
      { provider: payment.provider, gateway: payment.gateway, code },
      'payment provider refused to start a payment',
    )
    // Decision 0097: the shop's sentence for the provider's code; its own words stay on the attempt for staff.
    throw new AppError('PAYMENT_REFUSED', 422, { messageKey: reasonKey(paymentReason(refusal.code)) })
  }
  if (error instanceof ProviderUnavailable) {
    ctx.log.warn({ provider: payment.provider, err: error }, 'payment provider did not answer')
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, { headers: { 'retry-after': '30' } })
  }
  throw error
}

/** POST /api/payments/orders/:id/wallet: Sadad or Edfali sends the shopper a code to type on our page. */
export async function startWallet(
  ctx: PaymentContext,
  orderId: number,
  token: string | undefined,
  input: WalletStartInput,
  customerIp: string,
  lang: Language,
): Promise<WalletStart> {
  const plutu = ctx.providers.plutu
  if (!plutu || !(plutuConfig(ctx.env)?.gateways ?? []).includes(input.gateway)) throw unavailable()
  // Decision 0091: each code is an SMS to someone's phone. Limited per number and per client address in the hour, with a
  // pause between two codes to one number; a code Plutu did not send is given back.
  const hits = ctx.limits
    ? await takeHits(ctx.db, otpHitLimits(input.mobile_number, customerIp))
    : { ids: [] }
  let payment: PaymentRow
  try {
    payment = await beginAttempt(
      ctx,
      orderId,
      token,
      { provider: 'plutu', gateway: input.gateway, currency: 'LYD' },
      customerIp,
    )
  } catch (error) {
    await releaseHits(ctx.db, hits)
    throw error
  }
  let processId: string
  try {
    const started = await plutu.start(input.gateway, {
      attempt: attemptRef(payment),
      language: lang,
      customerIp,
      returnUrl: '',
      cancelUrl: '',
      wallet: { mobileNumber: input.mobile_number, birthYear: input.birth_year },
    })
    if (started.kind !== 'otp') throw new PlutuRefusal('NO_PROCESS', '', null)
    processId = started.providerRef
  } catch (error) {
    await releaseHits(ctx.db, hits)
    return startFailed(ctx, payment, error)
  }
  await ctx.db
    .update(payments)
    .set({ providerRef: processId, updatedAt: new Date() })
    .where(eq(payments.id, payment.id))
  return { payment_id: payment.id, otp_length: OTP_LENGTH[input.gateway] }
}

/** Waits for the request that claimed a confirm to finish (a double submit): the payment as it ends up. */
async function waitForClaim(db: Db, paymentId: number, ms = 15_000): Promise<PaymentRow | null> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId))
    if (!row || !row.claimedAt) return row ?? null
    await new Promise((r) => setTimeout(r, 200))
  }
  return null
}

/**
 * POST /api/payments/orders/:id/wallet/confirm. Decision 0082: one request claims the attempt (claimed_at) and calls
 * Plutu; the same code submitted again meanwhile waits for that answer instead of charging twice.
 */
export async function confirmWallet(
  ctx: PaymentContext,
  orderId: number,
  token: string | undefined,
  input: WalletConfirmInput,
  customerIp: string,
): Promise<OrderPayment> {
  const plutu = ctx.providers.plutu
  if (!plutu) throw unavailable()
  const claim = await ctx.db.transaction(async (tx) => {
    const now = new Date()
    let { order, hold } = await authorized(tx, orderId, token)
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, input.payment_id), eq(payments.orderId, orderId)))
      .for('update')
    if (
      !payment ||
      payment.provider !== 'plutu' ||
      !isOtpGateway(payment.gateway ?? '') ||
      !payment.providerRef
    )
      throw notFound()
    if (payment.state === 'paid') return { kind: 'done' as const }
    if (payment.claimedAt) return { kind: 'wait' as const }
    ;({ order, hold } = await expireIfDue(ctx, tx, order, hold, now))
    let state = (
      await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, payment.id))
    )[0]!.state
    if (state === 'expired' && expiredByHold(order, hold)) {
      ;({ order, hold } = await reviveIfExpired(tx, shopperOf(order, customerIp), order, hold, now))
      state = 'pending'
    }
    if (state !== 'pending') throw notPayable()
    await tx
      .update(payments)
      .set({ state: 'pending', claimedAt: now, updatedAt: now })
      .where(eq(payments.id, payment.id))
    await tx
      .update(orderPaymentHolds)
      .set({ dueAt: later(hold.dueAt, CONFIRM_GRACE_MS) })
      .where(eq(orderPaymentHolds.orderId, orderId))
    return { kind: 'go' as const, payment }
  })
  if (claim.kind === 'done') return view(ctx, orderId)
  if (claim.kind === 'wait') {
    const settled = await waitForClaim(ctx.db, input.payment_id)
    if (settled?.state === 'paid') return view(ctx, orderId)
    throw new AppError('PAYMENT_IN_PROGRESS', 409)
  }

  const payment = claim.payment
  const tries = payment.otpTries + 1
  let charge: Charge
  try {
    charge = await plutu.confirmCode(payment.gateway!, attemptRef(payment), input.otp, customerIp)
  } catch (error) {
    // The answer may have been lost after Plutu took the money: staff are told to check (decision 0083). A retry is
    // safe: Plutu refuses a second confirm of the same invoice.
    await recordAnswer(
      ctx.db,
      payment.id,
      {
        source: 'confirm',
        kind: 'no_answer',
        dedupeKey: `plutu:confirm:${payment.id}:${tries}`,
        payload: { error: 'unavailable' },
      },
      { claimedAt: null, otpTries: tries, ...(payment.flag ? {} : { flag: 'outcome_unknown' }) },
    )
    if (error instanceof ProviderUnavailable) {
      ctx.log.warn({ provider: 'plutu', err: error }, 'payment provider did not answer a confirm')
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 503, { headers: { 'retry-after': '30' } })
    }
    throw error
  }
  const meta = {
    source: 'confirm',
    kind: charge.outcome,
    dedupeKey: `plutu:confirm:${payment.id}:${tries}`,
    payload: charge.raw,
    // Plutu's answer to the code the shopper typed moves the order (decision 0193).
    actor: providerActor('plutu', customerIp),
  }
  if (charge.outcome === 'failed' && charge.retryable && tries < MAX_CODE_TRIES) {
    await recordAnswer(ctx.db, payment.id, meta, {
      claimedAt: null,
      otpTries: tries,
      failureMessage: charge.failureMessage?.slice(0, 500) ?? null,
    })
    throw refused(charge)
  }
  const updated = await applyCharge(ctx.db, payment.id, charge, meta)
  await ctx.db.update(payments).set({ otpTries: tries }).where(eq(payments.id, payment.id))
  if (updated.state !== 'paid') throw refused(charge, updated)
  return view(ctx, orderId)
}

/** A code Plutu refused, in the shopper's language (decision 0097): never Plutu's English after our Arabic. */
function refused(charge: Charge, payment?: PaymentRow): AppError {
  const code = payment?.failureCode === 'amount_mismatch' ? 'amount_mismatch' : charge.failureCode
  return new AppError('PAYMENT_REFUSED', 422, {
    messageKey: reasonKey(paymentReason(code)),
    params: { amount: payment?.failureMessage ?? '' },
  })
}

/** POST /api/payments/orders/:id/redirect: a card page (Plutu) or PayPal's approval page to send the shopper to. */
export async function startRedirect(
  ctx: PaymentContext,
  orderId: number,
  token: string | undefined,
  input: RedirectStartInput,
  customerIp: string,
  lang: Language,
): Promise<RedirectStart> {
  const isPayPal = input.gateway === 'paypal'
  const provider = isPayPal ? ctx.providers.paypal : ctx.providers.plutu
  const offered = await availablePaymentMethods(ctx.db, ctx.env)
  const known = isPayPal
    ? offered.paypal !== null
    : (offered.massarat?.gateways ?? []).includes(input.gateway as never)
  if (!provider || !known) throw unavailable()
  const payment = await beginAttempt(
    ctx,
    orderId,
    token,
    {
      provider: provider.id,
      gateway: input.gateway,
      // Decision 0079: PayPal has no dinars; Plutu's MPGS charges international cards in dollars.
      currency: isPayPal || input.gateway === 'mpgs' ? 'USD' : 'LYD',
      expectedAmount: input.expected_amount,
    },
    customerIp,
  )
  let started
  try {
    started = await provider.start(input.gateway, {
      attempt: attemptRef(payment),
      language: lang,
      customerIp,
      returnUrl: `${ctx.appUrl}/api/payments/${provider.id}/return`,
      cancelUrl: `${ctx.appUrl}/api/payments/${provider.id}/cancel`,
    })
    if (started.kind !== 'redirect') throw new PlutuRefusal('NO_REDIRECT', '', null)
  } catch (error) {
    return startFailed(ctx, payment, error)
  }
  await ctx.db
    .update(payments)
    .set({ providerRef: started.providerRef, redirectUrl: started.redirectUrl, updatedAt: new Date() })
    .where(eq(payments.id, payment.id))
  return {
    payment_id: payment.id,
    redirect_url: started.redirectUrl,
    amount: payment.amount,
    currency: payment.currency,
    exchange_rate: payment.exchangeRate,
  }
}

/** Where the shopper's browser goes after a provider sent it back: the shop's result pages (ar/en). */
export function resultPath(payment: PaymentRow | null, reason?: string): string {
  if (!payment) return `/payment/failed?reason=${reason ?? 'unknown'}`
  const order = `order=${payment.orderId}`
  if (payment.state === 'paid' || payment.state === 'refunded') return `/payment/success?${order}`
  // Still confirming at the provider (a PayPal capture pending): the page must not call it paid, even in a browser
  // that cannot ask (no payment key there).
  if (payment.state === 'pending') return `/payment/success?${order}&pending=1`
  if (payment.failureCode === 'canceled') return `/payment/cancelled?${order}`
  return `/payment/failed?${order}&reason=${encodeURIComponent(payment.state === 'expired' ? 'expired' : (payment.failureCode ?? 'failed')).slice(0, 60)}`
}

/** GET /api/payments/plutu/return: the card page sends the shopper back here, signed (decision 0078). */
export async function plutuReturn(ctx: PaymentContext, rawQuery: string, ip: string | null): Promise<string> {
  const plutu = ctx.providers.plutu
  if (!plutu) return resultPath(null, 'unavailable')
  const notice = plutu.readReturn(rawQuery)
  if (!notice?.charge) {
    ctx.log.warn({ provider: 'plutu' }, 'payment return refused: not signed with the shop’s secret key')
    return resultPath(null, 'unverified')
  }
  const payment = await findNoticePayment(ctx.db, 'plutu', notice)
  if (!payment) {
    ctx.log.warn(
      { provider: 'plutu', invoice_no: notice.find.invoiceNo },
      'signed payment return for an unknown invoice',
    )
    return resultPath(null, 'unknown')
  }
  const updated = await applyCharge(ctx.db, payment.id, notice.charge, {
    source: notice.source,
    kind: notice.kind,
    dedupeKey: notice.dedupeKey,
    payload: notice.raw,
    actor: providerActor('plutu', ip),
  })
  return resultPath(updated)
}

/**
 * Captures an approved PayPal attempt (the shopper's return, or PayPal's CHECKOUT.ORDER.APPROVED if the shopper never
 * came back). Decision 0077: an attempt of an order that expired is captured only if the stock can be taken again;
 * otherwise the approval is left to lapse and the shopper is not charged.
 */
export async function capturePayPal(
  ctx: PaymentContext,
  paymentId: number,
  ip: string | null,
): Promise<PaymentRow | null> {
  const actor = providerActor('paypal', ip)
  const paypal = ctx.providers.paypal
  if (!paypal) return null
  const ready = await ctx.db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ orderId: payments.orderId })
      .from(payments)
      .where(eq(payments.id, paymentId))
    if (!ref) return null
    let order = (await lockOrder(tx, ref.orderId))!
    let hold = await orderHold(tx, order.id, true)
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
    if (!payment || payment.state === 'paid' || payment.state === 'refunded') return null
    const now = new Date()
    if (hold) ({ order, hold } = await expireIfDue(ctx, tx, order, hold, now))
    let state = (
      await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, paymentId))
    )[0]!.state
    if (state === 'expired' && hold && expiredByHold(order, hold)) {
      try {
        await tx.transaction(async (sp) => {
          await reviveIfExpired(sp, actor, order, hold!, now)
        })
        await tx.update(payments).set({ state: 'pending', updatedAt: now }).where(eq(payments.id, paymentId))
        state = 'pending'
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'OUT_OF_STOCK') throw error
      }
    }
    return state === 'pending' ? payment : null
  })
  if (!ready) return (await ctx.db.select().from(payments).where(eq(payments.id, paymentId)))[0] ?? null
  let charge: Charge
  try {
    charge = await paypal.capture(attemptRef(ready))
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error
    // Still approved at PayPal: the webhook (or the shopper's next visit) captures it.
    ctx.log.warn({ provider: 'paypal', err: error }, 'capture not answered; left pending')
    return ready
  }
  return applyCharge(ctx.db, ready.id, charge, {
    source: 'capture',
    kind: charge.outcome,
    dedupeKey: `paypal:capture:${ready.id}:${charge.outcome}:${charge.transactionId ?? ''}`,
    payload: charge.raw,
    actor,
  })
}

/** GET /api/payments/paypal/return?token=…&PayerID=…: capture, then the result page. */
export async function paypalReturn(
  ctx: PaymentContext,
  rawQuery: string,
  ip: string | null,
): Promise<string> {
  const paypal = ctx.providers.paypal
  if (!paypal) return resultPath(null, 'unavailable')
  const notice = paypal.readReturn(rawQuery)
  if (!notice) return resultPath(null, 'unverified')
  const payment = await findNoticePayment(ctx.db, 'paypal', notice)
  if (!payment) return resultPath(null, 'unknown')
  return resultPath(await capturePayPal(ctx, payment.id, ip))
}

/** GET /api/payments/paypal/cancel?token=…: the shopper left PayPal without paying; the cart is still theirs. */
export async function paypalCancel(
  ctx: PaymentContext,
  rawQuery: string,
  ip: string | null,
): Promise<string> {
  const token = new URLSearchParams(rawQuery).get('token') ?? ''
  const payment =
    ctx.providers.paypal && /^[A-Za-z0-9-]{5,64}$/.test(token)
      ? await findNoticePayment(ctx.db, 'paypal', {
          find: { providerRef: token },
          source: 'return',
          kind: 'cancel',
          dedupeKey: '',
          raw: null,
        })
      : null
  if (!payment) return '/payment/cancelled'
  // The shopper came back without paying (an unsigned return: it only fails a pending attempt).
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, payment.orderId))
  const actor = order ? shopperOf(order, ip) : guestActor(ip)
  const updated =
    payment.state === 'pending'
      ? await applyCharge(
          ctx.db,
          payment.id,
          { outcome: 'cancelled', raw: { token } },
          {
            source: 'return',
            kind: 'canceled',
            dedupeKey: `paypal:cancel:${token}`,
            payload: { token },
            actor,
          },
        )
      : payment
  return updated.state === 'paid' ? resultPath(updated) : `/payment/cancelled?order=${payment.orderId}`
}

/** POST /api/payments/paypal/webhook: verified with PayPal before it changes anything; the same event twice is a no-op. */
export async function paypalWebhook(
  ctx: PaymentContext,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
  ip: string | null,
): Promise<void> {
  const paypal = ctx.providers.paypal
  if (!paypal) throw notFound()
  let notice
  try {
    notice = await paypal.readNotification(rawBody, headers)
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error
    // PayPal sends it again later.
    throw new AppError('SERVICE_UNAVAILABLE', 503, { headers: { 'retry-after': '60' } })
  }
  if (notice === 'unverified') {
    ctx.log.warn({ provider: 'paypal' }, 'webhook refused: PayPal did not confirm its signature')
    throw new AppError('BAD_REQUEST', 400)
  }
  if (!notice) return
  const payment = await findNoticePayment(ctx.db, 'paypal', notice)
  if (!payment) {
    ctx.log.info({ provider: 'paypal', kind: notice.kind }, 'verified webhook about no payment of this shop')
    return
  }
  const meta = {
    source: notice.source,
    kind: notice.kind,
    dedupeKey: notice.dedupeKey,
    payload: notice.raw,
    actor: providerActor('paypal', ip),
  }
  if (notice.approved) {
    await recordAnswer(ctx.db, payment.id, meta)
    if (payment.state === 'pending' || payment.state === 'expired') await capturePayPal(ctx, payment.id, ip)
  } else if (notice.refund) await applyRefund(ctx.db, payment.id, notice.refund, meta)
  else if (notice.charge) await applyCharge(ctx.db, payment.id, notice.charge, meta)
}

/**
 * POST /api/payments/orders/:id/cash: the shopper pays on delivery instead (decision 0082). The order keeps its number
 * and its stock; open attempts are given up and nothing expires it any more. Refused (422, as at checkout) where
 * the city does not take cash for this total.
 */
export async function switchToCash(
  ctx: PaymentContext,
  orderId: number,
  token: string | undefined,
  lang: Language,
  ip: string | null = null,
): Promise<OrderPayment> {
  await ctx.db.transaction(async (tx) => {
    const now = new Date()
    let { order, hold } = await authorized(tx, orderId, token)
    const actor = shopperOf(order, ip)
    ;({ order, hold } = await expireIfDue(ctx, tx, order, hold, now))
    ;({ order, hold } = await reviveIfExpired(tx, actor, order, hold, now))
    if (!isPayable(order, hold)) throw notPayable()
    // Decision 0071: the city's cash rule holds here too, as it does when the order is placed with cash.
    const city = await deliveryCityOf(tx, order.cityId)
    if (city) await assertCashAccepted(tx, city, toCents(order.totalAmount) ?? 0, lang)
    // Decision 0091: the phone's cap on cash orders waiting for confirmation holds here as at checkout.
    if (ctx.limits)
      await assertPendingCashBelowCap(
        tx,
        order.customerPhone,
        (await orderLimits(tx)).max_pending_cash_orders_per_phone,
      )
    await supersedeOpenAttempts(tx, order.id, now, 'switched_to_cash')
    await closeHold(tx, order.id, now)
    await syncOrderPaymentStatus(tx, actor, order, { paymentMethod: 'cash', name: 'switched_to_cash' })
  })
  return view(ctx, orderId)
}

/**
 * POST /api/payments/orders/:id/release: the shopper changed the cart and places a new order; this one gives its stock
 * back now instead of at the end of its time (decision 0082).
 */
export async function releaseOrder(
  ctx: PaymentContext,
  orderId: number,
  token: string | undefined,
  ip: string | null = null,
): Promise<OrderPayment> {
  await ctx.db.transaction(async (tx) => {
    const now = new Date()
    const { order, hold } = await authorized(tx, orderId, token)
    const actor = shopperOf(order, ip)
    if (hold.expiredAt || hold.closedAt) return
    const rows = await orderPayments(tx, order.id)
    if (rows.some((p) => p.state === 'pending' && p.claimedAt)) throw new AppError('PAYMENT_IN_PROGRESS', 409)
    if (order.paymentStatus === 'paid' || order.orderStatus !== 'pending') throw notPayable()
    // The shopper replaced it with a new order at checkout: cancelled as they asked (decision 0082).
    await expireLocked(tx, order, hold, now, actor, 'released')
  })
  return view(ctx, orderId)
}
