import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createServer } from 'node:net'
import pg from 'pg'
import { repoRoot } from './paths.ts'

export interface ShopServer {
  url: string
  pid: number
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      )
    })
  })
}

export const BENCH_ADMIN = { email: 'admin@bench.ly', password: 'bench-admin-pass' }

/**
 * Starts the BUILT server (apps/api/dist/server.js serving apps/web/dist), as `npm start` would, on a free
 * loopback port with the R0 reference route on (BENCH_REFERENCE=1) and quiet logs.
 */
export async function startShop(db: { dataDir?: string; url?: string }): Promise<ShopServer> {
  const port = await freePort()
  let output = ''
  const serverJs = process.env.BENCH_SERVER_JS ?? join(repoRoot, 'apps/api/dist/server.js')
  const child: ChildProcess = spawn(process.execPath, [serverJs], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: db.dataDir ?? '',
      DATABASE_URL: db.url ?? '',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_ORDERS: 'false',
      LOG_LEVEL: 'warn',
      BENCH_REFERENCE: '1',
      WEB_DIST: process.env.BENCH_WEB_DIST ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early:\n${output}`)
    try {
      if ((await fetch(`${url}/api/_bench/ref`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`shop did not start in time:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** A fresh PostgreSQL database `bench_<random>` next to the `test` one; drop() removes it. */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
