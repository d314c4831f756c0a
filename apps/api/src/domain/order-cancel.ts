import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { orderStatusHistory, orders } from '../db/schema/orders.ts'
import { AppError } from '../lib/app-error.ts'
import { orderShopper, restoreOrderStock } from './stock.ts'
import { releaseOrderUses } from './offers.ts'

/** 409 when an order has left `pending`: the shopper can no longer cancel it, staff can no longer confirm it. */
export const notPending = () => new AppError('ORDER_NOT_PENDING', 409)

/**
 * Decision 0069: the shopper cancels an order while it is pending (signed in from my orders, or with the mail's tracking
 * link). The order row is locked first, so a staff edit or a second cancel at the same moment waits and then sees
 * `cancelled` (409); the stock goes back once (restoreOrderStock's mark). Returns the history row, for the mails.
 */
export async function cancelByCustomer(
  tx: Tx,
  orderId: number,
  by: { actor: 'shopper' | 'guest'; userId: number | null; reason: string },
): Promise<{ historyId: number }> {
  const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  if (!current) throw new AppError('NOT_FOUND', 404)
  if (current.orderStatus !== 'pending') throw notPending()
  await releaseOrderUses(tx, orderId)
  await restoreOrderStock(tx, orderId, { actor: orderShopper(current, by.actor), reason: 'cancellation' })
  await tx
    .update(orders)
    .set({ orderStatus: 'cancelled', updatedAt: new Date() })
    .where(eq(orders.id, orderId))
  const [history] = await tx
    .insert(orderStatusHistory)
    .values({
      orderId,
      fromStatus: 'pending',
      toStatus: 'cancelled',
      fromPaymentStatus: current.paymentStatus,
      toPaymentStatus: current.paymentStatus,
      changedBy: by.userId,
      actor: by.actor,
      action: 'cancelled_by_customer',
      reason: by.reason,
    })
    .returning({ id: orderStatusHistory.id })
  return { historyId: history!.id }
}
