// `npm run dev`: API from source with reload (tsx watch) and Vite's dev server with /api proxied to it.
import { spawn } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
const procs = [
  // Readable log lines even when the output goes through `tee` or a file (decision 0040); LOG_FORMAT=json to compare.
  spawn('npx', ['tsx', 'watch', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000', LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty' },
  }),
  spawn('npx', ['vite'], { cwd: `${root}apps/web`, stdio: 'inherit' }),
]
const stop = () => procs.forEach((p) => p.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
