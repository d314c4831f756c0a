import { describe, expect, it } from 'vitest'
import type { Quote } from '@shop/shared/schemas/order'
import type { PublicOffer } from '@shop/shared/schemas/promotion'
import { normalizeItem, lineKey, type CartItem } from './cart-model.ts'
import {
  hintProgress,
  factsOfQuote,
  notAppliedOf,
  offerOfPublic,
  priceCart,
  pricingOfLocal,
  pricingOfQuote,
} from './cart-offers.ts'
import { publicOffer } from '../../test/offers.ts'

const offer = publicOffer

const item = (over: Record<string, unknown> = {}): CartItem =>
  normalizeItem({ id: 1, variant_id: 11, name: 'Deglet dates', price: 25, stock: 100, quantity: 2, ...over })

const none = { cityId: null, deliveryCents: null, paymentMethod: null }
const tripoli = { cityId: 7, deliveryCents: 1500, paymentMethod: 'cash' }

describe('the browser prices the cart with the quote’s offers (decision 0176)', () => {
  it('turns a public offer into the pricing’s offer: a fixed value in dinars becomes cents, the name labels both', () => {
    const o = offerOfPublic(offer({ value_type: 'fixed', value: 12.5, min_subtotal: 200, name: 'خصم العيد' }))
    expect(o.value).toBe(1250)
    expect(o.minSubtotalCents).toBe(20000)
    expect(o.label).toEqual({ ar: 'خصم العيد', en: 'خصم العيد' })
    expect(offerOfPublic(offer({ value: 10 })).value).toBe(10)
  })

  it('takes a percentage off the lines at their pack prices and breaks, as the server does', () => {
    const items = [
      item({ quantity: 10, tiers: [{ min_quantity: 10, price: 20 }] }),
      item({ id: 2, variant_id: 21, price: 40, quantity: 1 }),
    ]
    const priced = priceCart(items, [offer({})], null, none)
    // 10 × 20 (the break) + 40 = 240; 10% = 24.
    expect(priced.subtotalCents).toBe(24000)
    expect(priced.discountTotalCents).toBe(2400)
    expect(priced.totalCents).toBe(21600)
    const shown = pricingOfLocal(priced, items, lineKey)
    expect(shown.discounts).toEqual([
      { key: '1:items', label: 'Eid discount', code: null, target: 'items', amount: 24 },
    ])
    expect(shown.lineDiscounts.get('1:11')).toBe(2000)
    expect(shown.lineDiscounts.get('2:21')).toBe(400)
  })

  it('an offer on a category knows the lines’ categories from the quote', () => {
    const items = [item(), item({ id: 2, variant_id: 21, price: 40, quantity: 1 })]
    const dates = offer({ target: 'products', category_ids: [5] })
    expect(priceCart(items, [dates], null, none).discountTotalCents).toBe(0)
    const quote = quoteOf({
      items: [
        { product_id: 1, variant_id: 11, category_id: 5 },
        { product_id: 2, variant_id: 21, category_id: 6 },
      ],
      adjustments: [{ promotion_id: 1, code: null, label: 'Eid discount', amount: 5, target: 'items' }],
      offers: [dates],
    })
    const known = factsOfQuote(quote)
    expect(priceCart(items, [dates], null, none, known).discountTotalCents).toBe(500)
  })

  it('free delivery over an amount: the hint while below, delivery free at and above it', () => {
    const free = offer({ id: 3, target: 'delivery', value: 100, min_subtotal: 100, name: 'Free delivery' })
    const below = priceCart([item({ quantity: 2 })], [free], null, tripoli)
    expect(below.deliveryDiscountCents).toBe(0)
    expect(below.totalCents).toBe(5000 + 1500)
    const shown = pricingOfLocal(below, [item({ quantity: 2 })], lineKey)
    expect(shown.hint).toEqual({ missingCents: 5000, thresholdCents: 10000, label: 'Free delivery' })
    expect(hintProgress(shown.hint!)).toBe(0.5)
    const at = priceCart([item({ quantity: 4 })], [free], null, tripoli)
    expect(at.deliveryDiscountCents).toBe(1500)
    expect(at.totalCents).toBe(10000)
    expect(at.freeDeliveryHint).toBeNull()
    // In the cart (no city yet) the hint shows; nothing is taken off a fee not known yet.
    expect(priceCart([item({ quantity: 2 })], [free], null, none).freeDeliveryHint?.missingCents).toBe(5000)
  })

  it('a code below its minimum says how much is missing; above it, it applies', () => {
    const code = offer({ id: 4, code: 'EID10', min_subtotal: 100, combinable: false })
    const low = priceCart([item({ quantity: 2 })], [code], 'eid10', none)
    expect(low.coupon).toEqual({
      code: 'eid10',
      applied: false,
      refusal: 'COUPON_MINIMUM',
      missingCents: 5000,
    })
    const high = priceCart([item({ quantity: 4 })], [code], 'eid10', none)
    expect(high.coupon?.applied).toBe(true)
    expect(high.discountTotalCents).toBe(1000)
  })

  it('leaves out what the server says it left out, and why (an automatic offer used up, decision 0228)', () => {
    const items = [item({ quantity: 4 })]
    const eid = offer({ id: 5 })
    const quote = quoteOf({
      items: [{ product_id: 1, variant_id: 11, category_id: null }],
      offers: [eid],
      not_applied: [{ promotion_id: 5, code: null, label: 'Eid', reason: 'used_up', missing: null }],
    })
    const known = factsOfQuote(quote)
    expect([...known.withheld]).toEqual([5])
    expect(priceCart(items, [eid], null, none, known).discountTotalCents).toBe(0)
  })

  it('a first-order offer the server applied applies in the browser too', () => {
    const items = [item({ quantity: 4 })]
    const first = offer({ id: 6, first_order_only: true })
    expect(priceCart(items, [first], null, none).discountTotalCents).toBe(0)
    const quote = quoteOf({
      items: [{ product_id: 1, variant_id: 11, category_id: null }],
      adjustments: [{ promotion_id: 6, code: null, label: 'Eid discount', amount: 10, target: 'items' }],
      offers: [first],
    })
    const known = factsOfQuote(quote)
    expect(known.firstOrder).toBe(true)
    expect(priceCart(items, [first], null, none, known).discountTotalCents).toBe(1000)
  })

  it('lists the quote’s reasons, leaving the typed code to its field and a free-delivery minimum to its bar', () => {
    const quote = quoteOf({
      free_delivery_hint: { missing: 30, label: 'Free delivery' },
      not_applied: [
        { promotion_id: 1, code: 'FB15', label: 'Facebook', reason: 'better_offer', missing: null },
        { promotion_id: 2, code: null, label: 'Free delivery', reason: 'minimum', missing: 30 },
        { promotion_id: 3, code: null, label: 'Cartons 5 %', reason: 'wholesale', missing: null },
        { promotion_id: 4, code: null, label: 'Big basket', reason: 'minimum', missing: 12.5 },
      ],
    })
    expect(notAppliedOf(quote, 'Free delivery')).toEqual([
      { key: '3', label: 'Cartons 5 %', reason: 'wholesale', missing: null },
      { key: '4', label: 'Big basket', reason: 'minimum', missing: 12.5 },
    ])
    expect(notAppliedOf(null)).toEqual([])
  })

  it('shows the server’s quote as it is: its totals, its adjustments, the hint’s progress', () => {
    const items = [item({ quantity: 2 })]
    const quote = quoteOf({
      items: [{ product_id: 1, variant_id: 11, category_id: null, discount: 5 }],
      subtotal: 50,
      discount_total: 20,
      delivery_price: 15,
      total: 45,
      adjustments: [
        { promotion_id: 1, code: 'EID10', label: 'Eid', amount: 5, target: 'items' },
        { promotion_id: 2, code: null, label: 'Free delivery', amount: 15, target: 'delivery' },
      ],
      free_delivery_hint: null,
    })
    const shown = pricingOfQuote(quote, items, lineKey)
    expect(shown).toMatchObject({
      subtotalCents: 5000,
      discountCents: 2000,
      deliveryCents: 1500,
      deliveryDiscountCents: 1500,
      totalCents: 4500,
    })
    expect(shown.lineDiscounts.get('1:11')).toBe(500)
    expect(shown.discounts.map((d) => [d.label, d.code, d.amount])).toEqual([
      ['Eid', 'EID10', 5],
      ['Free delivery', null, 15],
    ])
    const hinted = pricingOfQuote(
      quoteOf({ subtotal: 50, free_delivery_hint: { missing: 150, label: 'Free delivery' } }),
      items,
      lineKey,
    )
    expect(hinted.hint).toEqual({ missingCents: 15000, thresholdCents: 20000, label: 'Free delivery' })
    expect(hintProgress(hinted.hint!)).toBe(0.25)
  })
})

function quoteOf(over: {
  items?: { product_id: number; variant_id: number; category_id: number | null; discount?: number }[]
  adjustments?: Quote['adjustments']
  offers?: PublicOffer[]
  subtotal?: number
  discount_total?: number
  delivery_price?: number
  total?: number
  free_delivery_hint?: Quote['free_delivery_hint']
  not_applied?: Quote['not_applied']
}): Quote {
  const total = over.total ?? 0
  return {
    items: (over.items ?? []).map((i) => ({
      product_id: i.product_id,
      variant_id: i.variant_id,
      variant_label: '',
      sku: null,
      tiers: [],
      name: 'x',
      quantity: 1,
      unit_price: 0,
      retail_price: 0,
      wholesale_price: null,
      wholesale_threshold: null,
      is_wholesale: false,
      line_total: 0,
      available: null,
      is_available: true,
      discount: i.discount ?? 0,
      category_id: i.category_id,
    })),
    not_applied: over.not_applied ?? [],
    subtotal: over.subtotal ?? 0,
    discount_total: over.discount_total ?? 0,
    delivery_price: over.delivery_price ?? 0,
    total,
    total_amount: total,
    adjustments: over.adjustments ?? [],
    coupon: null,
    free_delivery_hint: over.free_delivery_hint ?? null,
    offers: over.offers ?? [],
  }
}
