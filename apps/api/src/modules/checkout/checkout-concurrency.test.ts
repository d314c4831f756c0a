import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { productVariants } from '../../db/schema/catalog.ts'
import { orderItems, orders } from '../../db/schema/orders.ts'
import { createCity, createProduct, createTestApp, type TestContext } from '../../../test/helpers.ts'

// No overselling and exactly once (product.md §10.2, §10.3) under real concurrency
// (PostgreSQL with DATABASE_URL; PGlite serializes).
const customer = {
  customer_name: 'زبون',
  customer_email: 'c@example.ly',
  customer_phone: '0911111111',
  shipping_address: 'بنغازي',
}

describe('checkout under concurrency', () => {
  let ctx: TestContext
  let cityId: number
  beforeAll(async () => {
    ctx = await createTestApp()
    cityId = (await createCity(ctx.app)).id
  })
  afterAll(() => ctx.close())

  const place = (items: { product_id: number; quantity: number }[], headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...customer, city_id: cityId, items },
      headers,
    })
  const stockOf = async (id: number) =>
    (
      await ctx.app.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, id))
    )[0]!.stock
  const ordersFor = async (productId: number) =>
    Number(
      (
        await ctx.app.db
          .select({ n: sql<number>`count(distinct ${orderItems.orderId})` })
          .from(orderItems)
          .where(eq(orderItems.productId, productId))
      )[0]!.n,
    )

  it('sells exactly the stock when 100 shoppers buy one unit of a product with stock 10 at once', async () => {
    const p = await createProduct(ctx.app, { stock: 10 })
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => place([{ product_id: p.id, quantity: 1 }])),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(codes.filter((c) => c === 201)).toHaveLength(10)
    expect(codes.filter((c) => c === 409)).toHaveLength(90)
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'OUT_OF_STOCK')).toBe(
      true,
    )
    expect(await stockOf(p.id)).toBe(0)
    expect(await ordersFor(p.id)).toBe(10)
  })

  it('creates one order when the same Idempotency-Key arrives 5 times in parallel', async () => {
    const p = await createProduct(ctx.app, { stock: 30 })
    const headers = { 'idempotency-key': 'parallel-5b2c-4d1e-9f00' }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => place([{ product_id: p.id, quantity: 3 }], headers)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201])
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1)
    expect(await stockOf(p.id)).toBe(27)
    expect(await ordersFor(p.id)).toBe(1)
  })

  it('gives each of several parallel keys its own single order', async () => {
    const p = await createProduct(ctx.app, { stock: 100 })
    const keys = Array.from({ length: 6 }, (_, i) => `multi-key-${i}-abcdef`)
    const answers = await Promise.all(
      keys.flatMap((key) =>
        Array.from({ length: 4 }, () =>
          place([{ product_id: p.id, quantity: 1 }], { 'idempotency-key': key }),
        ),
      ),
    )
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true)
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(6)
    expect(await stockOf(p.id)).toBe(94)
    expect(await ordersFor(p.id)).toBe(6)
  })

  it('completes orders that list the same two products in opposite orders at once (no deadlock, no 500)', async () => {
    const a = await createProduct(ctx.app, { stock: 1000 })
    const b = await createProduct(ctx.app, { stock: 1000 })
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        place(
          i % 2
            ? [
                { product_id: a.id, quantity: 1 },
                { product_id: b.id, quantity: 1 },
              ]
            : [
                { product_id: b.id, quantity: 1 },
                { product_id: a.id, quantity: 1 },
              ],
        ),
      ),
    )
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(201))
    expect(await stockOf(a.id)).toBe(970)
    expect(await stockOf(b.id)).toBe(970)
    const numbers = await ctx.app.db
      .select({ n: orders.orderNumber })
      .from(orders)
      .where(
        inArray(
          orders.id,
          answers.map((r) => r.json().id as number),
        ),
      )
    expect(new Set(numbers.map((r) => r.n)).size).toBe(30)
  })
})
