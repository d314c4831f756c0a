import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepExpiredHolds } from '../../src/modules/payments/payment-expiry.ts'
import { plutuEnv, startPlutuFake, type PlutuFake } from '../fakes/plutu-fake.ts'
import { createCity, createProduct, createTestApp, type TestContext } from '../helpers.ts'
import { createOffer, offerCode, offerUses } from '../offers.ts'
import { followToShop, orderRow, payCall, paymentRows, makeDue, type PlacedOnline } from '../payments.ts'

// Decisions 0077 and 0173 with offers: an online order whose time to pay ran out gives its code's use back; a card
// payment that arrives later brings the order back at the price it was sold at, and its use counts again, even past
// the code's limit once another order took the freed use.

describe('offer uses and online payments', () => {
  let ctx: TestContext
  let plutu: PlutuFake
  let cityId: number
  let productId: number
  beforeAll(async () => {
    plutu = await startPlutuFake()
    ctx = await createTestApp({ env: plutuEnv(plutu) })
    cityId = (await createCity(ctx.app, { deliveryPrice: 5 })).id
    productId = (
      await createProduct(ctx.app, {
        retailPrice: 10,
        wholesalePrice: null,
        wholesaleThreshold: null,
        stock: 100,
      })
    ).id
  })
  afterAll(async () => {
    await ctx.close()
    await plutu.close()
  })

  const place = async (code: string, method: 'massarat' | 'cash' = 'massarat') => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        customer_name: 'نورية',
        customer_email: 'nouria@example.ly',
        customer_phone: '0917770000',
        shipping_address: 'طرابلس',
        city_id: cityId,
        payment_method: method,
        coupon_code: code,
        items: [{ product_id: productId, quantity: 2 }],
      },
    })
    return res
  }

  it('expiry frees the use; the late payment takes it again, past the limit once another order took it', async () => {
    const code = offerCode('CARD')
    const offer = await createOffer(ctx.app.db, { code, valueType: 'fixed', value: 3, usageLimit: 1 })
    const placed = await place(code)
    expect(placed.statusCode, placed.body).toBe(201)
    const order = placed.json() as PlacedOnline
    expect(order).toMatchObject({ total_amount: 20 - 3 + 5, payment_status: 'pending' })
    const start = await payCall(ctx.app, order, 'POST', '/redirect', { gateway: 'localbankcards' })
    expect(start.statusCode, start.body).toBe(200)
    expect((await place(code, 'cash')).json().code).toBe('COUPON_USED_UP')

    await makeDue(ctx.app, order.id)
    await sweepExpiredHolds(ctx.app.db)
    expect(await orderRow(ctx.app, order.id)).toMatchObject({ orderStatus: 'cancelled' })
    expect(await offerUses(ctx.app.db, offer.id)).toEqual({ held: 0, orders: 1, usedCount: 0 })
    // The freed use goes to a cash order.
    const other = await place(code, 'cash')
    expect(other.statusCode, other.body).toBe(201)
    expect(await offerUses(ctx.app.db, offer.id)).toEqual({ held: 1, orders: 2, usedCount: 1 })

    // The card payment arrives late: the order comes back at its price, its use with it (decision 0173).
    const res = await ctx.app.inject({
      method: 'GET',
      url: await followToShop(`${start.json().redirect_url}/pay`),
    })
    expect(res.headers.location).toBe(`/payment/success?order=${order.id}`)
    expect((await paymentRows(ctx.app, order.id))[0]).toMatchObject({
      state: 'paid',
      flag: 'paid_after_expiry',
    })
    expect(await orderRow(ctx.app, order.id)).toMatchObject({
      orderStatus: 'pending',
      paymentStatus: 'paid',
      totalAmount: 22,
      discountTotal: 3,
    })
    expect(await offerUses(ctx.app.db, offer.id)).toEqual({ held: 2, orders: 2, usedCount: 2 })
    expect((await place(code, 'cash')).json().code).toBe('COUPON_USED_UP')
  })
})
