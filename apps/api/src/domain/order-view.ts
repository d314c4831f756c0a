import { shipmentSummaries } from './shipment-summary.ts'
import { asc, eq, inArray } from 'drizzle-orm'
import { ownTranslation, translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Order, OrderAdjustment, OrderItem, OrderStatusChange } from '@shop/shared/schemas/order'
import { toCents } from '@shop/shared/money/money'
import type { DbOrTx } from '../db/client.ts'
import { products } from '../db/schema/catalog.ts'
import { orderItems, orderStatusHistory, orders } from '../db/schema/orders.ts'
import { users } from '../db/schema/users.ts'
import { imageUrl } from './images.ts'
import { loadAdjustments } from './offers.ts'
import type { Viewer } from './viewer.ts'

export type OrderRow = typeof orders.$inferSelect

/**
 * product.md §10.5: subtotal − Σ unit cost × quantity, net of the order's discounts (decision 0172: a free delivery is
 * paid to the courier from the margin), in hundredths to avoid float drift.
 */
export const profitOf = (row: Pick<OrderRow, 'subtotal' | 'totalCost' | 'discountTotal' | 'courierFee'>) =>
  ((toCents(row.subtotal) ?? 0) -
    (toCents(row.discountTotal) ?? 0) -
    (toCents(row.totalCost) ?? 0) -
    (toCents(row.courierFee) ?? 0)) /
  100

function toOrder(
  row: OrderRow,
  items: OrderItem[],
  adjustments: OrderAdjustment[],
  view: Viewer,
  lang: Language,
): Order {
  // Decision 0058: the city's name as stored with the order, in the reader's language.
  const cityName = translatedText(row.cityName, row.translations, 'city_name', lang)
  return {
    id: row.id,
    order_number: row.orderNumber,
    user_id: row.userId,
    // Decision 0214: the contact in parts; the spec's joined texts below as they were stored.
    customer: {
      first_name: row.firstName,
      last_name: row.lastName,
      phone: row.customerPhone,
      whatsapp: row.whatsapp,
      email: row.customerEmail,
      address_line: row.addressLine,
      city_id: row.cityId,
      city_name: cityName,
      state: row.state,
    },
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    shipping_address: row.shippingAddress,
    city_id: row.cityId,
    city_name: cityName,
    order_status: row.orderStatus,
    payment_status: row.paymentStatus,
    payment_method: row.paymentMethod,
    // Issue 41: whether the shopper agreed to be told on WhatsApp (orders placed before it: false).
    whatsapp_opt_in: row.whatsappOptIn,
    notes: row.notes,
    subtotal: row.subtotal,
    delivery_price: row.deliveryPrice,
    total_amount: row.totalAmount,
    discount_total: row.discountTotal,
    adjustments,
    // Decision 0216: profit is for staff with costs.view only.
    ...(view.staff && view.costs ? { profit: profitOf(row) } : {}),
    created_at: row.createdAt.toISOString(),
    items,
  }
}

/**
 * Orders with their items, loaded for the whole page in one query (no N+1). Decision 0058: each line shows the names
 * it was sold under (stored with the line, in the reader's language), never the product's current name.
 */
export async function withItems(
  db: DbOrTx,
  rows: OrderRow[],
  view: Viewer,
  lang: Language,
): Promise<Order[]> {
  const { staff } = view
  if (rows.length === 0) return []
  const itemRows = await db
    .select({
      item: orderItems,
      productId: products.id,
      imageId: products.imageId,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id))
  const byOrder = new Map<number, OrderItem[]>()
  for (const { item, productId, imageId } of itemRows) {
    const list = byOrder.get(item.orderId) ?? []
    const soldAs =
      translatedText(item.productName, item.translations, 'product_name', lang) ?? item.productName
    list.push({
      id: item.id,
      product_id: item.productId,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      line_total: item.lineTotal,
      is_wholesale: item.isWholesale,
      discount: item.discount,
      ...(staff && view.costs ? { unit_cost: item.unitCost } : {}),
      // A deleted product leaves product null; the names it was sold under always remain.
      product:
        productId !== null ? { id: productId, name: soldAs, image_url: imageUrl(imageId, 'small') } : null,
      product_name: soldAs,
      // Decision 0150: the pack as it was sold (label and SKU stored with the line).
      variant_id: item.variantId,
      variant_label: translatedText(item.variantLabel, item.translations, 'variant_label', lang) ?? '',
      sku: item.sku,
      ...(staff
        ? {
            product_name_ar: item.productName,
            product_name_en: ownTranslation(item.translations, 'en', 'product_name'),
            variant_label_ar: item.variantLabel,
            variant_label_en: ownTranslation(item.translations, 'en', 'variant_label'),
          }
        : {}),
    })
    byOrder.set(item.orderId, list)
  }
  const adjustments = await loadAdjustments(
    db,
    rows.map((r) => r.id),
    lang,
    staff,
  )
  const shipped = await shipmentSummaries(
    db,
    rows.filter((r) => r.orderStatus !== 'pending').map((r) => r.id),
  )
  return rows.map((row) => ({
    ...toOrder(row, byOrder.get(row.id) ?? [], adjustments.get(row.id) ?? [], view, lang),
    // Issue 42: who carries it (null until shipped).
    shipment: shipped.get(row.id) ?? null,
  }))
}

export async function orderHistory(db: DbOrTx, orderId: number): Promise<OrderStatusChange[]> {
  const rows = await db
    .select({ h: orderStatusHistory, by: users.name })
    .from(orderStatusHistory)
    .leftJoin(users, eq(users.id, orderStatusHistory.changedBy))
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id))
  return rows.map(({ h, by }) => ({
    id: h.id,
    from_status: h.fromStatus,
    to_status: h.toStatus,
    from_payment_status: h.fromPaymentStatus,
    to_payment_status: h.toPaymentStatus,
    changed_by: by,
    actor: h.actor,
    // Decision 0221: the provider has its own column.
    provider: h.provider,
    // Issue 41: the shopper's number when the change was their answer on WhatsApp.
    whatsapp: h.actorWhatsapp,
    action: h.action,
    reason: h.reason,
    created_at: h.createdAt.toISOString(),
  }))
}

/** One order with items and history, or null. */
export async function findOrder(db: DbOrTx, id: number, view: Viewer, lang: Language): Promise<Order | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1)
  if (!row) return null
  const [order] = await withItems(db, [row], view, lang)
  return { ...order!, history: await orderHistory(db, id) }
}
