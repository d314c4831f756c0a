import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCity, createProduct, createTestApp, createUser, type TestContext } from '../../test/helpers.ts'
import { placeTestOrder } from '../../test/orders.ts'
import { orderStatusHistory } from './schema/orders.ts'

// Decision 0221: migration 0029 moves a provider's name out of the history's reason (where decision 0193 kept it)
// into its own column, and leaves every other row's reason alone. Run here on rows as the release before wrote them.
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const migration = readFileSync(
  fileURLToPath(new URL('./migrations/0029_history_provider.sql', import.meta.url)),
  'utf8',
)
const dataStatements = migration.split('-- data')[1]!

describe('migration 0029', () => {
  it('moves each provider’s name to its own column once, and keeps the shopper’s reasons', async () => {
    const cityId = (await createCity(ctx.app)).id
    const p = await createProduct(ctx.app, { stock: 10 })
    const order = await placeTestOrder(ctx.app, { cityId, items: [{ product_id: p.id, quantity: 1 }] })
    const row = (values: Partial<typeof orderStatusHistory.$inferInsert>) =>
      ctx.app.db
        .insert(orderStatusHistory)
        .values({
          orderId: order.id,
          fromStatus: 'pending',
          toStatus: 'pending',
          fromPaymentStatus: 'pending',
          toPaymentStatus: 'paid',
          ...values,
        })
        .returning({ id: orderStatusHistory.id })
    const [paid] = await row({ actor: 'provider', reason: 'plutu' })
    const [cancel] = await row({ actor: 'shopper', reason: 'غيرت رأيي', toStatus: 'cancelled' })
    const [plain] = await row({ actor: 'staff', reason: null })
    for (let run = 0; run < 2; run++) await ctx.app.db.execute(sql.raw(dataStatements))
    const read = async (id: number) =>
      (
        await ctx.app.db
          .select({ reason: orderStatusHistory.reason, provider: orderStatusHistory.provider })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.id, id))
      )[0]
    expect(await read(paid!.id)).toEqual({ reason: null, provider: 'plutu' })
    expect(await read(cancel!.id)).toEqual({ reason: 'غيرت رأيي', provider: null })
    expect(await read(plain!.id)).toEqual({ reason: null, provider: null })
    // The staff answer names the provider as before the column existed.
    const staff = await createUser(ctx.app, 'admin')
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: staff.headers,
    })
    const history = res.json().history as { id: number; provider: string | null; reason: string | null }[]
    expect(history.find((h) => h.id === paid!.id)).toMatchObject({ provider: 'plutu', reason: null })
    expect(history.find((h) => h.id === cancel!.id)).toMatchObject({ provider: null, reason: 'غيرت رأيي' })
  })
})
