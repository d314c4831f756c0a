import { sql } from 'drizzle-orm'
import { rowsOf, type DbOrTx } from '../db/client.ts'

/** Low stock: stock at or under the `low_stock_threshold` setting (5 when unset), always-in-stock products aside. */
const DEFAULT_LOW_STOCK = 5

/** The shop's low-stock threshold (the dashboard's alerts and the low-stock metric read the same). */
export async function lowStockThreshold(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ value: string }>(
    await db.execute(sql`select value from settings where key = 'low_stock_threshold' limit 1`),
  )
  const n = Number(row?.value)
  return Number.isInteger(n) && n >= 0 ? n : DEFAULT_LOW_STOCK
}
