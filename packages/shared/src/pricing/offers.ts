// Issue 29 / decision 0170: one pricing of an order. The cart page, the checkout page, the quote and the order write all
// call `priceOrder`: lines (pack prices and quantity breaks, decision 0150) + delivery + the offers that apply →
// priced lines, adjustments and totals. The placed order stores what it returned; every view reads the stored figures.
//
// All amounts are integer hundredths of a dinar ("cents"), so every figure is a whole number of dirhams.

import type { CouponRefusal } from './coupon-refusals.ts'
import { isWholesale, lineTotalCents, unitPriceCents, type PriceTier } from './pricing.ts'

export const OFFER_VALUE_TYPES = ['percentage', 'fixed'] as const
export type OfferValueType = (typeof OFFER_VALUE_TYPES)[number]

/** What an offer takes money off: the whole order's lines, chosen lines (products, categories, packs), or delivery. */
export const OFFER_TARGETS = ['order', 'products', 'delivery'] as const
export type OfferTarget = (typeof OFFER_TARGETS)[number]

/** An offer as the pricing needs it (the API's Promotion in cents). */
export interface Offer {
  id: number
  /** The code a shopper types (compared without case); null for an automatic offer. */
  code: string | null
  /** The label shoppers see, in Arabic and English. */
  label: { ar: string; en: string }
  valueType: OfferValueType
  /** A percentage (0 < value ≤ 100) or a sum in cents. */
  value: number
  target: OfferTarget
  /** With target `products`: a line qualifies when its product, its product's category or its pack is listed. */
  productIds: readonly number[]
  categoryIds: readonly number[]
  variantIds: readonly number[]
  /** The lines' total after earlier item discounts must reach this (delivery excluded); null: no minimum. */
  minSubtotalCents: number | null
  /** Empty: every city. */
  cityIds: readonly number[]
  /** Empty: every payment method. */
  paymentMethods: readonly string[]
  /** ISO instants (the dashboard enters them in the shop's time zone); null: open. */
  startsAt: string | null
  endsAt: string | null
  firstOrderOnly: boolean
  /** Wholesale lines (a quantity break applies) take no discount from it (tiers are prices, not offers). */
  retailOnly: boolean
  /** Applies together with other combinable offers; a non-combinable offer applies alone. */
  combinable: boolean
  isActive: boolean
}

export interface OfferLineInput {
  /** The caller's key of the line (the pack id in the shop). */
  key: number
  productId: number
  variantId: number | null
  categoryId: number | null
  retailCents: number
  tiers: readonly PriceTier[]
  quantity: number
}

/** What the pricing knows of the order being placed; null: not known yet (the cart before the checkout form). */
export interface OfferContext {
  now: Date
  cityId: number | null
  paymentMethod: string | null
  /** The phone has no earlier order that was not cancelled. */
  firstOrder: boolean | null
  /** Offers whose uses are all taken, in total or by this customer (the server counts them). */
  usedUp?: ReadonlySet<number>
}

export interface PricingInput {
  lines: readonly OfferLineInput[]
  /** The city's delivery fee; null while no city is chosen. */
  deliveryCents: number | null
  /** The active automatic offers and, when the shopper typed a code, the offer with that code (if any). */
  offers: readonly Offer[]
  /** The code the shopper typed (trimmed); null or '' for none. */
  code?: string | null
  context: OfferContext
}

export interface PricedOrderLine extends OfferLineInput {
  unitCents: number
  lineCents: number
  isWholesale: boolean
  /** This line's part of the item discounts. */
  discountCents: number
}

export interface Adjustment {
  offerId: number
  code: string | null
  label: { ar: string; en: string }
  target: 'items' | 'delivery'
  amountCents: number
  /** For item adjustments, each line's part (by line key); the parts add up to amountCents. */
  lines: { key: number; amountCents: number }[]
}

export { COUPON_REFUSALS, type CouponRefusal } from './coupon-refusals.ts'

export interface CouponResult {
  code: string
  /** The code's discount is in the order. */
  applied: boolean
  /** Why it cannot apply (refused); or null when it qualifies but a better offer that does not combine with it won. */
  refusal: CouponRefusal | null
  /** COUPON_MINIMUM: how much more the lines must reach (cents). */
  missingCents?: number
}

/**
 * Why an offer that could concern this cart is not in it (decision 0228): the quote tells the browser, and the order
 * keeps a typed code that lost to a better offer (decision 0227).
 * - `better_offer`: it qualifies, but a set of offers that takes more off won (offers that do not combine);
 * - `minimum`: the lines do not reach its minimum yet (`missingCents`);
 * - `wholesale`: it concerns only lines sold at a wholesale price, which it leaves alone;
 * - `city`, `payment_method`, `first_order`, `used_up`: a condition this order does not meet;
 * - `needs_city`, `needs_payment_method`, `needs_phone`: a condition the checkout form has not answered yet.
 * A typed code's refusals (COUPON_…) are not repeated here: the quote and the order answer them with a 422.
 */
export const OFFER_SKIP_REASONS = [
  'better_offer',
  'minimum',
  'wholesale',
  'city',
  'payment_method',
  'first_order',
  'used_up',
  'needs_city',
  'needs_payment_method',
  'needs_phone',
] as const
export type OfferSkipReason = (typeof OFFER_SKIP_REASONS)[number]

export interface SkippedOffer {
  offerId: number
  code: string | null
  label: { ar: string; en: string }
  reason: OfferSkipReason
  /** `minimum`: how much more the lines must reach (cents). */
  missingCents?: number
}

export interface PricedOrder {
  lines: PricedOrderLine[]
  adjustments: Adjustment[]
  subtotalCents: number
  itemDiscountCents: number
  deliveryDiscountCents: number
  discountTotalCents: number
  /** The city's fee before any delivery discount (0 while no city is chosen). */
  deliveryCents: number
  /** subtotal − discount_total + delivery; never negative. */
  totalCents: number
  coupon: CouponResult | null
  /** The nearest automatic free-delivery offer the lines do not reach yet: how much more is needed. */
  freeDeliveryHint: { offerId: number; missingCents: number; label: { ar: string; en: string } } | null
  /** The offers that concern the cart but are not in it, and why (automatic offers, then the typed code). */
  skipped: SkippedOffer[]
}

/** Codes compare as the shopper types them, without case and surrounding spaces. */
export const normalizeCode = (code: string) => code.trim().toUpperCase()

/** More than one code in the field ("EID10 RAMADAN", "A,B"). */
export const isSeveralCodes = (code: string) => /[\s,،;+]/.test(code.trim())

type Failure = CouponRefusal | null

/** The conditions other than the minimum, which depends on the discounts applied before it. */
function conditionFailure(offer: Offer, ctx: OfferContext, lenient: boolean): Failure {
  if (!offer.isActive) return 'COUPON_UNKNOWN'
  const now = ctx.now.getTime()
  if (offer.startsAt !== null && now < Date.parse(offer.startsAt)) return 'COUPON_NOT_STARTED'
  if (offer.endsAt !== null && now >= Date.parse(offer.endsAt)) return 'COUPON_ENDED'
  // Unknown facts (no city, method or phone yet): a typed code is accepted for now and checked when they are known;
  // an automatic offer promises nothing until they are.
  if (offer.cityIds.length > 0) {
    if (ctx.cityId === null) {
      if (!lenient) return 'COUPON_CITY'
    } else if (!offer.cityIds.includes(ctx.cityId)) return 'COUPON_CITY'
  }
  if (offer.paymentMethods.length > 0) {
    if (ctx.paymentMethod === null) {
      if (!lenient) return 'COUPON_PAYMENT_METHOD'
    } else if (!offer.paymentMethods.includes(ctx.paymentMethod)) return 'COUPON_PAYMENT_METHOD'
  }
  if (offer.firstOrderOnly) {
    if (ctx.firstOrder === null) {
      if (!lenient) return 'COUPON_FIRST_ORDER'
    } else if (!ctx.firstOrder) return 'COUPON_FIRST_ORDER'
  }
  if (ctx.usedUp?.has(offer.id)) return 'COUPON_USED_UP'
  return null
}

function lineQualifies(offer: Offer, line: PricedOrderLine): boolean {
  if (offer.retailOnly && line.isWholesale) return false
  if (offer.target === 'order') return true
  if (offer.target !== 'products') return false
  return (
    offer.productIds.includes(line.productId) ||
    (line.categoryId !== null && offer.categoryIds.includes(line.categoryId)) ||
    (line.variantId !== null && offer.variantIds.includes(line.variantId))
  )
}

/**
 * A percentage (to the hundredth, as stored) of an amount in cents, rounded to the nearest dirham, half up. In whole
 * numbers: 64.6 % of 2.50 is 1.615 → 1.62, where `Math.round(250 * 64.6 / 100)` gives 1.61 (64.6 is 64.59999… in
 * binary).
 */
export function percentOf(cents: number, percent: number): number {
  const hundredths = Math.round(percent * 100)
  const n = cents * hundredths + 5000
  if (Number.isSafeInteger(n)) return (n - (n % 10_000)) / 10_000
  return Number((BigInt(cents) * BigInt(hundredths) + BigInt(5000)) / BigInt(10_000))
}

/**
 * Splits `amount` over `weights` in proportion (largest remainder), each part at most its weight, parts adding up to
 * `amount` exactly (amount ≤ Σ weights).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0)
  if (total <= 0 || amount <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (amount * w) / total)
  const parts = exact.map((x) => Math.floor(x))
  let left = amount - parts.reduce((s, p) => s + p, 0)
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    if (parts[i]! < weights[i]!) {
      parts[i]! += 1
      left -= 1
    }
  }
  return parts
}

interface Applied {
  adjustments: Adjustment[]
  itemDiscount: number
  deliveryDiscount: number
  /** The offers of the set that did not reach their minimum (by id → cents missing). */
  belowMinimum: Map<number, number>
}

/** Applies a set of offers in order: item offers first (each on what earlier ones left), then delivery offers. */
function applySet(
  set: readonly Offer[],
  lines: readonly PricedOrderLine[],
  deliveryCents: number | null,
): Applied {
  const remaining = lines.map((l) => l.lineCents)
  const adjustments: Adjustment[] = []
  const belowMinimum = new Map<number, number>()
  let itemDiscount = 0
  const subtotal = lines.reduce((s, l) => s + l.lineCents, 0)
  const items = set.filter((o) => o.target !== 'delivery')
  const delivery = set.filter((o) => o.target === 'delivery')
  for (const offer of items) {
    const reached = subtotal - itemDiscount
    if (offer.minSubtotalCents !== null && reached < offer.minSubtotalCents) {
      belowMinimum.set(offer.id, offer.minSubtotalCents - reached)
      continue
    }
    const eligible = lines.map((l, i) => (lineQualifies(offer, l) ? remaining[i]! : 0))
    const base = eligible.reduce((s, w) => s + w, 0)
    if (base <= 0) continue
    const amount = Math.min(
      base,
      offer.valueType === 'percentage' ? percentOf(base, offer.value) : Math.round(offer.value),
    )
    if (amount <= 0) continue
    const parts = allocate(amount, eligible)
    parts.forEach((p, i) => (remaining[i]! -= p))
    itemDiscount += amount
    adjustments.push({
      offerId: offer.id,
      code: offer.code,
      label: offer.label,
      target: 'items',
      amountCents: amount,
      lines: lines.flatMap((l, i) => (parts[i]! > 0 ? [{ key: l.key, amountCents: parts[i]! }] : [])),
    })
  }
  let deliveryDiscount = 0
  for (const offer of delivery) {
    const reached = subtotal - itemDiscount
    if (offer.minSubtotalCents !== null && reached < offer.minSubtotalCents) {
      belowMinimum.set(offer.id, offer.minSubtotalCents - reached)
      continue
    }
    if (deliveryCents === null) continue
    const left = deliveryCents - deliveryDiscount
    if (left <= 0) continue
    const amount = Math.min(
      left,
      offer.valueType === 'percentage' ? percentOf(deliveryCents, offer.value) : Math.round(offer.value),
    )
    if (amount <= 0) continue
    deliveryDiscount += amount
    adjustments.push({
      offerId: offer.id,
      code: offer.code,
      label: offer.label,
      target: 'delivery',
      amountCents: amount,
      lines: [],
    })
  }
  return { adjustments, itemDiscount, deliveryDiscount, belowMinimum }
}

const byId = (a: Offer, b: Offer) => a.id - b.id

/** Prices the lines by their packs' prices and quantity breaks. */
export function priceLines(lines: readonly OfferLineInput[]): PricedOrderLine[] {
  return lines.map((l) => {
    const line = { retailCents: l.retailCents, tiers: l.tiers, quantity: l.quantity }
    return {
      ...l,
      unitCents: unitPriceCents(line),
      lineCents: lineTotalCents(line),
      isWholesale: isWholesale(line),
      discountCents: 0,
    }
  })
}

/**
 * Decision 0170, the rules:
 * - at most one code per order; the automatic offers that qualify apply with it;
 * - combinable offers apply together; a non-combinable offer applies alone; of the possible sets the one that takes the
 *   most off the order wins (the shopper's best), a set holding the typed code winning a tie;
 * - item offers apply before delivery offers, each on what earlier ones left (automatic before the code, then by id);
 *   a minimum is checked on the lines' total after the item discounts applied before it, delivery excluded;
 * - a percentage is rounded to the dirham; a fixed sum never takes more than what it applies to; nothing goes below 0.
 */
export function priceOrder(input: PricingInput): PricedOrder {
  const lines = priceLines(input.lines)
  const subtotal = lines.reduce((s, l) => s + l.lineCents, 0)
  const typed = input.code ? input.code.trim() : ''
  const ctx = input.context

  let coupon: CouponResult | null = null
  let codeOffer: Offer | null = null
  if (typed) {
    if (isSeveralCodes(typed)) coupon = { code: typed, applied: false, refusal: 'COUPON_ONE_ONLY' }
    else {
      const found = input.offers.find(
        (o) => o.code !== null && normalizeCode(o.code) === normalizeCode(typed),
      )
      const failure = found ? conditionFailure(found, ctx, true) : 'COUPON_UNKNOWN'
      if (failure) coupon = { code: typed, applied: false, refusal: failure }
      else {
        codeOffer = found!
        coupon = { code: typed, applied: false, refusal: null }
      }
    }
  }
  const automatic = input.offers
    .filter((o) => o.code === null && conditionFailure(o, ctx, false) === null)
    .sort(byId)

  // The candidate sets: every combinable offer together (the code among them when it combines), each
  // non-combinable offer alone.
  const together = [...automatic.filter((o) => o.combinable), ...(codeOffer?.combinable ? [codeOffer] : [])]
  const alone = [
    ...automatic.filter((o) => !o.combinable),
    ...(codeOffer && !codeOffer.combinable ? [codeOffer] : []),
  ]
  const sets: Offer[][] = [together, ...alone.map((o) => [o])].filter((s) => s.length > 0)
  let best: { set: Offer[]; applied: Applied } | null = null
  const taken = (a: Applied) => a.itemDiscount + a.deliveryDiscount
  const results = new Map<Offer[], Applied>()
  for (const set of sets) {
    const applied = applySet(set, lines, input.deliveryCents)
    results.set(set, applied)
    if (!best) best = { set, applied }
    else {
      const more = taken(applied) - taken(best.applied)
      const hasCode = (s: Offer[], a: Applied) =>
        codeOffer !== null && s.includes(codeOffer) && a.adjustments.some((x) => x.offerId === codeOffer.id)
      if (more > 0 || (more === 0 && hasCode(set, applied) && !hasCode(best.set, best.applied)))
        best = { set, applied }
    }
  }
  const applied: Applied = best?.applied ?? {
    adjustments: [],
    itemDiscount: 0,
    deliveryDiscount: 0,
    belowMinimum: new Map(),
  }

  if (codeOffer && coupon) {
    const inBest = applied.adjustments.some((a) => a.offerId === codeOffer.id)
    if (inBest) coupon = { ...coupon, applied: true }
    else {
      // Why the code is not in the order: its minimum (in its set, after the item discounts applied before it), or
      // nothing it applies to; otherwise a better offer that does not combine with it won (not a refusal).
      const own = applySet([codeOffer], lines, input.deliveryCents)
      const codeSet = sets.find((s) => s.includes(codeOffer))
      const missing =
        (codeSet && results.get(codeSet)?.belowMinimum.get(codeOffer.id)) ??
        own.belowMinimum.get(codeOffer.id)
      const waitsForCity = codeOffer.target === 'delivery' && input.deliveryCents === null
      if (missing !== undefined) coupon = { ...coupon, refusal: 'COUPON_MINIMUM', missingCents: missing }
      else if (own.adjustments.length === 0 && !waitsForCity)
        coupon = { ...coupon, refusal: 'COUPON_NOT_APPLICABLE' }
    }
  }

  for (const adj of applied.adjustments)
    for (const part of adj.lines) {
      const line = lines.find((l) => l.key === part.key)
      if (line) line.discountCents += part.amountCents
    }

  const deliveryCents = input.deliveryCents ?? 0
  const discountTotal = applied.itemDiscount + applied.deliveryDiscount
  const itemsAfter = subtotal - applied.itemDiscount

  // "Add X for free delivery": an automatic delivery offer that takes the whole fee, whose only missing condition is
  // its minimum, and that is not already free.
  let freeDeliveryHint: PricedOrder['freeDeliveryHint'] = null
  if (applied.deliveryDiscount === 0 || applied.deliveryDiscount < deliveryCents) {
    for (const offer of automatic) {
      if (offer.target !== 'delivery' || offer.minSubtotalCents === null) continue
      const free =
        (offer.valueType === 'percentage' && offer.value >= 100) ||
        (offer.valueType === 'fixed' && input.deliveryCents !== null && offer.value >= input.deliveryCents)
      if (!free) continue
      const missing = offer.minSubtotalCents - itemsAfter
      if (missing <= 0) continue
      if (!freeDeliveryHint || missing < freeDeliveryHint.missingCents)
        freeDeliveryHint = { offerId: offer.id, missingCents: missing, label: offer.label }
    }
  }

  return {
    lines,
    adjustments: applied.adjustments,
    subtotalCents: subtotal,
    itemDiscountCents: applied.itemDiscount,
    deliveryDiscountCents: applied.deliveryDiscount,
    discountTotalCents: discountTotal,
    deliveryCents,
    totalCents: Math.max(0, itemsAfter + deliveryCents - applied.deliveryDiscount),
    coupon,
    freeDeliveryHint,
    skipped: skippedOffers(input, lines, applied, codeOffer, coupon),
  }
}

const FACT_REASONS: Partial<Record<CouponRefusal, OfferSkipReason>> = {
  COUPON_CITY: 'city',
  COUPON_PAYMENT_METHOD: 'payment_method',
  COUPON_FIRST_ORDER: 'first_order',
  COUPON_USED_UP: 'used_up',
}

/** Why an offer that passed its conditions is not in the winning set; null when nothing in the cart concerns it. */
function whyNotIn(offer: Offer, lines: readonly PricedOrderLine[], deliveryCents: number | null) {
  const own = applySet([offer], lines, deliveryCents)
  const missing = own.belowMinimum.get(offer.id)
  if (missing !== undefined) return { reason: 'minimum' as const, missingCents: missing }
  if (own.adjustments.length > 0) return { reason: 'better_offer' as const }
  if (offer.target === 'delivery') return deliveryCents === null ? { reason: 'needs_city' as const } : null
  // Lines it would concern, were they sold at the retail price: "not for wholesale lines" is why.
  const retail =
    offer.retailOnly && lines.some((l) => l.isWholesale && lineQualifies({ ...offer, retailOnly: false }, l))
  return retail ? { reason: 'wholesale' as const } : null
}

/**
 * Decision 0228: the offers the quote reports as not applied. An automatic offer is reported when it concerns the cart
 * (it would take something off these lines, or only a condition stands in the way); a scheduled one is never told
 * before it starts, and an offer for other products is not this cart's business.
 */
function skippedOffers(
  input: PricingInput,
  lines: readonly PricedOrderLine[],
  applied: Applied,
  codeOffer: Offer | null,
  coupon: CouponResult | null,
): SkippedOffer[] {
  const inOrder = new Set(applied.adjustments.map((a) => a.offerId))
  const ctx = input.context
  const out: SkippedOffer[] = []
  const push = (o: Offer, why: { reason: OfferSkipReason; missingCents?: number }) =>
    out.push({ offerId: o.id, code: o.code, label: o.label, ...why })
  for (const offer of [...input.offers].filter((o) => o.code === null).sort(byId)) {
    if (inOrder.has(offer.id)) continue
    const failure = conditionFailure(offer, ctx, false)
    // Would it take anything off this cart, its conditions aside?
    const concerns = whyNotIn({ ...offer, minSubtotalCents: null }, lines, input.deliveryCents ?? 1)
    if (failure === null) {
      const why = whyNotIn(offer, lines, input.deliveryCents)
      if (why) push(offer, why)
    } else if (concerns && FACT_REASONS[failure]) {
      const unknown =
        (failure === 'COUPON_CITY' && ctx.cityId === null) ||
        (failure === 'COUPON_PAYMENT_METHOD' && ctx.paymentMethod === null) ||
        (failure === 'COUPON_FIRST_ORDER' && ctx.firstOrder === null)
      const pending = { COUPON_CITY: 'needs_city', COUPON_PAYMENT_METHOD: 'needs_payment_method' } as const
      if (!unknown) push(offer, { reason: FACT_REASONS[failure]! })
      else
        push(offer, {
          reason: failure === 'COUPON_FIRST_ORDER' ? 'needs_phone' : pending[failure as keyof typeof pending],
        })
    }
  }
  // The typed code: refused codes are answered by the 422; one that qualifies and is not in the order lost, or waits.
  if (codeOffer && coupon && !coupon.applied && coupon.refusal === null) {
    const why = whyNotIn(codeOffer, lines, input.deliveryCents)
    push(codeOffer, why && why.reason !== 'minimum' ? why : { reason: 'better_offer' })
  }
  return out
}
