import { and, desc, eq } from 'drizzle-orm'
import type { DateRangeQuery } from '@shop/shared/schemas/common'
import type { SalesResponse } from '@shop/shared/schemas/dashboard'
import type { DbOrTx } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { profitOf } from '../../domain/order-view.ts'
import { dayRange, shopTimezone } from '../../lib/shop-time.ts'

/** SPEC §2 dashboard sales: completed orders in the range with their real profit (DESIGN.md), and totals. */
export async function salesReport(db: DbOrTx, q: DateRangeQuery): Promise<SalesResponse> {
  const tz = await shopTimezone(db)
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerName: orders.customerName,
      createdAt: orders.createdAt,
      totalAmount: orders.totalAmount,
      subtotal: orders.subtotal,
      totalCost: orders.totalCost,
    })
    .from(orders)
    .where(and(eq(orders.orderStatus, 'completed'), ...dayRange(orders.createdAt, tz, q.from, q.to)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
  let amountCents = 0
  let profitCents = 0
  const data = rows.map((r) => {
    const profit = profitOf(r)
    amountCents += Math.round(r.totalAmount * 100)
    profitCents += Math.round(profit * 100)
    return { id: r.id, order_number: r.orderNumber, customer_name: r.customerName, created_at: r.createdAt.toISOString(), total_amount: r.totalAmount, profit }
  })
  return { data, totals: { total_amount: amountCents / 100, profit: profitCents / 100, count: rows.length } }
}
