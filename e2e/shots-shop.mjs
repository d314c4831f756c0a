// The shop the screenshot scripts (shots-*.mjs, not tests) photograph: the built server on a free port with a fresh
// embedded database, the demo catalogue and an admin, started and waited for until it answers ready.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const root = new URL('../', import.meta.url).pathname

/** Starts the shop for the script `name`; its pictures go to ../test-output/<name>/. `env` adds to or overrides. */
export async function startShotShop(name, env = {}) {
  const out = join(root, `test-output/${name}`)
  mkdirSync(out, { recursive: true })
  const port = 3950 + Math.floor(Math.random() * 40)
  const url = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), `${name}-`)),
      DATABASE_URL: '',
      SEED_DEMO_ORDERS: 'false',
      LOG_LEVEL: 'warn',
      APP_URL: url,
      ADMIN_EMAIL: 'admin@shots.ly',
      ADMIN_PASSWORD: 'admin-shots-1',
      ...env,
    },
    stdio: 'inherit',
  })
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return { out, url, server }
}
