import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { openDatabase, rowsOf, type Database } from '../src/db/client.ts'

/**
 * One embedded database per test worker, reused from file to file (docs/testing.md). Booting a PGlite from the run's
 * migrated dump costs seconds of CPU; putting the same instance back to the template's rows costs tens of
 * milliseconds. The API suites run without per-file isolation (vitest `isolate: false`), so this module's state lives
 * as long as the worker: a file that closes its test app hands the database back, the next file gets it reset.
 * A file that holds several apps at once gets one database each (the pool grows to that many).
 *
 * Reset = every table of the schema emptied (identities restarted), the template's rows written back with triggers
 * off (they were written by the migrations, which the ledger and version triggers already saw), and every sequence
 * set back to where the template left it. The template's rows are copied into a schema of their own on first boot.
 */
const idle: Database[] = []
const TEMPLATE_SCHEMA = 'test_template'

interface Template {
  resetSql: string
}
const templates = new WeakMap<Database, Template>()

async function captureTemplate(database: Database): Promise<Template> {
  const pglite = database.pglite!
  const tables = rowsOf<{ name: string }>(
    await pglite.query(`
      SELECT quote_ident(c.relname) AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      ORDER BY c.relname`),
  )
  const statements: string[] = [`CREATE SCHEMA ${TEMPLATE_SCHEMA}`]
  const copies: string[] = []
  for (const { name } of tables) {
    const count = rowsOf<{ count: number }>(
      await pglite.query(`SELECT count(*)::int AS count FROM public.${name}`),
    )[0]?.count
    if (!count) continue
    const columns = rowsOf<{ column: string }>(
      await pglite.query(
        `SELECT quote_ident(column_name) AS column FROM information_schema.columns
         WHERE table_schema = 'public' AND quote_ident(table_name) = $1 AND is_generated = 'NEVER'
         ORDER BY ordinal_position`,
        [name],
      ),
    )
      .map((c) => c.column)
      .join(', ')
    statements.push(`CREATE TABLE ${TEMPLATE_SCHEMA}.${name} AS SELECT ${columns} FROM public.${name}`)
    copies.push(
      `INSERT INTO public.${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM ${TEMPLATE_SCHEMA}.${name};`,
    )
  }
  await pglite.exec(statements.join(';\n'))
  const sequences = rowsOf<{ name: string; last_value: number | null }>(
    await pglite.query(
      `SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, last_value FROM pg_sequences
       WHERE schemaname = 'public'`,
    ),
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
  return { resetSql }
}

/** A database in the template's state: a reset one from this worker's pool, or a new one from the run's dump. */
export async function acquirePglite(): Promise<Database> {
  for (;;) {
    const database = idle.pop()
    if (!database) break
    const template = templates.get(database)
    if (!template || database.pglite!.closed) continue
    try {
      await database.pglite!.exec(template.resetSql)
      return database
    } catch {
      await database.close().catch(() => {})
    }
  }
  const dump = readFileSync(inject('pgliteDump'))
  const database = await openDatabase({ loadDataDir: new Blob([dump]) })
  templates.set(database, await captureTemplate(database))
  return database
}

/** Hands a database back for the next file (unless a test closed it). */
export function releasePglite(database: Database): void {
  if (!database.pglite!.closed) idle.push(database)
}
