import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.ts'
import { brokenInvariants } from './invariants.ts'
import {
  ADMIN,
  call,
  freshPostgres,
  orderBody,
  setUpShop,
  startServer,
  stopServer,
  tempDir,
  type ServerProcess,
} from './server-process.ts'

// security.md "Faults": SIGTERM under load — requests already in flight finish with their real answer,
// the process exits (code 0) within 10 s, and what it confirmed is in the database afterwards.
const baseUrl = process.env.DATABASE_URL
const SIGN_INS = 8

describe(`SIGTERM under load (${baseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('finishes in-flight requests and exits within 10 s', { timeout: 120_000 }, async () => {
    const storage = baseUrl ? await freshPostgres(baseUrl) : null
    const dir = baseUrl ? null : tempDir('shop-sigterm-')
    const target = storage ? { databaseUrl: storage.url } : { dataDir: dir!.dir }
    let server: ServerProcess | undefined
    try {
      // Debug logs: a "request received" line as each request reaches the server (decision 0040).
      server = await startServer({ ...target, env: { LOG_LEVEL: 'debug', LOG_FORMAT: 'json' } })
      const shop = await setUpShop(server.url, [100])
      const url = server.url
      // Slow, real work in flight: sign-ins (argon2id) and orders (a transaction each). Eight sign-ins: within what the
      // password hasher takes at once with its queue on a 2-core machine (decision 0046), so each has a real answer.
      const inFlight = [
        ...Array.from({ length: SIGN_INS }, (_, i) =>
          call(`${url}/api/auth/login?probe=sigterm-login-${i}`, 'POST', ADMIN),
        ),
        ...Array.from({ length: 20 }, (_, i) =>
          call(
            `${url}/api/orders?probe=sigterm-order-${i}`,
            'POST',
            orderBody(shop.cityId, [{ product_id: shop.products[0]!.id, quantity: 1 }], `term-${i}`),
            { 'idempotency-key': `sigterm-${i}-${Date.now()}` },
          ),
        ),
      ]
      const probes = [
        ...Array.from({ length: SIGN_INS }, (_, i) => `probe=sigterm-login-${i}"`),
        ...Array.from({ length: 20 }, (_, i) => `probe=sigterm-order-${i}"`),
      ]
      const received = () => probes.filter((p) => server!.output().includes(p)).length
      const waitUntil = Date.now() + 10_000
      while (received() < probes.length && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 5))
      expect(received(), 'every request reached the server before SIGTERM').toBe(probes.length)
      const signalledAt = Date.now()
      server.child.kill('SIGTERM')
      const results = await Promise.all(inFlight)
      const exit = await server.exited
      const took = Date.now() - signalledAt

      expect(exit.code, server.output()).toBe(0)
      expect(took).toBeLessThan(10_000)
      // Every request sent before the signal got its full answer (no reset connection, no 500).
      const statuses = results.map((r) => r.status)
      expect(
        statuses.filter((s) => s === 0 || s >= 500),
        JSON.stringify(statuses),
      ).toEqual([])
      expect(
        results.slice(0, SIGN_INS).every((r) => r.status === 200 && typeof r.json.token === 'string'),
      ).toBe(true)
      const confirmed = results
        .slice(SIGN_INS)
        .filter((r) => r.status === 201)
        .map((r) => r.json.id as number)
      expect(confirmed.length).toBe(20)
      // After the exit nothing listens any more.
      expect((await call(`${url}/api/health`, 'GET')).status).toBe(0)

      const database = await openDatabase(storage ? { url: storage.url, poolSize: 1 } : { dataDir: dir!.dir })
      try {
        const ids = new Set(
          (await database.db.query.orders.findMany({ columns: { id: true } })).map((o) => o.id),
        )
        expect(confirmed.filter((id) => !ids.has(id))).toEqual([])
        expect(await brokenInvariants(database.db, shop.products)).toEqual([])
      } finally {
        await database.close()
      }
    } finally {
      await stopServer(server, 'SIGKILL')
      await storage?.drop()
      dir?.remove()
    }
  })
})
