import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, productVariants } from '../../db/schema/catalog.ts'
import { orderItems, orderStatusHistory, orders } from '../../db/schema/orders.ts'
import { payments } from '../../db/schema/payments.ts'
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
import { PLUTU_KEYS, placeOnlineOrder } from '../../../test/payments.ts'

// Decision 0133: staff edit a pending or processing order's lines and city (PUT /api/orders/:id/items).
let ctx: TestContext
let admin: TestUser
beforeAll(async () => {
  ctx = await createTestApp({ env: PLUTU_KEYS })
  admin = await createUser(ctx.app, 'admin', { name: 'موظف الطلبات' })
})
afterAll(() => ctx.close())

const stockOf = async (id: number) =>
  (
    await ctx.app.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
  )[0]!.stock
const edit = (id: number, payload: object, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: 'PUT', url: `/api/orders/${id}/items`, headers, payload })
const mailsTo = (email: string) =>
  ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id)
let n = 0
const email = () => `edit-${Date.now()}-${n++}@example.ly`

/** A pending cash order of `quantity` units of a fresh product (retail 20, wholesale 16 from 10, stock 50). */
async function cashOrder(quantity = 2, o: { lang?: 'ar' | 'en'; stock?: number } = {}) {
  const city = await createCity(ctx.app, { deliveryPrice: 10 })
  const product = await createProduct(ctx.app, { stock: o.stock ?? 50 })
  const customer_email = email()
  const order = await placeTestOrder(ctx.app, {
    cityId: city.id,
    items: [{ product_id: product.id, quantity }],
    customer: { customer_email },
    headers: { 'accept-language': o.lang ?? 'ar' },
  })
  return { order, product, city, customer_email }
}

describe('PUT /api/orders/:id/items: staff edit what was ordered (decision 0133)', () => {
  it('raises a quantity: re-priced (wholesale from 10), stock taken, history by the staff member, shopper mailed', async () => {
    const { order, product, customer_email } = await cashOrder(2)
    expect(order.total_amount).toBe(50) // 2 × 20 + 10
    expect(await stockOf(product.id)).toBe(48)
    const res = await edit(order.id, { items: [{ product_id: product.id, quantity: 10 }] })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ subtotal: 160, delivery_price: 10, total_amount: 170, profit: 60 })
    expect(body.items).toHaveLength(1)
    expect(body.items[0]).toMatchObject({ quantity: 10, unit_price: 16, is_wholesale: true, line_total: 160 })
    expect(await stockOf(product.id)).toBe(40)
    const last = body.history.at(-1)
    expect(last).toMatchObject({
      from_status: 'pending',
      to_status: 'pending',
      actor: 'staff',
      action: 'items_edited',
      changed_by: 'موظف الطلبات',
      reason: '50.00 → 170.00',
    })
    const mails = await mailsTo(customer_email)
    expect(mails.map((m) => m.subject)).toEqual([
      `استلمنا طلبك ${order.order_number}`,
      `عدّلنا طلبك ${order.order_number} — الإجمالي الجديد 170.00 د.ل`,
    ])
    expect(mails[1]!.text).toContain('كان 50.00 د.ل')
    expect(mails[1]!.text).toContain('160.00 د.ل')
  })

  it('mails an English shopper in English, and lowers a quantity: stock put back, retail price again', async () => {
    const { order, product, customer_email } = await cashOrder(12, { lang: 'en' })
    expect(await stockOf(product.id)).toBe(38)
    const res = await edit(order.id, { items: [{ product_id: product.id, quantity: 3 }] })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ subtotal: 60, total_amount: 70 })
    expect(res.json().items[0]).toMatchObject({ quantity: 3, unit_price: 20, is_wholesale: false })
    expect(await stockOf(product.id)).toBe(47)
    const mails = await mailsTo(customer_email)
    expect(mails.at(-1)!.subject).toBe(`We updated your order ${order.order_number} — new total 70.00 LYD`)
    expect(mails.at(-1)!.text).toContain('it was 202.00 LYD')
  })

  it('removes a line and adds another product in one edit, in a processing order, moving both stocks', async () => {
    const { order, product, customer_email } = await cashOrder(4)
    await ctx.app.db.update(orders).set({ orderStatus: 'processing' }).where(eq(orders.id, order.id))
    const honey = await createProduct(ctx.app, {
      retailPrice: 45,
      wholesalePrice: null,
      wholesaleThreshold: null,
      retailBuyingPrice: 30,
      stock: 7,
    })
    const res = await edit(order.id, { items: [{ product_id: honey.id, quantity: 2 }] })
    expect(res.statusCode).toBe(200)
    expect(res.json().items).toEqual([
      expect.objectContaining({ product_id: honey.id, quantity: 2, unit_price: 45, line_total: 90 }),
    ])
    expect(res.json()).toMatchObject({ order_status: 'processing', total_amount: 100, profit: 30 })
    expect(await stockOf(product.id)).toBe(50)
    expect(await stockOf(honey.id)).toBe(5)
    expect(await mailsTo(customer_email)).toHaveLength(2)
  })

  it('keeps an unchanged line at the price it was sold for, and re-prices only what changed', async () => {
    const { order, product, city } = await cashOrder(1)
    const other = await createProduct(ctx.app, { retailPrice: 5, stock: 10 })
    await ctx.app.db
      .update(productVariants)
      .set({ retailPrice: 99 })
      .where(eq(productVariants.productId, product.id))
    const res = await edit(order.id, {
      items: [
        { product_id: product.id, quantity: 1 },
        { product_id: other.id, quantity: 2 },
      ],
    })
    expect(res.statusCode).toBe(200)
    const lines = res.json().items
    expect(lines.find((l: { product_id: number }) => l.product_id === product.id).unit_price).toBe(20)
    expect(res.json().total_amount).toBe(20 + 10 + city.deliveryPrice)
  })

  it('changes the delivery city: its fee; a city without cash on delivery refuses a cash order (422), nothing moves', async () => {
    const { order, product } = await cashOrder(2)
    const far = await createCity(ctx.app, { deliveryPrice: 35, translations: { en: { name: 'Far town' } } })
    const res = await edit(
      order.id,
      { items: [{ product_id: product.id, quantity: 2 }], city_id: far.id },
      { ...admin.headers, 'accept-language': 'en' },
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      city_id: far.id,
      city_name: 'Far town',
      delivery_price: 35,
      total_amount: 75,
    })
    const noCash = await createCity(ctx.app, { deliveryPrice: 5, codAllowed: false })
    const refused = await edit(
      order.id,
      { items: [{ product_id: product.id, quantity: 3 }], city_id: noCash.id },
      { ...admin.headers, 'accept-language': 'en' },
    )
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('COD_NOT_AVAILABLE')
    expect(refused.json().message).toContain('Cash on delivery is not available')
    expect(await stockOf(product.id)).toBe(48)
    const inactive = await createCity(ctx.app, { isActive: false })
    expect(
      (await edit(order.id, { items: [{ product_id: product.id, quantity: 2 }], city_id: inactive.id }))
        .statusCode,
    ).toBe(422)
  })

  it('never oversells: more than the stock left is 409 OUT_OF_STOCK naming what is left, and nothing changes', async () => {
    const { order, product, customer_email } = await cashOrder(2, { stock: 5 })
    const res = await edit(
      order.id,
      { items: [{ product_id: product.id, quantity: 6 }] },
      { ...admin.headers, 'accept-language': 'en' },
    )
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', available: 3 })
    expect(await stockOf(product.id)).toBe(3)
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.totalAmount).toBe(order.total_amount)
    expect(await mailsTo(customer_email)).toHaveLength(1)
    // Exactly what is left is fine.
    expect((await edit(order.id, { items: [{ product_id: product.id, quantity: 5 }] })).statusCode).toBe(200)
    expect(await stockOf(product.id)).toBe(0)
  })

  it('refuses more of a product switched off (422), but lets staff lower it', async () => {
    const { order, product } = await cashOrder(3)
    await ctx.app.db.update(products).set({ isActive: false }).where(eq(products.id, product.id))
    const more = await edit(order.id, { items: [{ product_id: product.id, quantity: 4 }] })
    expect(more.statusCode).toBe(422)
    expect(more.json().code).toBe('PRODUCT_UNAVAILABLE')
    const fewer = await edit(order.id, { items: [{ product_id: product.id, quantity: 1 }] })
    expect(fewer.statusCode).toBe(200)
    expect(await stockOf(product.id)).toBe(49)
  })

  it('writes nothing and mails nobody when nothing changed', async () => {
    const { order, product, customer_email } = await cashOrder(2)
    const res = await edit(order.id, { items: [{ product_id: product.id, quantity: 2 }] })
    expect(res.statusCode).toBe(200)
    const history = await ctx.app.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.action, 'items_edited')))
    expect(history).toHaveLength(0)
    expect(await mailsTo(customer_email)).toHaveLength(1)
  })

  it('refuses completed and cancelled orders (409, translated) and lines of an order paid online (409)', async () => {
    const { order, product } = await cashOrder(1)
    for (const status of ['completed', 'cancelled'] as const) {
      await ctx.app.db.update(orders).set({ orderStatus: status }).where(eq(orders.id, order.id))
      const res = await edit(
        order.id,
        { items: [{ product_id: product.id, quantity: 2 }] },
        { ...admin.headers, 'accept-language': 'en' },
      )
      expect(res.statusCode).toBe(409)
      expect(res.json().code).toBe('ORDER_NOT_EDITABLE')
      expect(res.json().message).toBe(
        `Only pending or processing orders can be edited; this one is ${status === 'completed' ? 'Completed' : 'Cancelled'}`,
      )
    }
    const city = await createCity(ctx.app)
    const online = await placeOnlineOrder(ctx.app, {
      cityId: city.id,
      items: [{ product_id: product.id, quantity: 2 }],
    })
    await ctx.app.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, online.id))
    const paid = await edit(online.id, { items: [{ product_id: product.id, quantity: 1 }] })
    expect(paid.statusCode).toBe(409)
    expect(paid.json()).toMatchObject({ code: 'ORDER_PAID_ONLINE' })
    expect(paid.json().message).toContain('استرِدّ المبلغ')
    // Not paid, but the shopper has started paying the old total: 409 until that attempt ends.
    await ctx.app.db.update(orders).set({ paymentStatus: 'pending' }).where(eq(orders.id, online.id))
    const [attempt] = await ctx.app.db
      .insert(payments)
      .values({
        orderId: online.id,
        provider: 'plutu',
        gateway: 'sadadapi',
        state: 'pending',
        amount: online.total_amount,
        currency: 'LYD',
        orderAmount: online.total_amount,
        invoiceNo: online.order_number,
      })
      .returning()
    const open = await edit(
      online.id,
      { items: [{ product_id: product.id, quantity: 1 }] },
      { ...admin.headers, 'accept-language': 'en' },
    )
    expect(open.statusCode).toBe(409)
    expect(open.json()).toMatchObject({ code: 'ORDER_PAYMENT_OPEN' })
    expect(open.json().message).toContain('started paying this order online')
    // Once it failed, the edit goes through (the next payment asks the new total).
    await ctx.app.db.update(payments).set({ state: 'failed' }).where(eq(payments.id, attempt!.id))
    expect((await edit(online.id, { items: [{ product_id: product.id, quantity: 1 }] })).statusCode).toBe(200)
  })

  it('is for staff: 401 guests, 403 shoppers, 404 unknown orders, 422 bad lines', async () => {
    const { order, product } = await cashOrder(1)
    const shopper = await createUser(ctx.app)
    const body = { items: [{ product_id: product.id, quantity: 2 }] }
    expect((await edit(order.id, body, {})).statusCode).toBe(401)
    expect((await edit(order.id, body, shopper.headers)).statusCode).toBe(403)
    expect((await edit(999_999, body)).statusCode).toBe(404)
    for (const bad of [
      { items: [] },
      { items: [{ product_id: product.id, quantity: 0 }] },
      { items: [{ product_id: 'x', quantity: 1 }] },
      { items: [{ product_id: product.id, quantity: 1 }], city_id: -1 },
      {},
    ]) {
      const res = await edit(order.id, bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
    }
    expect(await stockOf(product.id)).toBe(49)
    const lines = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    expect(lines.map((l) => l.quantity)).toEqual([1])
  })
})

describe('order edits racing checkouts (decision 0133)', () => {
  it('two staff editing one order at once: each edit waits for the other, the stock matches the last one', async () => {
    const { order, product } = await cashOrder(2)
    const answers = await Promise.all(
      [5, 8, 3, 7].map((quantity) => edit(order.id, { items: [{ product_id: product.id, quantity }] })),
    )
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200])
    const lines = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    expect(lines).toHaveLength(1)
    expect(await stockOf(product.id)).toBe(50 - lines[0]!.quantity)
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id))
    expect(row!.totalAmount).toBe(lines[0]!.quantity * 20 + 10)
  })

  it('never oversells when an edit that raises a quantity races checkouts of the same product', async () => {
    const city = await createCity(ctx.app)
    for (let round = 0; round < 3; round++) {
      const product = await createProduct(ctx.app, { stock: 10 })
      const { id } = await placeTestOrder(ctx.app, {
        cityId: city.id,
        items: [{ product_id: product.id, quantity: 1 }],
        customer: { customer_email: email() },
      })
      // 9 left: the edit wants 5 more, eight shoppers one each (13 wanted).
      const answers = await Promise.all([
        edit(id, { items: [{ product_id: product.id, quantity: 6 }] }),
        ...Array.from({ length: 8 }, () =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/orders',
            payload: {
              customer_name: 'زبون',
              customer_email: email(),
              customer_phone: '0911111111',
              shipping_address: 'مصراتة',
              city_id: city.id,
              items: [{ product_id: product.id, quantity: 1 }],
            },
          }),
        ),
      ])
      expect(answers.every((a) => [200, 201, 409].includes(a.statusCode))).toBe(true)
      const sold = await ctx.app.db
        .select({ quantity: orderItems.quantity })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.productId, product.id))
      const units = sold.reduce((sum, r) => sum + r.quantity, 0)
      const stock = await stockOf(product.id)
      expect(stock).toBeGreaterThanOrEqual(0)
      expect(units + stock).toBe(10)
      const placed = answers.slice(1).filter((a) => a.statusCode === 201).length
      expect(units).toBe((answers[0]!.statusCode === 200 ? 6 : 1) + placed)
    }
  })
})
