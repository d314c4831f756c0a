import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.ts'
import { brokenInvariants, orderCount } from './invariants.ts'
import {
  call,
  freshPostgres,
  orderBody,
  setUpShop,
  startServer,
  stopServer,
  seededDataDir,
  type ServerProcess,
} from './server-process.ts'

// security.md "Faults": kill -9 of the server during a checkout load, then restart on the same data:
// no partial orders, stock + sold = initial stock, and every order the shopper was told about (201) is still there.
// Runs on the database of the suite: PGlite without DATABASE_URL, a fresh PostgreSQL database with it.
const baseUrl = process.env.DATABASE_URL
const kind = baseUrl ? 'PostgreSQL' : 'PGlite'

describe(`kill -9 during a checkout load (${kind})`, () => {
  it(
    'restarts with whole orders, stock that adds up and every confirmed order kept',
    // Two server starts (each up to startServer's 240 s ceiling) and a load on a possibly busy machine.
    { timeout: 600_000 },
    async () => {
      const storage = baseUrl ? await freshPostgres(baseUrl) : null
      const dir = baseUrl ? null : await seededDataDir('shop-kill9-')
      const target = storage ? { databaseUrl: storage.url } : { dataDir: dir!.dir }
      let server: ServerProcess | undefined
      try {
        server = await startServer(target)
        const shop = await setUpShop(server.url, [60, 30, 500])

        const confirmed = new Set<number>()
        const statuses = new Map<number, number>()
        let sent = 0
        let killed = false
        // The event the kill waits for: the 20th confirmed order (or the load ending early, which fails below).
        let reachedTwenty!: () => void
        const twenty = new Promise<void>((resolve) => (reachedTwenty = resolve))
        const worker = async (w: number) => {
          for (let i = 0; !killed && sent < 400; i++) {
            sent++
            const items = shop.products
              .filter(() => Math.random() < 0.6)
              .map((p) => ({ product_id: p.id, quantity: 1 + Math.floor(Math.random() * 4) }))
            if (items.length === 0) items.push({ product_id: shop.products[0]!.id, quantity: 1 })
            const res = await call(
              `${server!.url}/api/orders`,
              'POST',
              orderBody(shop.cityId, items, `${w}-${i}`),
              { 'idempotency-key': `kill9-${w}-${i}-${Date.now()}` },
            )
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
            if (res.status === 201) confirmed.add(res.json.id)
            if (confirmed.size >= 20) reachedTwenty()
            expect(res.status, res.text).not.toBe(500)
          }
        }
        const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)))
        // Kill while the load runs: after the first confirmed orders, never after it ends.
        let loadEnded = false
        await Promise.race([twenty, load.finally(() => (loadEnded = true))])
        expect(loadEnded, `the load ended before 20 orders were confirmed: ${confirmed.size}`).toBe(false)
        killed = true
        server.child.kill('SIGKILL')
        await server.exited
        await load
        expect(confirmed.size).toBeGreaterThan(0)

        // Restart on the same data: it serves, and it still sells.
        server = await startServer(target)
        const after = await call(
          `${server.url}/api/orders`,
          'POST',
          orderBody(shop.cityId, [{ product_id: shop.products[2]!.id, quantity: 1 }], 'after-restart'),
          {
            'idempotency-key': `kill9-after-${Date.now()}`,
          },
        )
        expect(after.status, after.text).toBe(201)
        await stopServer(server)

        const database = await openDatabase(
          storage ? { url: storage.url, poolSize: 1 } : { dataDir: dir!.dir },
        )
        try {
          expect(
            await brokenInvariants(database.db, shop.products),
            `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
          ).toEqual([])
          // Durability: an order the shopper saw confirmed survives the crash.
          const ids = new Set(
            (await database.db.query.orders.findMany({ columns: { id: true } })).map((o) => o.id),
          )
          const lost = [...confirmed].filter((id) => !ids.has(id))
          expect(lost, 'confirmed orders lost by the crash').toEqual([])
          expect(await orderCount(database.db)).toBeGreaterThanOrEqual(confirmed.size + 1)
        } finally {
          await database.close()
        }
      } finally {
        await stopServer(server, 'SIGKILL')
        await storage?.drop()
        dir?.remove()
      }
    },
  )
})
