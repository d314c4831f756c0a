import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productVariants } from '../../db/schema/catalog.ts'
import { mailOutbox } from '../../db/schema/settings.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  expectLockedOut,
  type TestContext,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'

let ctx: TestContext
let ip = 1
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
const track = (
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
  from = `10.9.0.${ip++}`,
) => ctx.app.inject({ method: 'POST', url: '/api/track', payload, headers, remoteAddress: from })
const cancel = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/track/cancel',
    payload,
    headers,
    remoteAddress: `10.9.1.${ip++}`,
  })

async function guestOrder(quantity = 3, phone = '0912345678') {
  const city = await createCity(ctx.app, { translations: { en: { name: `Sabha ${ip++}` } } })
  const product = await createProduct(ctx.app, { stock: 10, translations: { en: { name: 'Ajwa dates' } } })
  const order = await placeTestOrder(ctx.app, {
    cityId: city.id,
    items: [{ product_id: product.id, quantity }],
    customer: { customer_phone: phone, customer_email: `guest-${ip++}@example.ly` },
  })
  return { order, product }
}

/** The tracking link of the order's receipt, as the shopper reads it in their mail. */
async function linkOf(orderNumber: string): Promise<{ order: string; token: string }> {
  const mails = await ctx.app.db.select().from(mailOutbox)
  const mail = mails.find((m) => m.text.includes(`/track?order=${orderNumber}&`))!
  const url = new URL(/http:\/\/shop\.test\/track\?\S+/.exec(mail.text)![0])
  return { order: url.searchParams.get('order')!, token: url.searchParams.get('token')! }
}

const stockOf = async (id: number) =>
  (
    await ctx.app.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
  )[0]!.stock

describe('POST /api/track (decision 0068)', () => {
  it('shows the order for its number and phone, however the phone is written, with the phone masked and no email', async () => {
    const { order } = await guestOrder(2)
    for (const phone of ['0912345678', '+218 91 234 5678', '٠٩١٢٣٤٥٦٧٨']) {
      const res = await track({ order_number: order.order_number.toLowerCase(), phone }, en)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body).toMatchObject({
        order_number: order.order_number,
        order_status: 'pending',
        phone_masked: '091•••••78',
        total_amount: order.total_amount,
        // Issue 39: a pending order can be cancelled from the number and phone too.
        can_cancel: true,
      })
      expect(body.items[0]).toMatchObject({ product_name: 'Ajwa dates', quantity: 2 })
      expect(body.history).toEqual([expect.objectContaining({ status: 'pending', by_customer: true })])
      expect(JSON.stringify(body)).not.toContain('@example.ly')
      expect(JSON.stringify(body)).not.toContain('0912345678')
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('finds the order by the short number staff say on the phone (161 of ORD-…-00161), with its phone only', async () => {
    const { order } = await guestOrder(1)
    const short = String(Number(order.order_number.split('-').at(-1)))
    expect(Number(short)).toBeGreaterThan(0)
    for (const number of [short, short.padStart(5, '0')]) {
      const res = await track({ order_number: number, phone: '091 234 5678' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ order_number: order.order_number, can_cancel: true })
    }
    expect((await track({ order_number: short, phone: '0929999999' })).statusCode).toBe(404)
    // A link's token is checked against the whole number only.
    const link = await linkOf(order.order_number)
    expect((await track({ order_number: short, token: link.token })).statusCode).toBe(404)
    expect((await track({ order_number: link.order, token: link.token })).statusCode).toBe(200)
    // Cancelling by number and phone takes the short number too.
    const cancelled = await cancel({ order_number: short, phone: '0912345678', reason: 'changed_mind' })
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json().order_status).toBe('cancelled')
  })

  it('answers a wrong phone, an unknown number and a wrong token with the same neutral 404', async () => {
    const { order } = await guestOrder()
    const answers = await Promise.all([
      track({ order_number: order.order_number, phone: '0929999999' }),
      track({ order_number: 'ORD-000000-99999', phone: '0912345678' }),
      track({ order_number: order.order_number, token: 'A'.repeat(43) }),
    ])
    for (const res of answers) {
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({
        code: 'TRACKING_NOT_FOUND',
        message: 'لم نجد طلبًا بهذا الرقم وهذا الهاتف. تحقق منهما وحاول مرة أخرى',
      })
    }
    const bad = await track({ order_number: '', phone: '' }, en)
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toMatchObject({
      order_number: ['Order number is required'],
      phone: ['Phone number is required'],
    })
  })

  it('locks an IP out after 10 misses, saying when it opens again (429, like sign-in)', async () => {
    const { order } = await guestOrder()
    const from = '10.77.0.1'
    for (let i = 0; i < 10; i++)
      expect(
        (await track({ order_number: `ORD-000000-${i}`, phone: '0912345678' }, {}, from)).statusCode,
      ).toBe(404)
    expectLockedOut(await track({ order_number: order.order_number, phone: '0912345678' }, en, from))
    const ar = await track({ order_number: order.order_number, phone: '0912345678' }, {}, from)
    expect(ar.json().message).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة')
    // The right pair from that IP is refused too while it is locked out; from elsewhere it works.
    expect((await track({ order_number: order.order_number, phone: '0912345678' })).statusCode).toBe(200)
  })

  it('never locks the owner out of their order: strangers guessing its phone are stopped per IP and per pair (decision 0095)', async () => {
    const { order } = await guestOrder()
    // Twenty strangers, each guessing phones for the order from their own address.
    for (let i = 0; i < 20; i++)
      expect((await track({ order_number: order.order_number, phone: `09200000${10 + i}` })).statusCode).toBe(
        404,
      )
    // The owner, with the right phone, still sees the order, and so does their mail's link.
    expect((await track({ order_number: order.order_number, phone: '091 234 5678' })).statusCode).toBe(200)
    const link = await linkOf(order.order_number)
    expect((await track({ order_number: link.order, token: link.token })).statusCode).toBe(200)
    // One wrong pair tried from ten addresses is locked as a pair, whoever tries it next; the right pair is not.
    for (let i = 0; i < 10; i++)
      expect((await track({ order_number: order.order_number, phone: '0929999999' })).statusCode).toBe(404)
    expectLockedOut(await track({ order_number: order.order_number, phone: '+218 92 999 9999' }, en))
    expect((await track({ order_number: order.order_number, phone: '0912345678' })).statusCode).toBe(200)
  })

  it('counts misses sent at the same moment: of 15 parallel guesses from one IP, 10 are checked', async () => {
    const { order } = await guestOrder()
    const from = '10.78.0.1'
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        track({ order_number: order.order_number, phone: `09300000${10 + i}` }, en, from),
      ),
    )
    const codes = answers.map((r) => r.statusCode).sort()
    expect(codes.filter((c) => c === 404)).toHaveLength(10)
    expect(codes.filter((c) => c === 429)).toHaveLength(5)
    for (const res of answers.filter((r) => r.statusCode === 429)) expectLockedOut(res)
  })

  it("opens the order from the mail's signed link, which can cancel it while pending", async () => {
    const { order } = await guestOrder()
    const link = await linkOf(order.order_number)
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const res = await track({ order_number: link.order, token: link.token })
    expect(res.statusCode).toBe(200)
    expect(res.json().can_cancel).toBe(true)
    // The token of one order does not open another.
    const other = await guestOrder()
    expect((await track({ order_number: other.order.order_number, token: link.token })).statusCode).toBe(404)
  })
})

describe('POST /api/track/cancel (decision 0069)', () => {
  it('cancels a pending order with a reason, puts the stock back once, mails the shopper; then 409', async () => {
    const { order, product } = await guestOrder(4)
    expect(await stockOf(product.id)).toBe(6)
    const link = await linkOf(order.order_number)
    const missing = await cancel({ order_number: link.order, token: link.token }, en)
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors).toEqual({ reason: ['Please tell us why you are cancelling'] })
    const [first, second] = await Promise.all([
      cancel({ order_number: link.order, token: link.token, reason: 'طلبت بالخطأ' }),
      cancel({ order_number: link.order, token: link.token, reason: 'مرة ثانية' }, en),
    ])
    const statuses = [first!.statusCode, second!.statusCode].sort()
    expect(statuses).toEqual([200, 409])
    const ok = first!.statusCode === 200 ? first! : second!
    expect(ok.json()).toMatchObject({ order_status: 'cancelled', can_cancel: false })
    expect(ok.json().history.at(-1)).toMatchObject({ status: 'cancelled', by_customer: true })
    const refused = first!.statusCode === 409 ? first! : second!
    expect(refused.json().code).toBe('ORDER_NOT_PENDING')
    expect(await stockOf(product.id)).toBe(10)
    const again = await cancel({ order_number: link.order, token: link.token, reason: 'x' }, en)
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toBe(
      'This order is no longer waiting: it has already been confirmed, completed or cancelled',
    )
    expect(await stockOf(product.id)).toBe(10)
    const mails = await ctx.app.db.select().from(mailOutbox)
    expect(mails.filter((m) => m.subject === `تم إلغاء طلبك ${order.order_number}`)).toHaveLength(1)
  })

  it('cancels a pending order by its number and phone, however the phone is written (issue 39)', async () => {
    const { order, product } = await guestOrder(2)
    expect(await stockOf(product.id)).toBe(8)
    const res = await cancel(
      { order_number: order.order_number.toLowerCase(), phone: '+218 91 234 5678', reason: 'طلبت بالخطأ' },
      en,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ order_status: 'cancelled', can_cancel: false })
    expect(res.json().history.at(-1)).toMatchObject({ status: 'cancelled', by_customer: true })
    expect(await stockOf(product.id)).toBe(10)
    const mails = await ctx.app.db.select().from(mailOutbox)
    expect(mails.filter((m) => m.subject === `تم إلغاء طلبك ${order.order_number}`)).toHaveLength(1)
  })

  it('answers a wrong phone with the neutral 404, changing nothing, and locks a pair after 10 misses', async () => {
    const { order, product } = await guestOrder(1)
    const wrong = await cancel({ order_number: order.order_number, phone: '0929999999', reason: 'x' }, en)
    expect(wrong.statusCode).toBe(404)
    expect(wrong.json()).toEqual({
      code: 'TRACKING_NOT_FOUND',
      message: 'We could not find an order with this number and phone. Check both and try again',
    })
    expect((await track({ order_number: order.order_number, phone: '0912345678' })).json()).toMatchObject({
      order_status: 'pending',
    })
    expect(await stockOf(product.id)).toBe(9)
    // Each try from another address: the pair's limit (decision 0095) stops the guesser, not the right phone.
    for (let i = 0; i < 9; i++)
      expect(
        (await cancel({ order_number: order.order_number, phone: '0929999999', reason: 'x' })).statusCode,
      ).toBe(404)
    expectLockedOut(await cancel({ order_number: order.order_number, phone: '0929999999', reason: 'x' }, en))
    // And one address guessing many pairs is stopped by the IP limit.
    const from = '10.79.0.1'
    for (let i = 0; i < 10; i++)
      await ctx.app.inject({
        method: 'POST',
        url: '/api/track/cancel',
        payload: { order_number: order.order_number, phone: `09400000${10 + i}`, reason: 'x' },
        remoteAddress: from,
      })
    expectLockedOut(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/track/cancel',
        payload: { order_number: order.order_number, phone: '0912345678', reason: 'x' },
        headers: en,
        remoteAddress: from,
      }),
    )
    expect(await stockOf(product.id)).toBe(9)
  })

  it('needs a phone or the link and a reason, and refuses after staff moved the order on', async () => {
    const { order, product } = await guestOrder(1)
    const bare = await cancel({ order_number: order.order_number, reason: 'x' }, en)
    expect(bare.statusCode).toBe(422)
    expect(bare.json().errors).toEqual({ phone: ['Phone number is required'] })
    const admin = await createUser(ctx.app, 'admin')
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/confirm`,
      headers: admin.headers,
    })
    expect(confirmed.statusCode).toBe(200)
    const link = await linkOf(order.order_number)
    expect((await track({ order_number: link.order, token: link.token })).json().can_cancel).toBe(false)
    expect((await cancel({ order_number: link.order, token: link.token, reason: 'x' })).statusCode).toBe(409)
    expect(
      (await cancel({ order_number: order.order_number, phone: '0912345678', reason: 'x' })).statusCode,
    ).toBe(409)
    expect(await stockOf(product.id)).toBe(9)
  })
})
