import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settings } from '../../db/schema/settings.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'
import { currentMonth } from '../../lib/shop-time.ts'

/**
 * A hand-computed June 2024 (product.md §10.5): A retails 20 (wholesale 16 from 10; costs 12 / 10),
 * B retails 50 (cost 30), delivery 10.
 *   O6 completed 31 May 22:30 UTC = 1 June in Tripoli: A×1 → total 30, profit 8
 *   O1 completed 3 June: A×2 + B×1 → total 100, profit 36
 *   O2 completed 3 June 22:00 Tripoli: A×10 (wholesale) → total 170, profit 60
 *   O3 pending 5 June, O4 cancelled 6 June: orders of the range, not completed orders nor revenue (decision 0229)
 *   O5 completed 1 July: outside the range
 * June: revenue 300, profit 104, 5 orders, 3 completed, average 100.
 */
describe('dashboard stats and revenue', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
    await createUser(ctx.app, 'user')
    const cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
    const a = await createProduct(ctx.app, {
      name: 'تمر أ',
      retailPrice: 20,
      wholesalePrice: 16,
      wholesaleThreshold: 10,
      retailBuyingPrice: 12,
      wholesaleBuyingPrice: 10,
      stock: 100,
    })
    const b = await createProduct(ctx.app, {
      name: 'عسل ب',
      retailPrice: 50,
      wholesalePrice: null,
      wholesaleThreshold: null,
      retailBuyingPrice: 30,
      wholesaleBuyingPrice: null,
      stock: 100,
    })
    ids.a = a.id
    ids.b = b.id
    const place = async (
      name: string,
      items: [number, number][],
      status: 'pending' | 'completed' | 'cancelled',
      at: string,
    ) =>
      (ids[name] = (
        await placeTestOrder(ctx.app, {
          cityId,
          items: items.map(([product_id, quantity]) => ({ product_id, quantity })),
          status,
          createdAt: new Date(at),
          customer: { customer_name: name },
        })
      ).id)
    await place('O6', [[a.id, 1]], 'completed', '2024-05-31T22:30:00Z')
    await place(
      'O1',
      [
        [a.id, 2],
        [b.id, 1],
      ],
      'completed',
      '2024-06-03T10:00:00Z',
    )
    await place('O2', [[a.id, 10]], 'completed', '2024-06-03T20:00:00Z')
    await place('O3', [[b.id, 1]], 'pending', '2024-06-05T10:00:00Z')
    await place('O4', [[a.id, 1]], 'cancelled', '2024-06-06T10:00:00Z')
    await place('O5', [[b.id, 3]], 'completed', '2024-07-01T10:00:00Z')
    // Low stock candidates (threshold 5 by default).
    ids.low2 = (await createProduct(ctx.app, { name: 'منخفض 2', stock: 2, retailPrice: 7.5 })).id
    ids.low5 = (await createProduct(ctx.app, { name: 'منخفض 5', stock: 5 })).id
    ids.six = (await createProduct(ctx.app, { name: 'ستة', stock: 6 })).id
    await createProduct(ctx.app, { name: 'دائم', stock: 0, isAlwaysInStock: true })
    await createProduct(ctx.app, { name: 'موقوف', stock: 0, isActive: false })
    await createProduct(ctx.app, { name: 'مؤرشف', stock: 1, archivedAt: new Date() })
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'GET', url, headers })

  it('computes revenue, profit and the completed count over the completed orders, the order count over all orders of the range', async () => {
    const res = await get('/api/dashboard/stats?from=2024-06-01&to=2024-06-30')
    expect(res.statusCode).toBe(200)
    const s = res.json()
    expect(s).toMatchObject({
      total_revenue: 300,
      total_profit: 104,
      total_orders: 5,
      completed_orders: 3,
      average_order_value: 100,
      total_discounts: 0,
      // Nothing in June was recorded as paid.
      total_collected: 0,
      // Decision 0130: the June orders are one guest's (one phone); the two accounts bought nothing.
      total_users: 1,
    })
    // A, B and the three visible low-stock candidates plus always-in-stock and inactive; the archived one is not counted.
    expect(s.total_products).toBe(7)
    expect(s.top_products).toEqual([
      { product_id: ids.a, product: { name: 'تمر أ' }, total_quantity: 13, total_revenue: 220 },
      { product_id: ids.b, product: { name: 'عسل ب' }, total_quantity: 1, total_revenue: 50 },
    ])
    expect(s.recent_orders.map((o: { id: number }) => o.id)).toEqual([ids.O5, ids.O4, ids.O3, ids.O2, ids.O1])
    expect(s.recent_orders[0]).toMatchObject({
      customer_name: 'O5',
      total_amount: 160,
      order_status: 'completed',
    })
  })

  it('counts distinct buyers as customers: an account once, a guest once per phone however typed', async () => {
    const cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
    const at = (day: number) => new Date(`2024-03-${String(day).padStart(2, '0')}T10:00:00Z`)
    const buy = (day: number, phone: string, headers?: Record<string, string>, status?: 'cancelled') =>
      placeTestOrder(ctx.app, {
        cityId,
        items: [{ product_id: ids.b!, quantity: 1 }],
        customer: { customer_phone: phone },
        headers,
        createdAt: at(day),
        status,
      })
    const other = await createUser(ctx.app, 'user')
    await buy(1, '0911111111', shopper.headers)
    await buy(2, '0922222222', shopper.headers) // the same account with another phone: one buyer
    await buy(3, '0911111111', other.headers) // another account with the first one's phone: another buyer
    await buy(4, '0912345678')
    await buy(5, '+218 91 234 5678') // the same guest, typed the international way
    await buy(6, '00218912345678')
    await buy(7, '0923333333')
    await buy(8, '0924444444', undefined, 'cancelled') // cancelled: no buyer
    const res = await get('/api/dashboard/stats?from=2024-03-01&to=2024-03-31')
    expect(res.json()).toMatchObject({ total_orders: 8, completed_orders: 0, total_users: 4 })
    expect((await get('/api/dashboard/stats?from=2024-03-04&to=2024-03-06')).json().total_users).toBe(1)
  })

  it('follows an order completed and un-completed by staff in revenue and top products (the mirror table)', async () => {
    const june = '/api/dashboard/stats?from=2024-06-01&to=2024-06-30'
    const order = (await get(`/api/orders/${ids.O3}`)).json()
    const setStatus = async (order_status: string) => {
      const { customer_name, customer_email, customer_phone, shipping_address, payment_status } = order
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${ids.O3}`,
        headers: admin.headers,
        payload: {
          customer_name,
          customer_email,
          customer_phone,
          shipping_address,
          payment_status,
          order_status,
        },
      })
      expect(res.statusCode).toBe(200)
    }
    await setStatus('completed')
    const done = (await get(june)).json()
    expect(done).toMatchObject({
      total_revenue: 360,
      total_orders: 5,
      completed_orders: 4,
      average_order_value: 90,
    })
    expect(done.top_products[1]).toEqual({
      product_id: ids.b,
      product: { name: 'عسل ب' },
      total_quantity: 2,
      total_revenue: 100,
    })
    await setStatus('processing')
    const back = (await get(june)).json()
    expect(back).toMatchObject({ total_revenue: 300, total_orders: 5, completed_orders: 3 })
    expect(back.top_products[1]).toEqual({
      product_id: ids.b,
      product: { name: 'عسل ب' },
      total_quantity: 1,
      total_revenue: 50,
    })
  })

  it('lists low stock (active, not archived, not always-in-stock) lowest first, following the setting', async () => {
    const s = (await get('/api/dashboard/stats?from=2024-06-01&to=2024-06-30')).json()
    // Decision 0150: each low pack, named by its product (these packs have no label).
    expect(s.low_stock_products).toEqual([
      {
        id: ids.low2,
        variant_id: expect.any(Number),
        variant_label: '',
        name: 'منخفض 2',
        price: 7.5,
        stock: 2,
      },
      {
        id: ids.low5,
        variant_id: expect.any(Number),
        variant_label: '',
        name: 'منخفض 5',
        price: 20,
        stock: 5,
      },
    ])
    await ctx.app.db.insert(settings).values({ key: 'low_stock_threshold', value: '6' })
    const wider = (await get('/api/dashboard/stats?from=2024-06-01&to=2024-06-30')).json()
    expect(wider.low_stock_products.map((p: { id: number }) => p.id)).toEqual([ids.low2, ids.low5, ids.six])
  })

  it('answers zeros for a range without sales', async () => {
    const s = (await get('/api/dashboard/stats?from=2023-01-01&to=2023-01-31')).json()
    expect(s).toMatchObject({
      total_revenue: 0,
      total_profit: 0,
      total_orders: 0,
      average_order_value: 0,
      top_products: [],
    })
  })

  it('gives one revenue row per day with 0 on days without completed sales, in Tripoli days', async () => {
    const res = await get('/api/dashboard/revenue?from=2024-05-31&to=2024-06-07')
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toEqual([
      { date: '2024-05-31', amount: 0 },
      { date: '2024-06-01', amount: 30 },
      { date: '2024-06-02', amount: 0 },
      { date: '2024-06-03', amount: 270 },
      { date: '2024-06-04', amount: 0 },
      { date: '2024-06-05', amount: 0 },
      { date: '2024-06-06', amount: 0 },
      { date: '2024-06-07', amount: 0 },
    ])
  })

  it('defaults to the current month in the shop time zone', async () => {
    const month = currentMonth('Africa/Tripoli')
    const res = await get('/api/dashboard/revenue')
    const days = res.json().data
    expect(days[0].date).toBe(month.from)
    // The spec's call answers every day of the month; the dashboard draws them up to today (decision 0229).
    expect(days.at(-1).date).toBe(month.to)
    expect((await get('/api/dashboard/stats')).statusCode).toBe(200)
    // A lone end keeps its own month.
    const june = (await get('/api/dashboard/revenue?from=2024-06-01')).json().data
    expect(june).toHaveLength(30)
  })

  it('validates ranges: dates, from ≤ to and at most 366 days', async () => {
    const reversed = await get('/api/dashboard/stats?from=2024-06-30&to=2024-06-01', {
      ...admin.headers,
      'accept-language': 'en',
    })
    expect(reversed.statusCode).toBe(422)
    expect(reversed.json().errors.from).toEqual(['The start date must not be after the end date'])
    const long = await get('/api/dashboard/revenue?from=2023-01-01&to=2024-01-02', {
      ...admin.headers,
      'accept-language': 'en',
    })
    expect(long.statusCode).toBe(422)
    expect(long.json().errors.to).toEqual(['Choose a range of 366 days at most'])
    const leapYear = await get('/api/dashboard/revenue?from=2024-01-01&to=2024-12-31')
    expect(leapYear.json().data).toHaveLength(366)
    for (const q of ['from=2024-6-1', 'to=tomorrow', 'from=2024-02-30'])
      expect((await get(`/api/dashboard/stats?${q}`)).statusCode).toBe(422)
  })

  it('is admin-only', async () => {
    for (const url of ['/api/dashboard/stats', '/api/dashboard/revenue']) {
      expect((await get(url, {})).statusCode).toBe(401)
      expect((await get(url, shopper.headers)).statusCode).toBe(403)
    }
  })
})
