import { fromCents, toCents } from '@shop/shared/money/money'
import {
  priceOrder,
  type Offer,
  type OfferLineInput,
  type OfferSkipReason,
  type PricedOrder,
} from '@shop/shared/pricing/offers'
import type { Quote } from '@shop/shared/schemas/order'
import type { PublicOffer } from '@shop/shared/schemas/promotion'
import { toPricedLine, type CartItem } from './cart-model.ts'

// Issue 29 / decision 0176: the cart and the checkout price with the same function as the server
// (packages/shared/src/pricing/offers.ts `priceOrder`), fed with the offers the last quote sent, so a quantity change
// updates the discounts and the free-delivery hint at once; the next quote confirms. Pure, unit-tested without React.

/** The quote's offer as the pricing needs it: a fixed value in dinars becomes cents, its name labels both languages. */
export function offerOfPublic(o: PublicOffer): Offer {
  return {
    id: o.id,
    code: o.code,
    label: { ar: o.name, en: o.name },
    valueType: o.value_type,
    value: o.value_type === 'fixed' ? (toCents(o.value) ?? 0) : o.value,
    target: o.target,
    productIds: o.product_ids,
    categoryIds: o.category_ids,
    variantIds: o.variant_ids,
    minSubtotalCents: o.min_subtotal === null ? null : toCents(o.min_subtotal),
    cityIds: o.city_ids,
    paymentMethods: o.payment_methods,
    startsAt: o.starts_at,
    endsAt: o.ends_at,
    firstOrderOnly: o.first_order_only,
    retailOnly: o.retail_only,
    combinable: o.combinable,
    isActive: true,
  }
}

/** What the browser knows of the order being placed (the checkout form so far; nothing in the cart). */
export interface CartContextFacts {
  cityId: number | null
  /** The chosen city's delivery fee (cents); null while no city is chosen. */
  deliveryCents: number | null
  paymentMethod: string | null
}

/** What the last quote told that the browser cannot know: the categories of the lines, and facts the server holds. */
export interface QuoteFacts {
  /** Product id → category id. */
  categories: Map<number, number | null>
  /** Some offer for first orders applied on the server: the phone has no earlier order. */
  firstOrder: boolean | null
  /** Offers the server did not apply where the browser would have (used up, or a condition only it knows). */
  withheld: Set<number>
}

export const NO_FACTS: QuoteFacts = { categories: new Map(), firstOrder: null, withheld: new Set() }

/** The pricing's line for a cart line: the pack is its key (as on the server); a line saved without a pack gets its own. */
export function offerLinesOf(
  items: readonly CartItem[],
  categories: Map<number, number | null> = new Map(),
): OfferLineInput[] {
  return items.map((item, i) => {
    const priced = toPricedLine(item)
    return {
      key: item.variant_id ?? -(i + 1),
      productId: item.id,
      variantId: item.variant_id,
      categoryId: categories.get(item.id) ?? null,
      retailCents: priced.retailCents,
      tiers: priced.tiers ?? [],
      quantity: item.quantity,
    }
  })
}

/** Prices the cart with the quote's offers and the typed code. */
export function priceCart(
  items: readonly CartItem[],
  offers: readonly PublicOffer[],
  code: string | null,
  facts: CartContextFacts,
  known: QuoteFacts = NO_FACTS,
  now: Date = new Date(),
): PricedOrder {
  return priceOrder({
    lines: offerLinesOf(items, known.categories),
    deliveryCents: facts.deliveryCents,
    offers: offers.map(offerOfPublic),
    code,
    context: {
      now,
      cityId: facts.cityId,
      paymentMethod: facts.paymentMethod,
      firstOrder: known.firstOrder,
      usedUp: known.withheld,
    },
  })
}

/**
 * What a quote tells the browser's pricing (decision 0228): the lines' categories, and the facts only the server holds,
 * read from its answer, never guessed by pricing again: whether the phone's first order applies (a first-order offer
 * applied, or was refused for it), and the offers it did not apply for a fact the browser cannot check (used up, or
 * this phone's earlier orders). Better offers, minimums, cities and wholesale lines the browser prices itself.
 */
export function factsOfQuote(quote: Quote): QuoteFacts {
  const categories = new Map<number, number | null>()
  for (const line of quote.items) categories.set(line.product_id, line.category_id ?? null)
  const skipped = quote.not_applied ?? []
  const applied = new Set((quote.adjustments ?? []).map((a) => a.promotion_id))
  const firstApplied = (quote.offers ?? []).some((o) => o.first_order_only && applied.has(o.id))
  const firstRefused = skipped.some((s) => s.reason === 'first_order')
  const withheld = new Set(
    skipped.filter((s) => s.reason === 'used_up' || s.reason === 'first_order').map((s) => s.promotion_id),
  )
  return { categories, firstOrder: firstApplied ? true : firstRefused ? false : null, withheld }
}

/** An offer the quote did not apply, as the summaries tell it (the reason worded in the shopper's language). */
export interface NotAppliedOffer {
  key: string
  label: string
  reason: OfferSkipReason
  /** `minimum`: dinars still missing. */
  missing: number | null
}

/**
 * The quote's reasons the summary lists: the typed code's own reason is told under the code field, and a free-delivery
 * offer's minimum by the hint's bar, so neither is said twice.
 */
export function notAppliedOf(quote: Quote | null, hintOfferLabel: string | null = null): NotAppliedOffer[] {
  return (quote?.not_applied ?? [])
    .filter((s) => s.code === null)
    .filter((s) => !(s.reason === 'minimum' && hintOfferLabel !== null && s.label === hintOfferLabel))
    .map((s) => ({ key: String(s.promotion_id), label: s.label, reason: s.reason, missing: s.missing }))
}

/** A discount line as the summaries show it. */
export interface DiscountLine {
  key: string
  label: string
  code: string | null
  target: 'items' | 'delivery'
  /** Dinars, positive (shown with a minus). */
  amount: number
}

/** The figures a summary shows; amounts in cents. */
export interface CartPricing {
  subtotalCents: number
  discountCents: number
  deliveryCents: number
  /** The part of delivery the offers take off (equal to deliveryCents when delivery is free). */
  deliveryDiscountCents: number
  totalCents: number
  discounts: DiscountLine[]
  /** Cents of discount per cart line (lineKey → cents). */
  lineDiscounts: Map<string, number>
  hint: FreeDeliveryHint | null
}

export interface FreeDeliveryHint {
  missingCents: number
  /** The offer's minimum (cents), for the progress bar. */
  thresholdCents: number
  label: string
}

/** A progress from 0 to 1 towards the free-delivery minimum. */
export const hintProgress = (hint: FreeDeliveryHint) =>
  hint.thresholdCents <= 0
    ? 1
    : Math.min(1, Math.max(0, (hint.thresholdCents - hint.missingCents) / hint.thresholdCents))

/** The browser's pricing as the summary shows it. */
export function pricingOfLocal(
  priced: PricedOrder,
  items: readonly CartItem[],
  lineKeyOf: (item: CartItem) => string,
): CartPricing {
  const lineDiscounts = new Map<string, number>()
  priced.lines.forEach((l, i) => {
    if (l.discountCents > 0 && items[i]) lineDiscounts.set(lineKeyOf(items[i]!), l.discountCents)
  })
  return {
    subtotalCents: priced.subtotalCents,
    discountCents: priced.discountTotalCents,
    deliveryCents: priced.deliveryCents,
    deliveryDiscountCents: priced.deliveryDiscountCents,
    totalCents: priced.totalCents,
    discounts: priced.adjustments.map((a) => ({
      key: `${a.offerId}:${a.target}`,
      label: a.label.ar,
      code: a.code,
      target: a.target,
      amount: fromCents(a.amountCents),
    })),
    lineDiscounts,
    hint: priced.freeDeliveryHint
      ? {
          missingCents: priced.freeDeliveryHint.missingCents,
          // The minimum counts the lines after their discounts (delivery excluded).
          thresholdCents:
            priced.freeDeliveryHint.missingCents + priced.subtotalCents - priced.itemDiscountCents,
          label: priced.freeDeliveryHint.label.ar,
        }
      : null,
  }
}

/** The server's quote as the summary shows it (its figures, never added up again). */
export function pricingOfQuote(
  quote: Quote,
  items: readonly CartItem[],
  lineKeyOf: (item: CartItem) => string,
): CartPricing {
  const lineDiscounts = new Map<string, number>()
  for (const item of items) {
    const line = quote.items.find(
      (q) => q.product_id === item.id && (item.variant_id === null || q.variant_id === item.variant_id),
    )
    const cents = toCents(line?.discount ?? 0) ?? 0
    if (cents > 0) lineDiscounts.set(lineKeyOf(item), cents)
  }
  const adjustments = quote.adjustments ?? []
  const deliveryDiscount = adjustments
    .filter((a) => a.target === 'delivery')
    .reduce((s, a) => s + (toCents(a.amount) ?? 0), 0)
  const hint = quote.free_delivery_hint
  const subtotalCents = toCents(quote.subtotal) ?? 0
  const discountCents = toCents(quote.discount_total ?? 0) ?? 0
  return {
    subtotalCents,
    discountCents,
    deliveryCents: toCents(quote.delivery_price) ?? 0,
    deliveryDiscountCents: deliveryDiscount,
    totalCents: toCents(quote.total) ?? 0,
    discounts: adjustments.map((a, i) => ({
      key: `${a.promotion_id ?? `n${i}`}:${a.target}`,
      label: a.label,
      code: a.code,
      target: a.target,
      amount: a.amount,
    })),
    lineDiscounts,
    hint: hint
      ? {
          missingCents: toCents(hint.missing) ?? 0,
          thresholdCents: (toCents(hint.missing) ?? 0) + subtotalCents - (discountCents - deliveryDiscount),
          label: hint.label,
        }
      : null,
  }
}
