import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productVariants } from '../../db/schema/catalog.ts'
import { mailOutbox } from '../../db/schema/settings.ts'
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

let ctx: TestContext
let admin: TestUser
beforeAll(async () => {
  // Plutu configured: the list of orders waiting for confirmation must leave out an online one.
  ctx = await createTestApp({ env: PLUTU_KEYS })
  admin = await createUser(ctx.app, 'admin', { name: 'مدير الطلبات' })
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
const stockOf = async (id: number) =>
  (
    await ctx.app.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
  )[0]!.stock

async function orderOf(user: TestUser | null, quantity = 2, payment_method = 'cash') {
  const city = await createCity(ctx.app)
  const product = await createProduct(ctx.app, { stock: 20 })
  const email = `buyer-${Math.random().toString(36).slice(2)}@example.ly`
  const order = await placeTestOrder(ctx.app, {
    cityId: city.id,
    items: [{ product_id: product.id, quantity }],
    headers: user?.headers,
    customer: { customer_email: email },
    payment_method,
  })
  return { order, product, email }
}
const cancel = (id: number, headers: Record<string, string>, reason: unknown = 'وجدت عرضًا أفضل') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${id}/cancel`,
    headers,
    payload: reason === undefined ? {} : { reason },
  })
const confirm = (id: number, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/confirm`, headers })

describe('POST /api/orders/:id/cancel (decision 0069)', () => {
  it('the signed-in shopper cancels their pending order once: stock back once, history says who and why, 409 afterwards', async () => {
    const shopper = await createUser(ctx.app, 'user', { name: 'سارة' })
    const { order, product, email } = await orderOf(shopper, 5)
    expect(await stockOf(product.id)).toBe(15)
    const res = await cancel(order.id, shopper.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().order_status).toBe('cancelled')
    expect(await stockOf(product.id)).toBe(20)
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: admin.headers })
    ).json()
    expect(detail.history.at(-1)).toMatchObject({
      from_status: 'pending',
      to_status: 'cancelled',
      changed_by: 'سارة',
      actor: 'shopper',
      action: 'cancelled_by_customer',
      reason: 'وجدت عرضًا أفضل',
    })
    const again = await cancel(order.id, { ...shopper.headers, ...en })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('ORDER_NOT_PENDING')
    expect(await stockOf(product.id)).toBe(20)
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(mails.map((m) => m.subject)).toEqual([
      `استلمنا طلبك ${order.order_number}`,
      `تم إلغاء طلبك ${order.order_number}`,
    ])
  })

  it("cannot cancel another shopper's order (404, as reading it), nor as a guest (401), nor without a reason (422)", async () => {
    const owner = await createUser(ctx.app)
    const other = await createUser(ctx.app)
    const { order, product } = await orderOf(owner, 3)
    expect((await cancel(order.id, other.headers)).statusCode).toBe(404)
    expect((await cancel(order.id, {})).statusCode).toBe(401)
    const noReason = await cancel(order.id, { ...owner.headers, ...en }, '  ')
    expect(noReason.statusCode).toBe(422)
    expect(noReason.json().errors).toEqual({ reason: ['Please tell us why you are cancelling'] })
    expect(await stockOf(product.id)).toBe(17)
  })

  it('answers 409 once staff moved the order past pending', async () => {
    const owner = await createUser(ctx.app)
    const { order, product } = await orderOf(owner, 1)
    expect((await confirm(order.id, admin.headers)).statusCode).toBe(200)
    expect((await cancel(order.id, owner.headers)).statusCode).toBe(409)
    expect(await stockOf(product.id)).toBe(19)
  })
})

describe('POST /api/orders/:id/confirm (decision 0070)', () => {
  it('moves a pending order to processing, records "confirmed by phone" and mails the shopper', async () => {
    const { order, email } = await orderOf(null)
    const res = await confirm(order.id, admin.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().order_status).toBe('processing')
    expect(res.json().history.at(-1)).toMatchObject({
      to_status: 'processing',
      actor: 'staff',
      action: 'confirmed_by_phone',
      changed_by: 'مدير الطلبات',
    })
    const mails = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(mails.at(-1)!.subject).toBe(`تم تأكيد طلبك ${order.order_number}`)
    expect(mails.at(-1)!.text).toContain('شكرًا لتأكيد الطلب معنا عبر الهاتف.')
    const again = await confirm(order.id, admin.headers)
    expect(again.statusCode).toBe(409)
    const shopper = await createUser(ctx.app)
    expect((await confirm(order.id, shopper.headers)).statusCode).toBe(403)
    expect((await confirm(order.id, {})).statusCode).toBe(401)
    expect((await confirm(999_999, admin.headers)).statusCode).toBe(404)
  })

  it('lists the cash orders waiting for confirmation, the longest waiting first', async () => {
    const old = await orderOf(null)
    const online = await orderOf(null, 1, 'massarat')
    const fresh = await orderOf(null)
    const done = await orderOf(null)
    await confirm(done.order.id, admin.headers)
    const { data } = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/orders?awaiting_confirmation=true&per_page=100',
        headers: admin.headers,
      })
    ).json()
    const ids = data.map((o: { id: number }) => o.id)
    expect(ids).toContain(old.order.id)
    expect(ids).toContain(fresh.order.id)
    expect(ids).not.toContain(online.order.id)
    expect(ids).not.toContain(done.order.id)
    expect(ids.indexOf(old.order.id)).toBeLessThan(ids.indexOf(fresh.order.id))
    for (const o of data) expect(o).toMatchObject({ order_status: 'pending', payment_method: 'cash' })
  })
})

describe('POST /api/orders/:id/refused-at-door (decision 0173)', () => {
  const refused = (id: number, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/refused-at-door`, headers })

  it('cancels a confirmed cash order the customer refused: stock and the code’s use come back, the history says so', async () => {
    const code = `DOOR${Math.random().toString(36).slice(2, 8).toUpperCase()}`
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/promotions',
      headers: admin.headers,
      payload: {
        name_ar: 'خصم تجريبي',
        name_en: 'Trial',
        code,
        value_type: 'percentage',
        value: 10,
        target: 'order',
        usage_limit: 1,
      },
    })
    expect(created.statusCode).toBe(201)
    const city = await createCity(ctx.app)
    const product = await createProduct(ctx.app, { stock: 20, retailPrice: 50 })
    const place = (phone: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: en,
        payload: {
          customer_name: 'Huda',
          customer_email: `door-${Math.random().toString(36).slice(2)}@example.ly`,
          customer_phone: phone,
          shipping_address: 'Street 1',
          city_id: city.id,
          payment_method: 'cash',
          items: [{ product_id: product.id, quantity: 2 }],
          coupon_code: code.toLowerCase(),
        },
      })
    const first = await place('0912345001')
    expect(first.statusCode).toBe(201)
    const placed = first.json()
    expect(placed.discount_total).toBe(Math.round(placed.subtotal * 10) / 100)
    expect(placed.total_amount).toBe(placed.subtotal - placed.discount_total + placed.delivery_price)
    expect(placed.adjustments).toEqual([
      expect.objectContaining({ code, target: 'items', amount: placed.discount_total }),
    ])
    expect(await stockOf(product.id)).toBe(18)
    // The code's one use is taken: another shopper is refused.
    const second = await place('0912345002')
    expect(second.statusCode).toBe(422)
    expect(second.json()).toMatchObject({
      code: 'COUPON_USED_UP',
      errors: { coupon_code: ['This code has been used up'] },
    })

    expect((await confirm(first.json().id, admin.headers)).statusCode).toBe(200)
    const res = await refused(first.json().id, { ...admin.headers, ...en })
    expect(res.statusCode).toBe(200)
    expect(res.json().order_status).toBe('cancelled')
    // The order keeps what it was sold at: its discount stays on the record.
    expect(res.json().discount_total).toBe(placed.discount_total)
    const order = (
      await ctx.app.inject({ method: 'GET', url: `/api/orders/${first.json().id}`, headers: admin.headers })
    ).json()
    expect(order.history.at(-1)).toMatchObject({
      from_status: 'processing',
      to_status: 'cancelled',
      action: 'refused_at_door',
      actor: 'staff',
    })
    expect(await stockOf(product.id)).toBe(20)
    // The use came back: the next shopper's order with the code goes through.
    expect((await place('0912345003')).statusCode).toBe(201)
    // Once cancelled, refusing again is a conflict, not a second restock.
    expect((await refused(first.json().id, admin.headers)).statusCode).toBe(409)
    expect(await stockOf(product.id)).toBe(18)
  })

  it('refuses what is not a delivery: an order already completed, and guests and shoppers', async () => {
    const { order, email } = await orderOf(null)
    const done = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}`,
      headers: admin.headers,
      payload: {
        customer_name: 'Buyer',
        customer_email: email,
        customer_phone: '0912345678',
        shipping_address: 'Street 1',
        order_status: 'completed',
        payment_status: 'paid',
        notes: '',
      },
    })
    expect(done.statusCode).toBe(200)
    expect((await refused(order.id, admin.headers)).statusCode).toBe(409)
    expect((await refused(order.id, {})).statusCode).toBe(401)
    const shopper = await createUser(ctx.app, 'user')
    expect((await refused(order.id, shopper.headers)).statusCode).toBe(403)
  })
})
