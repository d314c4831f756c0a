import { defaultVariant, loadVariantsOf } from '../src/domain/sellable.ts'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { App } from '../src/app.ts'
import { orderStatusHistory, orders } from '../src/db/schema/orders.ts'
import { orderPaymentHolds, paymentEvents, payments } from '../src/db/schema/payments.ts'
import { settings } from '../src/db/schema/settings.ts'

// Test support for the payments tests: orders placed as the checkout places them, and what the ledger holds.

/** Plutu's three keys: "massarat" is offered (placing an order calls no provider). */
export const PLUTU_KEYS = {
  PLUTU_API_KEY: 'test-key',
  PLUTU_ACCESS_TOKEN: 'test-token',
  PLUTU_SECRET_KEY: 'sk_test_secret',
}

export interface PlacedOnline {
  id: number
  order_number: string
  total_amount: number
  payment_status: string
  order_status: string
  payment: { token: string; due_at: string }
}

export async function placeOnlineOrder(
  app: App,
  o: {
    cityId: number
    items: { product_id: number; quantity: number }[]
    method?: 'massarat' | 'paypal'
    key?: string
    lang?: 'ar' | 'en'
  },
): Promise<PlacedOnline> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': o.key ?? randomUUID(), 'accept-language': o.lang ?? 'ar' },
    payload: {
      customer_name: 'زبون إلكتروني',
      customer_email: 'online@example.ly',
      customer_phone: '0912345678',
      shipping_address: 'طرابلس',
      city_id: o.cityId,
      payment_method: o.method ?? 'massarat',
      items: o.items,
    },
  })
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`)
  return res.json() as PlacedOnline
}

/** A shopper's payment call with the order's token. */
export const payCall = (
  app: App,
  order: PlacedOnline,
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  lang: 'ar' | 'en' = 'en',
) =>
  app.inject({
    method,
    url: `/api/payments/orders/${order.id}${path}`,
    headers: { 'x-payment-token': order.payment.token, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  })

export const orderRow = async (app: App, id: number) =>
  (await app.db.select().from(orders).where(eq(orders.id, id)))[0]!
export const paymentRows = (app: App, orderId: number) =>
  app.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id)
export const eventRows = (app: App, paymentId: number) =>
  app.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))
export const historyRows = (app: App, orderId: number) =>
  app.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id)
/** The stock of the product's default pack (its only pack in these tests). */
export const stockOf = async (app: App, id: number) => {
  const packs = (await loadVariantsOf(app.db, [id])).get(id) ?? []
  return defaultVariant(packs)!.stock
}

/** Moves an order's hold deadline into the past, as if its time ran out. */
export async function makeDue(app: App, orderId: number, minutesAgo = 1) {
  await app.db
    .update(orderPaymentHolds)
    .set({ dueAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(orderPaymentHolds.orderId, orderId))
}

export async function setSetting(app: App, key: string, value: string) {
  await app.db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } })
}

/** Follows the fake's redirect to the shop (Location of a 302) and returns the shop-relative URL. */
export async function followToShop(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' })
  const location = res.headers.get('location')
  if (!location) throw new Error(`no redirect from ${url}: ${res.status}`)
  const u = new URL(location)
  return `${u.pathname}${u.search}`
}
