import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/client.ts'
import { brokenInvariants } from './invariants.ts'
import {
  ADMIN,
  freshPostgres,
  orderBody,
  setUpShop,
  startServer,
  stopServer,
  seededDataDir,
  type ServerProcess,
} from './server-process.ts'

// Decision 0042: SIGTERM while shoppers keep the shop busy on kept-alive connections. Every answer is either the real
// one, or the shop's JSON 503 (translated, Retry-After) for a request read after the close began — never Fastify's
// `{"error":"Service Unavailable",…}`. A request that got no answer at all was never read by the server.
const baseUrl = process.env.DATABASE_URL
const SHOP_503 = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The service is temporarily unavailable. Please try again shortly',
}

type Kind = 'products' | 'order' | 'login' | 'health'
interface Result {
  probe: string
  kind: Kind
  status: number
  body: string
  retryAfter: string | null
  /** The network error when there was no answer. */
  error?: string
}

/** Whether a 2xx answer is the real one for its kind of request. */
function isRealAnswer(r: Result): boolean {
  let json: Record<string, unknown>
  try {
    json = JSON.parse(r.body)
  } catch {
    return false
  }
  if (r.kind === 'products') return r.status === 200 && Array.isArray(json.data)
  if (r.kind === 'order') return r.status === 201 && typeof json.id === 'number'
  if (r.kind === 'login') return r.status === 200 && typeof json.token === 'string'
  return r.status === 200 && json.status === 'ok'
}

/** HTTP/1.1 answers read off a raw socket, in order (every answer of the shop has a Content-Length). */
function parseAnswers(raw: Buffer): { status: number; headers: Record<string, string>; body: string }[] {
  const answers = []
  let rest = raw
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n')
    if (end < 0) break
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n')
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    )
    const length = Number(headers['content-length'] ?? 0)
    answers.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: rest.subarray(end + 4, end + 4 + length).toString('utf8'),
    })
    rest = rest.subarray(end + 4 + length)
  }
  return answers
}

describe(`SIGTERM under load: the answers (${baseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    "answers every request read during the shutdown with its real answer or the shop's 503, never the framework's",
    { timeout: 150_000 },
    async () => {
      const storage = baseUrl ? await freshPostgres(baseUrl) : null
      const dir = baseUrl ? null : await seededDataDir('shop-sigterm-answers-')
      const target = storage ? { databaseUrl: storage.url } : { dataDir: dir!.dir }
      let server: ServerProcess | undefined
      try {
        // Debug logs: a "request received" line for every request the server reads, before anything else is done with it.
        // Decision 0117: the stopping deadline is the product's timer; on a busy machine the test gives it a minute.
        server = await startServer({
          ...target,
          env: { LOG_LEVEL: 'debug', LOG_FORMAT: 'json', SHUTDOWN_TIMEOUT_MS: '60000' },
        })
        const shop = await setUpShop(server.url, [100_000])
        const url = server.url
        const product = shop.products[0]!

        const send = async (kind: Kind, probe: string): Promise<Result> => {
          const headers: Record<string, string> = {
            'accept-language': 'en',
            'content-type': 'application/json',
          }
          let method = 'GET'
          let path = `/api/health?probe=${probe}`
          let body: string | undefined
          if (kind === 'products') path = `/api/products?probe=${probe}`
          if (kind === 'order') {
            method = 'POST'
            path = `/api/orders?probe=${probe}`
            body = JSON.stringify(orderBody(shop.cityId, [{ product_id: product.id, quantity: 1 }], probe))
            headers['idempotency-key'] = `answers-${probe}-${Date.now()}`
          }
          if (kind === 'login') {
            method = 'POST'
            path = `/api/auth/login?probe=${probe}`
            body = JSON.stringify(ADMIN)
          }
          try {
            const res = await fetch(`${url}${path}`, {
              method,
              headers,
              body,
              signal: AbortSignal.timeout(20_000),
            })
            return {
              probe,
              kind,
              status: res.status,
              body: await res.text(),
              retryAfter: res.headers.get('retry-after'),
            }
          } catch (error) {
            const cause = (error as { cause?: { code?: string; message?: string } }).cause
            return {
              probe,
              kind,
              status: 0,
              body: '',
              retryAfter: null,
              error: cause?.code ?? cause?.message ?? String(error),
            }
          }
        }

        // Shoppers on kept-alive connections (fetch's default), each sending its next request as soon as it has an answer.
        const kinds: Kind[] = ['products', 'order', 'health', 'login', 'products', 'order']
        const results: Result[] = []
        let stopped = false
        const shopper = async (w: number) => {
          let failedInARow = 0
          for (let i = 0; !stopped && failedInARow < 3; i++) {
            const r = await send(kinds[(w + i) % kinds.length]!, `s${w}-${i}`)
            results.push(r)
            failedInARow = r.status === 0 ? failedInARow + 1 : 0
          }
        }
        const shoppers = Array.from({ length: 10 }, (_, w) => shopper(w))
        while (results.length < 40) await new Promise((r) => setTimeout(r, 5))

        // One client that pipelines: a sign-in in flight when the signal comes, and a second request on the same
        // connection once the server has begun to close (its log says so) — read while closing, on an open connection.
        const socket = connect(Number(new URL(url).port), '127.0.0.1')
        const received: Buffer[] = []
        socket.on('data', (d: Buffer) => received.push(d))
        const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
        const login = JSON.stringify(ADMIN)
        socket.write(
          `POST /api/auth/login?probe=pipelined-1 HTTP/1.1\r\nHost: shop\r\nAccept-Language: en\r\nContent-Type: application/json\r\nContent-Length: ${login.length}\r\n\r\n${login}`,
        )
        while (!server.output().includes('probe=pipelined-1"')) await new Promise((r) => setTimeout(r, 2))

        const signalledAt = Date.now()
        server.child.kill('SIGTERM')
        while (!server.output().includes('"msg":"closing: ')) await new Promise((r) => setTimeout(r, 2))
        socket.write(
          `GET /api/products?probe=pipelined-2 HTTP/1.1\r\nHost: shop\r\nAccept-Language: en\r\n\r\n`,
        )

        const exit = await server.exited
        const took = Date.now() - signalledAt
        stopped = true
        await Promise.all(shoppers)
        await socketClosed
        const output = server.output()
        expect(exit.code, output.slice(-3000)).toBe(0)
        expect(took).toBeLessThan(60_000)

        // The pipelined pair: the sign-in read before the signal gets its real answer, the request read while closing the
        // shop's 503 — both on the wire, in order, then the connection ends.
        const [first, second, ...more] = parseAnswers(Buffer.concat(received))
        expect(first?.status).toBe(200)
        expect(typeof JSON.parse(first!.body).token).toBe('string')
        expect(second?.status).toBe(503)
        expect(second?.headers['retry-after']).toBe('5')
        expect(second?.headers['content-type']).toMatch(/^application\/json/)
        expect(JSON.parse(second!.body)).toEqual(SHOP_503)
        expect(more).toEqual([])

        // The load: sort every answer by where its request stands in the server's log.
        // Logged as the app starts closing: a request read (logged) before it was read while the shop was open.
        const closingAt = output.indexOf('"msg":"closing: ')
        const readAt = (probe: string) => output.indexOf(`"url":"${probe}"`)
        const pathOf = (r: Result) =>
          `/api/${r.kind === 'order' ? 'orders' : r.kind === 'login' ? 'auth/login' : r.kind}?probe=${r.probe}`
        const tally = { real: 0, shop503: 0, unread: 0 }
        const wrong: string[] = []
        for (const r of results) {
          const at = readAt(pathOf(r))
          if (r.status === 0) {
            tally.unread++
            if (at >= 0) wrong.push(`${r.probe} (${r.kind}) was read but never answered (${r.error})`)
          } else if (r.status === 503) {
            tally.shop503++
            let json: unknown = null
            try {
              json = JSON.parse(r.body)
            } catch {
              // reported below
            }
            if (JSON.stringify(json) !== JSON.stringify(SHOP_503) || r.retryAfter !== '5')
              wrong.push(`${r.probe}: 503 ${r.body} (Retry-After ${r.retryAfter})`)
            if (at >= 0 && at < closingAt) wrong.push(`${r.probe}: read before the close began, answered 503`)
          } else if (isRealAnswer(r)) {
            tally.real++
          } else {
            wrong.push(`${r.probe} (${r.kind}): ${r.status} ${r.body.slice(0, 200)}`)
          }
        }
        expect(wrong, JSON.stringify(tally)).toEqual([])
        expect(output).not.toContain('"error":"Service Unavailable"')
        expect(tally.real).toBeGreaterThanOrEqual(40)

        // What the shop confirmed (201) is in the database, and stock adds up.
        const confirmed = results
          .filter((r) => r.kind === 'order' && r.status === 201)
          .map((r) => JSON.parse(r.body).id as number)
        const database = await openDatabase(
          storage ? { url: storage.url, poolSize: 1 } : { dataDir: dir!.dir },
        )
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
    },
  )
})
