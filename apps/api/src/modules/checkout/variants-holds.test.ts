import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/settings.ts'
import {
  createCity,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { makeDue, payCall, PLUTU_KEYS } from '../../../test/payments.ts'
import {
  createPackedProduct,
  datePacks,
  packStocks,
  placed,
  shopper,
  type Line,
  type PackView,
} from '../../../test/variants.ts'

// Issue 28 (decision 0150): every stock guarantee holds per pack. An unpaid online order holds its packs' stock and
// gives it back to those packs once when its time runs out; a shopper's own cancel restocks the packs it took.

let ctx: TestContext
let admin: TestUser
let cityId: number
beforeAll(async () => {
  ctx = await createTestApp({ env: PLUTU_KEYS })
  admin = await createUser(ctx.app, 'admin')
  cityId = (await createCity(ctx.app, { deliveryPrice: 5 })).id
})
afterAll(() => ctx.close())

describe('stock held and given back per pack', () => {
  it('an unpaid online order holds its packs’ stock and gives it back to them once when its time runs out', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks(undefined, [40, 30, 20]))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const items: Line[] = [
      { product_id: made.id, variant_id: kilo.id, quantity: 6 },
      { product_id: made.id, variant_id: carton.id, quantity: 2 },
    ]
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: { ...shopper, city_id: cityId, payment_method: 'massarat', items },
    })
    expect(res.statusCode, res.body).toBe(201)
    // 6 × 21 (from 5) + 2 × 105 + delivery 5.
    expect(res.json()).toMatchObject({ subtotal: 336, total_amount: 341, payment_status: 'pending' })
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 24,
      [carton.id]: 18,
    })
    await makeDue(ctx.app, res.json().id, 5)
    // Decision 0098: any read of the order ends a hold whose time ran out (the sweep is off in tests); the shopper's
    // payment page and the staff dialog read it at the same moment, and the stock comes back once.
    const [view] = await Promise.all([
      payCall(ctx.app, res.json(), 'GET', ''),
      ctx.app.inject({ method: 'GET', url: `/api/orders/${res.json().id}`, headers: admin.headers }),
      payCall(ctx.app, res.json(), 'GET', ''),
    ])
    expect(view!.json()).toMatchObject({ payment_status: 'expired', order_status: 'cancelled' })
    await payCall(ctx.app, res.json(), 'GET', '')
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 30,
      [carton.id]: 20,
    })
  })

  it('a shopper cancelling their pending order from the tracking link restocks the packs it took', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks(undefined, [40, 30, 20]))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const o = await placed(ctx.app, cityId, [
      { product_id: made.id, variant_id: small.id, quantity: 5 },
      { product_id: made.id, quantity: 1 },
      { product_id: made.id, variant_id: carton.id, quantity: 1 },
    ])
    // The line without a pack is the default (500 g) pack: one line of 6.
    expect(o.items).toHaveLength(2)
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 34,
      [kilo.id]: 30,
      [carton.id]: 19,
    })
    const mail = (await ctx.app.db.select().from(mailOutbox)).find((m) =>
      m.text.includes(`/track?order=${o.order_number}&`),
    )!
    const link = new URL(/http:\/\/shop\.test\/track\?\S+/.exec(mail.text)![0])
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/cancel',
      payload: {
        order_number: link.searchParams.get('order'),
        token: link.searchParams.get('token'),
        reason: 'طلبت الحجم الخطأ',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().order_status).toBe('cancelled')
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 30,
      [carton.id]: 20,
    })
  })
})
