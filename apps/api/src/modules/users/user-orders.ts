import { desc, eq } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { Order } from '@shop/shared/schemas/order'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { withItems } from '../../domain/order-view.ts'
import type { Viewer } from '../../domain/viewer.ts'

/** docs/api.md GET /users/:id: a customer's latest orders, in the Order shape, for the staff view. */
export const USER_ORDERS_LIMIT = 20

/**
 * The staff view of the orders (the names each line was sold under: decision 0058; profit and unit costs with
 * costs.view: decision 0216).
 */
export async function latestOrdersOf(db: Db, userId: number, view: Viewer, lang: Language): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(USER_ORDERS_LIMIT)
  return withItems(db, rows, view, lang)
}
