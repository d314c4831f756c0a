import { resolve } from 'node:path'
import { buildApp } from './app.ts'
import { openDatabase } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { seedDatabase } from './db/seed.ts'
import { appUrl, loadEnv } from './env.ts'

const env = loadEnv()
const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: resolve(env.DATA_DIR) })
await migrateDatabase(database)
const seeded = await seedDatabase(database.db, {
  adminEmail: env.ADMIN_EMAIL,
  adminPassword: env.ADMIN_PASSWORD,
  demoOrders: env.SEED_DEMO_ORDERS === 'true',
})

const app = await buildApp({ database, logger: { level: env.LOG_LEVEL }, webDist: env.WEB_DIST, webDev: process.env.WEB_DEV === '1' })
await app.listen({ port: env.PORT, host: env.HOST })

const url = appUrl(env)
const where = database.kind === 'pglite' ? `embedded PGlite in ${resolve(env.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'
console.log(`\n  Shop is running: ${url}\n  Database: ${where}`)
console.log(`  Admin sign-in:   ${env.ADMIN_EMAIL} / ${seeded.createdAdmin ? env.ADMIN_PASSWORD : '(password unchanged since first start)'}`)
console.log(`  API docs:        ${url}/api/docs\n`)

// Graceful shutdown (issue 2): stop accepting, let in-flight requests finish, close the database, exit within 10 s.
let closing = false
async function shutdown(signal: string) {
  if (closing) return
  closing = true
  app.log.info({ signal }, 'shutting down')
  const force = setTimeout(() => process.exit(1), 9_000)
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
