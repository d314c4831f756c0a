import { resolve } from 'node:path'
import { apiDocsAccess, buildApp } from './app.ts'
import { openDatabase } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { DEFAULT_ADMIN_PASSWORD, seedDatabase } from './db/seed.ts'
import { appUrl, loadEnv } from './env.ts'
import { createLogger, readableLogs } from './plugins/logging.ts'

function loadEnvOrExit() {
  try {
    return loadEnv()
  } catch (error) {
    // A setting the shop refuses (e.g. TRUST_PROXY=true, decision 0102): one clear line, no stack trace.
    console.error(`The shop did not start. ${(error as Error).message}`)
    process.exit(1)
  }
}
const env = loadEnvOrExit()
const log = createLogger(env)
const database = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: resolve(env.DATA_DIR) },
)

// Decision 0042: the port is open from the start, and until migrations and the first seed are done every request is
// answered with the shop's 503 (Retry-After) instead of a refused connection.
const app = await buildApp({
  database,
  logger: log,
  webDist: env.WEB_DIST,
  webDev: process.env.WEB_DEV === '1',
  starting: true,
})

// Graceful shutdown (decision 0042): stop accepting, let requests already read finish (later ones get the shop's 503),
// close the database, exit within 10 s (SHUTDOWN_TIMEOUT_MS, 9 s by default).
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  const force = setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_MS)
  force.unref()
  try {
    await app.close()
    await database.close()
  } finally {
    clearTimeout(force)
    process.exit(0)
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))

let seeded: Awaited<ReturnType<typeof seedDatabase>>
try {
  // Decision 0226: the port opens before the shop is ready (decision 0042), so the line says "starting", not "listening":
  // the block below says when the shop answers.
  await app.listen({
    port: env.PORT,
    host: env.HOST,
    listenTextResolver: (address) =>
      `starting the shop on ${address} (migrations and first-start data; it answers 503 "starting" until ready)…`,
  })
  // Decision 0101: the first-start seed runs under the migrations' lock, so processes started together on a fresh
  // PostgreSQL database seed it once (the others wait, then find it done).
  seeded = await migrateDatabase(database, () =>
    seedDatabase(database.db, {
      adminEmail: env.ADMIN_EMAIL,
      adminPassword: env.ADMIN_PASSWORD,
      demoOrders: env.SEED_DEMO_ORDERS === 'true',
      demo: env.SEED_DEMO === 'true',
    }),
  )
} catch (error) {
  // Through the logger, so the cause is readable (or JSON) and a failed query's values stay out of it (decision 0040).
  app.log.fatal({ err: error }, 'the shop could not start')
  process.exit(1)
}
app.lifecycle.markReady()

const url = appUrl(env)
const where =
  database.kind === 'pglite' ? `embedded PGlite in ${resolve(env.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'
// Decision 0040: the default password is printed (it is in the README); one the owner chose is never echoed.
const password = !seeded.createdAdmin
  ? '(password unchanged since first start)'
  : env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD
    ? DEFAULT_ADMIN_PASSWORD
    : '(the ADMIN_PASSWORD you set)'
// Decision 0103: off in production unless API_DOCS=on or API_DOCS_TOKEN is set.
const docsAccess = apiDocsAccess(env)
const apiDocs =
  docsAccess === 'off'
    ? '(off: NODE_ENV=production; set API_DOCS=on or API_DOCS_TOKEN)'
    : `${url}/api/docs${docsAccess === 'token' ? ' (API_DOCS_TOKEN as the password)' : ''}`
if (readableLogs(env)) {
  console.log(`\n  Shop is running: ${url}\n  Database: ${where}`)
  console.log(`  Admin sign-in:   ${env.ADMIN_EMAIL} / ${password}`)
  console.log(`  API docs:        ${apiDocs}\n`)
} else {
  app.log.info({ url, database: where, admin: env.ADMIN_EMAIL, api_docs: apiDocs }, 'shop is running')
}
if (seeded.createdAdmin && env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD) {
  app.log.warn(
    { admin: env.ADMIN_EMAIL },
    'the admin was created with the default password from the README: change it at /change-password',
  )
}
