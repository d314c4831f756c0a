import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { productVariants } from '../../db/schema/catalog.ts'
import { orderStatusHistory } from '../../db/schema/orders.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'

const edit = {
  customer_name: 'اسم معدل',
  customer_email: 'edited@example.ly',
  customer_phone: '0910000000',
  shipping_address: 'عنوان جديد',
  order_status: 'pending',
  payment_status: 'pending',
  notes: 'ملاحظة',
}

describe('orders: admin update, history and restocking', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  let cityId: number
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin', { name: 'مدير الطلبات' })
    shopper = await createUser(ctx.app, 'user')
    cityId = (await createCity(ctx.app)).id
  })
  afterAll(() => ctx.close())

  const put = (id: number, payload: object, headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'PUT', url: `/api/orders/${id}`, payload, headers })
  const stockOf = async (id: number) =>
    (
      await ctx.app.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
    )[0]!.stock
  const historyOf = (id: number) =>
    ctx.app.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.id)

  it('updates the fields; a history row only when the order or payment status changes', async () => {
    const p = await createProduct(ctx.app, { stock: 10 })
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const same = await put(order.id, edit)
    expect(same.statusCode).toBe(200)
    expect(same.json()).toMatchObject({
      customer_name: 'اسم معدل',
      customer_email: 'edited@example.ly',
      shipping_address: 'عنوان جديد',
      notes: 'ملاحظة',
    })
    expect(await historyOf(order.id)).toHaveLength(1)
    const paid = await put(order.id, { ...edit, order_status: 'processing', payment_status: 'paid' })
    expect(paid.json().history).toHaveLength(2)
    expect(paid.json().history[1]).toMatchObject({
      from_status: 'pending',
      to_status: 'processing',
      from_payment_status: 'pending',
      to_payment_status: 'paid',
      changed_by: 'مدير الطلبات',
    })
    const rows = await historyOf(order.id)
    expect(rows[1]!.changedBy).toBe(admin.id)
    await put(order.id, { ...edit, order_status: 'processing', payment_status: 'failed' })
    expect(await historyOf(order.id)).toHaveLength(3)
  })

  it('restocks exactly once when cancelled, takes the stock again when un-cancelled, never touches always-in-stock', async () => {
    const a = await createProduct(ctx.app, { stock: 10 })
    const always = await createProduct(ctx.app, { stock: 3, isAlwaysInStock: true })
    const order = await placeTestOrder(ctx.app, {
      cityId,
      items: [
        { product_id: a.id, quantity: 4 },
        { product_id: always.id, quantity: 2 },
      ],
    })
    expect(await stockOf(a.id)).toBe(6)
    await put(order.id, { ...edit, order_status: 'cancelled' })
    expect(await stockOf(a.id)).toBe(10)
    // Saving the cancelled order again (another field) does not restock twice.
    await put(order.id, { ...edit, order_status: 'cancelled', notes: 'مرة أخرى' })
    await put(order.id, { ...edit, order_status: 'cancelled', payment_status: 'failed' })
    expect(await stockOf(a.id)).toBe(10)
    await put(order.id, { ...edit, order_status: 'processing' })
    expect(await stockOf(a.id)).toBe(6)
    await put(order.id, { ...edit, order_status: 'cancelled' })
    expect(await stockOf(a.id)).toBe(10)
    expect(await stockOf(always.id)).toBe(3)
    const statuses = (await historyOf(order.id)).map((h) => h.toStatus)
    expect(statuses).toEqual(['pending', 'cancelled', 'cancelled', 'processing', 'cancelled'])
  })

  it('puts back what the sale took, even when the always-in-stock flag changed since', async () => {
    const counted = await createProduct(ctx.app, { stock: 10 })
    const always = await createProduct(ctx.app, { stock: 3, isAlwaysInStock: true })
    const order = await placeTestOrder(ctx.app, {
      cityId,
      items: [
        { product_id: counted.id, quantity: 4 },
        { product_id: always.id, quantity: 2 },
      ],
    })
    expect(await stockOf(counted.id)).toBe(6)
    // The owner flips both flags after the sale.
    await ctx.app.db
      .update(productVariants)
      .set({ isAlwaysInStock: true })
      .where(eq(productVariants.productId, counted.id))
    await ctx.app.db
      .update(productVariants)
      .set({ isAlwaysInStock: false })
      .where(eq(productVariants.productId, always.id))
    await put(order.id, { ...edit, order_status: 'cancelled' })
    expect(await stockOf(counted.id)).toBe(10)
    expect(await stockOf(always.id)).toBe(3)
    await put(order.id, { ...edit, order_status: 'pending' })
    expect(await stockOf(counted.id)).toBe(6)
    expect(await stockOf(always.id)).toBe(3)
  })

  it('refuses to un-cancel with 409 when the stock has been sold meanwhile, changing nothing', async () => {
    const p = await createProduct(ctx.app, { stock: 5, name: 'عسل الزهور' })
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 5 }] })
    await put(order.id, { ...edit, order_status: 'cancelled' })
    await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 4 }] })
    const res = await put(
      order.id,
      { ...edit, order_status: 'processing', customer_name: 'لن يحفظ' },
      { ...admin.headers, 'accept-language': 'en' },
    )
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'OUT_OF_STOCK', product_id: p.id, available: 1 })
    expect(res.json().message).toContain('عسل الزهور')
    expect(await stockOf(p.id)).toBe(1)
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: admin.headers,
    })
    expect(after.json()).toMatchObject({ order_status: 'cancelled', customer_name: 'اسم معدل' })
  })

  it('cancels once when two admins cancel at the same moment', async () => {
    const p = await createProduct(ctx.app, { stock: 10 })
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 3 }] })
    const answers = await Promise.all(
      [1, 2, 3].map(() => put(order.id, { ...edit, order_status: 'cancelled' })),
    )
    expect(answers.every((a) => a.statusCode === 200)).toBe(true)
    expect(await stockOf(p.id)).toBe(10)
  })

  it('validates the body, answers 404 for unknown orders, and is admin-only', async () => {
    const p = await createProduct(ctx.app)
    const order = await placeTestOrder(ctx.app, {
      cityId,
      items: [{ product_id: p.id, quantity: 1 }],
      headers: shopper.headers,
    })
    const bad = await put(
      order.id,
      { ...edit, order_status: 'delivered', customer_email: 'x', customer_name: '' },
      { ...admin.headers, 'accept-language': 'en' },
    )
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({
      order_status: ['Choose a status from the list'],
      customer_email: ['Invalid email address'],
      customer_name: ['Name is required'],
    })
    expect((await put(999_999, edit)).statusCode).toBe(404)
    expect((await put(order.id, edit, {})).statusCode).toBe(401)
    expect((await put(order.id, { ...edit, order_status: 'completed' }, shopper.headers)).statusCode).toBe(
      403,
    )
  })
})
