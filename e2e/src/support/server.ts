import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

export interface ShopServer {
  url: string
  port: number
  dataDir: string
  adminEmail: string
  adminPassword: string
  /** Output of the server so far (for failure messages). */
  log(): string
  stop(): Promise<void>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * Starts the real built server (apps/api/dist/server.js serving apps/web/dist) on a free port with a fresh
 * embedded database: the demo catalogue and one admin, but no demo orders, so numbers come from the run.
 */
export async function startShop(
  env: Record<string, string> = {},
  options: { dataDir?: string; keepData?: boolean } = {},
): Promise<ShopServer> {
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'shop-e2e-'))
  const adminEmail = 'admin@e2e.ly'
  const adminPassword = 'admin-e2e-pass'
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/server.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      APP_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO_ORDERS: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${port}`
  // A ceiling, not a wait: a busy two-core machine may take minutes to start the shop.
  const deadline = Date.now() + 240_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`shop did not start in time:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url,
    port,
    dataDir,
    adminEmail,
    adminPassword,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        await new Promise((r) => child.once('exit', r))
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
