import { cpSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { cloneDatabase, dropDatabase } from './postgres.ts'
import { startShop, type ShopServer } from './server.ts'

/** The real built server on a private copy of the run's freshly seeded database (see global-setup.ts). */
export async function startTestShop(env: Record<string, string> = {}): Promise<ShopServer> {
  const template = inject('templateDatabase')
  if (template) {
    const url = await cloneDatabase(template)
    const shop = await startShop({ DATABASE_URL: url, ...env })
    return {
      ...shop,
      stop: async () => {
        await shop.stop()
        await dropDatabase(url)
      },
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'))
  cpSync(inject('templateDir'), dataDir, { recursive: true })
  return startShop(env, { dataDir })
}
