import { desc, eq, inArray } from 'drizzle-orm'
import type { Order, OrderItem } from '@shop/shared/schemas/order'
import type { Db } from '../../db/client.ts'
import { products } from '../../db/schema/catalog.ts'
import { orderItems, orders } from '../../db/schema/orders.ts'
import { imageUrl } from '../images/images.service.ts'

/** docs/api.md GET /users/:id: a customer's latest orders, in the Order shape, for the staff view. */
export const USER_ORDERS_LIMIT = 20

const cents = (n: number) => Math.round(n * 100)

export async function latestOrdersOf(db: Db, userId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(USER_ORDERS_LIMIT)
  if (rows.length === 0) return []

  const items = await db
    .select({ item: orderItems, productName: products.name, imageId: products.imageId })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(orderItems.id)
  const itemsByOrder = new Map<number, OrderItem[]>()
  for (const { item, productName, imageId } of items) {
    const list = itemsByOrder.get(item.orderId) ?? []
    list.push({
      id: item.id,
      product_id: item.productId,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      line_total: item.lineTotal,
      is_wholesale: item.isWholesale,
      unit_cost: item.unitCost,
      // The product may have been erased since; the item keeps the name it was sold under.
      product:
        item.productId !== null && productName !== null
          ? { id: item.productId, name: productName, image_url: imageUrl(imageId) }
          : null,
      product_name: item.productName,
    })
    itemsByOrder.set(item.orderId, list)
  }

  return rows.map((o) => ({
    id: o.id,
    order_number: o.orderNumber,
    user_id: o.userId,
    customer_name: o.customerName,
    customer_email: o.customerEmail,
    customer_phone: o.customerPhone,
    shipping_address: o.shippingAddress,
    city_id: o.cityId,
    city_name: o.cityName,
    order_status: o.orderStatus,
    payment_status: o.paymentStatus,
    payment_method: o.paymentMethod,
    notes: o.notes,
    subtotal: o.subtotal,
    delivery_price: o.deliveryPrice,
    total_amount: o.totalAmount,
    // DESIGN.md "Profit is real": subtotal minus the cost kept on each item at the time of sale.
    profit: (cents(o.subtotal) - cents(o.totalCost)) / 100,
    created_at: o.createdAt.toISOString(),
    items: itemsByOrder.get(o.id) ?? [],
  }))
}
