import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase } from '../../src/db/client.ts'
import { migrateDatabase } from '../../src/db/migrate.ts'
import { seedDatabase } from '../../src/db/seed.ts'

// The fault tests (security.md "Faults") run the REAL server as a child process on loopback:
// `node --import tsx src/server.ts` (the same entry point as `npm start`, without writing a build anywhere).
const apiRoot = fileURLToPath(new URL('../..', import.meta.url))
export const ADMIN = { email: 'faults-admin@example.ly', password: 'faults-admin-123' }

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** Everything the server printed, for failure messages. */
  output(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export interface StartOptions {
  dataDir?: string
  databaseUrl?: string
  port?: number
  env?: Record<string, string>
  /**
   * Keep decision 0091's per-client order limits: the fault tests' loads are one client placing many orders with one
   * phone, so by default the owner's settings turn them off (0) as soon as the server answers.
   */
  orderLimits?: boolean
}

/** Signs in as the first admin and sets the order limits to 0 (no limit), as an owner may in the dashboard. */
async function orderLimitsOff(url: string) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (!login.ok) throw new Error(`admin sign-in answered ${login.status}`)
  const { token } = (await login.json()) as { token: string }
  for (const key of [
    'orders_per_ip_per_hour',
    'orders_per_phone_per_hour',
    'orders_per_email_per_hour',
    'max_pending_cash_orders_per_phone',
  ]) {
    const res = await fetch(`${url}/api/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ key, value: '0' }),
    })
    if (!res.ok) throw new Error(`setting ${key} answered ${res.status}`)
  }
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort())
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir ?? '',
      DATABASE_URL: options.databaseUrl ?? '',
      WEB_DIST: '/nonexistent',
      SEED_DEMO_ORDERS: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout!.on('data', (d) => (log += d))
  child.stderr!.on('data', (d) => (log += d))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  const url = `http://127.0.0.1:${port}`
  // A ceiling, not a wait: a busy two-core machine (tests, a browser, the shop) may take minutes to start a server.
  const deadline = Date.now() + 240_000
  let dead = false
  let ready = false
  void exited.then(() => (dead = true))
  while (Date.now() < deadline) {
    if (dead) throw new Error(`server exited before it was ready:\n${log}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.status === 200) ready = true
    } catch {
      // not listening yet
    }
    if (ready) {
      if (!options.orderLimits) await orderLimitsOff(url)
      return { url, child, output: () => log, exited }
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGKILL')
  throw new Error(`server not ready within 240 s:\n${log}`)
}

export async function stopServer(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return
  server.child.kill(signal)
  await server.exited
}

let seeded: Promise<string> | null = null

/**
 * A PGlite data directory as the server leaves it after its first start (migrated, demo catalogue, this file's
 * admin, no demo orders), copied for each test. Made once per test worker from the run's migrated dump and seeded
 * with the server's own seed call, so a fault test pays for the process, not for a first start: the first start
 * itself is what fresh-start-two-processes.pg.test.ts and the e2e run's set-up prove.
 */
export async function seededDataDir(prefix: string) {
  seeded ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-seeded-template-'))
    const database = await openDatabase({
      dataDir: dir,
      loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]),
    })
    await migrateDatabase(database, () =>
      seedDatabase(database.db, {
        adminEmail: ADMIN.email,
        adminPassword: ADMIN.password,
        demoOrders: false,
      }),
    )
    await database.close()
    return dir
  })()
  const template = await seeded
  const target = tempDir(prefix)
  cpSync(template, target.dir, { recursive: true })
  return target
}

export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A fresh, empty PostgreSQL database next to the test database (dropped by `drop`). */
export async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `shop_fault_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
      await c.end()
    },
  }
}

/** Answers of many different routes are read ad hoc by the fault tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any

/** JSON over real HTTP; a network failure becomes status 0 so load loops can count it. */
export async function call(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json; text: string }> {
  try {
    const res = await fetch(url, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        'accept-language': 'en',
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      // A ceiling, not a wait: a loaded two-core machine may take long to answer; a refused or reset connection
      // (a killed server) still comes back at once as status 0.
      signal: AbortSignal.timeout(120_000),
    })
    const text = await res.text()
    let json: Json = null
    try {
      json = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: res.status, json, text }
  } catch {
    return { status: 0, json: null, text: '' }
  }
}

/** Signs in as the seeded admin and creates a city and products with known stock, through the API. */
export async function setUpShop(url: string, stocks: number[]) {
  const login = await call(`${url}/api/auth/login`, 'POST', ADMIN)
  if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${login.text}`)
  const auth = { authorization: `Bearer ${login.json.token}` }
  const city = await call(
    `${url}/api/cities`,
    'POST',
    { name: `Fault city ${randomBytes(3).toString('hex')}`, delivery_price: 7.5 },
    auth,
  )
  if (city.status >= 300) throw new Error(`city: ${city.status} ${city.text}`)
  const products: { id: number; stock: number }[] = []
  for (const [i, stock] of stocks.entries()) {
    const p = await call(
      `${url}/api/products`,
      'POST',
      {
        name: `Fault product ${i} ${randomBytes(3).toString('hex')}`,
        description: 'x',
        price: 12.5 + i,
        wholesale_price: 10,
        wholesale_threshold: 3,
        stock,
      },
      auth,
    )
    if (p.status !== 201) throw new Error(`product: ${p.status} ${p.text}`)
    products.push({ id: p.json.id, stock })
  }
  return { auth, cityId: city.json.id as number, products }
}

export function orderBody(cityId: number, items: { product_id: number; quantity: number }[], tag: string) {
  return {
    customer_name: `Load ${tag}`,
    customer_email: `load-${tag}@example.ly`,
    customer_phone: '0912345678',
    shipping_address: 'Tripoli',
    city_id: cityId,
    payment_method: 'cash',
    items,
  }
}

/** Two server processes on one fresh PostgreSQL database, an admin signed in and a delivery city (issues 28, 29). */
export interface TwoServers {
  servers: ServerProcess[]
  auth: Record<string, string>
  cityId: number
  /** A direct connection to the database, for checking what the servers wrote. */
  db: pg.Client
  close(): Promise<void>
}

export async function twoServersOnOneDatabase(
  baseUrl: string,
  city: { name: string; delivery_price: number },
): Promise<TwoServers> {
  const fresh = await freshPostgres(baseUrl)
  // The first one migrates and seeds the fresh database; the second starts on it.
  const servers = [await startServer({ databaseUrl: fresh.url })]
  servers.push(await startServer({ databaseUrl: fresh.url }))
  const login = await call(`${servers[0]!.url}/api/auth/login`, 'POST', ADMIN)
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.text}`)
  const auth = { authorization: `Bearer ${login.json.token}` }
  const created = await call(`${servers[1]!.url}/api/cities`, 'POST', city, auth)
  if (created.status !== 201 && created.status !== 200)
    throw new Error(`city: ${created.status} ${created.text}`)
  const db = new pg.Client({ connectionString: fresh.url })
  await db.connect()
  return {
    servers,
    auth,
    cityId: created.json.id,
    db,
    async close() {
      await db.end()
      await Promise.all(servers.map((s) => stopServer(s)))
      await fresh.drop()
    },
  }
}
