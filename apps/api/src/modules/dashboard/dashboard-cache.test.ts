import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productVariants } from '../../db/schema/catalog.ts'
import { settings } from '../../db/schema/settings.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
  withStockReason,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'

// product.md §10.13: dashboard answers are cached until something they count changes — and never a moment longer.
describe('dashboard answers follow every change at once', () => {
  let ctx: TestContext
  let admin: TestUser
  let cityId: number
  let productId: number
  const range = '/api/dashboard/stats?from=2020-01-01&to=2020-12-31'
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
    productId = (
      await createProduct(ctx.app, {
        name: 'تمر للاختبار',
        retailPrice: 20,
        retailBuyingPrice: 12,
        wholesalePrice: null,
        wholesaleThreshold: null,
        stock: 50,
      })
    ).id
  })
  afterAll(() => ctx.close())

  const stats = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: range, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    return res.json()
  }

  it('sees a new order, a status change, a new buyer, a stock change and a setting change on the next call', async () => {
    const before = await stats()
    expect(await stats()).toEqual(before) // served again unchanged

    const order = await placeTestOrder(ctx.app, {
      cityId,
      items: [{ product_id: productId, quantity: 2 }],
      status: 'pending',
      createdAt: new Date('2020-03-01T10:00:00Z'),
    })
    const placed = await stats()
    // A pending order is among the recent orders and the orders at once, not yet among the completed ones (0229).
    expect(placed.recent_orders[0].id).toBe(order.id)
    expect(placed.total_orders).toBe(before.total_orders + 1)
    expect(placed.completed_orders).toBe(before.completed_orders)
    expect(placed.total_revenue).toBe(before.total_revenue)

    const o = (
      await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: admin.headers })
    ).json()
    const done = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}`,
      headers: admin.headers,
      payload: {
        customer_name: o.customer_name,
        customer_email: o.customer_email,
        customer_phone: o.customer_phone,
        shipping_address: o.shipping_address,
        order_status: 'completed',
        payment_status: 'paid',
        notes: '',
      },
    })
    expect(done.statusCode).toBe(200)
    const completed = await stats()
    expect(completed.total_revenue).toBe(before.total_revenue + 50)
    expect(completed.total_orders).toBe(before.total_orders + 1)
    expect(completed.completed_orders).toBe(before.completed_orders + 1)
    expect(completed.total_collected).toBe(before.total_collected + 50)
    expect(completed.total_profit).toBe(before.total_profit + 16)
    expect(completed.top_products[0]).toMatchObject({ product_id: productId, total_quantity: 2 })

    // Decision 0130: customers are the range's buyers; a new account counts once it buys.
    const shopper = await createUser(ctx.app, 'user')
    expect((await stats()).total_users).toBe(completed.total_users)
    await placeTestOrder(ctx.app, {
      cityId,
      items: [{ product_id: productId, quantity: 1 }],
      headers: shopper.headers,
      createdAt: new Date('2020-04-01T10:00:00Z'),
    })
    expect((await stats()).total_users).toBe(completed.total_users + 1)

    await withStockReason(ctx.app, (tx) =>
      tx.update(productVariants).set({ stock: 3 }).where(eq(productVariants.productId, productId)),
    )
    expect((await stats()).low_stock_products.map((p: { id: number }) => p.id)).toContain(productId)

    await ctx.app.db
      .insert(settings)
      .values({ key: 'low_stock_threshold', value: '5', description: 'حد المخزون المنخفض' })
    const setting = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin.headers,
      payload: { key: 'low_stock_threshold', value: '2' },
    })
    expect(setting.statusCode).toBe(200)
    expect((await stats()).low_stock_products.map((p: { id: number }) => p.id)).not.toContain(productId)
  })
})
