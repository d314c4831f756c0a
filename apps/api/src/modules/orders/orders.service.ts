import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Order, OrderListQuery } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../../db/client.ts'
import { likePattern } from '../../db/like.ts'
import { orders } from '../../db/schema/orders.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { isStaff } from '../../plugins/auth.ts'
import { notFound } from '../../lib/app-error.ts'
import { findOrder, withItems } from '../../domain/order-view.ts'
import { dayRange, shopTimezone } from '../../lib/shop-time.ts'

/**
 * GET /api/orders. A shopper sees only their own orders, whatever user_id or search say (DESIGN.md);
 * staff search by number, name, email or phone, filter by status and by days in the shop's time zone.
 */
export async function listOrders(db: DbOrTx, user: AuthUser, q: OrderListQuery): Promise<Paginated<Order>> {
  const staff = isStaff(user)
  const where: (SQL | undefined)[] = []
  if (!staff) where.push(eq(orders.userId, user.id))
  else {
    if (q.user_id) where.push(eq(orders.userId, q.user_id))
    if (q.search) {
      const term = likePattern(q.search)
      where.push(or(ilike(orders.orderNumber, term), ilike(orders.customerName, term), ilike(orders.customerEmail, term), ilike(orders.customerPhone, term)))
    }
    if (q.status && q.status !== 'all') where.push(eq(orders.orderStatus, q.status))
    if (q.from || q.to) where.push(...dayRange(orders.createdAt, await shopTimezone(db), q.from, q.to))
  }
  const condition = and(...where)
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(orders).where(condition)
  const rows = await db
    .select()
    .from(orders)
    .where(condition)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
  return {
    data: await withItems(db, rows, staff),
    total,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
    per_page: q.per_page,
  }
}

/** GET /api/orders/:id: the owner or staff; anyone else gets 404 (the order's existence is not revealed). */
export async function getOrder(db: DbOrTx, user: AuthUser, id: number): Promise<Order> {
  const staff = isStaff(user)
  const order = await findOrder(db, id, staff)
  if (!order || (!staff && order.user_id !== user.id)) throw notFound()
  return order
}
