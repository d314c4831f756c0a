import { eq } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { Order, UpdateOrderInput } from '@shop/shared/schemas/order'
import type { Db } from '../../db/client.ts'
import { orderStatusHistory, orders } from '../../db/schema/orders.ts'
import { findOrder } from '../../domain/order-view.ts'
import { applyStaffPaymentStatus } from '../../domain/payments.ts'
import { restoreOrderStock, retakeOrderStock } from '../../domain/stock.ts'
import { actorUserId, type Actor } from '../../domain/actor.ts'
import { notFound } from '../../lib/app-error.ts'
import type { OrderNotifier } from '../../domain/notifications/notifier.ts'
import { releaseOrderUses, retakeOrderUses } from '../../domain/offers.ts'

/** PUT /api/orders/:id (product.md §2.19 edit dialog): fields and statuses; each status change is kept in the history. */
export async function updateOrder(
  db: Db,
  actor: Actor,
  id: number,
  input: UpdateOrderInput,
  lang: Language,
  notify?: OrderNotifier,
): Promise<Order> {
  const adminId = actorUserId(actor)!
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
    if (!current) throw notFound()
    const wasCancelled = current.orderStatus === 'cancelled'
    const isCancelled = input.order_status === 'cancelled'
    if (isCancelled && !wasCancelled) {
      await releaseOrderUses(tx, id)
      await restoreOrderStock(tx, id, { actor, reason: 'cancellation' })
    }
    if (wasCancelled && !isCancelled) {
      await retakeOrderUses(tx, id)
      await retakeOrderStock(tx, id, { actor, reason: 'sale' }, lang)
    }
    // Decision 0075: a typed payment status becomes a record (a cash collection, a refund) by this staff member.
    const paymentStatus = await applyStaffPaymentStatus(tx, current, input.payment_status, adminId)
    await tx
      .update(orders)
      .set({
        customerName: input.customer_name,
        customerEmail: input.customer_email,
        customerPhone: input.customer_phone,
        shippingAddress: input.shipping_address,
        orderStatus: input.order_status,
        paymentStatus,
        notes: input.notes,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id))
    if (current.orderStatus !== input.order_status || current.paymentStatus !== paymentStatus) {
      const [history] = await tx
        .insert(orderStatusHistory)
        .values({
          orderId: id,
          fromStatus: current.orderStatus,
          toStatus: input.order_status,
          fromPaymentStatus: current.paymentStatus,
          toPaymentStatus: paymentStatus,
          changedBy: adminId,
          actor: 'staff',
        })
        .returning({ id: orderStatusHistory.id })
      // Decision 0066: the shopper hears of the statuses that matter to them, in the order's language.
      await notify?.statusChanged(tx, id, history!.id)
    }
  })
  const order = await findOrder(db, id, true, lang)
  if (!order) throw notFound()
  return order
}
