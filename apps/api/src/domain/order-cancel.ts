import type { Tx } from '../db/client.ts'
import { AppError } from '../lib/app-error.ts'
import type { Actor } from './actor.ts'
import type { OrderNotifier } from './notifications/notifier.ts'
import { lockOrder, moveOrder } from './order-state.ts'

/**
 * Decision 0069: the shopper cancels an order while it is pending (signed in from my orders: `actor` the shopper; or
 * with the mail's tracking link: a guest). The order row is locked first, so a staff edit or a second cancel at the
 * same moment waits and then sees `cancelled` (409 ORDER_NOT_PENDING: the lifecycle table, decision 0219); the uses and the stock go back once (moveOrder, decision 0193),
 * and the shopper and staff are mailed.
 */
export async function cancelByCustomer(
  tx: Tx,
  actor: Actor,
  orderId: number,
  reason: string,
  notify?: OrderNotifier,
): Promise<void> {
  const current = await lockOrder(tx, orderId)
  if (!current) throw new AppError('NOT_FOUND', 404)
  await moveOrder(tx, actor, current, {
    name: 'cancelled_by_customer',
    reason,
    notify,
  })
}
