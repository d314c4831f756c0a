import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import pg from 'pg'
import { openDatabase, type Database } from '../../src/db/client.ts'
import { migrationsFolder } from '../../src/paths.ts'

// A database at an older migration, for tests of one migration's data changes (order-contact-split.test.ts): a new
// PGlite, or a new PostgreSQL database when DATABASE_URL is set, migrated up to `lastMigration` only.

/** An empty database (not the run's migrated template), and how to drop it. */
export async function openEmptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) {
    const database = await openDatabase({})
    return { database, drop: () => database.close() }
  }
  const name = `shop_old_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  const database = await openDatabase({ url: u.toString(), poolSize: 2 })
  return {
    database,
    drop: async () => {
      await database.close().catch(() => {})
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
      await c.end()
    },
  }
}

/** Runs the migrations 0000 to `lastMigration` (all of them when omitted). */
export async function migrateTo(database: Database, lastMigration = Infinity) {
  const folder = mkdtempSync(join(tmpdir(), 'shop-migrations-'))
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((e) => e.idx <= lastMigration)
  writeFileSync(journalPath, JSON.stringify(journal))
  try {
    if (database.pglite) {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder })
    } else {
      const client = await database.pool!.connect()
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: folder })
      } finally {
        client.release()
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

export async function query<T>(database: Database, text: string, params: unknown[] = []): Promise<T[]> {
  if (database.pglite) return (await database.pglite.query<T>(text, params)).rows
  return (await database.pool!.query(text, params)).rows as T[]
}
