import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCity, createProduct, createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'

describe('sales report', () => {
  let ctx: TestContext
  let admin: TestUser
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    const cityId = (await createCity(ctx.app, { deliveryPrice: 5 })).id
    const p = await createProduct(ctx.app, { retailPrice: 12.5, wholesalePrice: 10, wholesaleThreshold: 4, retailBuyingPrice: 8.25, wholesaleBuyingPrice: 7, stock: 100 })
    const place = async (name: string, quantity: number, status: 'pending' | 'completed', at: string) =>
      (ids[name] = (await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity }], status, createdAt: new Date(at), customer: { customer_name: name } })).id)
    await place('retail', 3, 'completed', '2024-08-02T09:00:00Z') // 37.50 + 5 = 42.50; profit 3 × 4.25 = 12.75
    await place('wholesale', 4, 'completed', '2024-08-03T09:00:00Z') // 40 + 5 = 45; profit 4 × 3 = 12
    await place('pending', 2, 'pending', '2024-08-04T09:00:00Z')
    await place('later', 1, 'completed', '2024-09-01T09:00:00Z') // 12.50 + 5 = 17.50; profit 4.25
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers: Record<string, string> = admin.headers) => ctx.app.inject({ method: 'GET', url, headers })

  it('lists completed orders of the range, newest first, with real profit and totals', async () => {
    const res = await get('/api/sales?from=2024-08-01&to=2024-08-31')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.data.map((r: { id: number }) => r.id)).toEqual([ids.wholesale, ids.retail])
    expect(body.data[1]).toMatchObject({ customer_name: 'retail', total_amount: 42.5, profit: 12.75 })
    expect(body.data[1].order_number).toMatch(/^ORD-/)
    expect(body.data[1].created_at).toBe('2024-08-02T09:00:00.000Z')
    expect(body.totals).toEqual({ total_amount: 87.5, profit: 24.75, count: 2 })
    const everything = (await get('/api/sales')).json()
    expect(everything.totals).toEqual({ total_amount: 105, profit: 29, count: 3 })
  })

  it('validates the range and is admin-only', async () => {
    expect((await get('/api/sales?from=2024-09-01&to=2024-08-01')).statusCode).toBe(422)
    expect((await get('/api/sales?from=yesterday')).statusCode).toBe(422)
    expect((await get('/api/sales', {})).statusCode).toBe(401)
    const shopper = await createUser(ctx.app)
    expect((await get('/api/sales', shopper.headers)).statusCode).toBe(403)
  })
})
