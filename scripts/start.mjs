// `npm start`: builds what is not built (or is older than its sources), then serves shop + API on one port.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname

function newest(dir) {
  let latest = 0
  if (!existsSync(dir)) return latest
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue
    const p = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs)
  }
  return latest
}

const outputs = [join(root, 'apps/web/dist/server/index.js'), join(root, 'apps/api/dist/server.js')]
const sources = [
  'packages/shared/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/api/src',
].map((p) => join(root, p))
const builtAt = Math.min(...outputs.map((o) => (existsSync(o) ? statSync(o).mtimeMs : 0)))
const sourcesAt = Math.max(
  ...sources.map((s) => (existsSync(s) && statSync(s).isFile() ? statSync(s).mtimeMs : newest(s))),
)

if (builtAt === 0 || sourcesAt > builtAt) {
  console.log('Building the shop (first start or changed sources)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

// The server writes to this terminal itself: readable log lines there, JSON lines when the output is piped or
// redirected (LOG_FORMAT=auto, decision 0040).
// Decision 0226: `npm start` is how an owner runs the shop, so it runs as production (React's production server
// build; the API description /api/docs off unless API_DOCS=on or API_DOCS_TOKEN). NODE_ENV set by hand still wins;
// `npm run dev` is the development server.
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)))
