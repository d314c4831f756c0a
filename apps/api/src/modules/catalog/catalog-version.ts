import { sql } from 'drizzle-orm'
import { rowsOf, type DbOrTx } from '../../db/client.ts'

/**
 * How often a busy process re-reads the catalogue version, and the oldest read it may still answer from
 * (decision 0019). A write committed by any API process (admin form, import, checkout's stock
 * decrement) is in every public list after at most CATALOG_MAX_STALE_MS; the checkout re-checks stock and
 * prices anyway (PRICE_CHANGED / OUT_OF_STOCK).
 */
export const CATALOG_RECHECK_MS = 250
export const CATALOG_MAX_STALE_MS = 500

export interface CatalogVersion {
  /** The catalogue version as of a read that started at most CATALOG_MAX_STALE_MS ago. */
  current(): Promise<number>
}

/** sum(version) over the shards of catalog_version (migration 0003): grows with every committed catalogue write. */
export async function readCatalogVersion(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ v: unknown }>(
    await db.execute(sql`select coalesce(sum(version), 0) as v from catalog_version`),
  )
  return Number(row?.v ?? 0)
}

export function createCatalogVersion(
  db: DbOrTx,
  recheckMs = CATALOG_RECHECK_MS,
  maxStaleMs = CATALOG_MAX_STALE_MS,
): CatalogVersion {
  let value = -1
  let readAt = -Infinity
  let pending: Promise<number> | null = null
  const reread = () =>
    // One read in flight per process, however many requests arrive meanwhile.
    (pending ??= (async () => {
      // The clock starts before the read: a write committed after it is seen by the next read.
      const started = performance.now()
      try {
        value = await readCatalogVersion(db)
        readAt = started
        return value
      } finally {
        pending = null
      }
    })())
  return {
    current() {
      const age = performance.now() - readAt
      if (age < recheckMs) return Promise.resolve(value)
      const next = reread()
      // Sign-in flood (performance.md): while the database is busy, requests keep answering from a read that is
      // still within the bound instead of queueing behind the re-read.
      if (age < maxStaleMs) {
        next.catch(() => {})
        return Promise.resolve(value)
      }
      return next
    },
  }
}
