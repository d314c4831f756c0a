import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, rowsOf, type Database } from '../src/db/client.ts'

/**
 * One database per test worker, reused from file to file (docs/testing.md, decision 0235). Booting a PGlite from the
 * run's migrated dump costs seconds of CPU, and copying PostgreSQL's template database (`CREATE DATABASE … TEMPLATE`)
 * half a second of disk writes; putting the same database back to the template's rows costs tens of milliseconds.
 * The API suites run without per-file isolation (vitest `isolate: false`), so this module's state lives as long as the
 * worker: a file that closes its test app hands the database back, the next file gets it reset. A file that holds
 * several apps at once gets one database each (the pool grows to that many). A database a test closed or changed so
 * that the reset fails is not reused (PostgreSQL's are dropped with the run's template, test/global-setup.ts).
 *
 * Reset = every table of the schema emptied (identities restarted), the template's rows written back with triggers
 * off (they were written by the migrations, which the ledger and version triggers already saw), and every sequence
 * set back to where the template left it. The template's rows are copied into a schema of their own on first boot.
 */
const idle: Database[] = []
const TEMPLATE_SCHEMA = 'test_template'

interface Template {
  resetSql: string
  /** PostgreSQL: the database's address, for files that start server processes on it. */
  url?: string
}
const templates = new WeakMap<Database, Template>()

/** The same raw SQL on either engine: rows of a query, or a script of several statements. */
const engine = (database: Database) => ({
  query: async <T>(sql: string, params?: unknown[]): Promise<T[]> =>
    database.pglite
      ? rowsOf<T>(await database.pglite.query(sql, params))
      : (await database.pool!.query(sql, params)).rows,
  exec: async (sql: string) => {
    if (database.pglite) await database.pglite.exec(sql)
    else await database.pool!.query(sql)
  },
  closed: () => (database.pglite ? database.pglite.closed : database.pool!.ended),
})

async function captureTemplate(database: Database, url?: string): Promise<Template> {
  const pglite = engine(database)
  const tables = await pglite.query<{ name: string }>(`
      SELECT quote_ident(c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`)
  const statements: string[] = [`CREATE SCHEMA ${TEMPLATE_SCHEMA}`]
  const copies: string[] = []
  for (const { name } of tables) {
    const count = (
      await pglite.query<{ count: number }>(`SELECT count(*)::int AS count FROM public.${name}`)
    )[0]?.count
    if (!count) continue
    const columns = (
      await pglite.query<{ column: string }>(
        `SELECT quote_ident(column_name) AS column FROM information_schema.columns
         WHERE table_schema = 'public' AND quote_ident(table_name) = $1 AND is_generated = 'NEVER'
         ORDER BY ordinal_position`,
        [name],
      )
    )
      .map((c) => c.column)
      .join(', ')
    statements.push(`CREATE TABLE ${TEMPLATE_SCHEMA}.${name} AS SELECT ${columns} FROM public.${name}`)
    copies.push(
      `INSERT INTO public.${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${TEMPLATE_SCHEMA}.${name};`,
    )
  }
  await pglite.exec(statements.join(';\n'))
  const sequences = await pglite.query<{ name: string; last_value: number | null }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value FROM pg_sequences
     WHERE schemaname = 'public'`,
  )
  const resetSql = [
    'SET session_replication_role = replica;',
    `TRUNCATE ${tables.map((t) => `public.${t.name}`).join(', ')} RESTART IDENTITY CASCADE;`,
    ...copies,
    ...sequences.map((s) =>
      s.last_value === null
        ? `ALTER SEQUENCE ${s.name} RESTART;`
        : `SELECT setval('${s.name}', ${s.last_value}, true);`,
    ),
    'SET session_replication_role = DEFAULT;',
    'RESET ALL;',
  ].join('\n')
  return { resetSql, url }
}

let copies = 0

/**
 * A new database in the template's state: on PostgreSQL (DATABASE_URL and the run's template) a copy of the template
 * database, named after it so the run's teardown drops it; else a PGlite booted from the run's dump.
 */
async function openNew(): Promise<{ database: Database; url?: string }> {
  const template = inject('pgTemplate')
  const baseUrl = process.env.DATABASE_URL
  if (template && baseUrl) {
    const name = `${template}_w${process.pid}_${++copies}`
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    } finally {
      await admin.end()
    }
    const url = new URL(baseUrl)
    url.pathname = `/${name}`
    return { database: await openDatabase({ url: url.toString(), poolSize: 20 }), url: url.toString() }
  }
  const dump = readFileSync(inject('pgliteDump'))
  return { database: await openDatabase({ loadDataDir: new Blob([dump]) }) }
}

/** A database in the template's state: a reset one from this worker's pool, or a new one. */
export async function acquireDatabase(): Promise<{ database: Database; url?: string }> {
  for (;;) {
    const database = idle.pop()
    if (!database) break
    const template = templates.get(database)
    if (!template || engine(database).closed()) continue
    try {
      await engine(database).exec(template.resetSql)
      return { database, url: template.url }
    } catch {
      await database.close().catch(() => {})
    }
  }
  const { database, url } = await openNew()
  templates.set(database, await captureTemplate(database, url))
  return { database, url }
}

/** Hands a database back for the next file (unless a test closed it). */
export function releaseDatabase(database: Database): void {
  if (!engine(database).closed()) idle.push(database)
}
