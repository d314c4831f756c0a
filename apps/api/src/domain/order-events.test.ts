import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../test/helpers.ts'
import { placeTestOrder } from '../../test/orders.ts'
import type { OrderEvent } from './order-events.ts'

// Decision 0220: every move of an order is told once, as a typed event, to the app's listeners, in the transaction of
// the change; a refused move tells nothing.

describe('order events', () => {
  let ctx: TestContext
  let staff: TestUser
  let cityId: number
  const events: OrderEvent[] = []

  beforeAll(async () => {
    ctx = await createTestApp()
    ctx.app.onOrderEvent(async (_tx, event) => void events.push(event))
    staff = await createUser(ctx.app, 'admin', { name: 'Mona the manager' })
    cityId = (await createCity(ctx.app)).id
  })
  afterAll(() => ctx.close())

  const call = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: staff.headers })

  it('placed, confirmed, edited, completed, cancelled: one event each, in order, with who made it', async () => {
    const p = await createProduct(ctx.app, { stock: 10 })
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    expect((await call('POST', `/api/orders/${order.id}/confirm`)).statusCode).toBe(200)
    const edit = await call('PUT', `/api/orders/${order.id}/items`, {
      items: [{ product_id: p.id, quantity: 3 }],
    })
    expect(edit.statusCode).toBe(200)
    const fields = {
      customer_name: 'عميل',
      customer_email: 'buyer@example.ly',
      customer_phone: '0921234567',
      shipping_address: 'مصراتة',
      payment_status: 'pending',
      notes: '',
    }
    expect(
      (await call('PUT', `/api/orders/${order.id}`, { ...fields, order_status: 'completed' })).statusCode,
    ).toBe(200)
    // A save that moves nothing, and a move the table refuses, tell nothing.
    expect(
      (await call('PUT', `/api/orders/${order.id}`, { ...fields, order_status: 'completed' })).statusCode,
    ).toBe(200)
    expect(
      (await call('PUT', `/api/orders/${order.id}`, { ...fields, order_status: 'pending' })).statusCode,
    ).toBe(409)
    expect(
      (await call('PUT', `/api/orders/${order.id}`, { ...fields, order_status: 'cancelled' })).statusCode,
    ).toBe(200)

    const mine = events.filter((e) => e.orderId === order.id)
    expect(mine.map((e) => [e.type, e.type === 'order.moved' ? e.move : null, e.by])).toEqual([
      ['order.placed', null, 'guest'],
      ['order.moved', 'confirmed_by_phone', 'staff'],
      ['order.edited', null, 'staff'],
      ['order.moved', 'status_edit', 'staff'],
      ['order.moved', 'status_edit', 'staff'],
    ])
    expect(mine[1]).toMatchObject({
      from: { status: 'pending', paymentStatus: 'pending' },
      to: { status: 'processing', paymentStatus: 'pending' },
    })
    expect(mine[2]).toMatchObject({ previousTotal: order.total_amount })
    expect(mine.at(-1)).toMatchObject({ from: { status: 'completed' }, to: { status: 'cancelled' } })
    // Each moved or edited event names its own history row.
    const rows = mine.flatMap((e) => (e.type === 'order.placed' ? [] : [e.historyId]))
    expect(new Set(rows).size).toBe(rows.length)
  })

  it('a listener’s failure undoes the change: the event and the move share one transaction', async () => {
    const p = await createProduct(ctx.app, { stock: 10 })
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    let fail = true
    ctx.app.onOrderEvent(async (_tx, event) => {
      if (fail && event.type === 'order.moved' && event.orderId === order.id) throw new Error('listener down')
    })
    expect((await call('POST', `/api/orders/${order.id}/confirm`)).statusCode).toBe(500)
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: staff.headers,
    })
    expect(after.json().order_status).toBe('pending')
    fail = false
    expect((await call('POST', `/api/orders/${order.id}/confirm`)).json().order_status).toBe('processing')
  })
})
