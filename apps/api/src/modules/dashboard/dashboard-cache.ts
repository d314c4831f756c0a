import { sql } from 'drizzle-orm'
import { rowsOf, type DbOrTx } from '../../db/client.ts'

/**
 * product.md §10.13: dashboard answers are kept until something they count changes. The key holds the request and the
 * versions of the data behind it — catalog_version (products, categories: names, low stock, product count) and
 * sales_version (orders, items, users; migration 0006) — plus the settings that shape the answer, all read in one
 * round trip on every request, so a cached answer is never stale, in any process.
 */
export interface DashboardCache<T> {
  get(db: DbOrTx, request: string, compute: () => Promise<T>): Promise<T>
}

const MAX_ENTRIES = 64

export async function readDashboardVersion(db: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ c: unknown; s: unknown; settings: unknown; today: unknown }>(
    await db.execute(sql`
      select (select coalesce(sum(version), 0) from catalog_version) as c,
             (select coalesce(sum(version), 0) from sales_version) as s,
             (select string_agg(value, '|' order by key) from settings where key in ('low_stock_threshold', 'timezone')) as settings,
             current_date::text as today`),
  )
  // The date matters for the default range (this month); it is the database's date, read in the same statement.
  return `${String(row?.c)}:${String(row?.s)}:${String(row?.settings)}:${String(row?.today)}`
}

export function createDashboardCache<T>(): DashboardCache<T> {
  const entries = new Map<string, T>()
  return {
    async get(db, request, compute) {
      const key = `${await readDashboardVersion(db)}#${request}`
      const hit = entries.get(key)
      if (hit !== undefined) return hit
      const value = await compute()
      // A version read before computing: a write that lands meanwhile changes the key of the next request.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      entries.set(key, value)
      return value
    },
  }
}
