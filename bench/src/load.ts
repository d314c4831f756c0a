/**
 * The load generator, run as its own process (tsx) so it never shares a CPU thread with the server.
 * Reads one JSON job from argv, runs autocannon against loopback, prints one JSON line of figures.
 */
import autocannon from 'autocannon'
import type { LoadFigures, LoadJob } from './lib/load-job.ts'

interface Histogram {
  average: number
  p50: number
  p99: number
  max: number
}
interface AutocannonResult {
  requests: { total: number }
  latency: Histogram
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  statusCodeStats: Record<string, { count: number }>
}
type RawRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string }

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob
let seq = 0
const runId = `${process.pid}-${Date.now().toString(36)}`

/** A checkout over mixed products: 1–3 lines, retail and wholesale quantities, some always-in-stock. */
function checkoutRequest(): RawRequest {
  const { productIds = [], alwaysIds = [], cityId } = job.checkout ?? { cityId: 1 }
  const n = ++seq
  const lines = 1 + (n % 3)
  const items = new Map<number, number>()
  for (let i = 0; i < lines; i++) {
    const pool = i === 2 && alwaysIds.length > 0 ? alwaysIds : productIds
    const id = pool[(n * 7 + i * 13) % pool.length]!
    // Every fifth line reaches the wholesale threshold (10) of the products that have one.
    items.set(id, (items.get(id) ?? 0) + (n % 5 === 0 ? 10 : 1 + ((n + i) % 3)))
  }
  return {
    method: 'POST',
    path: '/api/orders',
    headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${runId}-${n}` },
    body: JSON.stringify({
      customer_name: 'زبون الأداء',
      customer_email: `load${n % 500}@bench.ly`,
      customer_phone: '0912345678',
      shipping_address: 'طرابلس، شارع عمر المختار',
      city_id: cityId,
      payment_method: 'cash',
      items: [...items].map(([product_id, quantity]) => ({ product_id, quantity })),
    }),
  }
}

/** Correct credentials of many shoppers, so every request really runs argon2 and none is throttled. */
function loginRequest(): RawRequest {
  const { users = 1, password = '' } = job.login ?? {}
  const n = ++seq
  return {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `shopper${1 + (n % users)}@bench.ly`, password }),
  }
}

/**
 * Checkout runs its own loop of N workers, each waiting for its answer before the next order, and stops only
 * between requests: every order the server stored is counted (autocannon drops the answers still in flight
 * at the deadline, which would make "every 201 is in the database" unverifiable).
 */
async function checkoutLoop(): Promise<LoadFigures> {
  const latencies: number[] = []
  const statusCodes: Record<string, number> = {}
  let errors = 0
  const started = performance.now()
  const deadline = started + job.duration * 1000
  const worker = async () => {
    while (performance.now() < deadline) {
      const req = checkoutRequest()
      const t0 = performance.now()
      try {
        const res = await fetch(`${job.url}${req.path}`, {
          method: 'POST',
          headers: { 'accept-language': 'ar', ...req.headers },
          body: req.body,
        })
        await res.arrayBuffer()
        statusCodes[res.status] = (statusCodes[res.status] ?? 0) + 1
        latencies.push(performance.now() - t0)
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: job.connections }, worker))
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  const total = latencies.length
  const ok = Object.entries(statusCodes)
    .filter(([c]) => c.startsWith('2'))
    .reduce((s, [, n]) => s + n, 0)
  return {
    rps: total / seconds,
    okPerSecond: ok / seconds,
    total,
    meanMs: latencies.reduce((s, x) => s + x, 0) / Math.max(total, 1),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? 0,
    non2xx: total - ok,
    errors,
    timeouts: 0,
    statusCodes,
  }
}

if (job.kind === 'checkout') {
  process.stdout.write(`\n${JSON.stringify(await checkoutLoop())}\n`)
  process.exit(0)
}

/**
 * A search of one or two words drawn at random on every request (past the response cache, decision 0140): the
 * search's path with the words appended to it, URL-encoded.
 */
function randomSearchRequest(): RawRequest {
  const { path, words } = job.randomSearch!
  const word = () => words[Math.floor(Math.random() * words.length)]!
  const q = Math.random() < 0.3 ? word() : `${word()} ${word()}`
  return { method: 'GET', path: `${path}${encodeURIComponent(q)}` }
}

const generator = job.kind === 'login' ? loginRequest : job.randomSearch ? randomSearchRequest : null

const result = (await autocannon({
  url: job.url,
  connections: job.connections,
  duration: job.duration,
  ...(job.rate ? { overallRate: job.rate } : {}),
  headers: { 'accept-language': 'ar', ...(job.headers ?? {}) },
  requests: generator
    ? [{ setupRequest: (req: RawRequest) => ({ ...req, ...generator() }) }]
    : (job.paths ?? ['/']).map((path) => ({ method: 'GET', path })),
  timeout: 20,
})) as unknown as AutocannonResult

const ok = Object.entries(result.statusCodeStats ?? {})
  .filter(([code]) => code.startsWith('2'))
  .reduce((sum, [, s]) => sum + Number(s.count), 0)
const figures: LoadFigures = {
  rps: result.requests.total / result.duration,
  okPerSecond: ok / result.duration,
  total: result.requests.total,
  meanMs: result.latency.average,
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  maxMs: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)]),
  ),
}
process.stdout.write(`\n${JSON.stringify(figures)}\n`)
