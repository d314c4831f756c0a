import { eq } from 'drizzle-orm'
import { fromCents, MAX_MONEY_CENTS, toCents } from '@shop/shared/money/money'
import { copyTranslated, TRANSLATED_LANGUAGES, translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { CreateOrderInput } from '@shop/shared/schemas/order'
import type { Tx } from '../../db/client.ts'
import { idempotencyKeys, orderItems, orders } from '../../db/schema/orders.ts'
import { claimOffers, lostCode, recordOffers, type Customer, type OfferPricing } from '../../domain/offers.ts'
import { AppError } from '../../lib/app-error.ts'
import { assertPendingCashBelowCap } from '../../domain/abuse-limits.ts'
import { assertCashAccepted } from '../../domain/cash-on-delivery.ts'
import { lineTranslations } from '../../domain/order-lines.ts'
import { newOrderNumber } from '../../domain/order-number.ts'
import { buyerOf, contactOfPayload } from '../../domain/order-contact.ts'
import { recordOrderPlaced } from '../../domain/order-state.ts'
import { isOnlineMethod } from '../../domain/payment-methods.ts'
import { openPaymentHold } from '../../domain/payments.ts'
import { outOfStock, takeStock } from '../../domain/stock.ts'
import { sellableName } from '../../domain/order-pricing.ts'
import {
  deliveryCity,
  deliveryCityFromAddress,
  isSellable,
  priceItem,
  quoteOf,
  resolveItems,
  type CityRow,
  type PricedItem,
} from './cart-pricing.ts'
import type { PlaceOrderContext } from './checkout.service.ts'

// Issue 38: placing an order is these named steps, in this order (as Medusa's complete-cart workflow):
//   claimKey → validate → price and take offer uses → check the order → take stock → write → emit.
// Locks are taken in one order by every writer: the idempotency row, the offers' rows (ascending id, claimOffers),
// then the stock rows (ascending pack id, takeStock), so a checkout never deadlocks with another or with a
// cancellation (domain/offers.ts releaseOrderUses).

/** Another request holds (or has committed) the same Idempotency-Key: roll back and answer with its order. */
export class KeyAlreadyUsed extends Error {}

export type PaymentKey = { token: string; dueAt: Date } | null

/** What validation established: priced lines, the delivery city, the contact, who buys. */
export interface ValidCart {
  priced: PricedItem[]
  city: CityRow
  deliveryCents: number
  contact: ReturnType<typeof contactOfPayload>
  buyer: ReturnType<typeof buyerOf>
  customer: Customer
  lang: Language
  now: Date
}

/** Step 0: the Idempotency-Key's row, first statement: a parallel request with the same key waits here (PostgreSQL). */
export async function claimKey(tx: Tx, key: string | undefined, hash: string): Promise<void> {
  if (!key) return
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (inserted.length === 0) throw new KeyAlreadyUsed()
}

/** Step 1, validate: every line a sellable pack at its price, the delivery city, the contact in parts. */
export async function validateCart(
  tx: Tx,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
): Promise<ValidCart> {
  const items = await resolveItems(tx, input.items)
  const priced = items.map((item) => {
    if (isSellable(item.sellable)) return priceItem(item.sellable, item.quantity)
    // Decision 0217: a product or pack switched off, archived or removed is hidden (GET /api/products/{id} answers
    // 404, the quote leaves it out), so the refusal names the cart's line and the ids the browser sent, never the
    // name: that would tell a shopper what the shop hides (an unreleased product).
    const line = input.items.findIndex(
      (i) =>
        i.product_id === item.product_id && (i.variant_id === undefined || i.variant_id === item.variant_id),
    )
    throw new AppError('PRODUCT_UNAVAILABLE', 422, {
      messageKey: 'errors.ITEM_UNAVAILABLE',
      params: { line: line + 1 },
      fields: { items: ['errors.ITEM_UNAVAILABLE'] },
      extra: { product_id: item.product_id, variant_id: item.variant_id, line },
    })
  })
  // Decision 0214: the city of `customer` first; a spec client's city_id, else the city its address names (0027).
  const cityId = input.customer?.city_id ?? input.city_id
  const city =
    cityId !== undefined
      ? await deliveryCity(tx, cityId)
      : await deliveryCityFromAddress(tx, input.shipping_address!)
  const lang = ctx.lang ?? 'ar'
  const buyer = buyerOf(input)
  const contact = contactOfPayload(
    input,
    [city.name, ...TRANSLATED_LANGUAGES.map((l) => city.translations?.[l]?.name)],
    translatedText(city.name, city.translations, 'name', lang) ?? city.name,
  )
  const customer = { phone: buyer.phone, userId: ctx.userId }
  const deliveryCents = toCents(city.deliveryPrice) ?? 0
  return { priced, city, deliveryCents, contact, buyer, customer, lang, now: new Date() }
}

/** Steps 2 and 3, price and take offer uses (decision 0170): one pricing, the uses taken under the offers' locks. */
export const priceAndTakeOfferUses = (tx: Tx, input: CreateOrderInput, cart: ValidCart) =>
  claimOffers(
    tx,
    cart.priced,
    cart.deliveryCents,
    input.coupon_code,
    { cityId: cart.city.id, paymentMethod: input.payment_method, customer: cart.customer },
    cart.now,
    cart.lang,
  )

/** Step 4, check the priced order: its size, the total the shopper saw, cash limits, nothing marked out of stock. */
export async function checkPricedOrder(
  tx: Tx,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
  cart: ValidCart,
  { pricing, offers, usedUp }: OfferPricing,
): Promise<void> {
  const { priced, lang } = cart
  // numeric(12,2) holds at most 9,999,999,999.99: a larger line or total is the shopper's quantities, not a 5xx.
  if (
    pricing.subtotalCents + cart.deliveryCents > MAX_MONEY_CENTS ||
    costOf(priced) > MAX_MONEY_CENTS ||
    priced.some((p) => p.lineCents > MAX_MONEY_CENTS)
  ) {
    throw new AppError('VALIDATION_FAILED', 422, { fields: { items: ['validation.order_too_large'] } })
  }
  if (input.expected_total !== undefined && Math.round(input.expected_total * 100) !== pricing.totalCents) {
    const lines = priced.map((p) => ({ priced: p, sellable: true }))
    throw new AppError('PRICE_CHANGED', 409, {
      extra: { quote: quoteOf(lines, pricing, offers, lang, usedUp) },
    })
  }
  if (input.payment_method === 'cash') {
    await assertCashAccepted(tx, cart.city, pricing.totalCents, lang)
    if (ctx.limits) await assertPendingCashBelowCap(tx, cart.buyer.phone, ctx.limits.pendingCashCap)
  }
  // An always-in-stock pack is not counted down, but "out of stock" (stock 0) still stops the sale (decision 0056).
  const marked = priced.find((p) => p.variant.isAlwaysInStock && p.variant.stock <= 0)
  if (marked) throw outOfStock(marked.product.id, marked.variant.id, sellableName(marked, lang), 0)
}

const costOf = (priced: PricedItem[]) => priced.reduce((sum, p) => sum + p.unitCostCents * p.quantity, 0)

/**
 * Step 5, take stock: the order's number first (the ledger's movements name the order, decision 0191), then the
 * conditional updates in ascending pack id (no overselling, product.md §10.2). An order paid online holds its stock
 * until it is paid or its time runs out (decision 0076).
 */
export async function takeOrderStock(
  tx: Tx,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
  cart: ValidCart,
): Promise<{ id: number; orderNumber: string }> {
  const placed = await newOrderNumber(tx, cart.now)
  const lines = cart.priced
    .filter((p) => !p.variant.isAlwaysInStock)
    .map((p) => ({
      productId: p.product.id,
      variantId: p.variant.id,
      name: sellableName(p, cart.lang),
      quantity: p.quantity,
    }))
  const reason = isOnlineMethod(input.payment_method) ? 'payment_hold' : 'sale'
  await takeStock(tx, lines, { actor: ctx.actor, reason, orderId: placed.id })
  await ctx.hooks?.afterStockUpdate?.()
  return placed
}

/** Step 6, write: the order, its lines (names as at the time of sale, decision 0058), its discounts and offer uses. */
export async function writeOrderRows(
  tx: Tx,
  placed: { id: number; orderNumber: string },
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
  cart: ValidCart,
  { pricing }: OfferPricing,
): Promise<void> {
  const { id } = placed
  const { city, priced } = cart
  await tx.insert(orders).values({
    ...placed,
    userId: ctx.userId,
    ...cart.contact,
    customerEmail: cart.buyer.email,
    customerPhone: cart.buyer.phone,
    cityId: city.id,
    cityName: city.name,
    translations: copyTranslated(city.translations, 'name', 'city_name'),
    language: cart.lang,
    whatsappOptIn: input.whatsapp_opt_in,
    paymentMethod: input.payment_method,
    subtotal: fromCents(pricing.subtotalCents),
    deliveryPrice: fromCents(cart.deliveryCents),
    totalAmount: fromCents(pricing.totalCents),
    discountTotal: fromCents(pricing.discountTotalCents),
    totalCost: fromCents(costOf(priced)),
    ...lostCode(pricing),
    createdAt: cart.now,
    updatedAt: cart.now,
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
  const itemIdOf = (key: number) => itemIds.find((i) => i.variantId === key)?.id
  await recordOffers(tx, id, pricing, itemIdOf, cart.customer)
}

/**
 * Step 7, emit: the order's first history row and its event by who placed it (decisions 0193, 0220), the key's answer,
 * and an online payment's hold (decision 0076).
 */
export async function emitOrderPlaced(
  tx: Tx,
  id: number,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
  now: Date,
): Promise<PaymentKey> {
  await recordOrderPlaced(tx, ctx.actor, { id, orderStatus: 'pending', paymentStatus: 'pending' })
  if (ctx.idempotencyKey)
    await tx.update(idempotencyKeys).set({ orderId: id }).where(eq(idempotencyKeys.key, ctx.idempotencyKey))
  return isOnlineMethod(input.payment_method)
    ? await openPaymentHold(tx, id, now, ctx.payments?.holdMinutes ?? 30)
    : null
}
