import { rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { startShop } from './server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    templateDir: string
  }
}

/**
 * A fresh database takes ~20 s to migrate and seed on this machine; reopening a copy takes ~6 s. So the
 * run migrates and seeds once (the real server, demo catalogue, no orders) and every test file starts
 * its own server on a copy of that data dir (reopening a PGlite data dir is far cheaper than creating one).
 * Each run still starts from a new database.
 */
export default async function setup(project: TestProject) {
  const shop = await startShop({}, { keepData: true })
  await shop.stop()
  project.provide('templateDir', shop.dataDir)
  return () => rmSync(shop.dataDir, { recursive: true, force: true })
}
