import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'
import { PLUTU_KEYS } from '../../../test/payments.ts'

// Decision 0047: the sales screen is GET /api/orders?status=completed&from&to, paged by the server, with
// the totals of the whole range summed by the database.
describe('sales report: completed orders of a range, paged, with database totals', () => {
  let ctx: TestContext
  let admin: TestUser
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    // Plutu's keys make "massarat" a method the checkout takes (placing an order calls no provider).
    ctx = await createTestApp({ env: PLUTU_KEYS })
    admin = await createUser(ctx.app, 'admin')
    const cityId = (await createCity(ctx.app, { deliveryPrice: 5 })).id
    const p = await createProduct(ctx.app, {
      retailPrice: 12.5,
      wholesalePrice: 10,
      wholesaleThreshold: 4,
      retailBuyingPrice: 8.25,
      wholesaleBuyingPrice: 7,
      stock: 100,
    })
    const place = async (
      name: string,
      quantity: number,
      status: 'pending' | 'completed',
      at: string,
      payment_method = 'cash',
    ) =>
      (ids[name] = (
        await placeTestOrder(ctx.app, {
          cityId,
          items: [{ product_id: p.id, quantity }],
          status,
          createdAt: new Date(at),
          customer: { customer_name: name },
          payment_method,
        })
      ).id)
    await place('retail', 3, 'completed', '2024-08-02T09:00:00Z') // 37.50 + 5 = 42.50; profit 3 × 4.25 = 12.75
    await place('wholesale', 4, 'completed', '2024-08-03T09:00:00Z', 'massarat') // 40 + 5 = 45; profit 4 × 3 = 12
    await place('cheap', 1, 'completed', '2024-08-04T09:00:00Z') // 12.50 + 5 = 17.50; profit 4.25
    await place('pending', 2, 'pending', '2024-08-05T09:00:00Z')
    await place('later', 1, 'completed', '2024-09-01T09:00:00Z') // 17.50; profit 4.25
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'GET', url, headers })
  const august = '/api/orders?status=completed&from=2024-08-01&to=2024-08-31'

  it('gives every page the totals of the whole range, newest first, with each order’s profit and payment method', async () => {
    const pages = await Promise.all([1, 2].map((page) => get(`${august}&per_page=2&page=${page}`)))
    for (const res of pages) {
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        total: 3,
        last_page: 2,
        per_page: 2,
        totals: { total_amount: 105, profit: 29 },
      })
    }
    const rows = pages.flatMap((res) => res.json().data)
    expect(rows.map((r: { id: number }) => r.id)).toEqual([ids.cheap, ids.wholesale, ids.retail])
    expect(rows[1]).toMatchObject({
      customer_name: 'wholesale',
      total_amount: 45,
      profit: 12,
      payment_method: 'massarat',
      order_status: 'completed',
    })
    expect(rows[2]).toMatchObject({
      total_amount: 42.5,
      profit: 12.75,
      payment_method: 'cash',
      created_at: '2024-08-02T09:00:00.000Z',
    })
    expect(pages[1]!.json().current_page).toBe(2)
  })

  it('sums every completed order when the range is open, and nothing for an empty range', async () => {
    expect((await get('/api/orders?status=completed&per_page=1')).json()).toMatchObject({
      total: 4,
      totals: { total_amount: 122.5, profit: 33.25 },
    })
    expect((await get('/api/orders?status=completed&from=2024-10-01&to=2024-10-31')).json()).toMatchObject({
      data: [],
      total: 0,
      last_page: 1,
      totals: { total_amount: 0, profit: 0 },
    })
  })

  it('counts what was collected: a completed cash order counts once staff record its cash as received', async () => {
    expect((await get(august)).json().totals.collected).toBe(0)
    const order = (await get(`/api/orders/${ids.retail}`)).json()
    const { customer_name, customer_email, customer_phone, shipping_address, notes } = order
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${ids.retail}`,
      headers: admin.headers,
      payload: {
        customer_name,
        customer_email,
        customer_phone,
        shipping_address,
        notes,
        order_status: 'completed',
        payment_status: 'paid',
      },
    })
    expect(put.statusCode).toBe(200)
    expect((await get(august)).json().totals).toEqual({
      total_amount: 105,
      profit: 29,
      collected: 42.5,
      discount_total: 0,
    })
  })

  it('keeps totals and profit from shoppers, and validates the range', async () => {
    const shopper = await createUser(ctx.app)
    const own = await get(august, shopper.headers)
    expect(own.statusCode).toBe(200)
    expect(own.json().totals).toBeUndefined()
    expect((await get('/api/orders?status=completed&from=2024-09-01&to=2024-08-01')).statusCode).toBe(422)
    expect((await get('/api/orders?status=completed&from=yesterday')).statusCode).toBe(422)
    expect((await get(august, {})).statusCode).toBe(401)
  })
})
