import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCity,
  createProduct,
  createStaff,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts'
import { placeTestOrder } from '../orders.ts'

// Issue 30 "Done when": an order clerk gets 403 on product, price, refund and export calls and 2xx on order work.
let ctx: TestContext
let clerk: TestUser
let manager: TestUser
let productId: number
let orderId: number

beforeAll(async () => {
  ctx = await createTestApp()
  clerk = await createStaff(ctx.app, 'order_clerk')
  manager = await createStaff(ctx.app, 'manager')
  const shopper = await createUser(ctx.app)
  const city = await createCity(ctx.app)
  const product = await createProduct(ctx.app)
  productId = product.id
  const order = await placeTestOrder(ctx.app, {
    cityId: city.id,
    items: [{ product_id: product.id, quantity: 1 }],
    headers: shopper.headers,
    customer: { customer_name: 'Salma Shopper' },
  })
  orderId = order.id
})
afterAll(() => ctx.close())

const send = (
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  lang: 'ar' | 'en' = 'ar',
) => ctx.app.inject({ method, url, payload, headers: { ...user.headers, 'accept-language': lang } })

describe('an order clerk', () => {
  it('is refused product, price, stock, refund, export and money calls with a translated 403, and nothing changes', async () => {
    const refused: [string, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, object?][] = [
      ['new product', 'POST', '/api/products', { name: 'تمر', price: 5, stock: 1 }],
      ['price', 'PUT', `/api/products/${productId}`, { price: 1 }],
      ['stock', 'PATCH', `/api/products/${productId}/stock`, { stock: 500 }],
      ['delete product', 'DELETE', `/api/products/${productId}`],
      ['order lines and prices', 'PUT', `/api/orders/${orderId}/items`, { items: [] }],
      ['refund', 'POST', '/api/payments/1/refund', { amount: 1 }],
      ['payments', 'GET', '/api/payments'],
      ['sales export', 'GET', '/api/orders/export/csv'],
      ['product export', 'GET', '/api/products/export/csv'],
      ['customers', 'GET', '/api/users'],
      ['figures', 'GET', '/api/dashboard/stats'],
      ['offers', 'GET', '/api/promotions'],
      ['settings', 'PUT', '/api/settings', { key: 'shop_name', value: 'x' }],
    ]
    const productNow = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}` })).json()
    const before = await productNow()
    for (const [what, method, url, payload] of refused) {
      const ar = await send(clerk, method, url, payload)
      expect(ar.statusCode, what).toBe(403)
      expect(ar.json(), what).toEqual({ code: 'FORBIDDEN', message: 'ليست لديك صلاحية للقيام بذلك' })
      const en = await send(clerk, method, url, payload, 'en')
      expect(en.json().message, what).toBe('You do not have permission to do this')
    }
    expect(await productNow()).toEqual(before)
    // The same calls reach a manager (the guard is the role's, not the account's).
    expect((await send(manager, 'GET', '/api/orders/export/csv')).statusCode).toBe(200)
    expect((await send(manager, 'POST', '/api/payments/1/refund', { amount: 1 })).statusCode).not.toBe(403)
  })

  it('lists, opens, confirms and moves every shopper’s orders', async () => {
    const list = await send(clerk, 'GET', '/api/orders')
    expect(list.statusCode).toBe(200)
    expect((list.json().data as { id: number }[]).map((o) => o.id)).toContain(orderId)
    const one = await send(clerk, 'GET', `/api/orders/${orderId}`)
    expect(one.statusCode).toBe(200)
    expect(one.json().customer_name).toBe('Salma Shopper')

    const confirmed = await send(clerk, 'POST', `/api/orders/${orderId}/confirm`)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().order_status).toBe('processing')

    const o = one.json()
    const done = await send(clerk, 'PUT', `/api/orders/${orderId}`, {
      customer_name: o.customer_name,
      customer_email: o.customer_email,
      customer_phone: o.customer_phone,
      shipping_address: o.shipping_address,
      notes: o.notes ?? '',
      order_status: 'completed',
      payment_status: 'paid',
    })
    expect(done.statusCode).toBe(200)
    expect(done.json().order_status).toBe('completed')
    expect((await send(clerk, 'POST', `/api/orders/${orderId}/tracking-link`)).statusCode).toBe(200)
  })
})
