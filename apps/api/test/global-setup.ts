import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client.ts'
import { migrateDatabase } from '../src/db/migrate.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string
    pgliteDump: string
  }
}

/**
 * Builds one migrated database once per run (DESIGN/TOOLING: a fresh PGlite takes seconds):
 * a PostgreSQL template database when DATABASE_URL is set, otherwise a PGlite dump file.
 * Each test file then starts from a copy of it.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const name = `shop_tpl_${process.pid}_${Date.now().toString(36)}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}`)
    const u = new URL(url)
    u.pathname = `/${name}`
    const database = await openDatabase({ url: u.toString(), poolSize: 1 })
    await migrateDatabase(database)
    await database.close()
    project.provide('pgTemplate', name)
    project.provide('pgliteDump', '')
    return async () => {
      // The workers' copies (test/database-pool.ts) are named after the template; then the template.
      const copies = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1`,
        [`${name}\\_w%`],
      )
      for (const { datname } of copies.rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {})
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
      await admin.end()
    }
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-pglite-'))
  const database = await openDatabase({})
  await migrateDatabase(database)
  const dump = await database.pglite!.dumpDataDir('none')
  writeFileSync(join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('pgliteDump', join(dir, 'template.tar'))
  project.provide('pgTemplate', '')
  return () => rmSync(dir, { recursive: true, force: true })
}
