import { and, asc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { Order, UpdateOrderInput } from '@shop/shared/schemas/order'
import type { Db, Tx } from '../../db/client.ts'
import { products } from '../../db/schema/catalog.ts'
import { orderItems, orderStatusHistory, orders } from '../../db/schema/orders.ts'
import { notFound } from '../../lib/app-error.ts'
import { productText } from '../catalog/product-view.ts'
import { outOfStock } from '../checkout/cart-pricing.ts'
import { findOrder } from './order-view.ts'

/**
 * The order's lines whose units checkout took from stock (not always-in-stock at the time of sale, whatever the
 * product's flag says now), in ascending product id order (the lock order of checkout: no deadlocks).
 */
async function stockLines(tx: Tx, orderId: number) {
  return tx
    .select({ productId: products.id, product: { name: products.name, description: products.description, attributes: products.attributes, translations: products.translations }, quantity: orderItems.quantity })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.takesStock, true)))
    .orderBy(asc(products.id))
}

/** DESIGN.md "Cancelling an order puts its stock back once": the stock_restored_at guard and the stock move share one transaction. */
async function restock(tx: Tx, orderId: number) {
  const marked = await tx
    .update(orders)
    .set({ stockRestoredAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.stockRestoredAt)))
    .returning({ id: orders.id })
  if (marked.length === 0) return
  for (const line of await stockLines(tx, orderId)) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId))
  }
}

/** Un-cancelling takes the stock again, with the same conditional update as checkout (409 when it is gone). */
async function takeStockAgain(tx: Tx, orderId: number, lang: Language) {
  const cleared = await tx
    .update(orders)
    .set({ stockRestoredAt: null })
    .where(and(eq(orders.id, orderId), isNotNull(orders.stockRestoredAt)))
    .returning({ id: orders.id })
  if (cleared.length === 0) return
  for (const line of await stockLines(tx, orderId)) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
      .returning({ id: products.id })
    if (taken.length === 0) {
      const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId))
      throw outOfStock(line.productId, productText(line.product, 'name', lang) ?? line.product.name, now?.stock ?? 0)
    }
  }
}

/** PUT /api/orders/:id (SPEC §2 order edit dialog): fields and statuses; each status change is kept in the history. */
export async function updateOrder(db: Db, adminId: number, id: number, input: UpdateOrderInput, lang: Language): Promise<Order> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
    if (!current) throw notFound()
    const wasCancelled = current.orderStatus === 'cancelled'
    const isCancelled = input.order_status === 'cancelled'
    if (isCancelled && !wasCancelled) await restock(tx, id)
    if (wasCancelled && !isCancelled) await takeStockAgain(tx, id, lang)
    await tx
      .update(orders)
      .set({
        customerName: input.customer_name,
        customerEmail: input.customer_email,
        customerPhone: input.customer_phone,
        shippingAddress: input.shipping_address,
        orderStatus: input.order_status,
        paymentStatus: input.payment_status,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id))
    if (current.orderStatus !== input.order_status || current.paymentStatus !== input.payment_status) {
      await tx.insert(orderStatusHistory).values({
        orderId: id,
        fromStatus: current.orderStatus,
        toStatus: input.order_status,
        fromPaymentStatus: current.paymentStatus,
        toPaymentStatus: input.payment_status,
        changedBy: adminId,
      })
    }
  })
  const order = await findOrder(db, id, true, lang)
  if (!order) throw notFound()
  return order
}
