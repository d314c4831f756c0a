import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { startShop, type ShopServer } from './server.ts'

/** The real built server on a private copy of the run's freshly seeded database (see global-setup.ts). */
export async function startTestShop(env: Record<string, string> = {}): Promise<ShopServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'))
  cpSync(inject('templateDir'), dataDir, { recursive: true })
  return startShop(env, { dataDir })
}
