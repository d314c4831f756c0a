import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/orders.ts'
import { promotionUses, promotions } from '../../db/schema/promotions.ts'
import { mailOutbox } from '../../db/schema/settings.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { insertOffer, placeCodeOrder, type PlacedOrder } from '../../../test/offer-orders.ts'

/**
 * Issue 29 (decisions 0170, 0178, 0179): every view of a placed order reads the discounts stored with it. Hand-computed
 * for March 2024, delivery 10 (city F: free by an automatic offer), dates A (20, cost 12), honey B (50, cost 30):
 *   O1 code PCT (10% of the order): A×2 (40) + B×1 (50) = 90, −9 (A 4, B 5) + 10 → 91, cost 54, profit 27
 *   O2 city F, code FIX (5 off honey) + automatic free delivery: B×2 = 100, −5 −10 + 10 → 95, cost 60, profit 25
 *   O3 no offer: A×1 = 20 + 10 → 30, cost 12, profit 8
 * March: revenue 216, profit 60; net sales A 3 units for 56 (36 + 20), B 3 units for 140 (45 + 95).
 */
let ctx: TestContext
let admin: TestUser
const march = 'from=2024-03-01&to=2024-03-31'
const ids = { A: 0, B: 0, city: 0, freeCity: 0 }
const codes = { pct: '', fix: '' }
const placed: Record<'O1' | 'O2' | 'O3', PlacedOrder> = {} as never
const phones = { O1: '0911000001', O2: '0911000002', O3: '0911000003' }
const emails = { O1: 'o1-views@example.ly', O2: 'o2-views@example.ly', O3: 'o3-views@example.ly' }
let freeDeliveryId = 0

beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
  ids.city = (await createCity(ctx.app, { deliveryPrice: 10 })).id
  ids.freeCity = (
    await createCity(ctx.app, { deliveryPrice: 10, translations: { en: { name: 'Free city' } } })
  ).id
  ids.A = (
    await createProduct(ctx.app, { retailPrice: 20, retailBuyingPrice: 12, stock: 100, name: 'تمر A' })
  ).id
  ids.B = (
    await createProduct(ctx.app, {
      retailPrice: 50,
      retailBuyingPrice: 30,
      wholesalePrice: null,
      wholesaleThreshold: null,
      stock: 100,
      name: 'عسل B',
    })
  ).id
  codes.pct = (
    await insertOffer(ctx.app, {
      code: 'PCT10V',
      name: 'خصم الربيع',
      translations: { en: { name: 'Spring discount' } },
      combinable: true,
    })
  ).code!
  codes.fix = (
    await insertOffer(ctx.app, {
      code: 'FIX5V',
      name: 'خصم العسل',
      translations: { en: { name: 'Honey discount' } },
      valueType: 'fixed',
      value: 5,
      target: 'products',
      productIds: [ids.B],
      combinable: true,
    })
  ).code!
  freeDeliveryId = (
    await insertOffer(ctx.app, {
      code: null,
      name: 'توصيل مجاني',
      translations: { en: { name: 'Free delivery' } },
      value: 100,
      target: 'delivery',
      cityIds: [ids.freeCity],
      combinable: true,
    })
  ).id
  placed.O1 = await placeCodeOrder(ctx.app, {
    cityId: ids.city,
    coupon_code: codes.pct,
    phone: phones.O1,
    email: emails.O1,
    items: [
      { product_id: ids.A, quantity: 2 },
      { product_id: ids.B, quantity: 1 },
    ],
  })
  placed.O2 = await placeCodeOrder(ctx.app, {
    cityId: ids.freeCity,
    coupon_code: codes.fix,
    phone: phones.O2,
    email: emails.O2,
    lang: 'en',
    items: [{ product_id: ids.B, quantity: 2 }],
  })
  placed.O3 = await placeCodeOrder(ctx.app, {
    cityId: ids.city,
    phone: phones.O3,
    email: emails.O3,
    items: [{ product_id: ids.A, quantity: 1 }],
  })
  for (const [i, o] of [placed.O1, placed.O2, placed.O3].entries())
    await ctx.app.db
      .update(orders)
      .set({ orderStatus: 'completed', createdAt: new Date(`2024-03-1${i}T10:00:00Z`) })
      .where(eq(orders.id, o.id))
})
afterAll(() => ctx.close())

const get = (url: string, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: 'GET', url, headers })

describe('the order as placed', () => {
  it('stores the discounts and answers with them (O1: items, O2: items and delivery, O3: none)', () => {
    expect(placed.O1).toMatchObject({ subtotal: 90, discount_total: 9, delivery_price: 10, total_amount: 91 })
    expect(placed.O1.adjustments).toEqual([
      expect.objectContaining({ code: 'PCT10V', label: 'خصم الربيع', amount: 9, target: 'items' }),
    ])
    expect(placed.O1.items.map((i) => i.discount)).toEqual([4, 5])
    expect(placed.O2).toMatchObject({
      subtotal: 100,
      discount_total: 15,
      delivery_price: 10,
      total_amount: 95,
    })
    expect(placed.O2.adjustments.map((a) => [a.label, a.code, a.amount, a.target])).toEqual([
      ['Honey discount', 'FIX5V', 5, 'items'],
      ['Free delivery', null, 10, 'delivery'],
    ])
    expect(placed.O3).toMatchObject({ discount_total: 0, adjustments: [], total_amount: 30 })
  })
})

describe('my orders show the stored discounts', () => {
  it('a signed-in shopper’s list and order carry discount_total, adjustments (own language, no staff fields) and lines', async () => {
    const shopper = await createUser(ctx.app, 'user')
    const mine = await placeCodeOrder(ctx.app, {
      cityId: ids.freeCity,
      coupon_code: 'fix5v',
      headers: shopper.headers,
      items: [{ product_id: ids.B, quantity: 1 }],
    })
    expect(mine).toMatchObject({ subtotal: 50, discount_total: 15, total_amount: 45 })
    const en = { ...shopper.headers, 'accept-language': 'en' }
    const list = (await get('/api/orders', en)).json()
    expect(list.data).toHaveLength(1)
    const one = (await get(`/api/orders/${mine.id}`, en)).json()
    for (const order of [list.data[0], one]) {
      expect(order).toMatchObject({ subtotal: 50, discount_total: 15, delivery_price: 10, total_amount: 45 })
      expect(order.adjustments).toEqual([
        {
          promotion_id: expect.any(Number),
          code: 'FIX5V',
          label: 'Honey discount',
          amount: 5,
          target: 'items',
        },
        { promotion_id: freeDeliveryId, code: null, label: 'Free delivery', amount: 10, target: 'delivery' },
      ])
      expect(order.profit).toBeUndefined()
    }
    expect(one.items[0].discount).toBe(5)
  })
})

describe('tracking (decision 0068) shows the stored discounts', () => {
  it('carries discount_total, the adjustments in the reader’s language and each line’s discount', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/track',
      headers: { 'accept-language': 'en' },
      payload: { order_number: placed.O2.order_number, phone: phones.O2 },
      remoteAddress: '10.77.0.1',
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ subtotal: 100, discount_total: 15, delivery_price: 10, total_amount: 95 })
    expect(body.adjustments).toEqual([
      {
        promotion_id: expect.any(Number),
        code: 'FIX5V',
        label: 'Honey discount',
        amount: 5,
        target: 'items',
      },
      { promotion_id: freeDeliveryId, code: null, label: 'Free delivery', amount: 10, target: 'delivery' },
    ])
    expect(body.items.map((i: { discount: number }) => i.discount)).toEqual([5])
    const ar = await ctx.app.inject({
      method: 'POST',
      url: '/api/track',
      payload: { order_number: placed.O3.order_number, phone: phones.O3 },
      remoteAddress: '10.77.0.2',
    })
    // An order without offers answers as before, with no discount.
    expect(ar.json()).toMatchObject({ discount_total: 0, adjustments: [], total_amount: 30 })
    expect(ar.json().items[0].discount).toBe(0)
  })
})

describe('the mails show each discount and the stored total', () => {
  const placedMail = async (email: string) =>
    (await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).find((m) =>
      m.eventKey?.endsWith(':placed:customer'),
    )!
  const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

  it('in English: a line per discount (label, code, −amount) around the delivery fee, text and HTML agreeing', async () => {
    const mail = await placedMail(emails.O2)
    expect(mail.text).toContain('Subtotal: 100.00 LYD\nHoney discount (code FIX5V): −5.00 LYD\n')
    expect(mail.text).toMatch(/Delivery to [^\n]+: 10\.00 LYD\nFree delivery: −10\.00 LYD\nTotal: 95\.00 LYD/)
    const html = textOf(mail.html!)
    for (const part of [
      'Honey discount (code FIX5V)',
      '−5.00 LYD',
      'Free delivery',
      '−10.00 LYD',
      '95.00 LYD',
    ])
      expect(html).toContain(part)
  })

  it('in Arabic, with the code named', async () => {
    const mail = await placedMail(emails.O1)
    expect(mail.text).toContain('المجموع الفرعي: 90.00 د.ل\nخصم الربيع (الرمز PCT10V): −9.00 د.ل\n')
    expect(mail.text).toContain('الإجمالي: 91.00 د.ل')
    expect(textOf(mail.html!)).toContain('خصم الربيع (الرمز PCT10V)')
    expect(textOf(mail.html!)).toContain('−9.00 د.ل')
  })

  it('an order without offers has no discount line', async () => {
    const mail = await placedMail(emails.O3)
    expect(mail.text).not.toContain('−')
    expect(mail.text).toContain('الإجمالي: 30.00 د.ل')
  })

  it('a status mail shows the discounts too', async () => {
    const o = (await get(`/api/orders/${placed.O1.id}`)).json()
    await ctx.app.db.update(orders).set({ orderStatus: 'pending' }).where(eq(orders.id, placed.O1.id))
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed.O1.id}`,
      headers: admin.headers,
      payload: {
        customer_name: o.customer_name,
        customer_email: o.customer_email,
        customer_phone: o.customer_phone,
        shipping_address: o.shipping_address,
        notes: o.notes,
        order_status: 'completed',
        payment_status: o.payment_status,
      },
    })
    expect(res.statusCode).toBe(200)
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, emails.O1))
    const completed = mails.find((m) => m.subject.startsWith('اكتمل طلبك'))
    expect(completed?.text).toContain('خصم الربيع (الرمز PCT10V): −9.00 د.ل')
    expect(completed?.text).toContain('الإجمالي: 91.00 د.ل')
  })
})

describe('revenue, profit and the sales file agree, net of discounts (item and delivery)', () => {
  async function csvRows() {
    const res = await get(`/api/orders/export/csv?${march}`, { ...admin.headers, 'accept-language': 'en' })
    expect(res.statusCode).toBe(200)
    const [header, ...rows] = res.rawPayload
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','))
    return { header: header!, rows: rows.map((c) => Object.fromEntries(header!.map((h, i) => [h, c[i]!]))) }
  }

  it('the dashboard, the sales screen and the CSV give one revenue and one profit', async () => {
    const stats = (await get(`/api/dashboard/stats?${march}`)).json()
    expect(stats).toMatchObject({ total_revenue: 216, total_profit: 60, total_orders: 3 })
    const sales = (await get(`/api/orders?status=completed&${march}`)).json()
    expect(sales.totals).toMatchObject({ total_amount: 216, profit: 60, discount_total: 24 })
    expect(sales.data.map((o: { profit: number }) => o.profit).sort()).toEqual([25, 27, 8].sort())

    const { header, rows } = await csvRows()
    // Decision 0179: the columns of before, in their places, then the discount and the codes.
    expect(header.slice(9, 16)).toEqual([
      'Subtotal',
      'Delivery',
      'Total',
      'Profit',
      'payment_method_code',
      'order_status_code',
      'payment_status_code',
    ])
    expect(header.slice(16)).toEqual(['Discount', 'Offer codes'])
    expect(
      rows.map((r) => [r.Subtotal, r.Discount, r.Delivery, r.Total, r.Profit, r['Offer codes']]),
    ).toEqual([
      ['20.00', '0.00', '10.00', '30.00', '8.00', ''],
      ['100.00', '15.00', '10.00', '95.00', '25.00', 'FIX5V'],
      ['90.00', '9.00', '10.00', '91.00', '27.00', 'PCT10V'],
    ])
    const sum = (key: string) => Math.round(rows.reduce((s, r) => s + Number(r[key]) * 100, 0)) / 100
    expect(sum('Total')).toBe(stats.total_revenue)
    expect(sum('Profit')).toBe(stats.total_profit)
    for (const r of rows)
      expect(Number(r.Subtotal) - Number(r.Discount) + Number(r.Delivery)).toBeCloseTo(Number(r.Total), 2)
    // The sales screen's discounts total is the file's Discount column summed.
    expect(sum('Discount')).toBe(sales.totals.discount_total)
  })

  it('the top products count net sales (line total − its discount)', async () => {
    const stats = (await get(`/api/dashboard/stats?${march}`)).json()
    expect(stats.top_products).toEqual([
      expect.objectContaining({ product_id: ids.B, total_quantity: 3, total_revenue: 140 }),
      expect.objectContaining({ product_id: ids.A, total_quantity: 3, total_revenue: 56 }),
    ])
    const revenue = (await get(`/api/dashboard/revenue?${march}`)).json()
    const sum = revenue.data.reduce((s: number, d: { amount: number }) => s + d.amount, 0)
    expect(sum).toBe(216)
  })
})

describe('staff edit the lines of an order with offers (decision 0178)', () => {
  const edit = (id: number, items: { product_id: number; quantity: number }[]) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}/items`,
      headers: admin.headers,
      payload: { items },
    })
  const usesOf = async (promotionId: number) => {
    const [row] = await ctx.app.db.select().from(promotions).where(eq(promotions.id, promotionId))
    const uses = await ctx.app.db
      .select()
      .from(promotionUses)
      .where(and(eq(promotionUses.promotionId, promotionId)))
    return { used: row!.usedCount, rows: uses.length }
  }

  it('keeps the order’s offer although it ended since, re-pricing its discount; no new use is taken', async () => {
    const offer = await insertOffer(ctx.app, { code: 'EDIT10V', usageLimit: 5 })
    const order = await placeCodeOrder(ctx.app, {
      cityId: ids.city,
      coupon_code: 'EDIT10V',
      items: [
        { product_id: ids.A, quantity: 2 },
        { product_id: ids.B, quantity: 1 },
      ],
    })
    expect(order).toMatchObject({ subtotal: 90, discount_total: 9, total_amount: 91 })
    expect(await usesOf(offer.id)).toEqual({ used: 1, rows: 1 })
    // The offer is switched off and over: the order keeps it all the same (it held when the order was placed).
    await ctx.app.db
      .update(promotions)
      .set({ isActive: false, endsAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(promotions.id, offer.id))
    const res = await edit(order.id, [
      { product_id: ids.A, quantity: 2 },
      { product_id: ids.B, quantity: 2 },
    ])
    expect(res.statusCode).toBe(200)
    const body = res.json()
    // 140, 10% → 14 (A 4, B 10), + 10.
    expect(body).toMatchObject({ subtotal: 140, discount_total: 14, delivery_price: 10, total_amount: 136 })
    expect(body.adjustments).toEqual([
      expect.objectContaining({ code: 'EDIT10V', amount: 14, target: 'items' }),
    ])
    expect(body.items.map((i: { discount: number }) => i.discount)).toEqual([4, 10])
    expect(await usesOf(offer.id)).toEqual({ used: 1, rows: 1 })
    // What every view reads agrees.
    const tracked = await ctx.app.inject({
      method: 'POST',
      url: '/api/track',
      payload: { order_number: order.order_number, phone: body.customer_phone },
      remoteAddress: '10.77.0.3',
    })
    expect(tracked.json()).toMatchObject({ discount_total: 14, total_amount: 136 })
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.customer_email))
    const edited = mails.find((m) => m.eventKey?.endsWith(':edited'))
    expect(edited?.text).toContain('−14.00 د.ل')
    expect(edited?.text).toContain('الإجمالي: 136.00 د.ل')
  })

  it('drops an offer the edited lines no longer reach the minimum of, and brings it back when they do', async () => {
    const offer = await insertOffer(ctx.app, {
      code: 'MIN100V',
      valueType: 'fixed',
      value: 20,
      minSubtotal: 100,
    })
    const order = await placeCodeOrder(ctx.app, {
      cityId: ids.city,
      coupon_code: 'MIN100V',
      items: [
        { product_id: ids.A, quantity: 2 },
        { product_id: ids.B, quantity: 2 },
      ],
    })
    expect(order).toMatchObject({ subtotal: 140, discount_total: 20, total_amount: 130 })
    const below = (
      await edit(order.id, [
        { product_id: ids.A, quantity: 2 },
        { product_id: ids.B, quantity: 1 },
      ])
    ).json()
    expect(below).toMatchObject({ subtotal: 90, discount_total: 0, total_amount: 100, adjustments: [] })
    expect(below.items.map((i: { discount: number }) => i.discount)).toEqual([0, 0])
    // The order still holds its use: the offer applies again once the lines reach the minimum.
    expect((await usesOf(offer.id)).rows).toBe(1)
    const again = (await edit(order.id, [{ product_id: ids.B, quantity: 2 }])).json()
    expect(again).toMatchObject({ subtotal: 100, discount_total: 20, total_amount: 90 })
    expect(again.adjustments).toEqual([expect.objectContaining({ code: 'MIN100V', amount: 20 })])
  })

  it('keeps a city’s free delivery while the lines change, and drops it when staff move the order to another city', async () => {
    const order = await placeCodeOrder(ctx.app, {
      cityId: ids.freeCity,
      items: [{ product_id: ids.A, quantity: 1 }],
    })
    expect(order).toMatchObject({ subtotal: 20, discount_total: 10, delivery_price: 10, total_amount: 20 })
    const more = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/items`,
      headers: admin.headers,
      payload: { items: [{ product_id: ids.A, quantity: 2 }] },
    })
    expect(more.json()).toMatchObject({ subtotal: 40, discount_total: 10, total_amount: 40 })
    expect(more.json().adjustments).toEqual([
      expect.objectContaining({ promotion_id: freeDeliveryId, amount: 10, target: 'delivery' }),
    ])
    const moved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}/items`,
      headers: admin.headers,
      payload: { items: [{ product_id: ids.A, quantity: 2 }], city_id: ids.city },
    })
    expect(moved.statusCode).toBe(200)
    expect(moved.json()).toMatchObject({
      subtotal: 40,
      discount_total: 0,
      delivery_price: 10,
      total_amount: 50,
    })
    expect(moved.json().adjustments).toEqual([])
  })

  it('an order without offers is edited as before (no discount)', async () => {
    const order = await placeCodeOrder(ctx.app, {
      cityId: ids.city,
      items: [{ product_id: ids.A, quantity: 1 }],
    })
    const body = (await edit(order.id, [{ product_id: ids.A, quantity: 3 }])).json()
    expect(body).toMatchObject({ subtotal: 60, discount_total: 0, total_amount: 70, adjustments: [] })
  })
})
