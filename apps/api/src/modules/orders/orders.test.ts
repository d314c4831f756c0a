import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { products } from '../../db/schema/catalog.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'

describe('orders: list and detail', () => {
  let ctx: TestContext
  let admin: TestUser
  let alice: TestUser
  let bob: TestUser
  let cityId: number
  let productId: number
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    alice = await createUser(ctx.app, 'user')
    bob = await createUser(ctx.app, 'user')
    cityId = (await createCity(ctx.app)).id
    productId = (await createProduct(ctx.app, { stock: 1000 })).id
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers?: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url, headers })
  const items = () => [{ product_id: productId, quantity: 1 }]

  it('shows a shopper only their own orders, whatever user_id, search or status say', async () => {
    const mine = await placeTestOrder(ctx.app, { cityId, items: items(), headers: alice.headers })
    const theirs = await placeTestOrder(ctx.app, {
      cityId,
      items: items(),
      headers: bob.headers,
      customer: { customer_name: 'Bob' },
    })
    await placeTestOrder(ctx.app, { cityId, items: items() })
    for (const query of [
      '',
      `?user_id=${bob.id}`,
      '?search=Bob',
      '?status=all',
      `?search=${theirs.order_number}`,
    ]) {
      const res = await get(`/api/orders${query}`, alice.headers)
      expect(res.statusCode).toBe(200)
      const ids = res.json().data.map((o: { id: number }) => o.id)
      expect(ids).toContain(mine.id)
      expect(ids).not.toContain(theirs.id)
      expect(res.json().data.every((o: { user_id: number }) => o.user_id === alice.id)).toBe(true)
      expect(res.json().data[0].profit).toBeUndefined()
      expect(res.json().data[0].items[0].unit_cost).toBeUndefined()
    }
  })

  it('requires sign-in', async () => {
    expect((await get('/api/orders')).statusCode).toBe(401)
    expect((await get('/api/orders/1')).statusCode).toBe(401)
  })

  it('lets staff search by number, name, email and phone, filter by status, newest first, with profit', async () => {
    const target = await placeTestOrder(ctx.app, {
      cityId,
      items: items(),
      customer: {
        customer_name: 'خديجة المبروك',
        customer_email: 'khadija@farm.ly',
        customer_phone: '0944440000',
      },
      status: 'processing',
    })
    for (const term of [target.order_number, 'المبروك', 'KHADIJA@farm', '0944440000']) {
      const res = await get(`/api/orders?search=${encodeURIComponent(term)}`, admin.headers)
      expect(res.statusCode).toBe(200)
      expect(res.json().data.map((o: { id: number }) => o.id)).toEqual([target.id])
      expect(res.json().data[0].profit).toBe(8) // retail 20 − buying price 12
    }
    const noMatch = await get(`/api/orders?search=${encodeURIComponent('%')}`, admin.headers)
    expect(noMatch.json().total).toBe(0)
    const processing = await get('/api/orders?status=processing&per_page=100', admin.headers)
    expect(
      processing.json().data.every((o: { order_status: string }) => o.order_status === 'processing'),
    ).toBe(true)
    expect(processing.json().data.map((o: { id: number }) => o.id)).toContain(target.id)
    const all = await get('/api/orders?per_page=100', admin.headers)
    const created = all.json().data.map((o: { created_at: string }) => o.created_at)
    expect(created).toEqual([...created].sort().reverse())
  })

  it('filters by whole days in the shop time zone (Africa/Tripoli, UTC+2)', async () => {
    // 23:30 UTC on 1 March is 01:30 on 2 March in Tripoli.
    const late = await placeTestOrder(ctx.app, {
      cityId,
      items: items(),
      createdAt: new Date('2024-03-01T23:30:00Z'),
    })
    const early = await placeTestOrder(ctx.app, {
      cityId,
      items: items(),
      createdAt: new Date('2024-03-01T21:59:00Z'),
    })
    const ids = async (q: string) =>
      (await get(`/api/orders?per_page=100&${q}`, admin.headers)).json().data.map((o: { id: number }) => o.id)
    expect(await ids('from=2024-03-02&to=2024-03-02')).toEqual([late.id])
    expect(await ids('from=2024-03-01&to=2024-03-01')).toEqual([early.id])
    expect(await ids('to=2024-03-01')).toEqual([early.id])
    const bad = await get('/api/orders?from=2024-03-05&to=2024-03-01', admin.headers)
    expect(bad.statusCode).toBe(422)
    expect((await get('/api/orders?from=2024-02-30', admin.headers)).statusCode).toBe(422)
    expect((await get('/api/orders?status=delivered', admin.headers)).statusCode).toBe(422)
  })

  it('paginates', async () => {
    for (let i = 0; i < 3; i++)
      await placeTestOrder(ctx.app, { cityId, items: items(), customer: { customer_name: 'صفحات' } })
    const p1 = await get(`/api/orders?search=${encodeURIComponent('صفحات')}&per_page=2`, admin.headers)
    expect(p1.json()).toMatchObject({ total: 3, last_page: 2, current_page: 1, per_page: 2 })
    expect(p1.json().data).toHaveLength(2)
    const p2 = await get(`/api/orders?search=${encodeURIComponent('صفحات')}&per_page=2&page=2`, admin.headers)
    expect(p2.json().data).toHaveLength(1)
    expect((await get('/api/orders?per_page=101', admin.headers)).statusCode).toBe(422)
    expect((await get('/api/orders?page=0', admin.headers)).statusCode).toBe(422)
  })

  it('keeps the product name on items after the product is deleted', async () => {
    const gone = await createProduct(ctx.app, { name: 'تمر منتهي' })
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: gone.id, quantity: 1 }] })
    await ctx.app.db.delete(products).where(eq(products.id, gone.id))
    const res = await get(`/api/orders/${order.id}`, admin.headers)
    expect(res.json().items[0]).toMatchObject({ product_id: null, product: null, product_name: 'تمر منتهي' })
  })

  it('shows one order with its history to the owner and staff, and 404 to anyone else', async () => {
    const order = await placeTestOrder(ctx.app, { cityId, items: items(), headers: alice.headers })
    const own = await get(`/api/orders/${order.id}`, alice.headers)
    expect(own.statusCode).toBe(200)
    expect(own.json().history).toMatchObject([{ from_status: null, to_status: 'pending' }])
    expect(own.json().items[0].product).toMatchObject({ id: productId })
    expect((await get(`/api/orders/${order.id}`, bob.headers)).statusCode).toBe(404)
    const staff = await get(`/api/orders/${order.id}`, admin.headers)
    expect(staff.statusCode).toBe(200)
    expect(staff.json().profit).toBe(8)
    expect((await get('/api/orders/999999', admin.headers)).statusCode).toBe(404)
    expect((await get('/api/orders/abc', admin.headers)).statusCode).toBe(422)
  })
})
