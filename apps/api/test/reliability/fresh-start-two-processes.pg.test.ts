import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { seedCategories, seedSettings } from '../../src/db/seed-data.ts'
import { freshPostgres, startServer, stopServer, type ServerProcess } from './server-process.ts'

// Decision 0101 (issue 25): docs/operations.md tells owners to start N processes at once. On a FRESH PostgreSQL
// database both run the migrations and the first-start seed; the seed runs under the migrations' advisory lock, so
// neither crashes on `settings_key_unique` and the shop is seeded once. Two real servers (child processes), started
// at the same moment, a few times over.
const baseUrl = process.env.DATABASE_URL

describe('two processes started together on a fresh PostgreSQL database', () => {
  it('both become ready and the first-start seed is written once', { timeout: 400_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const fresh = await freshPostgres(baseUrl!)
      let servers: ServerProcess[] = []
      try {
        const started = await Promise.allSettled([
          startServer({ databaseUrl: fresh.url, orderLimits: true }),
          startServer({ databaseUrl: fresh.url, orderLimits: true }),
        ])
        servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
        for (const s of started) if (s.status === 'rejected') throw s.reason
        for (const server of servers) {
          const health = await fetch(`${server.url}/api/health`)
          expect(health.status).toBe(200)
          expect(server.child.exitCode).toBeNull()
        }
        const client = new pg.Client({ connectionString: fresh.url })
        await client.connect()
        try {
          const count = async (sql: string) => Number((await client.query(sql)).rows[0].n)
          expect(await count('select count(*) as n from settings')).toBe(seedSettings.length)
          expect(await count('select count(*) as n from categories')).toBe(seedCategories.length)
          expect(await count(`select count(*) as n from users where role = 'super_admin'`)).toBe(1)
        } finally {
          await client.end()
        }
      } finally {
        await Promise.all(servers.map((s) => stopServer(s)))
        await fresh.drop()
      }
    }
  })
})
