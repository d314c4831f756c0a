import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import type { OrderExportQuery } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { profitOf } from '../../domain/order-view.ts'
import { dayRange, shopTimezone } from '../../lib/shop-time.ts'

export const EXPORT_COLUMNS = [
  'order_number',
  'date',
  'customer_name',
  'customer_email',
  'customer_phone',
  'city',
  'payment_method',
  'order_status',
  'payment_status',
  'subtotal',
  'delivery_price',
  'total_amount',
  'profit',
] as const

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / CR) as a formula; a leading apostrophe makes it
 * text (OWASP "CSV injection"). Applied to every text cell: names, emails and phones come from shoppers.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/** SPEC §7 file name: sales_{from or all}_{to or all}.csv (dates are validated YYYY-MM-DD). */
export const exportFileName = (q: Pick<OrderExportQuery, 'from' | 'to'>) => `sales_${q.from ?? 'all'}_${q.to ?? 'all'}.csv`

/** GET /api/orders/export/csv: UTF-8 with BOM (Excel reads Arabic), CRLF line ends, newest first. */
export async function exportOrdersCsv(db: DbOrTx, q: OrderExportQuery): Promise<string> {
  const tz = await shopTimezone(db)
  const where: SQL[] = dayRange(orders.createdAt, tz, q.from, q.to)
  if (q.status !== 'all') where.push(eq(orders.orderStatus, q.status))
  const rows = await db
    .select({ order: orders, localDate: sql<string>`to_char(${orders.createdAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI')` })
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
  const text = (v: string | null) => neutraliseFormula(v ?? '')
  const money = (n: number) => n.toFixed(2)
  const records = rows.map(({ order: o, localDate }) => [
    text(o.orderNumber),
    text(localDate),
    text(o.customerName),
    text(o.customerEmail),
    text(o.customerPhone),
    text(o.cityName),
    text(o.paymentMethod),
    text(o.orderStatus),
    text(o.paymentStatus),
    money(o.subtotal),
    money(o.deliveryPrice),
    money(o.totalAmount),
    money(profitOf(o)),
  ])
  return stringify([[...EXPORT_COLUMNS], ...records], { bom: true, record_delimiter: 'windows' })
}
