import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderStatusHistory, orders } from '../../db/schema/orders.ts'
import { mailOutbox, settings } from '../../db/schema/settings.ts'
import { trackingSecret, trackingToken } from '../../domain/tracking-link.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { placeTestOrder } from '../../../test/orders.ts'

// Decision 0105 (issue 25): a tracking link carries a per-order key staff can renew (the old link stops opening the
// order), and it ends some days (setting tracking_link_days_after_close, 30) after the order was completed or
// cancelled. The number and phone keep working whatever happens to links.
let ctx: TestContext
let admin: TestUser
let n = 1
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
const PHONE = '0912345678'
const track = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/track', payload, headers: en, remoteAddress: `10.8.0.${n++}` })
const renew = (id: number, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/tracking-link`, headers: { ...en, ...headers } })

async function guestOrder(lang: 'ar' | 'en' = 'ar') {
  const city = await createCity(ctx.app)
  const product = await createProduct(ctx.app, { stock: 10 })
  return placeTestOrder(ctx.app, {
    cityId: city.id,
    items: [{ product_id: product.id, quantity: 1 }],
    customer: { customer_phone: PHONE, customer_email: `keys-${n++}@example.ly` },
    headers: { 'accept-language': lang },
  })
}

/** The receipt's tracking link as the shopper reads it. */
async function mailedLink(orderNumber: string) {
  const mails = await ctx.app.db.select().from(mailOutbox)
  const mail = mails.find((m) => m.text.includes(`/track?order=${orderNumber}&`))!
  const url = new URL(/http:\/\/shop\.test\/track\?\S+/.exec(mail.text)![0])
  return { order_number: url.searchParams.get('order')!, token: url.searchParams.get('token')! }
}

async function setDays(value: string) {
  await ctx.app.db
    .insert(settings)
    .values({ key: 'tracking_link_days_after_close', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } })
}

/** Cancels the order through its link, then moves the cancellation `daysAgo` into the past. */
async function closedDaysAgo(order: { id: number; order_number: string }, daysAgo: number) {
  const link = await mailedLink(order.order_number)
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/track/cancel',
    payload: { ...link, reason: 'changed my mind' },
    remoteAddress: `10.8.1.${n++}`,
  })
  expect(res.statusCode, res.body).toBe(200)
  await ctx.app.db
    .update(orderStatusHistory)
    .set({ createdAt: new Date(Date.now() - daysAgo * 86_400_000) })
    .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.toStatus, 'cancelled')))
  return link
}

describe('renewing a tracking link (staff)', () => {
  it('ends the mailed link, answers the new one in the order’s language; number and phone keep working', async () => {
    const order = await guestOrder('en')
    const old = await mailedLink(order.order_number)
    expect((await track(old)).statusCode).toBe(200)

    const res = await renew(order.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const url = new URL(res.json().tracking_url)
    expect(url.origin + url.pathname).toBe('http://shop.test/track')
    expect(url.searchParams.get('order')).toBe(order.order_number)
    expect(url.searchParams.get('lang')).toBe('en')
    const fresh = { order_number: order.order_number, token: url.searchParams.get('token')! }
    expect(fresh.token).not.toBe(old.token)

    const gone = await track(old)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().code).toBe('TRACKING_NOT_FOUND')
    expect((await track(fresh)).statusCode).toBe(200)
    expect((await track({ order_number: order.order_number, phone: PHONE })).statusCode).toBe(200)

    // Renewed again: the second link ends too.
    const again = new URL((await renew(order.id)).json().tracking_url).searchParams.get('token')!
    expect((await track(fresh)).statusCode).toBe(404)
    expect((await track({ order_number: order.order_number, token: again })).statusCode).toBe(200)
  })

  it('a link mailed before order keys (no key) keeps opening its order until staff renew it', async () => {
    const order = await guestOrder()
    await ctx.app.db.update(orders).set({ trackingKey: null }).where(eq(orders.id, order.id))
    const legacy = trackingToken(await trackingSecret(ctx.app.db), order.order_number, null)
    expect((await track({ order_number: order.order_number, token: legacy })).statusCode).toBe(200)
    expect((await renew(order.id)).statusCode).toBe(200)
    expect((await track({ order_number: order.order_number, token: legacy })).statusCode).toBe(404)
  })

  it('new orders get a key of their own', async () => {
    const a = await guestOrder()
    const b = await guestOrder()
    const keys = await ctx.app.db
      .select({ id: orders.id, key: orders.trackingKey })
      .from(orders)
      .where(eq(orders.id, a.id))
      .union(
        ctx.app.db.select({ id: orders.id, key: orders.trackingKey }).from(orders).where(eq(orders.id, b.id)),
      )
    expect(keys).toHaveLength(2)
    for (const k of keys) expect(k.key).toMatch(/^[0-9a-f]{32}$/)
    expect(keys[0]!.key).not.toBe(keys[1]!.key)
  })

  it('is for staff: 401 for guests, 403 for shoppers, 404 for an unknown order', async () => {
    const order = await guestOrder()
    expect((await renew(order.id, {})).statusCode).toBe(401)
    const shopper = await createUser(ctx.app, 'user')
    expect((await renew(order.id, shopper.headers)).statusCode).toBe(403)
    const missing = await renew(99_999_999)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().code).toBe('NOT_FOUND')
    // The link still works: nothing was renewed.
    expect((await track(await mailedLink(order.order_number))).statusCode).toBe(200)
  })
})

describe('a tracking link ends after its order closed (tracking_link_days_after_close)', () => {
  it('30 days by default: open at 29 days, ended at 31 with a translated 410; number and phone still open it', async () => {
    await ctx.app.db.delete(settings).where(eq(settings.key, 'tracking_link_days_after_close'))
    const recent = await guestOrder()
    const recentLink = await closedDaysAgo(recent, 29)
    expect((await track(recentLink)).statusCode).toBe(200)

    const old = await guestOrder()
    const oldLink = await closedDaysAgo(old, 31)
    const ended = await track(oldLink)
    expect(ended.statusCode).toBe(410)
    expect(ended.json()).toEqual({
      code: 'TRACKING_LINK_EXPIRED',
      message: 'This tracking link has ended. Enter your order number and phone to see the order',
    })
    const arabic = await ctx.app.inject({
      method: 'POST',
      url: '/api/track',
      payload: oldLink,
      headers: { 'accept-language': 'ar' },
      remoteAddress: `10.8.2.${n++}`,
    })
    expect(arabic.json().message).toMatch(/انتهت صلاحية رابط التتبع/)
    const byPhone = await track({ order_number: old.order_number, phone: PHONE })
    expect(byPhone.statusCode).toBe(200)
    expect(byPhone.json().order_status).toBe('cancelled')
  })

  it('follows the setting; a pending order’s link never ends', async () => {
    const order = await guestOrder()
    await setDays('60')
    try {
      const pending = await guestOrder()
      await ctx.app.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
        .where(eq(orders.id, pending.id))
      expect((await track(await mailedLink(pending.order_number))).statusCode).toBe(200)

      const link = await closedDaysAgo(order, 31)
      expect((await track(link)).statusCode).toBe(200)
      await setDays('0')
      expect((await track(link)).statusCode).toBe(410)
    } finally {
      await ctx.app.db.delete(settings).where(eq(settings.key, 'tracking_link_days_after_close'))
    }
  })

  it('staff can change the setting in the dashboard (0–3650 days)', async () => {
    const put = (value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { ...admin.headers, ...en },
        payload: { key: 'tracking_link_days_after_close', value },
      })
    expect((await put('14')).statusCode).toBe(200)
    expect((await put('-1')).statusCode).toBe(422)
    expect((await put('3651')).statusCode).toBe(422)
    expect((await put('abc')).statusCode).toBe(422)
    await ctx.app.db.delete(settings).where(eq(settings.key, 'tracking_link_days_after_close'))
  })
})
