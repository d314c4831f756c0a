import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { dropDatabase, postgresReachable, templateDatabaseUrl } from './postgres.ts'
import { startShop } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite data directory every file copies, when the journeys run on the embedded database. */
    templateDir: string
    /** The PostgreSQL database every file clones (`CREATE DATABASE … TEMPLATE`), when PostgreSQL is reachable. */
    templateDatabase: string
  }
}

/**
 * Migrating and seeding a new shop takes ~20 s on this machine, so the run does it once (the real server, demo
 * catalogue, no orders) and every test file starts its own server on a copy (decision 0235):
 * - on PostgreSQL when it is reachable (`TEST_DATABASE_URL`, as the API suites): a template database cloned per file
 *   in tens of milliseconds, and a server that starts in about a second;
 * - otherwise (or with `E2E_DATABASE=pglite`) on a copy of a PGlite data directory (~6 s to reopen).
 * The first start of the embedded database itself, the README's `npm start`, is `foundation.test.ts`'s journey.
 * Each run still starts from a new database.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_DATABASE !== 'pglite' && (await postgresReachable())) {
    const url = await templateDatabaseUrl()
    const shop = await startShop({ DATABASE_URL: url })
    await shop.stop()
    project.provide('templateDatabase', url)
    project.provide('templateDir', '')
    return () => dropDatabase(url)
  }
  const shop = await startShop({}, { keepData: true })
  await shop.stop()
  project.provide('templateDir', shop.dataDir)
  project.provide('templateDatabase', '')
  return () => rmSync(shop.dataDir, { recursive: true, force: true })
}
