import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrationsFolder } from '../paths.ts'
import type { Database } from './client.ts'

const MIGRATION_LOCK = 726_154_001

/**
 * Applies pending migrations; on PostgreSQL under an advisory lock so several processes may start at once.
 * `thenUnderLock` (server.ts: the first-start seed) runs after them while the lock is still held, so a second process
 * started at the same moment waits and then finds the seed done (decision 0101) instead of inserting it again.
 */
export async function migrateDatabase(database: Database): Promise<void>
export async function migrateDatabase<T>(database: Database, thenUnderLock: () => Promise<T>): Promise<T>
export async function migrateDatabase<T>(
  database: Database,
  thenUnderLock?: () => Promise<T>,
): Promise<T | undefined> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
    return thenUnderLock?.()
  }
  const client = await database.pool!.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migratePg(drizzlePg(client), { migrationsFolder })
    return await thenUnderLock?.()
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
}
