import { Readable } from 'node:stream'
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { OrderExportQuery } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { orderAdjustments } from '../../db/schema/promotions.ts'
import { profitOf, type OrderRow } from '../../domain/order-view.ts'
import { dayRange, shopTimezone } from '../../lib/shop-time.ts'
import { exportTexts } from './export-texts.ts'

/** One exported order: the stored row, its date as the shop's clock showed it and the codes its offers had. */
interface ExportRow {
  order: OrderRow
  localDate: string
  /** Decision 0179: the codes of the offers the order used, as stored with it, 'A B' (automatic offers have none). */
  codes: string | null
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / CR) as a formula; a leading apostrophe makes it
 * text (OWASP "CSV injection"). Applied to every text cell: names, emails and phones come from shoppers.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

const text = (v: string | null) => neutraliseFormula(v ?? '')
const money = (n: number) => n.toFixed(2)

/**
 * Decision 0131: a phone written so that a spreadsheet keeps it as typed (the leading 0 of 0912345678 and the + of
 * +218…): `="0912345678"`, a formula that is only a string of the phone's digits. Anything but digits, spaces, + - ( )
 * is not a phone the shop accepted and is written as text, formula-neutralised like every other cell.
 */
export function spreadsheetPhone(value: string): string {
  return /^\+?[\d\s\-()]{1,30}$/.test(value) ? `="${value}"` : neutraliseFormula(value)
}

type Column = { header: string; cell(row: ExportRow): string }

/**
 * The file's columns in order: a header in the reader's language and how each order fills it (decision 0131: the
 * statuses and the method in words, their codes in the last columns). A new column is one more entry here. Decision
 * 0216: the profit column is left out (not blanked) for a reader without costs.view.
 */
export function exportColumns(lang: Language, tz: string, costs: boolean): readonly Column[] {
  const t = exportTexts(lang)
  const columns: (Column | false)[] = [
    { header: t.headers.order_number, cell: ({ order }) => text(order.orderNumber) },
    { header: t.headers.date.replace('{{tz}}', tz), cell: ({ localDate }) => text(localDate) },
    { header: t.headers.customer_name, cell: ({ order }) => text(order.customerName) },
    { header: t.headers.customer_email, cell: ({ order }) => text(order.customerEmail) },
    { header: t.headers.customer_phone, cell: ({ order }) => spreadsheetPhone(order.customerPhone) },
    {
      header: t.headers.city,
      // Decision 0058: the city's name as stored with the order, in the reader's language.
      cell: ({ order }) => text(translatedText(order.cityName, order.translations, 'city_name', lang)),
    },
    { header: t.headers.payment_method, cell: ({ order }) => text(t.paymentMethod[order.paymentMethod]) },
    { header: t.headers.order_status, cell: ({ order }) => text(t.orderStatus[order.orderStatus]) },
    { header: t.headers.payment_status, cell: ({ order }) => text(t.paymentStatus[order.paymentStatus]) },
    { header: t.headers.subtotal, cell: ({ order }) => money(order.subtotal) },
    { header: t.headers.delivery_price, cell: ({ order }) => money(order.deliveryPrice) },
    { header: t.headers.total_amount, cell: ({ order }) => money(order.totalAmount) },
    costs && { header: t.headers.profit, cell: ({ order }) => money(profitOf(order)) },
    { header: 'payment_method_code', cell: ({ order }) => text(order.paymentMethod) },
    { header: 'order_status_code', cell: ({ order }) => text(order.orderStatus) },
    { header: 'payment_status_code', cell: ({ order }) => text(order.paymentStatus) },
    // Decision 0179: the discounts come after every earlier column, so a reader that counts columns keeps working.
    { header: t.headers.discount_total, cell: ({ order }) => money(order.discountTotal) },
    { header: t.headers.offer_codes, cell: ({ codes }) => text(codes) },
  ]
  return columns.filter((c): c is Column => c !== false)
}

/** The file name the sales screen saves: sales_{from or all}_{to or all}.csv (dates are validated YYYY-MM-DD). */
export const exportFileName = (q: Pick<OrderExportQuery, 'from' | 'to'>) =>
  `sales_${q.from ?? 'all'}_${q.to ?? 'all'}.csv`

/** Orders read per query: a few hundred kilobytes of memory whatever the range (decision 0047). */
export const EXPORT_BATCH_SIZE = 1_000

/**
 * The matching orders newest first, in batches read by keyset (created_at, id): each batch is its own short query
 * from where the previous one stopped, so no transaction or connection is held while the file downloads (the
 * embedded database has one connection for the whole shop) and no order is read twice.
 */
function exportFilters(q: OrderExportQuery, tz: string): SQL[] {
  const filters: SQL[] = dayRange(orders.createdAt, tz, q.from, q.to)
  if (q.status !== 'all') filters.push(eq(orders.orderStatus, q.status))
  return filters
}

/** How many orders an export with these filters holds (the audit trail's row of the export, decision 0192). */
export async function exportedOrderCount(db: DbOrTx, q: OrderExportQuery): Promise<number> {
  const tz = await shopTimezone(db)
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(...exportFilters(q, tz)))
  return Number(row?.n ?? 0)
}

async function* orderBatches(db: DbOrTx, q: OrderExportQuery, tz: string): AsyncGenerator<ExportRow[]> {
  const filters = exportFilters(q, tz)
  // The exact stored instant (microseconds; a JS Date keeps milliseconds) of the last order read.
  let after: { at: string; id: number } | null = null
  for (;;) {
    const rows: (ExportRow & { at: string })[] = await db
      .select({
        order: orders,
        localDate: sql<string>`to_char(${orders.createdAt} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI')`,
        at: sql<string>`${orders.createdAt}::text`,
        codes: sql<
          string | null
        >`(select string_agg(distinct ${orderAdjustments.code}, ' ') from ${orderAdjustments} where ${orderAdjustments.orderId} = "orders"."id" and ${orderAdjustments.code} is not null)`,
      })
      .from(orders)
      .where(
        and(
          ...filters,
          after
            ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(EXPORT_BATCH_SIZE)
    if (rows.length > 0) yield rows
    if (rows.length < EXPORT_BATCH_SIZE) return
    const { at, order } = rows.at(-1)!
    after = { at, id: order.id }
  }
}

const csvLines = (records: string[][]) => stringify(records, { record_delimiter: 'windows' })

/**
 * GET /api/orders/export/csv: UTF-8 with BOM (Excel reads Arabic), CRLF line ends, newest first, written to the
 * answer batch by batch as the client reads it (a year of orders never sits in memory). The first batch is read
 * before answering, so a database that is down is still a 503 error body rather than a cut-off file.
 */
export async function exportOrdersCsv(
  db: DbOrTx,
  q: OrderExportQuery,
  lang: Language,
  costs: boolean,
): Promise<Readable> {
  const tz = await shopTimezone(db)
  const columns = exportColumns(lang, tz, costs)
  const batches = orderBatches(db, q, tz)
  const first = await batches.next()
  async function* chunks() {
    try {
      yield `\uFEFF${csvLines([columns.map((c) => c.header)])}`
      for (let batch = first; !batch.done; batch = await batches.next()) {
        yield csvLines(batch.value.map((row) => columns.map((c) => c.cell(row))))
      }
    } finally {
      // The client went away mid-file: stop reading batches.
      await batches.return(undefined)
    }
  }
  return Readable.from(chunks(), { objectMode: false })
}
