import { eq } from 'drizzle-orm'
import { fromCents, MAX_MONEY_CENTS, toCents } from '@shop/shared/money/money'
import { copyTranslated, TRANSLATED_LANGUAGES, translatedText } from '@shop/shared/i18n/content'
import { lineTranslations } from '../../domain/order-lines.ts'
import type { Language } from '@shop/shared/i18n/messages'
import type { CreateOrderInput, Order, PaymentMethod } from '@shop/shared/schemas/order'
import type { Db, Tx } from '../../db/client.ts'
import { idempotencyKeys, orderItems, orders } from '../../db/schema/orders.ts'
import { orderAdjustments } from '../../db/schema/promotions.ts'
import { adjustmentRows, assertCoupon, priceWithOffers, recordUses, takeUses } from '../../domain/offers.ts'
import { AppError } from '../../lib/app-error.ts'
import { releaseHits, takeHits, type Hits, type Limit } from '../../lib/rate-limit.ts'
import { isRetryable, isUniqueViolation } from '../../db/errors.ts'
import { assertPendingCashBelowCap } from '../../domain/abuse-limits.ts'
import { assertCashAccepted } from '../../domain/cash-on-delivery.ts'
import { newOrderNumber } from '../../domain/order-number.ts'
import { findOrder } from '../../domain/order-view.ts'
import { buyerOf, contactOfPayload } from '../../domain/order-contact.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordOrderPlaced } from '../../domain/order-state.ts'
import { isOnlineMethod } from '../../domain/payment-methods.ts'
import { openPaymentHold, renewPaymentToken } from '../../domain/payments.ts'
import { outOfStock, takeStock } from '../../domain/stock.ts'
import { sellableName } from '../../domain/order-pricing.ts'
import { actorView, SHOPPER_VIEW } from '../../domain/viewer.ts'
import {
  deliveryCity,
  deliveryCityFromAddress,
  isSellable,
  priceItem,
  quoteOf,
  resolveItems,
  type PricedItem,
} from './cart-pricing.ts'
import { requestHash, storedOrderId } from './idempotency.ts'

export interface PlaceOrderContext {
  /** From the bearer token only, never from the body (product.md §6.2). */
  userId: number | null
  staff?: boolean
  /** Who places it (guest, shopper or staff): the stock ledger's actor (decision 0191), the history's first row (0193). */
  actor: Actor
  /** The shopper's language (Accept-Language): names in errors and answers, and the order's language. */
  lang?: Language
  idempotencyKey?: string
  /**
   * The methods the shop offers now and how long an online-paid order holds its stock (domain/payment-methods.ts);
   * without it only cash is accepted.
   */
  payments?: { methods: readonly PaymentMethod[]; holdMinutes: number }
  /**
   * Decision 0091: the client's order limits (per IP, phone, email) and the cap on a phone's cash orders waiting for
   * confirmation; absent for staff and when the limits are off.
   */
  limits?: { hits: Limit[]; pendingCashCap: number }
  /** Test seam: runs after the stock is taken and before the order is written. */
  hooks?: { afterStockUpdate?: () => Promise<void> }
}

export interface PlaceOrderResult {
  order: Order
  /** false when an earlier request with the same Idempotency-Key already placed it. */
  created: boolean
}

/** Another request holds (or has committed) the same Idempotency-Key: roll back and answer with its order. */
class KeyAlreadyUsed extends Error {}

const MAX_ATTEMPTS = 5
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * POST /api/orders (product.md §10.1 prices, §10.2 no overselling, §10.3 exactly once).
 * One transaction: idempotency row first, then prices, then conditional stock updates in ascending
 * product id order (no deadlocks), then the order, its items and its first history row.
 */
export async function placeOrder(
  db: Db,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
): Promise<PlaceOrderResult> {
  const key = ctx.idempotencyKey
  const hash = requestHash(input, ctx.userId)
  // Counted once per order: a retry with the same Idempotency-Key is the same order (decision 0091).
  let hits: Hits | null = null
  for (let attempt = 1; ; attempt++) {
    if (key) {
      const existing = await storedOrderId(db, key, hash)
      if (existing !== null) {
        // Decision 0081: the same order again, with a new payment token (only the hash of the first was kept).
        const payment = await renewPaymentToken(db, existing)
        return { order: await loadPlaced(db, existing, ctx, payment), created: false }
      }
    }
    // A method that is not configured (or PayPal without an exchange rate) would take no money: refused, not placed.
    if (!(ctx.payments?.methods ?? ['cash']).includes(input.payment_method)) {
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 422, {
        fields: { payment_method: ['errors.PAYMENT_METHOD_UNAVAILABLE'] },
      })
    }
    hits ??= ctx.limits ? await takeHits(db, ctx.limits.hits, key) : { ids: [] }
    try {
      const { id, payment } = await db.transaction((tx) => writeOrder(tx, input, ctx, hash))
      return { order: await loadPlaced(db, id, ctx, payment), created: true }
    } catch (error) {
      const raced = error instanceof KeyAlreadyUsed || (isUniqueViolation(error) && key !== undefined)
      if ((raced || isRetryable(error)) && attempt < MAX_ATTEMPTS) {
        // The other request has committed by now (the insert waited for it); the next round reads its order.
        await pause(attempt * 20)
        continue
      }
      // Not placed: the attempt does not count against the shopper's limits.
      await releaseHits(db, hits)
      if (error instanceof KeyAlreadyUsed) throw new AppError('CONFLICT', 409)
      throw error
    }
  }
}

type PaymentKey = { token: string; dueAt: Date } | null

async function loadPlaced(
  db: Db,
  id: number,
  ctx: PlaceOrderContext,
  payment: PaymentKey = null,
): Promise<Order> {
  const order = await findOrder(db, id, ctx.staff ? actorView(ctx.actor) : SHOPPER_VIEW, ctx.lang ?? 'ar')
  if (!order) throw new AppError('NOT_FOUND', 404)
  const { history: _history, ...rest } = order
  return payment ? { ...rest, payment: { token: payment.token, due_at: payment.dueAt.toISOString() } } : rest
}

async function writeOrder(
  tx: Tx,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
  hash: string,
): Promise<{ id: number; payment: PaymentKey }> {
  if (ctx.idempotencyKey) {
    // First statement: a parallel request with the same key waits here until this one ends (PostgreSQL).
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ key: ctx.idempotencyKey, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
    if (inserted.length === 0) throw new KeyAlreadyUsed()
  }

  const items = await resolveItems(tx, input.items)
  const priced: PricedItem[] = items.map((item) => {
    if (!isSellable(item.sellable)) {
      // Decision 0217: a product or pack switched off, archived or removed is hidden (GET /api/products/{id} answers
      // 404, the quote leaves it out), so the refusal names the cart's line and the ids the browser sent, never the
      // name: that would tell a shopper what the shop hides (an unreleased product).
      const line = input.items.findIndex(
        (i) =>
          i.product_id === item.product_id &&
          (i.variant_id === undefined || i.variant_id === item.variant_id),
      )
      throw new AppError('PRODUCT_UNAVAILABLE', 422, {
        messageKey: 'errors.ITEM_UNAVAILABLE',
        params: { line: line + 1 },
        fields: { items: ['errors.ITEM_UNAVAILABLE'] },
        extra: { product_id: item.product_id, variant_id: item.variant_id, line },
      })
    }
    return priceItem(item.sellable, item.quantity)
  })
  // Decision 0214: the city of `customer` first; a spec client's city_id, else the city its address names (0027).
  const cityId = input.customer?.city_id ?? input.city_id
  const city =
    cityId !== undefined
      ? await deliveryCity(tx, cityId)
      : await deliveryCityFromAddress(tx, input.shipping_address!)
  const deliveryCents = toCents(city.deliveryPrice) ?? 0
  const lang = ctx.lang ?? 'ar'
  const now = new Date()
  const buyer = buyerOf(input)
  const contact = contactOfPayload(
    input,
    [city.name, ...TRANSLATED_LANGUAGES.map((l) => city.translations?.[l]?.name)],
    translatedText(city.name, city.translations, 'name', lang) ?? city.name,
  )
  const customer = { phone: buyer.phone, userId: ctx.userId }
  const facts = { cityId: city.id, paymentMethod: input.payment_method, customer }

  // Decision 0170: one pricing of the order (lines, delivery, offers). The uses of the offers it applies are taken
  // under their rows' locks; an automatic offer whose last use went to a parallel order meanwhile is priced out and
  // the order priced again (a typed code that is used up is refused).
  let usedUp = new Set<number>()
  let priceRound: Awaited<ReturnType<typeof priceWithOffers>>
  for (;;) {
    priceRound = await priceWithOffers(tx, priced, deliveryCents, input.coupon_code, facts, now, usedUp)
    await assertCoupon(tx, priceRound.pricing, lang)
    const lost = await takeUses(
      tx,
      priceRound.pricing.adjustments.map((a) => a.offerId),
      customer,
    )
    if (lost.size === 0) break
    usedUp = new Set([...usedUp, ...lost])
  }
  const { pricing, offers, usedUp: usedUpNow } = priceRound
  const subtotalCents = pricing.subtotalCents
  const totalCents = pricing.totalCents
  const costCents = priced.reduce((sum, p) => sum + p.unitCostCents * p.quantity, 0)
  // numeric(12,2) holds at most 9,999,999,999.99: a larger line or total is the shopper's quantities, not a 5xx.
  if (
    subtotalCents + deliveryCents > MAX_MONEY_CENTS ||
    costCents > MAX_MONEY_CENTS ||
    priced.some((p) => p.lineCents > MAX_MONEY_CENTS)
  ) {
    throw new AppError('VALIDATION_FAILED', 422, { fields: { items: ['validation.order_too_large'] } })
  }

  if (input.expected_total !== undefined && Math.round(input.expected_total * 100) !== totalCents) {
    const quote = quoteOf(
      priced.map((p) => ({ priced: p, sellable: true })),
      pricing,
      offers,
      lang,
      usedUpNow,
    )
    throw new AppError('PRICE_CHANGED', 409, { extra: { quote } })
  }

  if (input.payment_method === 'cash') {
    await assertCashAccepted(tx, city, totalCents, ctx.lang ?? 'ar')
    if (ctx.limits) await assertPendingCashBelowCap(tx, buyer.phone, ctx.limits.pendingCashCap)
  }

  // No overselling: an always-in-stock pack is not counted down, but "out of stock" (stock 0) still stops the sale.
  // The refusal names the product and pack in the shopper's language (decision 0056).
  const nameOf = (p: PricedItem) => sellableName(p, ctx.lang ?? 'ar')
  const outOfStockMarked = priced.find((p) => p.variant.isAlwaysInStock && p.variant.stock <= 0)
  if (outOfStockMarked)
    throw outOfStock(outOfStockMarked.product.id, outOfStockMarked.variant.id, nameOf(outOfStockMarked), 0)
  // The order's id first: the stock ledger's movements name the order (decision 0191).
  const { id, orderNumber } = await newOrderNumber(tx, now)
  await takeStock(
    tx,
    priced
      .filter((p) => !p.variant.isAlwaysInStock)
      .map((p) => ({
        productId: p.product.id,
        variantId: p.variant.id,
        name: nameOf(p),
        quantity: p.quantity,
      })),
    // An order paid online holds its stock until it is paid or its time runs out (decision 0076).
    { actor: ctx.actor, reason: isOnlineMethod(input.payment_method) ? 'payment_hold' : 'sale', orderId: id },
  )
  await ctx.hooks?.afterStockUpdate?.()

  await tx.insert(orders).values({
    id,
    orderNumber,
    userId: ctx.userId,
    ...contact,
    customerEmail: buyer.email,
    customerPhone: buyer.phone,
    cityId: city.id,
    cityName: city.name,
    // Decision 0058: the names in every language as they are at the time of sale; a later rename never rewrites them.
    translations: copyTranslated(city.translations, 'name', 'city_name'),
    language: ctx.lang ?? 'ar',
    paymentMethod: input.payment_method,
    subtotal: fromCents(subtotalCents),
    deliveryPrice: fromCents(deliveryCents),
    totalAmount: fromCents(totalCents),
    discountTotal: fromCents(pricing.discountTotalCents),
    totalCost: fromCents(costCents),
    createdAt: now,
    updatedAt: now,
  })
  const discountOf = (variantId: number) => pricing.lines.find((l) => l.key === variantId)?.discountCents ?? 0
  const itemIds = await tx
    .insert(orderItems)
    .values(
      priced.map((p) => ({
        orderId: id,
        productId: p.product.id,
        productName: p.product.name,
        translations: lineTranslations(p),
        variantId: p.variant.id,
        variantLabel: p.variant.label,
        sku: p.variant.sku,
        quantity: p.quantity,
        unitPrice: fromCents(p.unitCents),
        unitCost: fromCents(p.unitCostCents),
        isWholesale: p.isWholesale,
        lineTotal: fromCents(p.lineCents),
        discount: fromCents(discountOf(p.variant.id)),
        takesStock: !p.variant.isAlwaysInStock,
      })),
    )
    .returning({ id: orderItems.id, variantId: orderItems.variantId })
  const adjustments = adjustmentRows(id, pricing, (key) => itemIds.find((i) => i.variantId === key)?.id)
  if (adjustments.length > 0) await tx.insert(orderAdjustments).values(adjustments)
  await recordUses(
    tx,
    pricing.adjustments.map((a) => a.offerId),
    id,
    customer,
  )
  // Decision 0193: the order's first history row by who placed it, and its mails.
  await recordOrderPlaced(tx, ctx.actor, { id, orderStatus: 'pending', paymentStatus: 'pending' })
  if (ctx.idempotencyKey)
    await tx.update(idempotencyKeys).set({ orderId: id }).where(eq(idempotencyKeys.key, ctx.idempotencyKey))
  // Decision 0076: an online-paid order holds its stock (taken above) until it is paid or its time runs out.
  const payment = isOnlineMethod(input.payment_method)
    ? await openPaymentHold(tx, id, now, ctx.payments?.holdMinutes ?? 30)
    : null
  return { id, payment }
}
