import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { mkdirSync } from 'node:fs'
import { createQueryTiming, timePgClient, timePglite, type QueryTiming } from './query-timing.ts'
import { schema, type Schema } from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction handle has the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type DbOrTx = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  pglite?: PGlite
  pool?: pg.Pool
  /** Decision 0041: statement times and statements in flight, for /metrics. */
  queries: QueryTiming
  close(): Promise<void>
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent an embedded PGlite is used. */
  url?: string
  /** PGlite data directory; undefined means in memory. */
  dataDir?: string
  /** A PGlite dump (dumpDataDir) to start from, used by tests to skip migrations. */
  loadDataDir?: Blob
  poolSize?: number
}

// numeric → JS number for raw SQL results on node-postgres (drizzle columns use mode: 'number').
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v))
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v))

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const { timing, start } = createQueryTiming()
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    })
    // A dropped connection (database restart) must not crash the process: idle clients report to the pool,
    // checked-out clients emit on themselves. Their queries fail (→ 503) and the next query reconnects.
    pool.on('error', () => {})
    pool.on('connect', (client) => {
      client.on('error', () => {})
      timePgClient(client, start)
    })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return { db, kind: 'postgres', pool, queries: timing, close: () => pool.end() }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  })
  timePglite(pglite, start)
  const db = drizzlePglite(pglite, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    pglite,
    queries: timing,
    close: async () => {
      if (!pglite.closed) await pglite.close()
    },
  }
}

/** Rows of a raw `db.execute(sql…)` result on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
