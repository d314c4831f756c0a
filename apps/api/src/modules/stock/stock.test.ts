import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, desc, eq, sql } from 'drizzle-orm'
import { productVariants } from '../../db/schema/catalog.ts'
import { auditLog, staffRoles, stockMovements } from '../../db/schema/team.ts'
import { users } from '../../db/schema/users.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  withStockReason,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'

// Issue 30, decision 0191: every change of a pack's stock is a movement with a reason and an actor; staff adjust by hand
// with a reason (docs/api.md "Stock movements").
describe('stock ledger: /api/stock-movements', () => {
  let ctx: TestContext
  let editor: TestUser
  let clerk: TestUser
  let shopper: TestUser
  let admin: TestUser
  let cityId: number
  const en = { 'accept-language': 'en' }
  const ar = { 'accept-language': 'ar' }

  const withRole = async (key: 'catalogue_editor' | 'order_clerk', name: string) => {
    const user = await createUser(ctx.app, 'admin', { name })
    const [role] = await ctx.app.db.select().from(staffRoles).where(eq(staffRoles.key, key))
    await ctx.app.db.update(users).set({ staffRoleId: role!.id }).where(eq(users.id, user.id))
    return user
  }

  beforeAll(async () => {
    ctx = await createTestApp()
    editor = await withRole('catalogue_editor', 'Salma the editor')
    clerk = await withRole('order_clerk', 'Omar the clerk')
    admin = await createUser(ctx.app, 'admin', { name: 'Manager Mona' })
    shopper = await createUser(ctx.app, 'user')
    cityId = (await createCity(ctx.app)).id
  })
  afterAll(() => ctx.close())

  const adjust = (payload: object, headers: Record<string, string> = { ...editor.headers, ...en }) =>
    ctx.app.inject({ method: 'POST', url: '/api/stock-movements', payload, headers })
  const list = (query: string, headers: Record<string, string> = { ...editor.headers, ...en }) =>
    ctx.app.inject({ method: 'GET', url: `/api/stock-movements?${query}`, headers })
  const stockOf = async (variantId: number) =>
    (await ctx.app.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock

  it('adds a harvest with its reason and note, by the staff member, and lists it first', async () => {
    const p = await createProduct(ctx.app, { name: 'تمر برني', stock: 5 })
    const res = await adjust({ product_id: p.id, delta: 40, reason: 'received', note: 'Harvest from Jufra' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      product_id: p.id,
      variant_id: p.variantId,
      delta: 40,
      stock_after: 45,
      reason: 'received',
      note: 'Harvest from Jufra',
      order_id: null,
      actor: { kind: 'staff', user_id: editor.id, name: 'Salma the editor' },
    })
    expect(await stockOf(p.variantId)).toBe(45)
    const damaged = await adjust({ product_id: p.id, variant_id: p.variantId, delta: -3, reason: 'damaged' })
    expect(damaged.statusCode).toBe(201)

    const page = (await list(`product_id=${p.id}`)).json()
    // The fixture's opening balance, the harvest, the damaged box: newest first.
    expect(page.total).toBe(3)
    expect(page.data.map((m: { reason: string; delta: number }) => [m.reason, m.delta])).toEqual([
      ['damaged', -3],
      ['received', 40],
      ['opening_balance', 5],
    ])
    expect(page.data[0]).toMatchObject({ product_name: 'تمر برني', stock_after: 42 })
    const received = (await list(`product_id=${p.id}&reason=received`)).json()
    expect(received.data).toHaveLength(1)
    const byPack = (await list(`variant_id=${p.variantId}&per_page=1&page=2`)).json()
    expect(byPack).toMatchObject({ total: 3, last_page: 3, current_page: 2, per_page: 1 })
    expect(byPack.data[0].reason).toBe('received')

    // The audit trail has the adjustment, by whom, on the product.
    const [row] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(p.id))))
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(row).toMatchObject({
      action: 'stock.adjusted',
      actorUserId: editor.id,
      before: { stock: 45 },
      after: { stock: 42, reason: 'damaged' },
    })
  })

  it('never goes below zero: 409 saying what is left, in the reader’s language, and nothing changes', async () => {
    const p = await createProduct(ctx.app, { name: 'تمر عجوة', stock: 4 })
    const res = await adjust({ product_id: p.id, delta: -5, reason: 'damaged' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'STOCK_BELOW_ZERO',
      message: 'Stock cannot go below zero: تمر عجوة has 4 left',
    })
    const arabic = await adjust(
      { product_id: p.id, delta: -5, reason: 'damaged' },
      { ...editor.headers, ...ar },
    )
    expect(arabic.json().message).toBe('لا يمكن أن ينزل المخزون تحت الصفر: المتبقي من تمر عجوة هو 4')
    expect(await stockOf(p.variantId)).toBe(4)
    expect((await list(`product_id=${p.id}`)).json().total).toBe(1)
    // Down to exactly zero is fine.
    expect((await adjust({ product_id: p.id, delta: -4, reason: 'count_correction' })).statusCode).toBe(201)
    expect(await stockOf(p.variantId)).toBe(0)
  })

  it('refuses what is not a hand adjustment with translated messages', async () => {
    const p = await createProduct(ctx.app, { stock: 4 })
    const other = await createProduct(ctx.app, { stock: 4 })
    const zero = await adjust({ product_id: p.id, delta: 0, reason: 'received' })
    expect(zero.statusCode).toBe(422)
    expect(zero.json().errors).toEqual({
      delta: ['Enter a whole number of units other than 0 (at most 1,000,000)'],
    })
    const sale = await adjust({ product_id: p.id, delta: 1.5, reason: 'sale' })
    expect(sale.statusCode).toBe(422)
    expect(sale.json().errors).toMatchObject({
      delta: ['Enter a whole number of units other than 0 (at most 1,000,000)'],
      reason: ['Choose a reason from the list'],
    })
    const arabic = await adjust({ product_id: p.id, delta: 2 }, { ...editor.headers, ...ar })
    expect(arabic.json().errors).toEqual({ reason: ['اختر سببًا من القائمة'] })
    const foreignPack = await adjust({
      product_id: p.id,
      variant_id: other.variantId,
      delta: 1,
      reason: 'returned',
    })
    expect(foreignPack.statusCode).toBe(422)
    expect(foreignPack.json().errors).toEqual({ variant_id: ['This size is not one of the product’s sizes'] })
    const missing = await adjust({ product_id: 2_000_000_000, delta: 1, reason: 'returned' })
    expect(missing.statusCode).toBe(404)
    const always = await createProduct(ctx.app, { name: 'كيس هدية', stock: 1, isAlwaysInStock: true })
    const notCounted = await adjust({ product_id: always.id, delta: 3, reason: 'received' })
    expect(notCounted.statusCode).toBe(409)
    expect(notCounted.json()).toMatchObject({ code: 'STOCK_NOT_COUNTED' })
    expect((await list('reason=gift')).statusCode).toBe(422)
    expect((await list('reason=gift')).json().errors).toEqual({ reason: ['Choose a reason from the list'] })
    expect(await stockOf(p.variantId)).toBe(4)
    expect(await stockOf(other.variantId)).toBe(4)
  })

  it('is for staff with stock.manage: 401 for guests, 403 for shoppers and order clerks', async () => {
    const p = await createProduct(ctx.app, { stock: 4 })
    const body = { product_id: p.id, delta: 1, reason: 'received' }
    expect((await adjust(body, en)).statusCode).toBe(401)
    expect((await list('', en)).statusCode).toBe(401)
    for (const who of [shopper, clerk]) {
      const res = await adjust(body, { ...who.headers, ...en })
      expect(res.statusCode).toBe(403)
      expect(res.json().message).toBe('You do not have permission to do this')
      expect((await list('', { ...who.headers, ...en })).statusCode).toBe(403)
    }
    expect((await adjust(body, { ...admin.headers, ...en })).statusCode).toBe(201)
    expect(await stockOf(p.variantId)).toBe(5)
  })

  it('records sales, cancellations and PATCH /products/{id}/stock with their reason, actor and order', async () => {
    const p = await createProduct(ctx.app, { stock: 10 })
    const order = await placeTestOrder(ctx.app, {
      cityId,
      headers: shopper.headers,
      items: [{ product_id: p.id, quantity: 3 }],
    })
    const cancel = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${order.id}`,
      headers: admin.headers,
      payload: {
        customer_name: 'عميل تجريبي',
        customer_email: 'buyer@example.ly',
        customer_phone: '0921234567',
        shipping_address: 'مصراتة',
        order_status: 'cancelled',
        payment_status: 'pending',
        notes: '',
      },
    })
    expect(cancel.statusCode).toBe(200)
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}/stock`,
      headers: admin.headers,
      payload: { stock: 0 },
    })
    expect(patch.statusCode).toBe(200)
    const page = (await list(`product_id=${p.id}`)).json()
    expect(
      page.data.map((m: { reason: string; delta: number; stock_after: number; actor: { kind: string } }) => [
        m.reason,
        m.delta,
        m.stock_after,
        m.actor.kind,
      ]),
    ).toEqual([
      ['count_correction', -10, 0, 'staff'],
      ['cancellation', 3, 10, 'staff'],
      ['sale', -3, 7, 'shopper'],
      ['opening_balance', 10, 10, 'system'],
    ])
    expect(page.data[2]).toMatchObject({ order_id: order.id, order_number: order.order_number })
    expect(page.data[1]).toMatchObject({ order_number: order.order_number, actor: { name: 'Manager Mona' } })
  })

  it('the database refuses a change of stock that does not say why', async () => {
    const p = await createProduct(ctx.app, { stock: 3 })
    await expect(
      ctx.app.db.update(productVariants).set({ stock: 9 }).where(eq(productVariants.id, p.variantId)),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'SK001' }) })
    expect(await stockOf(p.variantId)).toBe(3)
    // A change of anything else needs no reason; a reason given once covers its transaction only.
    await ctx.app.db
      .update(productVariants)
      .set({ sku: `SK-${p.id}` })
      .where(eq(productVariants.id, p.variantId))
    await withStockReason(ctx.app, (tx) =>
      tx.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, p.variantId)),
    )
    await expect(
      ctx.app.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, p.variantId)),
    ).rejects.toBeTruthy()
    const sum = await ctx.app.db
      .select({ total: sql<number>`sum(${stockMovements.delta})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, p.variantId))
    expect(sum[0]!.total).toBe(4)
  })
})
