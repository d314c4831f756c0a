import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { openDatabase, type Database } from '../../src/db/client.ts'
import { createCity, createProduct, openTestDatabase } from '../helpers.ts'
import { freshPostgres, orderBody, tempDir } from './server-process.ts'

// security.md "Faults" (backups): the commands of docs/operations.md (scripts/backup.mjs, scripts/restore.mjs)
// back the database up, restore it into a FRESH database, and the orders are there, items and all.
const root = fileURLToPath(new URL('../../../..', import.meta.url))
const baseUrl = process.env.DATABASE_URL

function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, [join(root, 'scripts', `${name}.mjs`), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(r.status, `${name}: ${r.stdout}\n${r.stderr}`).toBe(0)
  return r.stdout
}

/** Places orders through the real API on a database and returns their numbers and totals. */
async function placeOrders(database: Database) {
  const app = await buildApp({ database, env: { APP_URL: 'http://shop.test' }, webDist: '/nonexistent' })
  try {
    const product = await createProduct(app, { stock: 30, name: 'تمر مجدول للنسخ الاحتياطي' })
    const city = await createCity(app)
    const placed: { order_number: string; total_amount: number }[] = []
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { 'idempotency-key': `backup-${i}-${Date.now()}` },
        payload: orderBody(city.id, [{ product_id: product.id, quantity: i + 1 }], `backup-${i}`),
      })
      expect(res.statusCode, res.body).toBe(201)
      placed.push({ order_number: res.json().order_number, total_amount: res.json().total_amount })
    }
    return placed
  } finally {
    await app.close()
  }
}

async function expectOrders(database: Database, placed: { order_number: string; total_amount: number }[]) {
  const rows = await database.db.query.orders.findMany({ with: undefined })
  for (const p of placed) {
    const row = rows.find((r) => r.orderNumber === p.order_number)
    expect(row, p.order_number).toBeDefined()
    expect(row!.totalAmount).toBe(p.total_amount)
  }
  const items = await database.db.query.orderItems.findMany()
  expect(items.filter((i) => i.productName === 'تمر مجدول للنسخ الاحتياطي').length).toBe(placed.length)
}

describe(`backup and restore (${baseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  // Each database pass registers the test of its own backup commands (the other pass runs the other one).
  const onPglite = baseUrl ? () => {} : it
  const onPostgres = baseUrl ? it : () => {}

  onPglite(
    'PGlite: npm run backup of a stopped DATA_DIR restores into a fresh directory with the orders',
    { timeout: 120_000 },
    async () => {
      const source = tempDir('shop-backup-src-')
      const target = tempDir('shop-backup-dst-')
      const files = tempDir('shop-backup-files-')
      try {
        const database = await openDatabase({
          dataDir: join(source.dir, 'data'),
          loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]),
        })
        const placed = await placeOrders(database)
        await database.close() // the shop is stopped before a PGlite backup (docs/operations.md)

        const file = join(files.dir, 'shop.tar.gz')
        script('backup', [file], { DATABASE_URL: '', DATA_DIR: join(source.dir, 'data') })
        const out = script('restore', [file], { DATABASE_URL: '', DATA_DIR: join(target.dir, 'data') })
        expect(out).toContain('restored')
        // Restoring over existing data needs --force, so a typo cannot erase a live shop.
        const refused = spawnSync(process.execPath, [join(root, 'scripts/restore.mjs'), file], {
          env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(target.dir, 'data') },
          encoding: 'utf8',
        })
        expect(refused.status).not.toBe(0)

        const restored = await openDatabase({ dataDir: join(target.dir, 'data') })
        try {
          await expectOrders(restored, placed)
        } finally {
          await restored.close()
        }
      } finally {
        source.remove()
        target.remove()
        files.remove()
      }
    },
  )

  onPostgres(
    'PostgreSQL: pg_dump backup restores into a fresh database with the orders',
    { timeout: 120_000 },
    async () => {
      const { database, drop, url } = await openTestDatabase()
      const fresh = await freshPostgres(baseUrl!)
      const files = tempDir('shop-backup-files-')
      try {
        const placed = await placeOrders(database)
        const file = join(files.dir, 'shop.dump')
        // Taken while the shop is running: pg_dump reads one consistent snapshot.
        script('backup', [file], { DATABASE_URL: url! })
        script('restore', [file], { DATABASE_URL: fresh.url })
        const restored = await openDatabase({ url: fresh.url, poolSize: 1 })
        try {
          await expectOrders(restored, placed)
        } finally {
          await restored.close()
        }
      } finally {
        await drop()
        await fresh.drop()
        files.remove()
      }
    },
  )
})
