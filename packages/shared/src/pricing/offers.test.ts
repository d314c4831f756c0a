import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allocate,
  isSeveralCodes,
  percentOf,
  priceOrder,
  type Offer,
  type OfferContext,
  type OfferLineInput,
  type PricedOrder,
  type PricingInput,
} from './offers.ts'

// Issue 29 / decision 0170: the rules of the one pricing of an order, one by one, then a property over random carts.

const offer = (over: Partial<Offer> = {}): Offer => ({
  id: 1,
  code: null,
  label: { ar: 'عرض', en: 'Offer' },
  valueType: 'percentage',
  value: 10,
  target: 'order',
  productIds: [],
  categoryIds: [],
  variantIds: [],
  minSubtotalCents: null,
  cityIds: [],
  paymentMethods: [],
  startsAt: null,
  endsAt: null,
  firstOrderOnly: false,
  retailOnly: false,
  combinable: false,
  isActive: true,
  ...over,
})

/** 10 units of a pack at 20.00 with a break at 10 (16.00): retail below 10, wholesale from 10. */
const line = (over: Partial<OfferLineInput> = {}): OfferLineInput => ({
  key: 1,
  productId: 1,
  variantId: 1,
  categoryId: null,
  retailCents: 2000,
  tiers: [{ minQuantity: 10, priceCents: 1600 }],
  quantity: 1,
  ...over,
})

const NOW = new Date('2026-11-27T10:00:00Z')
const context = (over: Partial<OfferContext> = {}): OfferContext => ({
  now: NOW,
  cityId: 1,
  paymentMethod: 'cash',
  firstOrder: true,
  ...over,
})

const price = (over: Partial<PricingInput> & { ctx?: Partial<OfferContext> } = {}): PricedOrder => {
  const { ctx, ...rest } = over
  return priceOrder({
    lines: [line()],
    deliveryCents: 1000,
    offers: [],
    code: null,
    context: context(ctx),
    ...rest,
  })
}

/** The money identities every priced order keeps. */
function expectConsistent(p: PricedOrder) {
  const items = p.adjustments.filter((a) => a.target === 'items')
  const delivery = p.adjustments.filter((a) => a.target === 'delivery')
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
  expect(p.subtotalCents).toBe(sum(p.lines.map((l) => l.lineCents)))
  expect(p.itemDiscountCents).toBe(sum(items.map((a) => a.amountCents)))
  expect(p.deliveryDiscountCents).toBe(sum(delivery.map((a) => a.amountCents)))
  expect(p.discountTotalCents).toBe(p.itemDiscountCents + p.deliveryDiscountCents)
  expect(sum(p.lines.map((l) => l.discountCents))).toBe(p.itemDiscountCents)
  for (const a of items) expect(sum(a.lines.map((l) => l.amountCents))).toBe(a.amountCents)
  for (const l of p.lines) expect(l.discountCents).toBeLessThanOrEqual(l.lineCents)
  expect(p.deliveryDiscountCents).toBeLessThanOrEqual(p.deliveryCents)
  expect(p.totalCents).toBe(p.subtotalCents - p.discountTotalCents + p.deliveryCents)
  expect(p.totalCents).toBeGreaterThanOrEqual(0)
  for (const x of [
    p.subtotalCents,
    p.discountTotalCents,
    p.deliveryCents,
    p.totalCents,
    ...p.adjustments.map((a) => a.amountCents),
    ...p.lines.map((l) => l.discountCents),
  ]) {
    expect(Number.isInteger(x)).toBe(true)
    expect(x).toBeGreaterThanOrEqual(0)
  }
  for (const a of p.adjustments) expect(a.amountCents).toBeGreaterThan(0)
}

describe('amounts and targets', () => {
  it('takes a percentage off the whole order, rounded to the dirham', () => {
    // 3 × 20.00 = 60.00; 12.5 % = 7.50. 7 × 20.00 = 140.00 at 3.33 % = 4.662 → 4.66.
    const p = price({ lines: [line({ quantity: 3 })], offers: [offer({ value: 12.5 })] })
    expect(p.subtotalCents).toBe(6000)
    expect(p.discountTotalCents).toBe(750)
    expect(p.totalCents).toBe(6000 - 750 + 1000)
    expect(p.adjustments).toEqual([
      {
        offerId: 1,
        code: null,
        label: { ar: 'عرض', en: 'Offer' },
        target: 'items',
        amountCents: 750,
        lines: [{ key: 1, amountCents: 750 }],
      },
    ])
    const odd = price({ lines: [line({ quantity: 7 })], offers: [offer({ value: 3.33 })] })
    expect(odd.discountTotalCents).toBe(466)
    // Half a dirham rounds up: 1.05 at 50 % = 0.525 → 0.53.
    const half = price({ lines: [line({ retailCents: 105, tiers: [] })], offers: [offer({ value: 50 })] })
    expect(half.discountTotalCents).toBe(53)
    expectConsistent(p)
    expectConsistent(odd)
  })

  it('takes a fixed sum off the order, never more than the lines', () => {
    const p = price({ lines: [line({ quantity: 2 })], offers: [offer({ valueType: 'fixed', value: 1500 })] })
    expect(p.discountTotalCents).toBe(1500)
    expect(p.totalCents).toBe(4000 - 1500 + 1000)
    const over = price({
      lines: [line({ quantity: 2 })],
      offers: [offer({ valueType: 'fixed', value: 99_999 })],
    })
    expect(over.discountTotalCents).toBe(4000)
    expect(over.totalCents).toBe(1000)
    expectConsistent(over)
  })

  it('a 100 % offer on the order leaves only the delivery to pay', () => {
    const p = price({ lines: [line({ quantity: 3 })], offers: [offer({ value: 100 })] })
    expect(p.totalCents).toBe(1000)
    expectConsistent(p)
  })

  const cart = [
    line({ key: 11, productId: 1, variantId: 11, categoryId: 7, quantity: 2 }), // 40.00
    line({
      key: 12,
      productId: 1,
      variantId: 12,
      categoryId: 7,
      retailCents: 10_500,
      tiers: [],
      quantity: 1,
    }), // 105.00
    line({ key: 21, productId: 2, variantId: 21, categoryId: 8, retailCents: 3000, tiers: [], quantity: 1 }), // 30.00
  ]

  it('applies to chosen products: every pack of the product, nothing else', () => {
    const p = price({ lines: cart, offers: [offer({ target: 'products', productIds: [1] })] })
    // 10 % of 40.00 + 105.00 = 14.50, split 4.00 / 10.50.
    expect(p.discountTotalCents).toBe(1450)
    expect(p.adjustments[0]!.lines).toEqual([
      { key: 11, amountCents: 400 },
      { key: 12, amountCents: 1050 },
    ])
    expect(p.lines.map((l) => l.discountCents)).toEqual([400, 1050, 0])
    expectConsistent(p)
  })

  it('applies to chosen categories', () => {
    const p = price({ lines: cart, offers: [offer({ target: 'products', categoryIds: [8] })] })
    expect(p.lines.map((l) => l.discountCents)).toEqual([0, 0, 300])
  })

  it('applies to chosen packs only', () => {
    const p = price({ lines: cart, offers: [offer({ target: 'products', variantIds: [12] })] })
    expect(p.lines.map((l) => l.discountCents)).toEqual([0, 1050, 0])
    // A fixed sum on chosen lines is taken once from them together, at most their total.
    const fixed = price({
      lines: cart,
      offers: [offer({ target: 'products', variantIds: [11, 21], valueType: 'fixed', value: 99_999 })],
    })
    expect(fixed.lines.map((l) => l.discountCents)).toEqual([4000, 0, 3000])
    expectConsistent(fixed)
  })

  it('a products offer with no line that qualifies takes nothing (automatic) and refuses as a code', () => {
    const auto = price({ lines: cart, offers: [offer({ target: 'products', productIds: [99] })] })
    expect(auto.adjustments).toEqual([])
    expect(auto.discountTotalCents).toBe(0)
    const code = price({
      lines: cart,
      code: 'DATES',
      offers: [offer({ code: 'DATES', target: 'products', productIds: [99] })],
    })
    expect(code.coupon).toEqual({ code: 'DATES', applied: false, refusal: 'COUPON_NOT_APPLICABLE' })
  })

  it('retail_only skips wholesale lines: tiers are prices, not offers', () => {
    const lines = [
      line({ key: 1, quantity: 10 }), // wholesale: 10 × 16.00 = 160.00
      line({ key: 2, variantId: 2, quantity: 2 }), // retail: 40.00
    ]
    const retail = price({ lines, offers: [offer({ retailOnly: true })] })
    expect(retail.lines.map((l) => [l.isWholesale, l.discountCents])).toEqual([
      [true, 0],
      [false, 400],
    ])
    // Without retail_only the offer applies on top of the wholesale price.
    const both = price({ lines, offers: [offer()] })
    expect(both.lines.map((l) => l.discountCents)).toEqual([1600, 400])
    // Only wholesale lines: a retail-only code has nothing to apply to.
    const code = price({
      lines: [line({ quantity: 12 })],
      code: 'retail',
      offers: [offer({ code: 'RETAIL', retailOnly: true })],
    })
    expect(code.coupon?.refusal).toBe('COUPON_NOT_APPLICABLE')
  })

  it('makes delivery free, or reduces it, never below zero', () => {
    const free = price({ offers: [offer({ target: 'delivery', value: 100 })] })
    expect(free.deliveryCents).toBe(1000)
    expect(free.deliveryDiscountCents).toBe(1000)
    expect(free.adjustments).toEqual([
      expect.objectContaining({ target: 'delivery', amountCents: 1000, lines: [] }),
    ])
    expect(free.totalCents).toBe(2000)
    const half = price({ offers: [offer({ target: 'delivery', value: 50 })] })
    expect(half.deliveryDiscountCents).toBe(500)
    const fixed = price({ offers: [offer({ target: 'delivery', valueType: 'fixed', value: 300 })] })
    expect(fixed.deliveryDiscountCents).toBe(300)
    const more = price({ offers: [offer({ target: 'delivery', valueType: 'fixed', value: 5000 })] })
    expect(more.deliveryDiscountCents).toBe(1000)
    expect(more.totalCents).toBe(2000)
    for (const p of [free, half, fixed, more]) expectConsistent(p)
  })

  it('a delivery offer takes nothing while no city is chosen, and the code waits for the city', () => {
    const p = price({
      deliveryCents: null,
      code: 'SHIP',
      offers: [offer({ code: 'SHIP', target: 'delivery', value: 100 })],
    })
    expect(p.deliveryCents).toBe(0)
    expect(p.discountTotalCents).toBe(0)
    expect(p.coupon).toEqual({ code: 'SHIP', applied: false, refusal: null })
  })
})

describe('conditions', () => {
  it('minimum subtotal: applies at the minimum, refuses one dirham below with what is missing', () => {
    const min = offer({ code: 'MIN50', minSubtotalCents: 5000 })
    const at = price({
      lines: [line({ retailCents: 2500, tiers: [], quantity: 2 })],
      code: 'min50',
      offers: [min],
    })
    expect(at.coupon).toEqual({ code: 'min50', applied: true, refusal: null })
    expect(at.discountTotalCents).toBe(500)
    const below = price({ lines: [line({ retailCents: 4999, tiers: [] })], code: 'MIN50', offers: [min] })
    expect(below.coupon).toEqual({
      code: 'MIN50',
      applied: false,
      refusal: 'COUPON_MINIMUM',
      missingCents: 1,
    })
    expect(below.discountTotalCents).toBe(0)
  })

  it('the minimum excludes delivery and counts the item discounts applied before it', () => {
    // 50.00 of lines with a 10.00 fee: 60.00 is not 50.00 of lines.
    const min = offer({ id: 2, code: 'MIN55', minSubtotalCents: 5500, combinable: true })
    const lines = [line({ retailCents: 5000, tiers: [] })]
    expect(price({ lines, code: 'MIN55', offers: [min] }).coupon).toMatchObject({
      refusal: 'COUPON_MINIMUM',
      missingCents: 500,
    })
    // An automatic 10 % before it leaves 45.00 of 50.00: a minimum of 50.00 is missed by 5.00.
    const auto = offer({ id: 1, combinable: true })
    const min50 = offer({ id: 2, code: 'MIN50', minSubtotalCents: 5000, combinable: true })
    const p = price({ lines, code: 'MIN50', offers: [auto, min50] })
    expect(p.adjustments.map((a) => a.offerId)).toEqual([1])
    expect(p.coupon).toMatchObject({ applied: false, refusal: 'COUPON_MINIMUM', missingCents: 500 })
  })

  it('an automatic free-delivery minimum is checked after the item discounts', () => {
    const lines = [line({ retailCents: 20_000, tiers: [] })] // 200.00
    const items = offer({ id: 1, combinable: true }) // 10 % → 180.00
    const ship = offer({ id: 2, target: 'delivery', value: 100, minSubtotalCents: 20_000, combinable: true })
    const p = price({ lines, offers: [items, ship] })
    expect(p.deliveryDiscountCents).toBe(0)
    expect(p.freeDeliveryHint).toEqual({ offerId: 2, missingCents: 2000, label: ship.label })
    const alone = price({ lines, offers: [ship] })
    expect(alone.deliveryDiscountCents).toBe(1000)
    expect(alone.freeDeliveryHint).toBeNull()
  })

  it('window: starts_at is inclusive, ends_at exclusive', () => {
    const w = offer({
      code: 'EID',
      startsAt: '2026-12-10T00:00:00.000Z',
      endsAt: '2026-12-20T00:00:00.000Z',
    })
    const at = (iso: string) => price({ code: 'EID', offers: [w], ctx: { now: new Date(iso) } }).coupon
    expect(at('2026-12-09T23:59:59.999Z')).toMatchObject({ applied: false, refusal: 'COUPON_NOT_STARTED' })
    expect(at('2026-12-10T00:00:00.000Z')).toMatchObject({ applied: true, refusal: null })
    expect(at('2026-12-19T23:59:59.999Z')).toMatchObject({ applied: true, refusal: null })
    expect(at('2026-12-20T00:00:00.000Z')).toMatchObject({ applied: false, refusal: 'COUPON_ENDED' })
    expect(at('2027-01-01T00:00:00.000Z')).toMatchObject({ refusal: 'COUPON_ENDED' })
    // An automatic offer outside its window simply does not apply.
    const auto = { ...w, code: null }
    expect(price({ offers: [auto], ctx: { now: new Date('2026-12-20T00:00:00.000Z') } }).adjustments).toEqual(
      [],
    )
    expect(
      price({ offers: [auto], ctx: { now: new Date('2026-12-10T00:00:00.000Z') } }).adjustments,
    ).toHaveLength(1)
  })

  it('cities: another city refuses; an unknown city accepts a code for now but no automatic offer', () => {
    const code = offer({ code: 'TRIPOLI', cityIds: [1, 3] })
    expect(price({ code: 'TRIPOLI', offers: [code], ctx: { cityId: 3 } }).coupon?.applied).toBe(true)
    expect(price({ code: 'TRIPOLI', offers: [code], ctx: { cityId: 2 } }).coupon?.refusal).toBe('COUPON_CITY')
    expect(price({ code: 'TRIPOLI', offers: [code], ctx: { cityId: null } }).coupon?.refusal).toBeNull()
    const auto = offer({ target: 'delivery', value: 100, cityIds: [1] })
    expect(price({ offers: [auto], ctx: { cityId: 1 } }).deliveryDiscountCents).toBe(1000)
    expect(price({ offers: [auto], ctx: { cityId: 2 } }).deliveryDiscountCents).toBe(0)
    expect(price({ offers: [auto], deliveryCents: null, ctx: { cityId: null } }).adjustments).toEqual([])
  })

  it('payment methods', () => {
    const code = offer({ code: 'CARD', paymentMethods: ['plutu', 'paypal'] })
    expect(price({ code: 'CARD', offers: [code], ctx: { paymentMethod: 'plutu' } }).coupon?.applied).toBe(
      true,
    )
    expect(price({ code: 'CARD', offers: [code], ctx: { paymentMethod: 'cash' } }).coupon?.refusal).toBe(
      'COUPON_PAYMENT_METHOD',
    )
    expect(price({ code: 'CARD', offers: [code], ctx: { paymentMethod: null } }).coupon?.refusal).toBeNull()
    const auto = offer({ paymentMethods: ['plutu'] })
    expect(price({ offers: [auto], ctx: { paymentMethod: 'cash' } }).adjustments).toEqual([])
    expect(price({ offers: [auto], ctx: { paymentMethod: null } }).adjustments).toEqual([])
    expect(price({ offers: [auto], ctx: { paymentMethod: 'plutu' } }).adjustments).toHaveLength(1)
  })

  it('first order only', () => {
    const code = offer({ code: 'WELCOME', firstOrderOnly: true })
    expect(price({ code: 'WELCOME', offers: [code], ctx: { firstOrder: true } }).coupon?.applied).toBe(true)
    expect(price({ code: 'WELCOME', offers: [code], ctx: { firstOrder: false } }).coupon?.refusal).toBe(
      'COUPON_FIRST_ORDER',
    )
    expect(price({ code: 'WELCOME', offers: [code], ctx: { firstOrder: null } }).coupon?.refusal).toBeNull()
    const auto = offer({ firstOrderOnly: true })
    expect(price({ offers: [auto], ctx: { firstOrder: false } }).adjustments).toEqual([])
    expect(price({ offers: [auto], ctx: { firstOrder: null } }).adjustments).toEqual([])
  })

  it('used up: a code is refused, an automatic offer no longer applies', () => {
    const code = offer({ id: 5, code: 'TEN' })
    const p = price({ code: 'TEN', offers: [code], ctx: { usedUp: new Set([5]) } })
    expect(p.coupon).toEqual({ code: 'TEN', applied: false, refusal: 'COUPON_USED_UP' })
    expect(p.discountTotalCents).toBe(0)
    const auto = offer({ id: 6 })
    expect(price({ offers: [auto], ctx: { usedUp: new Set([6]) } }).adjustments).toEqual([])
  })

  it('unknown and switched-off codes; codes compare without case and spaces', () => {
    expect(price({ code: 'NOPE', offers: [offer({ code: 'EID' })] }).coupon).toEqual({
      code: 'NOPE',
      applied: false,
      refusal: 'COUPON_UNKNOWN',
    })
    expect(price({ code: 'EID', offers: [offer({ code: 'EID', isActive: false })] }).coupon?.refusal).toBe(
      'COUPON_UNKNOWN',
    )
    // An automatic offer cannot be "typed".
    expect(price({ code: 'Offer', offers: [offer()] }).coupon?.refusal).toBe('COUPON_UNKNOWN')
    const p = price({ code: '  eid10 ', offers: [offer({ code: 'EID10' })] })
    expect(p.coupon).toEqual({ code: 'eid10', applied: true, refusal: null })
    // No code typed: no coupon result.
    expect(price({ code: '   ', offers: [offer({ code: 'EID10' })] }).coupon).toBeNull()
  })

  it('one code only: two codes in the field are refused, whatever separates them', () => {
    const offers = [offer({ id: 1, code: 'A' }), offer({ id: 2, code: 'B' })]
    for (const typed of ['A B', 'A,B', 'A، B', 'A;B', 'A+B', 'A\tB'])
      expect(price({ code: typed, offers }).coupon, typed).toMatchObject({
        applied: false,
        refusal: 'COUPON_ONE_ONLY',
      })
    expect(isSeveralCodes(' A ')).toBe(false)
    expect(price({ code: 'A B', offers }).discountTotalCents).toBe(0)
  })
})

describe('stacking', () => {
  const lines = [line({ retailCents: 10_000, tiers: [] })] // 100.00

  it('combinable offers apply together, item offers each on what the earlier ones left', () => {
    const a = offer({ id: 1, value: 10, combinable: true })
    const b = offer({ id: 2, valueType: 'fixed', value: 500, combinable: true })
    const ship = offer({ id: 3, target: 'delivery', value: 100, combinable: true })
    const code = offer({ id: 4, code: 'X', value: 50, combinable: true })
    const p = price({ lines, code: 'X', offers: [code, ship, b, a] })
    // Automatic by id (10 % of 100 = 10, then 5.00), then the code (50 % of 85.00 = 42.50), then delivery.
    expect(p.adjustments.map((x) => [x.offerId, x.target, x.amountCents])).toEqual([
      [1, 'items', 1000],
      [2, 'items', 500],
      [4, 'items', 4250],
      [3, 'delivery', 1000],
    ])
    expect(p.totalCents).toBe(10_000 - 5750)
    expect(p.coupon).toEqual({ code: 'X', applied: true, refusal: null })
    expectConsistent(p)
  })

  it('a non-combinable offer applies alone; the best for the shopper wins', () => {
    const together1 = offer({ id: 1, value: 10, combinable: true })
    const together2 = offer({ id: 2, target: 'delivery', value: 100, combinable: true })
    const alone = offer({ id: 3, value: 15 })
    // Together: 10.00 + 10.00 delivery = 20.00 > 15.00 alone.
    const p = price({ lines, offers: [together1, together2, alone] })
    expect(p.adjustments.map((a) => a.offerId)).toEqual([1, 2])
    // Alone 25 % = 25.00 > 20.00.
    const q = price({ lines, offers: [together1, together2, { ...alone, value: 25 }] })
    expect(q.adjustments.map((a) => a.offerId)).toEqual([3])
    expect(q.discountTotalCents).toBe(2500)
    // Two non-combinable offers never apply together.
    const r = price({ lines, offers: [offer({ id: 5, value: 5 }), offer({ id: 6, value: 7 })] })
    expect(r.adjustments.map((a) => a.offerId)).toEqual([6])
  })

  it('a typed non-combinable code that gives less than the automatic offers is accepted but not applied', () => {
    const auto = offer({ id: 1, value: 20 })
    const code = offer({ id: 2, code: 'SMALL', value: 10 })
    const p = price({ lines, code: 'SMALL', offers: [auto, code] })
    expect(p.adjustments.map((a) => a.offerId)).toEqual([1])
    // Not a refusal: the order may be placed, and the cart says the better offer applied.
    expect(p.coupon).toEqual({ code: 'SMALL', applied: false, refusal: null })
    // The code that gives more wins.
    const big = price({ lines, code: 'BIG', offers: [auto, offer({ id: 3, code: 'BIG', value: 30 })] })
    expect(big.adjustments.map((a) => a.offerId)).toEqual([3])
    expect(big.coupon?.applied).toBe(true)
  })

  it('a tie goes to the typed code, whatever the ids', () => {
    const auto = offer({ id: 9, value: 10 })
    const code = offer({ id: 2, code: 'TIE', valueType: 'fixed', value: 1000 })
    for (const offers of [
      [auto, code],
      [code, auto],
      [
        { ...auto, id: 1 },
        { ...code, id: 20 },
      ],
    ]) {
      const p = price({ lines, code: 'TIE', offers })
      expect(p.adjustments.map((a) => a.code)).toEqual(['TIE'])
      expect(p.coupon?.applied).toBe(true)
    }
  })

  it('a combinable code joins the combinable automatic offers, not a non-combinable one', () => {
    const alone = offer({ id: 1, value: 12 })
    const together = offer({ id: 2, value: 5, combinable: true })
    const code = offer({ id: 3, code: 'PLUS', value: 5, combinable: true })
    // Together 5.00 + 4.75 = 9.75 < 12.00 alone: the code is not applied (not refused).
    const p = price({ lines, code: 'PLUS', offers: [alone, together, code] })
    expect(p.adjustments.map((a) => a.offerId)).toEqual([1])
    expect(p.coupon).toEqual({ code: 'PLUS', applied: false, refusal: null })
    const q = price({ lines, code: 'PLUS', offers: [alone, together, { ...code, value: 10 }] })
    expect(q.adjustments.map((a) => a.offerId)).toEqual([2, 3])
    expect(q.discountTotalCents).toBe(500 + 950)
  })
})

describe('percentages', () => {
  it('round half up in whole numbers, whatever binary floating point makes of the percentage', () => {
    expect(percentOf(250, 64.6)).toBe(162) // 1.615
    expect(percentOf(375, 9.2)).toBe(35) // 0.345
    expect(percentOf(105, 50)).toBe(53)
    expect(percentOf(104, 50)).toBe(52)
    expect(percentOf(1, 49.99)).toBe(0)
    expect(percentOf(999_999_999_999, 100)).toBe(999_999_999_999)
    expect(percentOf(999_999_999_999, 33.33)).toBe(333_300_000_000) // 333,299,999,999.6667
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (cents, p100) => {
          // cents × p100 / 10,000 rounded half up, in integers.
          const want = Number((BigInt(cents) * BigInt(p100) + BigInt(5000)) / BigInt(10_000))
          expect(percentOf(cents, p100 / 100)).toBe(want)
        },
      ),
      { seed: 64, numRuns: 2000 },
    )
  })
})

describe('allocation', () => {
  it('splits a discount over lines in proportion, the parts adding up exactly', () => {
    expect(allocate(100, [100, 100, 100])).toEqual([34, 33, 33])
    expect(allocate(1, [500, 500])).toEqual([1, 0])
    expect(allocate(0, [5, 5])).toEqual([0, 0])
    expect(allocate(10, [0, 0])).toEqual([0, 0])
    expect(allocate(10, [3, 7])).toEqual([3, 7])
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const total = weights.reduce((s, w) => s + w, 0)
          const amount = Math.floor(total * share)
          const parts = allocate(amount, weights)
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total > 0 ? amount : 0)
          parts.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true)
            expect(p).toBeGreaterThanOrEqual(0)
            expect(p).toBeLessThanOrEqual(weights[i]!)
          })
        },
      ),
      { seed: 29, numRuns: 500 },
    )
  })

  it('three equal lines share 10.00 off as 3.34 / 3.33 / 3.33', () => {
    const lines = [1, 2, 3].map((k) => line({ key: k, variantId: k, retailCents: 1000, tiers: [] }))
    const p = price({ lines, offers: [offer({ valueType: 'fixed', value: 1000 })] })
    expect(p.lines.map((l) => l.discountCents)).toEqual([334, 333, 333])
    expectConsistent(p)
  })
})

describe('free-delivery hint', () => {
  const ship = offer({
    id: 7,
    target: 'delivery',
    value: 100,
    minSubtotalCents: 20_000,
    label: { ar: 'توصيل مجاني', en: 'Free delivery' },
  })

  it('says how much more reaches an automatic free delivery', () => {
    const p = price({ lines: [line({ retailCents: 15_000, tiers: [] })], offers: [ship] })
    expect(p.freeDeliveryHint).toEqual({ offerId: 7, missingCents: 5000, label: ship.label })
    // Reached: delivery is free, no hint.
    const q = price({ lines: [line({ retailCents: 20_000, tiers: [] })], offers: [ship] })
    expect(q.freeDeliveryHint).toBeNull()
    expect(q.deliveryDiscountCents).toBe(1000)
  })

  it('the nearest offer is named; a reduced delivery, a code, or another city gives no hint', () => {
    const near = { ...ship, id: 8, minSubtotalCents: 18_000 }
    const lines = [line({ retailCents: 15_000, tiers: [] })]
    expect(price({ lines, offers: [ship, near] }).freeDeliveryHint?.offerId).toBe(8)
    expect(price({ lines, offers: [{ ...ship, value: 50 }] }).freeDeliveryHint).toBeNull()
    expect(price({ lines, offers: [{ ...ship, code: 'SHIP' }] }).freeDeliveryHint).toBeNull()
    expect(price({ lines, offers: [{ ...ship, cityIds: [2] }] }).freeDeliveryHint).toBeNull()
    // A fixed sum that covers the fee is free delivery.
    expect(
      price({ lines, offers: [{ ...ship, valueType: 'fixed', value: 1000 }] }).freeDeliveryHint,
    ).toMatchObject({
      missingCents: 5000,
    })
    expect(
      price({ lines, offers: [{ ...ship, valueType: 'fixed', value: 999 }] }).freeDeliveryHint,
    ).toBeNull()
  })

  it('before a city is chosen a percentage free delivery still hints', () => {
    const p = price({
      lines: [line({ retailCents: 15_000, tiers: [] })],
      deliveryCents: null,
      offers: [ship],
    })
    expect(p.freeDeliveryHint?.missingCents).toBe(5000)
  })
})

describe('property: random carts, tiers and offers', () => {
  const arbLine = (key: number) =>
    fc.record({
      key: fc.constant(key),
      productId: fc.integer({ min: 1, max: 4 }),
      variantId: fc.constant(key),
      categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      retailCents: fc.integer({ min: 1, max: 500_000 }),
      tiers: fc.array(
        fc.record({
          minQuantity: fc.integer({ min: 2, max: 30 }),
          priceCents: fc.integer({ min: 1, max: 500_000 }),
        }),
        { maxLength: 3 },
      ),
      quantity: fc.integer({ min: 1, max: 40 }),
    })
  const arbCart = fc
    .integer({ min: 1, max: 6 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbLine(100 + i))))
  const arbOffer = (id: number) =>
    fc
      .record({
        code: fc.option(fc.constantFrom('A', 'B'), { nil: null, freq: 2 }),
        valueType: fc.constantFrom('percentage' as const, 'fixed' as const),
        pct: fc.integer({ min: 1, max: 10_000 }),
        fixed: fc.integer({ min: 1, max: 2_000_000 }),
        target: fc.constantFrom('order' as const, 'products' as const, 'delivery' as const),
        productIds: fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
        categoryIds: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
        variantIds: fc.array(fc.integer({ min: 100, max: 105 }), { maxLength: 2 }),
        minSubtotalCents: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
        cityIds: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 2 }),
        retailOnly: fc.boolean(),
        combinable: fc.boolean(),
        paymentMethods: fc.subarray(['cash', 'massarat', 'paypal']),
        firstOrderOnly: fc.boolean(),
        // A window around NOW: hours before (−) or after (+) it, or open.
        startsIn: fc.option(fc.integer({ min: -48, max: 2 }), { nil: null }),
        endsIn: fc.option(fc.integer({ min: -2, max: 48 }), { nil: null }),
        active: fc.boolean(),
      })
      .map((r): Offer =>
        offer({
          id,
          code: r.code === null ? null : `${r.code}${id}`,
          valueType: r.valueType,
          // Percentages to the hundredth of a percent, 0.01 – 100.
          value: r.valueType === 'percentage' ? r.pct / 100 : r.fixed,
          target: r.target,
          productIds: r.productIds,
          categoryIds: r.categoryIds,
          variantIds: r.variantIds,
          minSubtotalCents: r.minSubtotalCents,
          cityIds: r.cityIds,
          retailOnly: r.retailOnly,
          combinable: r.combinable,
          paymentMethods: r.paymentMethods,
          firstOrderOnly: r.firstOrderOnly,
          startsAt:
            r.startsIn === null ? null : new Date(NOW.getTime() + r.startsIn * 3_600_000).toISOString(),
          endsAt: r.endsIn === null ? null : new Date(NOW.getTime() + r.endsIn * 3_600_000).toISOString(),
          // The server loads only active automatic offers; a typed code's offer whatever its state.
          isActive: r.active || r.code === null,
        }),
      )
  const arbOffers = fc
    .integer({ min: 0, max: 6 })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbOffer(i + 1))))

  it('total = Σ lines − Σ adjustments + delivery, never negative, whole dirhams, parts adding up', () => {
    fc.assert(
      fc.property(
        arbCart,
        arbOffers,
        fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
        fc.integer({ min: 0, max: 7 }),
        fc.record({
          paymentMethod: fc.option(fc.constantFrom('cash', 'massarat', 'paypal'), { nil: null }),
          firstOrder: fc.option(fc.boolean(), { nil: null }),
          usedUp: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
        }),
        (lines, offers, deliveryCents, cityId, typedIndex, facts) => {
          const ctx = context({ cityId, ...facts, usedUp: new Set(facts.usedUp) })
          const codes = offers.filter((o) => o.code !== null)
          const code = codes[typedIndex]?.code ?? null
          const p = priceOrder({ lines, deliveryCents, offers, code, context: ctx })
          expectConsistent(p)
          const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
          expect(p.totalCents).toBe(
            sum(p.lines.map((l) => l.lineCents)) -
              sum(p.adjustments.map((a) => a.amountCents)) +
              (deliveryCents ?? 0),
          )
          // At most one code in the order; the typed one, if any.
          const inOrder = new Set(p.adjustments.flatMap((a) => (a.code ? [a.code] : [])))
          expect(inOrder.size).toBeLessThanOrEqual(1)
          if (inOrder.size === 1) expect([...inOrder][0]).toBe(code)
          expect(p.coupon?.applied ?? false).toBe(inOrder.size === 1)
          // A non-combinable offer is alone in the order.
          const used = new Set(p.adjustments.map((a) => a.offerId))
          for (const id of used) if (!offers.find((o) => o.id === id)!.combinable) expect(used.size).toBe(1)
          // Retail-only offers never touch wholesale lines.
          for (const a of p.adjustments) {
            const o = offers.find((x) => x.id === a.offerId)!
            if (o.retailOnly)
              for (const part of a.lines)
                expect(p.lines.find((l) => l.key === part.key)!.isWholesale).toBe(false)
          }
          // Every offer in the order meets its conditions at `now` for these facts (a typed code may wait for a fact
          // not known yet).
          for (const id of used) {
            const o = offers.find((x) => x.id === id)!
            const now = NOW.getTime()
            expect(o.startsAt === null || Date.parse(o.startsAt) <= now).toBe(true)
            expect(o.endsAt === null || now < Date.parse(o.endsAt)).toBe(true)
            expect(o.isActive).toBe(true)
            expect(ctx.usedUp!.has(id)).toBe(false)
            const lenient = o.code !== null
            const meets = (known: boolean, ok: boolean) => (known ? ok : lenient)
            if (o.cityIds.length) expect(meets(cityId !== null, o.cityIds.includes(cityId!))).toBe(true)
            if (o.paymentMethods.length)
              expect(
                meets(facts.paymentMethod !== null, o.paymentMethods.includes(facts.paymentMethod!)),
              ).toBe(true)
            if (o.firstOrderOnly)
              expect(meets(facts.firstOrder !== null, facts.firstOrder === true)).toBe(true)
          }
          // A refused code is not in the order.
          if (p.coupon?.refusal) expect(p.coupon.applied).toBe(false)
          // Whatever applied, the shopper never pays more than with no offer at all.
          const none = priceOrder({
            lines,
            deliveryCents,
            offers: [],
            code: null,
            context: ctx,
          })
          expect(p.totalCents).toBeLessThanOrEqual(none.totalCents)
        },
      ),
      { seed: 2029, numRuns: 1000 },
    )
  })
})

describe('why an offer is not in the order (decision 0228)', () => {
  const reasons = (p: PricedOrder) => p.skipped.map((s) => [s.offerId, s.reason, s.missingCents ?? null])

  it('a typed code that lost to a better automatic offer is told as such, not refused', () => {
    const auto = offer({ id: 1, value: 20 })
    const code = offer({ id: 2, code: 'EID10', value: 10 })
    const p = price({ offers: [auto, code], code: 'eid10' })
    expect(p.adjustments.map((a) => a.offerId)).toEqual([1])
    expect(p.coupon).toEqual({ code: 'eid10', applied: false, refusal: null })
    expect(reasons(p)).toEqual([[2, 'better_offer', null]])
  })

  it('an automatic offer below its minimum says how much is missing', () => {
    const p = price({ offers: [offer({ id: 1, minSubtotalCents: 5000 })] })
    expect(reasons(p)).toEqual([[1, 'minimum', 3000]])
  })

  it('a city the order does not go to, and a city not chosen yet, are different reasons', () => {
    const tripoli = offer({ id: 1, cityIds: [7] })
    expect(reasons(price({ offers: [tripoli] }))).toEqual([[1, 'city', null]])
    expect(reasons(price({ offers: [tripoli], ctx: { cityId: null } }))).toEqual([[1, 'needs_city', null]])
  })

  it('an offer not for wholesale lines says so on a cart of cartons, and nothing on a cart it does not concern', () => {
    const retail = offer({ id: 1, retailOnly: true })
    expect(reasons(price({ offers: [retail], lines: [line({ quantity: 10 })] }))).toEqual([
      [1, 'wholesale', null],
    ])
    const other = offer({ id: 2, target: 'products', productIds: [99] })
    expect(price({ offers: [other] }).skipped).toEqual([])
  })

  it('an offer not started yet is never told, and an applied one is not in the list', () => {
    const later = offer({ id: 1, startsAt: '2027-01-01T00:00:00Z' })
    const now = offer({ id: 2 })
    const p = price({ offers: [later, now] })
    expect(p.adjustments.map((a) => a.offerId)).toEqual([2])
    expect(p.skipped).toEqual([])
  })
})
