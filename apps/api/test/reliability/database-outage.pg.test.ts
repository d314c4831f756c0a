import { createServer, connect, type Server, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.ts'
import { brokenInvariants } from './invariants.ts'
import {
  call,
  freePort,
  freshPostgres,
  orderBody,
  setUpShop,
  startServer,
  stopServer,
  type ServerProcess,
} from './server-process.ts'

// security.md "Faults": PostgreSQL unavailable under load. A TCP proxy between the API and PostgreSQL is cut
// and restored: while cut the API answers 503 (never 500, never a hang), afterwards it recovers without a
// restart, and orders retried with their Idempotency-Keys are placed exactly once.
// Only meaningful with PostgreSQL (PGlite is in-process), so it runs in the PostgreSQL pass of the suite.
const baseUrl = process.env.DATABASE_URL

/** A loopback TCP proxy to PostgreSQL that can drop every connection and refuse new ones. */
class CuttableProxy {
  private server: Server | null = null
  private sockets = new Set<Socket>()
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open() {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host)
      for (const s of [client, upstream]) {
        this.sockets.add(s)
        s.on('error', () => {})
        s.on('close', () => {
          this.sockets.delete(s)
          client.destroy()
          upstream.destroy()
        })
      }
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve))
  }

  /** The database "goes down": existing connections are reset, new ones refused. */
  async cut() {
    const server = this.server
    this.server = null
    for (const s of this.sockets) s.destroy()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  }
}

// Runs in the PostgreSQL pass only (vitest.config.ts includes *.pg.test.ts when DATABASE_URL is set).
describe('PostgreSQL unavailable under load', () => {
  it(
    'answers 503 while the database is cut, recovers without a restart, and retried orders are placed once',
    // A server start (up to startServer's 240 s ceiling) and the outage's load on a possibly busy machine.
    { timeout: 600_000 },
    async () => {
      const storage = await freshPostgres(baseUrl!)
      const pgTarget = new URL(storage.url)
      const proxy = new CuttableProxy(await freePort(), {
        host: pgTarget.hostname,
        port: Number(pgTarget.port || 5432),
      })
      await proxy.open()
      const viaProxy = new URL(storage.url)
      viaProxy.hostname = '127.0.0.1'
      viaProxy.port = String(proxy.port)
      let server: ServerProcess | undefined
      try {
        server = await startServer({ databaseUrl: viaProxy.toString() })
        const shop = await setUpShop(server.url, [200, 200])
        const url = server.url
        const place = (key: string) =>
          call(
            `${url}/api/orders`,
            'POST',
            orderBody(
              shop.cityId,
              [
                { product_id: shop.products[0]!.id, quantity: 1 },
                { product_id: shop.products[1]!.id, quantity: 2 },
              ],
              key,
            ),
            {
              'idempotency-key': key,
            },
          )

        // Load before, during and after the outage; every order has its own key and is retried until it is placed.
        const keys = Array.from({ length: 40 }, (_, i) => `outage-${i}-${Date.now()}`)
        const firstTry = keys.slice(0, 10).map((k) => place(k))
        // Cut once the first of them has been answered (an event, not a fixed time): the others may be in flight.
        await Promise.race(firstTry)
        await proxy.cut()
        const duringStatuses: number[] = []
        const during = await Promise.all(keys.slice(10, 30).map((k) => place(k)))
        duringStatuses.push(...during.map((r) => r.status))
        const health = await call(`${url}/api/health`, 'GET')
        const catalogue = await call(`${url}/api/products`, 'GET')
        const first = await Promise.all(firstTry)

        // While cut: 503 with a translated body and Retry-After — never a 500, never a dropped connection.
        expect(health.status, server.output()).toBe(503)
        expect(catalogue.status).toBe(503)
        expect(catalogue.json).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) })
        for (const s of duringStatuses) expect(s).toBe(503)
        for (const r of first) expect([201, 503]).toContain(r.status)

        // The database comes back; the same process recovers.
        await proxy.open()
        // A ceiling, not a wait: the loop ends as soon as health answers 200.
        const deadline = Date.now() + 120_000
        let back = await call(`${url}/api/health`, 'GET')
        while (back.status !== 200 && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 250))
          back = await call(`${url}/api/health`, 'GET')
        }
        expect(back.status).toBe(200)

        // Every order retried with its key (twice, the second time in parallel with itself): each placed exactly once.
        const firstIds = new Map(
          keys
            .slice(0, 10)
            .map((k, i) => [k, first[i]!.status === 201 ? (first[i]!.json.id as number) : null]),
        )
        const retried = await Promise.all(keys.map((k) => place(k)))
        const again = await Promise.all(keys.map((k) => place(k)))
        for (const [i, k] of keys.entries()) {
          expect([200, 201], `${k}: ${retried[i]!.text}`).toContain(retried[i]!.status)
          expect(again[i]!.status).toBe(200)
          expect(again[i]!.json.id).toBe(retried[i]!.json.id)
          const earlier = firstIds.get(k)
          if (earlier) expect(retried[i]!.json.id).toBe(earlier)
        }
        await stopServer(server)

        const database = await openDatabase({ url: storage.url, poolSize: 1 })
        try {
          const rows = await database.db.query.orders.findMany({ columns: { customerEmail: true } })
          const perKey = new Map<string, number>()
          for (const r of rows) perKey.set(r.customerEmail, (perKey.get(r.customerEmail) ?? 0) + 1)
          for (const k of keys) expect(perKey.get(`load-${k}@example.ly`), k).toBe(1)
          expect(await brokenInvariants(database.db, shop.products)).toEqual([])
        } finally {
          await database.close()
        }
      } finally {
        await stopServer(server, 'SIGKILL')
        await proxy.cut()
        await storage.drop()
      }
    },
  )
})
