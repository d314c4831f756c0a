import { sql } from 'drizzle-orm'
import { rowsOf, type DbOrTx } from '../../db/client.ts'

/**
 * How long a process trusts the catalogue version it last read (docs/decisions.md 14). A write committed by
 * any API process (admin form, import, checkout's stock decrement) shows in every public list after at most
 * this long; the checkout re-checks stock and prices anyway (PRICE_CHANGED / OUT_OF_STOCK).
 */
export const CATALOG_RECHECK_MS = 250

export interface CatalogVersion {
  /** The catalogue version, read from the database at most once per re-check interval. */
  current(): Promise<number>
}

/** sum(version) over the shards of catalog_version (migration 0003): grows with every committed catalogue write. */
export async function readCatalogVersion(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ v: unknown }>(await db.execute(sql`select coalesce(sum(version), 0) as v from catalog_version`))
  return Number(row?.v ?? 0)
}

export function createCatalogVersion(db: DbOrTx, recheckMs = CATALOG_RECHECK_MS): CatalogVersion {
  let value = -1
  let readAt = -Infinity
  let pending: Promise<number> | null = null
  return {
    current() {
      if (performance.now() - readAt < recheckMs) return Promise.resolve(value)
      // One read in flight per process, however many requests arrive meanwhile.
      pending ??= (async () => {
        // The clock starts before the read: a write committed after it is seen by the next read.
        const started = performance.now()
        try {
          value = await readCatalogVersion(db)
          readAt = started
          return value
        } finally {
          pending = null
        }
      })()
      return pending
    },
  }
}
