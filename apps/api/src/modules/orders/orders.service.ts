import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { Order, OrderList, OrderListQuery } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../../db/client.ts'
import { whatsappFilter } from '../../domain/whatsapp-filter.ts'
import { likePattern } from '../../db/like.ts'
import { orders } from '../../db/schema/orders.ts'
import { findOrder, withItems } from '../../domain/order-view.ts'
import { expireDueHolds } from '../../domain/payment-expiry.ts'
import { notFound } from '../../lib/app-error.ts'
import { dayRange, shopTimezone } from '../../lib/shop-time.ts'
import type { AuthUser } from '../../plugins/auth.ts'
import { hasPermission } from '../../plugins/auth.ts'
import { viewOf } from '../../domain/viewer.ts'

/** A sum of numeric(12,2) values from the database (a string on PGlite, a number on pg) in dinars, to the cent. */
const dinars = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100

/**
 * GET /api/orders. A shopper sees only their own orders, whatever user_id or search say (product.md §6.2);
 * staff search by number, name, email or phone, filter by status and by days in the shop's time zone, and get the
 * totals of everything the filters match (the sales report, decision 0047): summed by the database in the same
 * scan as the count, never from a page.
 */
export async function listOrders(
  db: DbOrTx,
  user: AuthUser,
  q: OrderListQuery,
  lang: Language,
): Promise<OrderList> {
  const staff = hasPermission(user, 'orders.view')
  const view = viewOf(staff, user.permissions)
  // Decision 0098: an unpaid online order whose time ran out is ended before anyone reads it (staff: any due; a
  // shopper: their own), so no list shows stock held that the sweep has not given back yet.
  await expireDueHolds(db, { userId: staff ? undefined : user.id })
  const where: (SQL | undefined)[] = []
  if (!staff) where.push(eq(orders.userId, user.id))
  else {
    if (q.user_id) where.push(eq(orders.userId, q.user_id))
    if (q.search) {
      const term = likePattern(q.search)
      where.push(
        or(
          ilike(orders.orderNumber, term),
          ilike(orders.customerName, term),
          ilike(orders.customerEmail, term),
          ilike(orders.customerPhone, term),
        ),
      )
    }
    if (q.status && q.status !== 'all') where.push(eq(orders.orderStatus, q.status))
    if (q.from || q.to) where.push(...dayRange(orders.createdAt, await shopTimezone(db), q.from, q.to))
    // Decision 0070: the phone-confirmation queue, the longest waiting first.
    if (q.awaiting_confirmation)
      where.push(eq(orders.orderStatus, 'pending'), eq(orders.paymentMethod, 'cash'))
    // Issue 41: the WhatsApp conversation's state (confirmed, waiting, failed, call them).
    if (q.whatsapp) where.push(await whatsappFilter(db, q.whatsapp))
  }
  const condition = and(...where)
  const [sums] = await db
    .select({
      total: count(),
      totalAmount: sql<unknown>`coalesce(sum(${orders.totalAmount}), 0)`,
      // Decision 0172: profit is net of the order's discounts (items and delivery), as profitOf.
      profit: sql<unknown>`coalesce(sum(${orders.subtotal} - ${orders.discountTotal} - ${orders.totalCost} - ${orders.courierFee}), 0)`,
      discountTotal: sql<unknown>`coalesce(sum(${orders.discountTotal}), 0)`,
      // Decision 0132: what was collected (cash recorded as received, or paid online) of the matching orders.
      collected: sql<unknown>`coalesce(sum(${orders.totalAmount}) filter (where ${orders.paymentStatus} = 'paid'), 0)`,
    })
    .from(orders)
    .where(condition)
  const total = sums?.total ?? 0
  const rows = await db
    .select()
    .from(orders)
    .where(condition)
    .orderBy(
      ...(staff && q.awaiting_confirmation
        ? [asc(orders.createdAt), asc(orders.id)]
        : [desc(orders.createdAt), desc(orders.id)]),
    )
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
  const data: Order[] = await withItems(db, rows, view, lang)
  return {
    data,
    total,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
    per_page: q.per_page,
    // The totals are for staff only; their profit for staff with costs.view (decision 0216).
    ...(staff
      ? {
          totals: {
            total_amount: dinars(sums?.totalAmount),
            ...(view.costs ? { profit: dinars(sums?.profit) } : {}),
            discount_total: dinars(sums?.discountTotal),
            collected: dinars(sums?.collected),
          },
        }
      : {}),
  }
}

/** GET /api/orders/:id: the owner or staff; anyone else gets 404 (the order's existence is not revealed). */
export async function getOrder(db: DbOrTx, user: AuthUser, id: number, lang: Language): Promise<Order> {
  const staff = hasPermission(user, 'orders.view')
  if (staff) await expireDueHolds(db, { orderIds: [id] })
  else await expireDueHolds(db, { orderIds: [id], userId: user.id })
  const order = await findOrder(db, id, viewOf(staff, user.permissions), lang)
  if (!order || (!staff && order.user_id !== user.id)) throw notFound()
  return order
}
