import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderItems } from '../../db/schema/orders.ts'
import {
  createCity,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { createPackedProduct, datePacks, order, packStocks, type PackView } from '../../../test/variants.ts'

// Issue 28 "Done when": no overselling per pack (decision 0150) under parallel orders, in process (PGlite here; the
// PostgreSQL pass runs this file on a real server too, and test/reliability/variants-two-processes.pg.test.ts
// across two server processes).

let ctx: TestContext
let admin: TestUser
let cityId: number
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
  cityId = (await createCity(ctx.app)).id
})
afterAll(() => ctx.close())

const ordersOfPack = async (variantId: number) =>
  Number(
    (
      await ctx.app.db
        .select({ n: sql<number>`count(distinct ${orderItems.orderId})` })
        .from(orderItems)
        .where(eq(orderItems.variantId, variantId))
    )[0]!.n,
  )
const unitsOfPack = async (productId: number, variantId: number) =>
  Number(
    (
      await ctx.app.db
        .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)` })
        .from(orderItems)
        .where(and(eq(orderItems.productId, productId), eq(orderItems.variantId, variantId)))
    )[0]!.n,
  )

describe('parallel orders on one pack', () => {
  it('sells exactly 10 when 100 shoppers buy one unit of a pack with stock 10 at once; the other packs keep their stock', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks(undefined, [40, 10, 20]))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        order(ctx.app, cityId, [{ product_id: made.id, variant_id: kilo.id, quantity: 1 }], {
          email: `par-${i}@example.ly`,
        }),
      ),
    )
    const codes = answers.map((a) => a.statusCode)
    expect(
      codes.filter((c) => c >= 500),
      'no 500',
    ).toEqual([])
    expect(codes.filter((c) => c === 201)).toHaveLength(10)
    expect(codes.filter((c) => c === 409)).toHaveLength(90)
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json()).toMatchObject({
        code: 'OUT_OF_STOCK',
        product_id: made.id,
        variant_id: kilo.id,
        available: 0,
      })
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 0,
      [carton.id]: 20,
    })
    expect(await ordersOfPack(kilo.id)).toBe(10)
    expect(await unitsOfPack(made.id, kilo.id)).toBe(10)
    expect(await ordersOfPack(small.id)).toBe(0)
    expect(await ordersOfPack(carton.id)).toBe(0)
  })

  it('sells each pack’s own stock when shoppers buy the three packs of one product at once', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks(undefined, [5, 7, 3]))
    const packs = made.variants as PackView[]
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        order(ctx.app, cityId, [{ product_id: made.id, variant_id: packs[i % 3]!.id, quantity: 1 }], {
          email: `mix-${i}@example.ly`,
        }),
      ),
    )
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([])
    const sold = packs.map((p, k) => answers.filter((a, i) => i % 3 === k && a.statusCode === 201).length)
    expect(sold).toEqual([5, 7, 3])
    expect(
      Object.values(
        await packStocks(
          ctx.app,
          packs.map((p) => p.id),
        ),
      ),
    ).toEqual([0, 0, 0])
    for (const p of packs) expect(await unitsOfPack(made.id, p.id)).toBe(p.stock)
  })
})
