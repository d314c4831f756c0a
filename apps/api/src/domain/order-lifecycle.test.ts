import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { ORDER_STATUSES, type OrderStatus } from '@shop/shared/schemas/order'
import { ACTOR_KINDS } from '@shop/shared/permissions'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../test/helpers.ts'
import { placeTestOrder } from '../../test/orders.ts'
import { orders, orderStatusHistory } from '../db/schema/orders.ts'
import { productVariants } from '../db/schema/catalog.ts'
import type { Actor } from './actor.ts'
import { moveAllowed, moveTarget, ORDER_MOVES, STATUS_EDITS, type OrderMoveName } from './order-lifecycle.ts'
import { lockOrder, moveOrder } from './order-state.ts'

// Decision 0219: the order's life is one declared table. Every move the table allows is made, every other one is
// refused with its 409 and leaves the order, its stock and its history as they were.

const edit = {
  customer_name: 'عميل الجدول',
  customer_email: 'table@example.ly',
  customer_phone: '0910000000',
  shipping_address: 'طرابلس',
  payment_status: 'pending',
  notes: '',
}

describe('the lifecycle table', () => {
  it('every move has statuses to start from, actors, and leads to a status', () => {
    for (const [name, rule] of Object.entries(ORDER_MOVES)) {
      expect(rule.from.length, name).toBeGreaterThan(0)
      expect(rule.by.length, name).toBeGreaterThan(0)
      for (const kind of rule.by) expect(ACTOR_KINDS, name).toContain(kind)
      for (const from of rule.from)
        expect(ORDER_STATUSES, name).toContain(moveTarget(name as OrderMoveName, from, 'pending'))
    }
    // The status edit's refusals, as documented: a completed order is not pending again, a cancelled one is reopened
    // before it is completed, and an order goes out for delivery and comes back from it only by its shipment (issue
    // 42); every other change of status is allowed.
    const refused = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => to !== from && !STATUS_EDITS[from].includes(to)).map(
        (to) => `${from}→${to}`,
      ),
    )
    const shipping = refused.filter((r) => r.includes('shipped'))
    expect(refused.filter((r) => !r.includes('shipped'))).toEqual([
      'completed→pending',
      'cancelled→completed',
    ])
    expect(shipping).toEqual(
      ORDER_STATUSES.filter((s) => s !== 'shipped')
        .flatMap((s) => [`${s}→shipped`, `shipped→${s}`])
        .sort((a, b) => shipping.indexOf(a) - shipping.indexOf(b)),
    )
    expect(shipping).toHaveLength(8)
  })

  it('a move by an actor the table does not name is not allowed', () => {
    for (const [name, rule] of Object.entries(ORDER_MOVES))
      for (const kind of ACTOR_KINDS)
        for (const from of rule.from) {
          const to = moveTarget(name as OrderMoveName, from, from)
          expect(moveAllowed(name as OrderMoveName, kind, from, to), `${name} by ${kind} from ${from}`).toBe(
            (rule.by as readonly string[]).includes(kind),
          )
        }
  })
})

describe('every move allowed is made, every other refused (through the API)', () => {
  let ctx: TestContext
  let staff: TestUser
  let shopper: TestUser
  let cityId: number
  let productId: number
  let variantId: number

  beforeAll(async () => {
    ctx = await createTestApp()
    staff = await createUser(ctx.app, 'admin', { name: 'Mona the manager' })
    shopper = await createUser(ctx.app, 'user', { name: 'Khadija' })
    cityId = (await createCity(ctx.app)).id
    const p = await createProduct(ctx.app, { stock: 1000, name: 'تمر الجدول' })
    productId = p.id
    variantId = p.variantId
  })
  afterAll(() => ctx.close())

  const put = (id: number, status: OrderStatus, lang = 'en', customerName = edit.customer_name) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${id}`,
      payload: { ...edit, customer_name: customerName, order_status: status },
      headers: { ...staff.headers, 'accept-language': lang },
    })
  const stock = async () =>
    (await ctx.app.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock
  const historyOf = async (id: number) =>
    ctx.app.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))

  let courierId: number | null = null
  /** A cash order of 2 units, by the shopper, brought to `status` by moves the table allows. */
  async function orderIn(status: OrderStatus) {
    const order = await placeTestOrder(ctx.app, {
      cityId,
      items: [{ product_id: productId, quantity: 2 }],
      headers: shopper.headers,
      customer: { customer_email: shopper.email },
    })
    if (status === 'shipped') {
      // Out for delivery only by a shipment (issue 42).
      expect((await put(order.id, 'processing')).statusCode).toBe(200)
      courierId ??= (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/couriers',
          headers: staff.headers,
          payload: { kind: 'driver', name: 'سائق', phone: '0913334444' },
        })
      ).json().id as number
      const shipped = await ctx.app.inject({
        method: 'POST',
        url: '/api/shipments',
        headers: staff.headers,
        payload: { courier_id: courierId, order_ids: [order.id] },
      })
      expect(shipped.statusCode, shipped.body).toBe(201)
    } else if (status !== 'pending') expect((await put(order.id, status)).statusCode).toBe(200)
    return order
  }
  const NAME: Record<OrderStatus, string> = {
    pending: 'Pending',
    processing: 'Processing',
    shipped: 'Out for delivery',
    completed: 'Completed',
    cancelled: 'Cancelled',
  }

  for (const from of ORDER_STATUSES)
    for (const to of ORDER_STATUSES) {
      const allowed = to === from || STATUS_EDITS[from].includes(to)
      it(`status edit ${from} → ${to}: ${allowed ? 'made' : '409 ORDER_MOVE_NOT_ALLOWED'}`, async () => {
        const order = await orderIn(from)
        const [was] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id))
        const before = {
          stock: await stock(),
          history: (await historyOf(order.id)).length,
          name: was!.customerName,
        }
        const res = await put(order.id, to, 'en', 'اسم جديد')
        const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id))
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200)
          expect(row!.orderStatus).toBe(to)
          // Cancelling gives the 2 units back; reopening a cancelled order takes them again.
          const delta =
            to === 'cancelled' && from !== 'cancelled'
              ? 2
              : from === 'cancelled' && to !== 'cancelled'
                ? -2
                : 0
          expect(await stock()).toBe(before.stock + delta)
          expect((await historyOf(order.id)).length).toBe(before.history + (to === from ? 0 : 1))
          return
        }
        expect(res.statusCode).toBe(409)
        expect(res.json()).toMatchObject({
          code: 'ORDER_MOVE_NOT_ALLOWED',
          message: `This order cannot go from ${NAME[from]} to ${NAME[to]}`,
        })
        // Nothing of the refused edit is kept: not the status, not the contact fields, not the stock, no history.
        expect(row!.orderStatus).toBe(from)
        expect(row!.customerName).toBe(before.name)
        expect(await stock()).toBe(before.stock)
        expect((await historyOf(order.id)).length).toBe(before.history)
      })
    }

  it('the refusal speaks Arabic too', async () => {
    const order = await orderIn('completed')
    const res = await put(order.id, 'pending', 'ar')
    expect(res.json().message).toBe('لا يمكن نقل هذا الطلب من «مكتمل» إلى «قيد الانتظار»')
  })

  const post = (id: number, path: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/${path}`, headers, payload })

  for (const from of ORDER_STATUSES) {
    it(`confirm by phone from ${from}: ${from === 'pending' ? 'processing' : '409 ORDER_NOT_PENDING'}`, async () => {
      const order = await orderIn(from)
      const res = await post(order.id, 'confirm', staff.headers)
      if (from === 'pending') {
        expect(res.json()).toMatchObject({ order_status: 'processing' })
        expect((await historyOf(order.id)).at(-1)).toMatchObject({ action: 'confirmed_by_phone' })
      } else {
        expect(res.statusCode).toBe(409)
        expect(res.json().code).toBe('ORDER_NOT_PENDING')
      }
    })

    const refusable = from === 'pending' || from === 'processing'
    it(`refused at the door from ${from}: ${refusable ? 'cancelled, stock back' : '409 ORDER_NOT_EDITABLE'}`, async () => {
      const order = await orderIn(from)
      const before = await stock()
      const res = await post(order.id, 'refused-at-door', { ...staff.headers, 'accept-language': 'en' })
      if (refusable) {
        expect(res.json()).toMatchObject({ order_status: 'cancelled' })
        expect(await stock()).toBe(before + 2)
      } else {
        expect(res.statusCode).toBe(409)
        expect(res.json()).toMatchObject({
          code: 'ORDER_NOT_EDITABLE',
          message: `Only pending or processing orders can be edited; this one is ${NAME[from]}`,
        })
        expect(await stock()).toBe(before)
      }
    })

    it(`the shopper cancels from ${from}: ${from === 'pending' ? 'cancelled' : '409 ORDER_NOT_PENDING'}`, async () => {
      const order = await orderIn(from)
      const res = await post(order.id, 'cancel', shopper.headers, { reason: 'غيرت رأيي' })
      if (from === 'pending') {
        expect(res.json()).toMatchObject({ order_status: 'cancelled' })
        expect((await historyOf(order.id)).at(-1)).toMatchObject({
          action: 'cancelled_by_customer',
          actor: 'shopper',
        })
      } else {
        expect(res.statusCode).toBe(409)
        expect(res.json().code).toBe('ORDER_NOT_PENDING')
      }
    })
  }

  it('moveOrder itself refuses a move by the wrong actor: a shopper cannot set a status, the clock cannot confirm', async () => {
    const order = await orderIn('pending')
    const asShopper: Actor = { kind: 'shopper', userId: shopper.id, name: 'Khadija', ip: null }
    const asClock: Actor = { kind: 'system', job: 'test' }
    for (const [actor, move] of [
      [asShopper, { name: 'status_edit', status: 'completed' }],
      [asClock, { name: 'confirmed_by_phone' }],
    ] as const)
      await expect(
        ctx.app.db.transaction(async (tx) => moveOrder(tx, actor, (await lockOrder(tx, order.id))!, move)),
      ).rejects.toMatchObject({ status: 409 })
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.orderStatus).toBe('pending')
  })
})
