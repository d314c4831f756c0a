// `npm run dev`: the shop from source with reload: the API restarts on its changes (tsx watch), and the web app's pages
// and modules come from Vite in the same process (apps/api/src/web/dev-server.ts), with hot updates.
import { spawn } from 'node:child_process'

const root = new URL('..', import.meta.url).pathname
// Readable log lines even when the output goes through `tee` or a file (decision 0040); LOG_FORMAT=json to compare.
const api = spawn('npx', ['tsx', 'watch', '--ignore', 'apps/web/**', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.PORT ?? '3000',
    WEB_DEV: '1',
    NODE_ENV: 'development',
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
  },
})
const stop = () => api.kill('SIGTERM')
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
api.on('exit', (code) => process.exit(code ?? 0))
