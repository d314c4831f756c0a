import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimitHits } from '../../db/schema/users.ts'
import { createCity, createProduct, createTestApp, type TestContext } from '../../../test/helpers.ts'
import { plutuEnv, startPlutuFake, type PlutuFake } from '../../../test/fakes/plutu-fake.ts'
import { placeOnlineOrder, setSetting, type PlacedOnline } from '../../../test/payments.ts'

// Decision 0091: wallet codes (an SMS each) are limited per mobile number and per client address in the hour, with a
// pause between two codes to one number; the payment step is told when it can send again (Retry-After, retry_after).
describe('wallet code limits', () => {
  let ctx: TestContext
  let plutu: PlutuFake
  let cityId: number
  let productId: number
  beforeAll(async () => {
    plutu = await startPlutuFake()
    ctx = await createTestApp({ env: plutuEnv(plutu), abuseLimits: true })
    cityId = (await createCity(ctx.app, { deliveryPrice: 5 })).id
    productId = (await createProduct(ctx.app, { stock: 1000 })).id
    // The orders these tests place are not what is limited here (the owner can turn the order limits off: 0).
    for (const key of ['orders_per_ip_per_hour', 'orders_per_phone_per_hour', 'orders_per_email_per_hour'])
      await setSetting(ctx.app, key, '0')
  })
  afterAll(async () => {
    await ctx.close()
    await plutu.close()
  })

  const guestOrder = () =>
    placeOnlineOrder(ctx.app, { cityId, items: [{ product_id: productId, quantity: 1 }] })
  const sendCode = (order: PlacedOnline, mobile: string, ip = '10.30.0.1', lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payments/orders/${order.id}/wallet`,
      remoteAddress: ip,
      headers: { 'x-payment-token': order.payment.token, 'accept-language': lang },
      payload: { gateway: 'edfali', mobile_number: mobile },
    })
  const verifies = (mobile: string) =>
    plutu.calls.filter((c) => c.action === 'verify' && c.fields.mobile_number === mobile).length
  /** The pause between two codes has passed (as if a minute went by). */
  const pauseOver = () =>
    ctx.app.db
      .update(rateLimitHits)
      .set({ createdAt: sql`${rateLimitHits.createdAt} - interval '2 minutes'` })
      .where(eq(rateLimitHits.scope, 'otp:cooldown'))

  it('waits a minute between two codes to one number, whichever order asks, and says when (ar and en)', async () => {
    const [a, b] = [await guestOrder(), await guestOrder()]
    expect((await sendCode(a, '0921110001')).statusCode).toBe(200)
    for (const [order, lang] of [
      [a, 'en'],
      [b, 'ar'],
    ] as const) {
      const res = await sendCode(order, '092 111 0001', '10.30.0.2', lang)
      expect(res.statusCode).toBe(429)
      const retry = Number(res.headers['retry-after'])
      expect(retry).toBeGreaterThan(0)
      expect(retry).toBeLessThanOrEqual(60)
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retry_after: retry })
      expect(res.json().message).toBe(
        lang === 'en'
          ? 'Too many attempts. Please try again in 1 minute'
          : 'محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقة واحدة',
      )
    }
    expect(verifies('0921110001')).toBe(1)
  })

  it('sends at most 5 codes to one number in an hour, from 2 orders and any address: 12 asked, 5 sent', async () => {
    const orders = [await guestOrder(), await guestOrder()]
    const answers: number[] = []
    for (let i = 0; i < 12; i++) {
      answers.push((await sendCode(orders[i % 2]!, '0921110002', `10.31.0.${i + 1}`)).statusCode)
      await pauseOver()
    }
    expect(answers.filter((c) => c === 200)).toHaveLength(5)
    expect(answers.slice(5)).toEqual(answers.slice(5).map(() => 429))
    expect(verifies('0921110002')).toBe(5)
    const last = await sendCode(orders[0]!, '0921110002', '10.31.1.1')
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(3000)
  })

  it('sends at most 10 codes an hour from one address, to any numbers', async () => {
    const answers: number[] = []
    for (let i = 0; i < 12; i++) {
      const order = await guestOrder()
      answers.push((await sendCode(order, `09211200${10 + i}`, '10.32.0.1')).statusCode)
    }
    expect(answers.slice(0, 10)).toEqual(answers.slice(0, 10).map(() => 200))
    expect(answers.slice(10)).toEqual([429, 429])
  })

  it('does not count a code the wallet refused to send (a mistyped number)', async () => {
    const order = await guestOrder()
    // The fake's wallet does not know numbers ending in 0000000.
    expect((await sendCode(order, '0920000000', '10.33.0.1')).statusCode).toBe(422)
    expect((await sendCode(order, '0921110004', '10.33.0.1')).statusCode).toBe(200)
  })
})
