import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { copyTranslated, translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import { formatMoney, fromCents } from '@shop/shared/money/money'
import {
  priceOrder,
  type CouponRefusal,
  type Offer,
  type OfferContext,
  type PricedOrder,
} from '@shop/shared/pricing/offers'
import type { OrderAdjustment, QuoteSkippedOffer } from '@shop/shared/schemas/order'
import type { PublicOffer } from '@shop/shared/schemas/promotion'
import { moneySymbolIn } from '@shop/shared/shop-identity'
import type { DbOrTx, Tx } from '../db/client.ts'
import { orders } from '../db/schema/orders.ts'
import { orderAdjustments, promotionUses, promotions } from '../db/schema/promotions.ts'
import { AppError } from '../lib/app-error.ts'
import { phoneKey } from './abuse-limits.ts'
import { pricedLine, type PricedItem } from './order-pricing.ts'
import { readShopIdentity } from './shop-identity.ts'

// Issue 29 / decision 0170: the offers an order may use, the facts their conditions need, the uses they hold.

// The stored offer as the pricing's Offer lives in offer-rows.ts (product views use it without the checkout's imports).
import { toOffer } from './offer-rows.ts'
export { toOffer, type PromotionRow } from './offer-rows.ts'

/** What the browser's pricing needs of an offer (no limits, no counts), its label in `lang`. */
export function toPublicOffer(offer: Offer, lang: Language): PublicOffer {
  return {
    id: offer.id,
    code: offer.code,
    name: lang === 'en' ? offer.label.en : offer.label.ar,
    value_type: offer.valueType,
    value: offer.valueType === 'fixed' ? fromCents(offer.value) : offer.value,
    target: offer.target,
    product_ids: [...offer.productIds],
    category_ids: [...offer.categoryIds],
    variant_ids: [...offer.variantIds],
    min_subtotal: offer.minSubtotalCents === null ? null : fromCents(offer.minSubtotalCents),
    city_ids: [...offer.cityIds],
    payment_methods: [...offer.paymentMethods],
    starts_at: offer.startsAt,
    ends_at: offer.endsAt,
    first_order_only: offer.firstOrderOnly,
    retail_only: offer.retailOnly,
    combinable: offer.combinable,
  }
}

/**
 * The automatic offers that are switched on and not over, and the offer with the typed code (whatever its state, so
 * that a refusal can say why).
 */
export async function loadOffers(db: DbOrTx, code: string | null | undefined, now: Date): Promise<Offer[]> {
  const typed = code?.trim() ?? ''
  const rows = await db
    .select()
    .from(promotions)
    .where(
      or(
        and(
          isNull(promotions.code),
          eq(promotions.isActive, true),
          or(isNull(promotions.endsAt), sql`${promotions.endsAt} > ${now.toISOString()}`),
        ),
        typed ? sql`lower(${promotions.code}) = lower(${typed})` : sql`false`,
      ),
    )
    .orderBy(asc(promotions.id))
  return rows.map(toOffer)
}

/** Whom an order's uses are counted for: its phone (guests and shoppers) and its account (shoppers). */
export interface Customer {
  phone: string | null
  userId: number | null
}

/** The phone has no earlier order that is not cancelled (null while no phone is known). */
export async function isFirstOrder(db: DbOrTx, phone: string | null): Promise<boolean | null> {
  if (!phone?.trim()) return null
  const key = phoneKey(phone)
  // Orders keep the phone as typed; the few earlier orders of a number are compared by its key.
  const digits = key.replace(/\D/g, '').slice(-9)
  if (!digits) return true
  const rows = await db
    .select({ phone: orders.customerPhone })
    .from(orders)
    .where(
      and(
        ne(orders.orderStatus, 'cancelled'),
        sql`regexp_replace(translate(${orders.customerPhone}, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '[^0-9]', '', 'g') like ${`%${digits}`}`,
      ),
    )
    .limit(50)
  return !rows.some((r) => phoneKey(r.phone) === key)
}

/** The offers among `offers` whose uses are all taken, in total or by this customer. */
export async function usedUpOffers(db: DbOrTx, offers: Offer[], customer: Customer): Promise<Set<number>> {
  const ids = offers.map((o) => o.id)
  if (ids.length === 0) return new Set()
  const rows = await db
    .select({
      id: promotions.id,
      used: promotions.usedCount,
      limit: promotions.usageLimit,
      perCustomer: promotions.perCustomerLimit,
    })
    .from(promotions)
    .where(inArray(promotions.id, ids))
  const out = new Set<number>()
  for (const r of rows) {
    if (r.limit !== null && r.used >= r.limit) out.add(r.id)
    else if (r.perCustomer !== null && (await customerUses(db, r.id, customer)) >= r.perCustomer)
      out.add(r.id)
  }
  return out
}

async function customerUses(db: DbOrTx, promotionId: number, customer: Customer): Promise<number> {
  const who = [
    ...(customer.phone?.trim() ? [eq(promotionUses.phoneKey, phoneKey(customer.phone))] : []),
    ...(customer.userId !== null ? [eq(promotionUses.userId, customer.userId)] : []),
  ]
  if (who.length === 0) return 0
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(and(eq(promotionUses.promotionId, promotionId), isNull(promotionUses.releasedAt), or(...who)))
  return Number(row?.n ?? 0)
}

/** The shared pricing's input line for a priced pack. */
export const offerLine = (p: PricedItem) => ({
  ...pricedLine(p.variant, p.quantity),
  tiers: pricedLine(p.variant, p.quantity).tiers ?? [],
  key: p.variant.id,
  productId: p.product.id,
  variantId: p.variant.id,
  categoryId: p.product.categoryId,
})

export interface OrderFacts {
  cityId: number | null
  paymentMethod: string | null
  customer: Customer
}

/** Prices the lines with every offer that may apply: the one pricing of quote and order (decision 0170). */
export async function priceWithOffers(
  db: DbOrTx,
  priced: PricedItem[],
  deliveryCents: number | null,
  code: string | null | undefined,
  facts: OrderFacts,
  now: Date,
  extraUsedUp: ReadonlySet<number> = new Set(),
): Promise<{ pricing: PricedOrder; offers: Offer[]; usedUp: ReadonlySet<number> }> {
  const offers = await loadOffers(db, code, now)
  const needsFirst = offers.some((o) => o.firstOrderOnly)
  const context: OfferContext = {
    now,
    cityId: facts.cityId,
    paymentMethod: facts.paymentMethod,
    firstOrder: needsFirst ? await isFirstOrder(db, facts.customer.phone) : null,
    usedUp: new Set([...(await usedUpOffers(db, offers, facts.customer)), ...extraUsedUp]),
  }
  const pricing = priceOrder({ lines: priced.map(offerLine), deliveryCents, offers, code, context })
  return { pricing, offers, usedUp: context.usedUp ?? new Set() }
}

/** 422 COUPON_… on `coupon_code`, translated, with how much is missing for a minimum. */
export async function couponRefusal(
  db: DbOrTx,
  refusal: CouponRefusal,
  lang: Language,
  missingCents?: number,
): Promise<AppError> {
  const missing =
    missingCents === undefined
      ? ''
      : formatMoney(fromCents(missingCents), moneySymbolIn(await readShopIdentity(db), lang))
  return new AppError(refusal, 422, {
    params: { missing },
    fields: { coupon_code: [`errors.${refusal}`] },
  })
}

/** Throws the typed code's refusal, if any. */
export async function assertCoupon(db: DbOrTx, pricing: PricedOrder, lang: Language): Promise<void> {
  const c = pricing.coupon
  if (c?.refusal) throw await couponRefusal(db, c.refusal, lang, c.missingCents)
}

/**
 * Takes one use of each applied offer that has a limit under the offer's row lock (ascending id: the one lock order, before any stock
 * row), so no limit is passed whatever runs in parallel, on one process or several. Returns the ids of offers that
 * turned out used up, in total or by this customer; then nothing was taken (the caller re-prices without them).
 */
export async function takeUses(tx: Tx, offerIds: number[], customer: Customer): Promise<Set<number>> {
  const ids = [...new Set(offerIds)].sort((a, b) => a - b)
  const usedUp = new Set<number>()
  if (ids.length === 0) return usedUp
  // An offer without limits is not locked: a busy Ramadan offer does not queue every checkout behind one row.
  const limited = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        inArray(promotions.id, ids),
        or(sql`${promotions.usageLimit} IS NOT NULL`, sql`${promotions.perCustomerLimit} IS NOT NULL`),
      ),
    )
    .orderBy(asc(promotions.id))
  const taken: number[] = []
  for (const { id } of limited) {
    const [row] = await tx
      .update(promotions)
      .set({ usedCount: sql`${promotions.usedCount} + 1` })
      .where(
        and(
          eq(promotions.id, id),
          or(isNull(promotions.usageLimit), sql`${promotions.usedCount} < ${promotions.usageLimit}`),
        ),
      )
      .returning({ perCustomer: promotions.perCustomerLimit })
    if (!row) {
      usedUp.add(id)
      continue
    }
    taken.push(id)
    // The row is locked by this transaction now: a parallel order of the same customer waits at the update above, then
    // counts this order's use once it commits.
    if (row.perCustomer !== null && (await customerUses(tx, id, customer)) >= row.perCustomer) usedUp.add(id)
  }
  if (usedUp.size > 0)
    for (const id of taken)
      await tx
        .update(promotions)
        .set({ usedCount: sql`${promotions.usedCount} - 1` })
        .where(eq(promotions.id, id))
  return usedUp
}

export type OfferPricing = Awaited<ReturnType<typeof priceWithOffers>>

/**
 * The checkout's one call before the stock (decision 0170): prices the order, refuses a typed code that cannot apply,
 * and takes the uses of the offers it applies under their rows' locks. An automatic offer whose last use went to a
 * parallel order meanwhile is priced out and the order priced again (a typed code that is used up is refused).
 */
export async function claimOffers(
  tx: Tx,
  priced: PricedItem[],
  deliveryCents: number,
  code: string | null | undefined,
  facts: OrderFacts,
  now: Date,
  lang: Language,
): Promise<OfferPricing> {
  let usedUp = new Set<number>()
  for (;;) {
    const round = await priceWithOffers(tx, priced, deliveryCents, code, facts, now, usedUp)
    await assertCoupon(tx, round.pricing, lang)
    const lost = await takeUses(
      tx,
      round.pricing.adjustments.map((a) => a.offerId),
      facts.customer,
    )
    if (lost.size === 0) return round
    usedUp = new Set([...usedUp, ...lost])
  }
}

/**
 * Decision 0227: the typed code that qualified but is not in the order because a better offer won (a refused code is a
 * 422 and never reaches here); the order keeps it so the owner can count it for the campaign.
 */
export function lostCode(pricing: PricedOrder): { lostCode: string; lostPromotionId: number } | null {
  const c = pricing.coupon
  const lost = pricing.skipped.find((s) => s.code !== null && s.reason === 'better_offer')
  if (!c || c.applied || c.refusal !== null || !lost) return null
  return { lostCode: c.code.trim(), lostPromotionId: lost.offerId }
}

/**
 * The checkout's one call after the order is written: its adjustments (one row per offer and line) and the uses
 * claimOffers took, recorded against it.
 */
export async function recordOffers(
  tx: Tx,
  orderId: number,
  pricing: PricedOrder,
  itemIdOf: (lineKey: number) => number | undefined,
  customer: Customer,
): Promise<void> {
  const rows = adjustmentRows(orderId, pricing, itemIdOf)
  if (rows.length > 0) await tx.insert(orderAdjustments).values(rows)
  await recordUses(
    tx,
    pricing.adjustments.map((a) => a.offerId),
    orderId,
    customer,
  )
}

/** The uses taken by takeUses, recorded against the order once it is written. */
export async function recordUses(tx: Tx, offerIds: number[], orderId: number, customer: Customer) {
  const ids = [...new Set(offerIds)].sort((a, b) => a - b)
  if (ids.length === 0) return
  await tx.insert(promotionUses).values(
    ids.map((promotionId) => ({
      promotionId,
      orderId,
      userId: customer.userId,
      phoneKey: customer.phone ? phoneKey(customer.phone) : '',
    })),
  )
}

/** The adjustments as rows of the order (one per offer and line for items, one per offer for delivery). */
export function adjustmentRows(
  orderId: number,
  pricing: PricedOrder,
  itemIdOf: (lineKey: number) => number | undefined,
) {
  return pricing.adjustments.flatMap((a) => {
    const base = {
      orderId,
      promotionId: a.offerId,
      code: a.code,
      label: a.label.ar,
      translations: copyTranslated({ en: { label: a.label.en } }, 'label', 'label'),
      target: a.target,
    }
    if (a.target === 'delivery') return [{ ...base, orderItemId: null, amount: fromCents(a.amountCents) }]
    return a.lines.map((l) => ({
      ...base,
      orderItemId: itemIdOf(l.key) ?? null,
      amount: fromCents(l.amountCents),
    }))
  })
}

/**
 * `used_count` is the counter of offers with a limit (decision 0171): uses held by orders that are not cancelled. Offers
 * without one count their uses from promotion_uses; setting a limit recounts (promotions service).
 */
const limitedOffer = or(
  sql`${promotions.usageLimit} IS NOT NULL`,
  sql`${promotions.perCustomerLimit} IS NOT NULL`,
)

/**
 * Gives back an order's uses (its cancellation): each offer's count goes down once. Callers call it before the stock
 * goes back (restoreOrderStock): the checkout locks offers, then stock rows, and every writer keeps that one order, or a
 * cancellation and a checkout of the same code and pack deadlock on PostgreSQL.
 */
export async function releaseOrderUses(tx: Tx, orderId: number): Promise<void> {
  const released = await tx
    .update(promotionUses)
    .set({ releasedAt: new Date() })
    .where(and(eq(promotionUses.orderId, orderId), isNull(promotionUses.releasedAt)))
    .returning({ promotionId: promotionUses.promotionId })
  for (const { promotionId } of released.sort((a, b) => a.promotionId - b.promotionId))
    await tx
      .update(promotions)
      .set({ usedCount: sql`greatest(${promotions.usedCount} - 1, 0)` })
      .where(and(eq(promotions.id, promotionId), limitedOffer))
}

/**
 * Takes back the uses of an order that is un-cancelled (staff, or a payment that arrived late): the order keeps the price
 * it was sold at, so the use counts again even past the limit (decision 0173). Called before retakeOrderStock (the lock
 * order above).
 */
export async function retakeOrderUses(tx: Tx, orderId: number): Promise<void> {
  const retaken = await tx
    .update(promotionUses)
    .set({ releasedAt: null })
    .where(and(eq(promotionUses.orderId, orderId), sql`${promotionUses.releasedAt} IS NOT NULL`))
    .returning({ promotionId: promotionUses.promotionId })
  for (const { promotionId } of retaken.sort((a, b) => a.promotionId - b.promotionId))
    await tx
      .update(promotions)
      .set({ usedCount: sql`${promotions.usedCount} + 1` })
      .where(and(eq(promotions.id, promotionId), limitedOffer))
}

/** The orders' discounts for a view: one per offer and target, label in `lang` (every language for staff). */
export async function loadAdjustments(
  db: DbOrTx,
  orderIds: number[],
  lang: Language,
  staff: boolean,
): Promise<Map<number, OrderAdjustment[]>> {
  const out = new Map<number, OrderAdjustment[]>()
  if (orderIds.length === 0) return out
  const rows = await db
    .select({
      orderId: orderAdjustments.orderId,
      promotionId: orderAdjustments.promotionId,
      code: orderAdjustments.code,
      label: orderAdjustments.label,
      translations: orderAdjustments.translations,
      target: orderAdjustments.target,
      amountCents: sql<string>`sum(round(${orderAdjustments.amount} * 100))`,
      firstId: sql<number>`min(${orderAdjustments.id})`,
    })
    .from(orderAdjustments)
    .where(inArray(orderAdjustments.orderId, orderIds))
    .groupBy(
      orderAdjustments.orderId,
      orderAdjustments.promotionId,
      orderAdjustments.code,
      orderAdjustments.label,
      orderAdjustments.translations,
      orderAdjustments.target,
    )
    .orderBy(sql`min(${orderAdjustments.id})`)
  for (const r of rows) {
    const list = out.get(r.orderId) ?? []
    list.push({
      promotion_id: r.promotionId,
      code: r.code,
      label: translatedText(r.label, r.translations, 'label', lang) ?? r.label,
      amount: Number(r.amountCents) / 100,
      target: r.target,
      ...(staff ? { label_ar: r.label, label_en: r.translations?.en?.label ?? null } : {}),
    })
    out.set(r.orderId, list)
  }
  return out
}

/** The adjustments of a pricing as the API shows them (a quote). */
export function adjustmentsView(pricing: PricedOrder, lang: Language): OrderAdjustment[] {
  return pricing.adjustments.map((a) => ({
    promotion_id: a.offerId,
    code: a.code,
    label: lang === 'en' ? a.label.en : a.label.ar,
    amount: fromCents(a.amountCents),
    target: a.target,
  }))
}

/** Decision 0228: the offers the pricing left out and why, as the quote tells them. */
export function skippedView(pricing: PricedOrder, lang: Language): QuoteSkippedOffer[] {
  return pricing.skipped.map((s) => ({
    promotion_id: s.offerId,
    code: s.code,
    label: lang === 'en' ? s.label.en : s.label.ar,
    reason: s.reason,
    missing: s.missingCents === undefined ? null : fromCents(s.missingCents),
  }))
}
