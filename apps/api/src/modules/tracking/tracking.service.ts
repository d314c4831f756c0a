import { shipmentSummaries } from '../../domain/shipment-summary.ts'
import { and, asc, eq, max } from 'drizzle-orm'
import { SETTINGS_REGISTRY } from '@shop/shared/schemas/setting'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import { maskPhone, samePhone } from '@shop/shared/orders/phone'
import type { TrackCancelInput, TrackedOrder, TrackInput } from '@shop/shared/schemas/order'
import type { Db } from '../../db/client.ts'
import { orderItems, orderStatusHistory, orders } from '../../db/schema/orders.ts'
import { settings } from '../../db/schema/settings.ts'
import { guestActor } from '../../domain/actor.ts'
import { cancelByCustomer } from '../../domain/order-cancel.ts'
import { loadAdjustments } from '../../domain/offers.ts'
import { expireDueHolds } from '../../domain/payment-expiry.ts'
import { isTrackingToken, trackingSecret } from '../../domain/tracking-link.ts'
import { AppError } from '../../lib/app-error.ts'
import { beginLookup, lookupFound } from './tracking-throttle.ts'

type OrderRow = typeof orders.$inferSelect

const DAY_MS = 86_400_000
const LINK_DAYS_KEY = 'tracking_link_days_after_close'

/** The owner's setting (a missing or unreadable row reads as its default). */
async function trackingLinkDays(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, LINK_DAYS_KEY))
    .limit(1)
  const value = Number(row?.value.trim() || 'x')
  return Number.isInteger(value) && value >= 0 ? value : Number(SETTINGS_REGISTRY[LINK_DAYS_KEY].default)
}

/** One answer for a wrong number, a wrong phone and a wrong token: which one was wrong is not revealed (decision 0068). */
const notFound = () => new AppError('TRACKING_NOT_FOUND', 404)

/**
 * The order the visitor may see: its number with the phone it was placed with, or with the mail link's token. Every
 * miss counts towards the limit (429).
 */
async function findTracked(
  db: Db,
  input: { order_number: string; phone?: string; token?: string },
  ip: string,
): Promise<{ row: OrderRow; byToken: boolean }> {
  const byToken = input.token !== undefined
  const hits = await beginLookup(db, ip, input)
  // Issue 39: the short number staff say on the phone ("161", the digits after the date of ORD-261202-00161) finds the
  // order with its phone; a mail's link always carries the whole number.
  const short = !byToken && /^\d{1,9}$/.test(input.order_number) ? Number(input.order_number) : null
  const [row] = await db
    .select()
    .from(orders)
    .where(short !== null ? eq(orders.id, short) : eq(orders.orderNumber, input.order_number))
    .limit(1)
  const ok =
    row !== undefined &&
    (byToken
      ? isTrackingToken(await trackingSecret(db), row.orderNumber, row.trackingKey, input.token!)
      : samePhone(row.customerPhone, input.phone ?? ''))
  if (!ok) throw notFound()
  await lookupFound(db, hits)
  // Decision 0105: a mailed link ends some days after its order closed; the number and phone keep working.
  if (byToken && (await linkExpired(db, row!))) throw new AppError('TRACKING_LINK_EXPIRED', 410)
  // Decision 0098: an unpaid online order whose time ran out is ended before it is shown.
  if (await expireDueHolds(db, { orderIds: [row!.id] }))
    return { row: (await db.select().from(orders).where(eq(orders.id, row!.id)).limit(1))[0]!, byToken }
  return { row: row!, byToken }
}

/** Decision 0105: whether an order's tracking link has ended (`tracking_link_days_after_close` after it closed). */
export async function linkExpired(db: Db, row: OrderRow, now = new Date()): Promise<boolean> {
  if (row.orderStatus !== 'completed' && row.orderStatus !== 'cancelled') return false
  const [closed] = await db
    .select({ at: max(orderStatusHistory.createdAt) })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, row.id), eq(orderStatusHistory.toStatus, row.orderStatus)))
  const closedAt = closed?.at ?? row.updatedAt
  const days = await trackingLinkDays(db)
  return now.getTime() >= closedAt.getTime() + days * DAY_MS
}

async function toTracked(db: Db, row: OrderRow, lang: Language): Promise<TrackedOrder> {
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.id))
  const history = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, row.id))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id))
  return {
    order_number: row.orderNumber,
    order_status: row.orderStatus,
    payment_method: row.paymentMethod,
    payment_status: row.paymentStatus,
    created_at: row.createdAt.toISOString(),
    customer_name: row.customerName,
    // Anyone holding the number and the phone (or the link) sees this page: no email, the phone partly hidden.
    phone_masked: maskPhone(row.customerPhone),
    shipping_address: row.shippingAddress,
    city_name: translatedText(row.cityName, row.translations, 'city_name', lang),
    subtotal: row.subtotal,
    delivery_price: row.deliveryPrice,
    total_amount: row.totalAmount,
    // Decision 0170: the discounts as stored with the order, labels in the reader's language.
    discount_total: row.discountTotal,
    adjustments: (await loadAdjustments(db, [row.id], lang, false)).get(row.id) ?? [],
    // Decision 0058: the names the lines were sold under, in the reader's language.
    items: items.map((i) => ({
      product_id: i.productId,
      variant_id: i.variantId,
      product_name: translatedText(i.productName, i.translations, 'product_name', lang) ?? i.productName,
      variant_label: translatedText(i.variantLabel, i.translations, 'variant_label', lang) ?? '',
      sku: i.sku,
      quantity: i.quantity,
      unit_price: i.unitPrice,
      line_total: i.lineTotal,
      is_wholesale: i.isWholesale,
      discount: i.discount,
    })),
    // Status changes only (a payment-status edit is staff's business), with their dates.
    history: history
      .filter((h) => h.fromStatus !== h.toStatus)
      .map((h) => ({
        status: h.toStatus as TrackedOrder['order_status'],
        created_at: h.createdAt.toISOString(),
        by_customer: h.actor === 'shopper' || h.actor === 'guest',
      })),
    // Decision 0069 as amended by issue 39: the mail's link or the number with its phone may cancel while pending (a
    // shop without mail sends no link; every wrong pair counts towards the look-up limit of decision 0068).
    can_cancel: row.orderStatus === 'pending',
    shipment: (await shipmentSummaries(db, [row.id])).get(row.id) ?? null,
  }
}

/** POST /api/track. */
export async function trackOrder(
  db: Db,
  input: TrackInput,
  ip: string,
  lang: Language,
): Promise<TrackedOrder> {
  const { row } = await findTracked(db, input, ip)
  return toTracked(db, row, lang)
}

/**
 * POST /api/track/cancel: the mail's link, or the order number with its phone, cancels a pending order (decision 0069,
 * amended by issue 39); 409 once it has moved on. A wrong pair is the look-up's 404 and counts as a miss.
 */
export async function cancelTracked(
  db: Db,
  input: TrackCancelInput,
  ip: string,
  lang: Language,
): Promise<TrackedOrder> {
  const { row } = await findTracked(db, input, ip)
  await db.transaction(async (tx) => {
    // The tracking page is a guest's, whoever else is signed in on the browser (decision 0193).
    await cancelByCustomer(tx, guestActor(ip), row.id, input.reason)
  })
  const [fresh] = await db.select().from(orders).where(eq(orders.id, row.id)).limit(1)
  return toTracked(db, fresh!, lang)
}
