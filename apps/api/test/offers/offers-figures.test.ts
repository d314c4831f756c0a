import fc from 'fast-check'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toCents } from '@shop/shared/money/money'
import { priceOrder, type Offer } from '@shop/shared/pricing/offers'
import { orders } from '../../src/db/schema/orders.ts'
import { mailOutbox } from '../../src/db/schema/settings.ts'
import {
  createCategory,
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts'
import { createOffer, offersOff } from '../offers.ts'

// Issue 29 "Done when": the same figures in the quote, the order's answer, the staff's order, the tracking page, the
// shopper's mail, the sales CSV and the dashboard's stats, for random carts (packs with quantity breaks) and offers. A small fast-check
// property with a fixed seed through the API, on PGlite and PostgreSQL; the browser's pricing (priceOrder with the
// quote's public offers) gives the quote's total too.

let ctx: TestContext
let admin: TestUser
let city: number
const products: { id: number; categoryId: number | null }[] = []
const codes = { plus: 'PLUS335', retail: 'RETAIL125' }

beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
  await offersOff(ctx.app.db)
  city = (await createCity(ctx.app, { deliveryPrice: 12.5 })).id
  const datesCategory = (await createCategory(ctx.app)).id
  // Dates 20.00 (16.00 from 10, costs 12 / 10), honey 47.35 (no breaks, cost 30), oil 33.10 (29.95 from 3, costs 25 / 22).
  products.push(await createProduct(ctx.app, { categoryId: datesCategory, stock: 100_000 }))
  products.push(
    await createProduct(ctx.app, {
      retailPrice: 47.35,
      wholesalePrice: null,
      wholesaleThreshold: null,
      retailBuyingPrice: 30,
      stock: 100_000,
    }),
  )
  products.push(
    await createProduct(ctx.app, {
      retailPrice: 33.1,
      wholesalePrice: 29.95,
      wholesaleThreshold: 3,
      retailBuyingPrice: 25,
      wholesaleBuyingPrice: 22,
      stock: 100_000,
    }),
  )
  // Automatic: 7.5 % on the dates' category and free delivery from 150.00, both combinable.
  await createOffer(ctx.app.db, {
    name: 'تمور رمضان',
    name_en: 'Ramadan dates',
    value: 7.5,
    target: 'products',
    categoryIds: [datesCategory],
    combinable: true,
  })
  await createOffer(ctx.app.db, {
    name: 'توصيل مجاني',
    name_en: 'Free delivery',
    target: 'delivery',
    value: 100,
    minSubtotal: 150,
    combinable: true,
  })
  // Codes: 3.35 off that combines; 12.5 % on retail lines alone.
  await createOffer(ctx.app.db, {
    code: codes.plus,
    valueType: 'fixed',
    value: 3.35,
    combinable: true,
  })
  await createOffer(ctx.app.db, { code: codes.retail, value: 12.5, retailOnly: true })
})
afterAll(() => ctx.close())

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** The figures every view of one order must agree on. */
const figures = (v: Json) => ({
  subtotal: v.subtotal,
  discount_total: v.discount_total,
  delivery_price: v.delivery_price,
  total_amount: v.total_amount,
  adjustments: (v.adjustments as Json[]).map((a) => ({
    promotion_id: a.promotion_id,
    code: a.code,
    label: a.label,
    amount: a.amount,
    target: a.target,
  })),
  discounts: (v.items as Json[]).map((i) => i.discount),
})

const cents = (x: number) => {
  const c = toCents(x)
  expect(c, `${x} is a whole number of dirhams`).not.toBeNull()
  expect(Math.abs(c! - x * 100)).toBeLessThan(1e-6)
  return c!
}

describe('the same figures everywhere', () => {
  const placed: {
    id: number
    total: number
    subtotal: number
    discount: number
    profit: number
    targets: string[]
  }[] = []

  it('quote, order, staff view, tracking, the shopper’s mail and the browser’s pricing agree for random carts', async () => {
    let n = 0
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(
          fc.integer({ min: 0, max: 14 }),
          fc.integer({ min: 0, max: 4 }),
          fc.integer({ min: 0, max: 6 }),
        ),
        fc.constantFrom(null, codes.plus, codes.retail, codes.plus.toLowerCase()),
        fc.constantFrom('ar' as const, 'en' as const),
        async (quantities, code, lang) => {
          const items = quantities.flatMap((quantity, i) =>
            quantity > 0 ? [{ product_id: products[i]!.id, quantity }] : [],
          )
          if (items.length === 0) items.push({ product_id: products[1]!.id, quantity: 1 })
          const phone = `0913${String(100_000 + n++).padStart(6, '0')}`
          const headers = { 'accept-language': lang }
          const couponField = code ? { coupon_code: code } : {}
          const q = await ctx.app.inject({
            method: 'POST',
            url: '/api/orders/quote',
            headers,
            payload: { items, city_id: city, customer_phone: phone, payment_method: 'cash', ...couponField },
          })
          // The retail-only code has nothing to apply to when every line is wholesale: a refusal, the same for the order.
          if (q.statusCode === 422) {
            expect(q.json().code).toBe('COUPON_NOT_APPLICABLE')
            expect(code?.toUpperCase()).toBe(codes.retail)
            return
          }
          expect(q.statusCode, q.body).toBe(200)
          const quote = q.json()
          const o = await ctx.app.inject({
            method: 'POST',
            url: '/api/orders',
            headers,
            payload: {
              customer_name: 'سالم التاجوري',
              customer_email: 'salem@example.ly',
              customer_phone: phone,
              shipping_address: 'مصراتة، الزروق',
              city_id: city,
              items,
              expected_total: quote.total_amount,
              ...couponField,
            },
          })
          expect(o.statusCode, o.body).toBe(201)
          const order = o.json()
          const staff = (
            await ctx.app.inject({
              method: 'GET',
              url: `/api/orders/${order.id}`,
              headers: { ...admin.headers, ...headers },
            })
          ).json()
          const tracked = await ctx.app.inject({
            method: 'POST',
            url: '/api/track',
            headers,
            payload: { order_number: order.order_number, phone },
            remoteAddress: `10.29.${Math.floor(n / 200)}.${n % 200}`,
          })
          expect(tracked.statusCode, tracked.body).toBe(200)

          const f = figures(quote)
          expect(figures(order)).toEqual(f)
          expect(figures(staff)).toEqual(f)
          expect(figures(tracked.json())).toEqual(f)
          // total = Σ lines − Σ adjustments + delivery, in whole dirhams, never negative.
          const lines = (order.items as Json[]).reduce((s, i) => s + cents(i.line_total), 0)
          const adjustments = f.adjustments.reduce((s, a) => s + cents(a.amount), 0)
          expect(cents(f.subtotal)).toBe(lines)
          expect(cents(f.discount_total)).toBe(adjustments)
          expect(cents(f.total_amount)).toBe(lines - adjustments + cents(f.delivery_price))
          expect(f.total_amount).toBeGreaterThanOrEqual(0)
          const itemAdjustments = f.adjustments
            .filter((a) => a.target === 'items')
            .reduce((s, a) => s + cents(a.amount), 0)
          expect(f.discounts.reduce((s: number, d: number) => s + cents(d), 0)).toBe(itemAdjustments)
          const deliveryOff = f.adjustments
            .filter((a) => a.target === 'delivery')
            .reduce((s, a) => s + cents(a.amount), 0)
          expect(deliveryOff).toBeLessThanOrEqual(cents(f.delivery_price))
          // At most one code, and the quote says whether it applied.
          const inOrder = new Set(f.adjustments.flatMap((a) => (a.code ? [a.code] : [])))
          expect(inOrder.size).toBeLessThanOrEqual(1)
          if (code) expect(quote.coupon).toEqual({ code, applied: inOrder.size === 1 })
          else expect(quote.coupon).toBeNull()

          // The browser prices the cart with the quote's lines and public offers: the same total.
          const offers: Offer[] = (quote.offers as Json[]).map((p) => ({
            id: p.id,
            code: p.code,
            label: { ar: p.name, en: p.name },
            valueType: p.value_type,
            value: p.value_type === 'fixed' ? cents(p.value) : p.value,
            target: p.target,
            productIds: p.product_ids,
            categoryIds: p.category_ids,
            variantIds: p.variant_ids,
            minSubtotalCents: p.min_subtotal === null ? null : cents(p.min_subtotal),
            cityIds: p.city_ids,
            paymentMethods: p.payment_methods,
            startsAt: p.starts_at,
            endsAt: p.ends_at,
            firstOrderOnly: p.first_order_only,
            retailOnly: p.retail_only,
            combinable: p.combinable,
            isActive: true,
          }))
          const browser = priceOrder({
            lines: (quote.items as Json[]).map((i) => ({
              key: i.variant_id,
              productId: i.product_id,
              variantId: i.variant_id,
              categoryId: i.category_id,
              retailCents: cents(i.retail_price),
              tiers: (i.tiers as Json[]).map((t) => ({
                minQuantity: t.min_quantity,
                priceCents: cents(t.price),
              })),
              quantity: i.quantity,
            })),
            deliveryCents: cents(quote.delivery_price),
            offers,
            code,
            context: { now: new Date(), cityId: city, paymentMethod: 'cash', firstOrder: null },
          })
          expect(browser.totalCents).toBe(cents(quote.total_amount))
          expect(browser.discountTotalCents).toBe(cents(quote.discount_total))

          // The shopper's mail shows each discount and the stored total, in the order's language.
          const [mail] = await ctx.app.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.eventKey, `order:${order.id}:placed:customer`))
          expect(mail, 'the order-placed mail').toBeDefined()
          const symbol = lang === 'en' ? /LYD/ : /د\.ل/
          const total = mail!.text.split('\n').filter((l) => l.includes(f.total_amount.toFixed(2)))
          expect(total.length, mail!.text).toBeGreaterThan(0)
          for (const a of f.adjustments) {
            const line = mail!.text
              .split('\n')
              .find((l) => l.startsWith(a.label) && l.includes(`−${a.amount.toFixed(2)}`))
            expect(line, `${a.label} −${a.amount} in\n${mail!.text}`).toBeDefined()
            expect(line).toMatch(symbol)
            if (a.code) expect(line).toContain(a.code)
            expect(mail!.html).toContain(`−${a.amount.toFixed(2)}`)
          }

          placed.push({
            id: order.id,
            total: cents(order.total_amount),
            subtotal: cents(order.subtotal),
            discount: cents(order.discount_total),
            profit: cents(staff.profit),
            targets: f.adjustments.map((a) => (a.code ? 'code' : a.target)),
          })
        },
      ),
      { seed: 29, numRuns: 12, endOnFailure: true },
    )
    expect(placed.length).toBeGreaterThan(5)
    // The runs met every kind of discount: an automatic item offer, free delivery, a code.
    for (const kind of ['items', 'delivery', 'code'])
      expect(
        placed.some((p) => p.targets.includes(kind)),
        kind,
      ).toBe(true)
  })

  it('the dashboard’s revenue and profit and the sales CSV agree with the stored orders', async () => {
    // The orders were delivered and paid in March 2025.
    await ctx.app.db
      .update(orders)
      .set({ orderStatus: 'completed', createdAt: new Date('2025-03-10T10:00:00Z') })
      .where(
        inArray(
          orders.id,
          placed.map((p) => p.id),
        ),
      )
    const march = 'from=2025-03-01&to=2025-03-31'
    const stats = (
      await ctx.app.inject({ method: 'GET', url: `/api/dashboard/stats?${march}`, headers: admin.headers })
    ).json()
    const revenue = placed.reduce((s, p) => s + p.total, 0)
    const profit = placed.reduce((s, p) => s + p.profit, 0)
    expect(cents(stats.total_revenue)).toBe(revenue)
    expect(cents(stats.total_profit)).toBe(profit)
    expect(stats.total_orders).toBe(placed.length)
    // Profit is net of the discounts: subtotal − discount − cost for each order.
    for (const p of placed) expect(p.profit).toBeLessThanOrEqual(p.subtotal - p.discount)

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/export/csv?${march}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    })
    expect(csv.statusCode).toBe(200)
    const [header, ...rows] = csv.rawPayload
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','))
    const table = rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])))
    expect(table).toHaveLength(placed.length)
    const sum = (key: string) => table.reduce((s, r) => s + cents(Number(r[key])), 0)
    expect(sum('Total')).toBe(revenue)
    expect(sum('Profit')).toBe(profit)
    expect(sum('Discount')).toBe(placed.reduce((s, p) => s + p.discount, 0))
    for (const r of table)
      expect(cents(Number(r.Total))).toBe(
        cents(Number(r.Subtotal)) - cents(Number(r.Discount)) + cents(Number(r.Delivery)),
      )

    // Top products count each line net of its discount.
    const tops = stats.top_products as { product_id: number; total_revenue: number }[]
    const net = new Map<number, number>()
    for (const p of placed) {
      const view = (
        await ctx.app.inject({ method: 'GET', url: `/api/orders/${p.id}`, headers: admin.headers })
      ).json()
      for (const i of view.items as Json[])
        net.set(i.product_id, (net.get(i.product_id) ?? 0) + cents(i.line_total) - cents(i.discount))
    }
    for (const t of tops)
      expect(cents(t.total_revenue), `product ${t.product_id}`).toBe(net.get(t.product_id))
  })
})
