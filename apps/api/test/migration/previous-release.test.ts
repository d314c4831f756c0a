import { createHash, randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import pg from 'pg'
import { ACTOR_KINDS, BUILT_IN_ROLE_PERMISSIONS, STOCK_REASONS } from '@shop/shared/permissions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/app.ts'
import { openDatabase, type Database } from '../../src/db/client.ts'
import { migrateDatabase } from '../../src/db/migrate.ts'
import { expireDueHolds } from '../../src/domain/payment-expiry.ts'
import { hashToken, newToken } from '../../src/lib/tokens.ts'
import { migrationsFolder } from '../../src/paths.ts'
import type { Translations } from '@shop/shared/i18n/content'
import { cityNamesOf, splitAddress, splitName, splitNotes } from '../../src/domain/order-contact.ts'
import { answerDifferences } from './compare.ts'
import { PREVIOUS_RELEASES, type Asker, type PreviousRelease } from './releases.ts'

// A database filled by an older release migrates with every product, order, offer, report figure and CSV export
// unchanged. Issue 28: the release before pack sizes (5c409e9, migrations 0000–0021). Issue 30: the release before
// staff roles, the audit trail and the stock ledger (302a863, issue 29's offers and packs, migrations 0000–0024). Each
// fixture is that release's own work (make-previous-release-fixture.ts, releases.ts): its rows at its last migration,
// and its answers to the same calls. Here the schema is built by the release's migrations (the same files, checked by
// their hashes), the rows are loaded, the current migrations run, and the current app answers the same calls: every
// field of an old answer must be there and equal (fields may be added: variants, price_from, variant_label, sku,
// permissions…), lists as long, the CSV files byte for byte (columns may be appended after the old ones, decision
// 0179). Issue 38: the release before the customer's contact in parts (5ebd1fa, migrations 0000–0026): every order's
// contact split by migration 0027 (decision 0214), its texts kept.
// Runs on PGlite (api-pglite) and on PostgreSQL (api-postgres: DATABASE_URL set).

interface Answer {
  name: string
  method: 'GET' | 'POST'
  url: string
  payload?: unknown
  as: Asker
  lang: 'ar' | 'en'
  status: number
  type: string
  body: unknown
}

/** A release's fixture: its answers and the hashes of its migrations. */
function fixtureOf(release: PreviousRelease) {
  const dir = join(import.meta.dirname, release.dir)
  const answers = JSON.parse(readFileSync(join(dir, 'previous-release-answers.json'), 'utf8')) as Answer[]
  const oldHashes = (
    JSON.parse(readFileSync(join(dir, 'previous-release-migrations.json'), 'utf8')) as {
      release: string
      migrations: Record<string, string>
    }
  ).migrations
  return { dir, answers, oldHashes }
}

/** A table of the release's migrations only (0000 to its last): the schema the release left. */
function oldMigrationsFolder(lastMigration: number): string {
  const dir = mkdtempSync(join(tmpdir(), `shop-migrations-${String(lastMigration).padStart(4, '0')}-`))
  cpSync(migrationsFolder, dir, { recursive: true })
  const journalPath = join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((e) => e.idx <= lastMigration)
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

/** An empty database (not the run's migrated template): a new PGlite, or a new PostgreSQL database. */
async function openEmptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) {
    const database = await openDatabase({})
    return { database, drop: () => database.close() }
  }
  const name = `shop_prev_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const u = new URL(baseUrl)
  u.pathname = `/${name}`
  const database = await openDatabase({ url: u.toString(), poolSize: 5 })
  return {
    database,
    drop: async () => {
      await database.close().catch(() => {})
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {})
      await c.end()
    },
  }
}

async function query<T>(database: Database, text: string, params: unknown[] = []): Promise<T[]> {
  if (database.pglite) return (await database.pglite.query<T>(text, params)).rows
  return (await database.pool!.query(text, params)).rows as T[]
}

/** The release's rows, triggers off (the rows already hold what its triggers wrote). */
async function loadOldRows(database: Database, fixture: string) {
  const rows = readFileSync(join(fixture, 'previous-release-data.sql'), 'utf8')
  const script = `SET session_replication_role = replica;\n${rows}\nSET session_replication_role = DEFAULT;`
  if (database.pglite) {
    await database.pglite.exec(script)
    return
  }
  const client = await database.pool!.connect()
  try {
    await client.query(script)
  } finally {
    client.release()
  }
}

async function migrateToRelease(database: Database, lastMigration: number) {
  const folder = oldMigrationsFolder(lastMigration)
  try {
    if (database.pglite) {
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder })
    } else {
      const client = await database.pool!.connect()
      try {
        await migratePg(drizzlePg(client), { migrationsFolder: folder })
      } finally {
        client.release()
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

const PRODUCT_COLUMNS_MOVED_TO_PACKS = [
  'sku',
  'retail_price',
  'wholesale_price',
  'wholesale_threshold',
  'retail_buying_price',
  'wholesale_buying_price',
  'stock',
  'is_always_in_stock',
]

/** What each release's fill made (the checks below count them). */
const EXPECTED: Record<
  string,
  { products: number; orders: number; movedColumns: string[]; openHold: boolean }
> = {
  '5c409e9': { products: 11, orders: 13, movedColumns: PRODUCT_COLUMNS_MOVED_TO_PACKS, openHold: false },
  '302a863': { products: 8, orders: 14, movedColumns: [], openHold: true },
  '5ebd1fa': { products: 2, orders: 10, movedColumns: [], openHold: false },
}

/**
 * Decision 0214: what migration 0027 must make of 5ebd1fa's orders (fill-5ebd1fa.ts), by the texts each was placed
 * with: first name, last name, WhatsApp number, address line, state, notes without the WhatsApp line.
 */
const CONTACT_5EBD1FA: Record<string, [string, string, string, string, string, string]> = {
  'سالم الزوي|شارع عمر المختار 12, طرابلس, سوق الجمعة': [
    'سالم',
    'الزوي',
    '0912345611',
    'شارع عمر المختار 12',
    'سوق الجمعة',
    '',
  ],
  // The first space splits: the text cannot tell a two-word first name.
  'عبد الله الورفلي|حي الزروق, مصراتة, الزروق': [
    'عبد',
    'الله الورفلي',
    '0923334444',
    'حي الزروق',
    'الزروق',
    '',
  ],
  'هدى|شارع النصر, مصراتة': ['هدى', '', '', 'شارع النصر', '', ''],
  'مصطفى القاضي|طريق المطار, طرابلس, قرجي': ['مصطفى', 'القاضي', '٠٩١٢٣٤٥٦٧٨', 'طريق المطار', 'قرجي', ''],
  // Its city deleted since: the name kept with the order anchors the split.
  'مريم السنوسي|حي الجديد, سبها, المنشية': ['مريم', 'السنوسي', '0915556666', 'حي الجديد', 'المنشية', ''],
  'يوسف الترهوني|شارع الجمهورية, طرابلس, باب بن غشير': [
    'يوسف',
    'الترهوني',
    '0917778888',
    'شارع الجمهورية',
    'باب بن غشير',
    'اتصل بعد الخامسة',
  ],
  'Ali|طرابلس': ['Ali', '', '', '', '', 'call before coming'],
  'سالم الزوي|شارع الشط 3, طرابلس, الظهرة': ['سالم', 'الزوي', '0912345600', 'شارع الشط 3', 'الظهرة', ''],
  // Placed in English: the address names the city in English.
  'Salem Al Zawi|Street 9, Block 2, Tripoli, Hay Al Andalus': [
    'Salem',
    'Al Zawi',
    '+218 92 765 4321',
    'Street 9, Block 2',
    'Hay Al Andalus',
    '',
  ],
  'فاطمة  علي|عمارة 4, شارع طرابلس, مصراتة, الجزيرة, قصر أحمد': [
    'فاطمة',
    'علي',
    '0944445555',
    'عمارة 4, شارع طرابلس',
    'الجزيرة, قصر أحمد',
    '',
  ],
}

/** Permissions migrations gave built-in roles after a fixture was recorded (0028, 0033). */
const NEW_PERMISSIONS = ['costs.view', 'delivery.manage', 'settlements.manage']

const SETTINGS_ADDED_BY_0032 = [
  ...['received', 'confirmed', 'shipped', 'completed', 'cancelled'].map((e) => `channel_order_${e}`),
  ...['confirm_request', 'received', 'confirmed', 'shipped', 'completed', 'cancelled'].map(
    (e) => `whatsapp_template_${e}`,
  ),
  'whatsapp_answer_hours',
  'audit_retention_days',
]

describe.each(PREVIOUS_RELEASES)(
  'a database filled by the release $release migrates with nothing lost',
  (release) => {
    const { dir: fixture, answers, oldHashes } = fixtureOf(release)
    const expected = EXPECTED[release.release]!
    const beforePacks = release.release === '5c409e9'
    let database: Database
    let drop: () => Promise<void>
    let app: App
    const headers: Record<Asker, Record<string, string>> = { staff: {}, admin: {}, shopper: {}, guest: {} }
    let before: Snapshot
    let after: Snapshot

    beforeAll(async () => {
      ;({ database, drop } = await openEmptyDatabase())
      await migrateToRelease(database, release.lastMigration)
      await loadOldRows(database, fixture)
      before = await snapshot(database)
      await migrateDatabase(database)
      after = await snapshot(database)
      app = await buildApp({
        database,
        env: {
          APP_URL: 'http://shop.test',
          PAYMENT_SWEEP_SECONDS: 0,
          PLUTU_API_KEY: 'test-key',
          PLUTU_ACCESS_TOKEN: 'test-token',
          PLUTU_SECRET_KEY: 'sk_test_secret',
          PAYPAL_CLIENT_ID: 'test-client',
          PAYPAL_CLIENT_SECRET: 'test-secret',
          PAYPAL_WEBHOOK_ID: 'test-webhook',
          PAYPAL_BASE_URL: 'http://127.0.0.1:9',
        },
        webDist: '/nonexistent',
        abuseLimits: false,
      })
      // The fixture's own tokens have expired by now: the same people sign in with new ones.
      for (const [as, email] of Object.entries(release.people) as [Asker, string][]) {
        const [user] = await query<{ id: number }>(database, 'SELECT id FROM users WHERE email = $1', [email])
        const token = newToken()
        await query(
          database,
          `INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
          [user!.id, hashToken(token)],
        )
        headers[as] = { authorization: `Bearer ${token}` }
      }
      // A database migrated from scratch (the release's migrations, the rows, then the rest): longer than the usual
      // set-up when busy.
    }, 300_000)
    afterAll(async () => {
      await app?.close()
      await drop?.()
    })

    it('keeps every row of every table, each old column with its value (but the product columns that moved to packs and the cache versions)', () => {
      const moved = new Set(expected.movedColumns.map((c) => `products.${c}`))
      const lost: string[] = []
      for (const [table, rows] of Object.entries(before)) {
        if (!after[table]) {
          lost.push(`${table}: the table is gone`)
          continue
        }
        for (const [key, row] of rows) {
          const now = after[table].get(key)
          if (!now) {
            lost.push(`${table} ${key}: the row is gone`)
            continue
          }
          for (const [column, value] of Object.entries(row)) {
            if (moved.has(`${table}.${column}`)) continue
            // Decision 0221: a provider's name moved from the history's reason to its own column (checked below).
            if (
              table === 'order_status_history' &&
              column === 'reason' &&
              row.actor === 'provider' &&
              now.reason === null &&
              now.provider === value
            )
              continue
            // Decision 0216: migration 0028 gives the built-in roles (and custom ones that saw costs) costs.view, and
            // marks those rows updated.
            // Decision 0237: migration 0033 gives the clerk delivery.manage, the owner and the accountant
            // settlements.manage.
            const kept = (now.permissions as string[] | undefined)?.filter(
              (p) => !NEW_PERMISSIONS.includes(p) || (row.permissions as string[]).includes(p),
            )
            const gained =
              table === 'staff_roles' &&
              JSON.stringify([...(row.permissions as string[])].sort()) ===
                JSON.stringify([...(kept ?? [])].sort())
            if (gained && (column === 'permissions' || column === 'updated_at')) continue
            // Cache versions (decision 0019, sharded): the migration's writes may bump them, never set them back.
            if (VERSION_COUNTERS.includes(`${table}.${column}`) && Number(now[column]) >= Number(value))
              continue
            if (!(column in now)) lost.push(`${table}.${column}: the column is gone`)
            else if (JSON.stringify(now[column]) !== JSON.stringify(value))
              lost.push(
                `${table} ${key}.${column}: ${JSON.stringify(value)} → ${JSON.stringify(now[column])}`,
              )
          }
        }
        const counter = VERSION_COUNTERS.some((c) => c.startsWith(`${table}.`))
        // Decision 0236: migration 0032 adds the WhatsApp settings' rows (and the audit retention's) to a shop that
        // has settings; every old row is still there (above), the new ones are those keys and nothing else.
        const grown =
          table === 'settings' &&
          after[table].size > rows.size &&
          [...after[table].values()]
            .filter((r) => ![...rows.values()].some((old) => old.key === r.key))
            .every((r) => SETTINGS_ADDED_BY_0032.includes(String(r.key)))
        if (after[table].size !== rows.size && !counter && !grown)
          lost.push(`${table}: ${rows.size} rows → ${after[table].size}`)
      }
      expect([...new Set(lost)]).toEqual([])
      // The columns that moved are gone from products (their values are the packs', checked below).
      for (const column of expected.movedColumns) {
        expect(Object.keys([...after.products!.values()][0]!)).not.toContain(column)
      }
      expect(before.products!.size).toBe(expected.products)
      expect(before.orders!.size).toBe(expected.orders)
    })

    if (beforePacks)
      it('moved each product’s price, buying prices, stock, SKU and flags to its one pack, unchanged', () => {
        for (const [key, old] of before.products!) {
          const packs = [...after.product_variants!.values()].filter((v) => v.product_id === old.id)
          expect(packs, `product ${key}`).toEqual([
            expect.objectContaining({
              id: old.id,
              position: 0,
              sku: old.sku,
              retail_price: old.retail_price,
              retail_buying_price: old.retail_buying_price,
              wholesale_buying_price: old.wholesale_buying_price,
              stock: old.stock,
              is_active: true,
              is_always_in_stock: old.is_always_in_stock,
              archived_at: old.archived_at,
            }),
          ])
          const tiers = [...after.variant_price_tiers!.values()].filter((t) => t.variant_id === old.id)
          expect(tiers, `product ${key}`).toEqual(
            old.wholesale_price === null
              ? []
              : [{ variant_id: old.id, min_quantity: old.wholesale_threshold, price: old.wholesale_price }],
          )
        }
        expect(after.product_variants!.size).toBe(before.products!.size)
      })

    it('builds the old schema from the same migration files the previous release had', () => {
      const now = Object.fromEntries(
        readdirSync(migrationsFolder)
          .filter((f) => f.endsWith('.sql') && Number(f.slice(0, 4)) <= release.lastMigration)
          .sort()
          .map((f) => [
            f,
            createHash('sha256')
              .update(readFileSync(join(migrationsFolder, f)))
              .digest('hex'),
          ]),
      )
      expect(now).toEqual(oldHashes)
    })

    it.each(answers.map((a) => [`${a.name} (${a.as}, ${a.lang})`, a] as const))(
      'answers %s as the previous release did',
      async (_label, old) => {
        const res = await app.inject({
          method: old.method,
          url: old.url,
          payload: old.payload as Record<string, unknown> | undefined,
          headers: { ...headers[old.as], 'accept-language': old.lang },
        })
        const type = String(res.headers['content-type'] ?? '')
        const body = type.startsWith('image/')
          ? `sha256:${createHash('sha256').update(res.rawPayload).digest('hex')}`
          : res.body
        const now = { status: res.statusCode, type, body }
        if (beforePacks && old.url === '/api/products/import/sample') {
          // The sample is the import's documentation, not the shop's data: it now shows a product in three sizes
          // (decision 0158). What must hold is that a file in the previous format still imports: every column of the
          // previous sample is still a column the import reads, and the sample answers as before.
          const header = (csv: string) =>
            csv
              .replace(/^\uFEFF/, '')
              .split(/\r?\n/)[0]!
              .split(',')
          expect(now.status).toBe(old.status)
          expect(now.type).toBe(old.type)
          expect(header(now.body)).toEqual(expect.arrayContaining(header(old.body as string)))
          return
        }
        if (old.url === '/api/me' && now.status === 200) {
          // Decision 0216: a new permission, costs.view, that the owner's and the manager's roles hold; the answer's
          // other permissions are the release's.
          // Decision 0237: the clerk gains delivery.manage, the owner and the accountant settlements.manage.
          const body = JSON.parse(now.body) as { permissions?: string[] }
          const had = (old.body as { permissions?: string[] }).permissions ?? []
          for (const gained of NEW_PERMISSIONS)
            if (body.permissions && !had.includes(gained))
              body.permissions = body.permissions.filter((p) => p !== gained)
          expect(answerDifferences(old, { ...now, body: JSON.stringify(body) })).toEqual([])
          return
        }
        // Decisions that changed what an answer says on purpose, each checked for its own direction:
        // 0229: an offer's orders, discount and revenue count its completed orders only (the overview's basis), so
        // they can only fall from the release's "orders not cancelled"; 0069 (issue 39): a pending order found by its
        // number and phone can now be cancelled from the tracking page.
        const allowed = (line: string) => {
          const figure =
            /^\$\.(?:data\[\d+\]\.)?(orders_count|discount_given|revenue): (-?[\d.]+) → (-?[\d.]+)$/.exec(
              line,
            )
          if (figure && /^\/api\/promotions/.test(old.url)) return Number(figure[3]) <= Number(figure[2])
          return line === '$.can_cancel: false → true' && /^\/api\/track/.test(old.url)
        }
        expect(answerDifferences(old, now).filter((line) => !allowed(line))).toEqual([])
      },
    )

    if (beforePacks)
      describe('new facts (pack sizes)', () => {
        const oldProducts = answers
          .filter(
            (a) =>
              a.as === 'staff' && a.lang === 'ar' && a.status === 200 && /^product \d+, staff$/.test(a.name),
          )
          .map(
            (a) =>
              a.body as {
                id: number
                sku: string | null
                retail_price: number
                wholesale_price: number | null
                wholesale_threshold: number | null
                retail_buying_price: number | null
                wholesale_buying_price: number | null
                stock: number
                is_always_in_stock: boolean
              },
          )

        it('each product became one pack with its old price, buying prices, stock, SKU and the wholesale pair as its first break', async () => {
          expect(oldProducts.length).toBeGreaterThanOrEqual(10)
          const [counts] = await query<{ products: number; packs: number }>(
            database,
            'SELECT (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM product_variants) AS packs',
          )
          expect(counts).toEqual({ products: 11, packs: 11 })
          for (const old of oldProducts) {
            const packs = await query<{
              id: number
              sku: string | null
              retail_price: number | string
              retail_buying_price: number | string | null
              wholesale_buying_price: number | string | null
              stock: number
              is_always_in_stock: boolean
            }>(
              database,
              `SELECT id, sku, retail_price, retail_buying_price, wholesale_buying_price, stock, is_always_in_stock
           FROM product_variants WHERE product_id = $1`,
              [old.id],
            )
            expect(packs.map((p) => ({ ...p, ...numbers(p) }))).toEqual([
              {
                id: old.id,
                sku: old.sku,
                retail_price: old.retail_price,
                retail_buying_price: old.retail_buying_price,
                wholesale_buying_price: old.wholesale_buying_price,
                stock: old.stock,
                is_always_in_stock: old.is_always_in_stock,
              },
            ])
            const tiers = await query<{ min_quantity: number; price: number | string }>(
              database,
              'SELECT min_quantity, price FROM variant_price_tiers WHERE variant_id = $1 ORDER BY min_quantity',
              [old.id],
            )
            const firstBreak =
              old.wholesale_price === null
                ? []
                : [{ min_quantity: old.wholesale_threshold, price: old.wholesale_price }]
            expect(tiers.map((t) => ({ min_quantity: t.min_quantity, price: Number(t.price) }))).toEqual(
              firstBreak,
            )

            // The staff's API shows the same pack.
            const res = await app.inject({
              method: 'GET',
              url: `/api/products/${old.id}`,
              headers: headers.staff,
            })
            expect(res.statusCode).toBe(200)
            const variants = (res.json() as { variants: unknown[] }).variants
            expect(variants).toEqual([
              expect.objectContaining({
                id: old.id,
                sku: old.sku,
                price: old.retail_price,
                tiers: firstBreak,
                stock: old.stock,
                is_always_in_stock: old.is_always_in_stock,
                retail_buying_price: old.retail_buying_price,
                wholesale_buying_price: old.wholesale_buying_price,
              }),
            ])
          }
        })

        it('old order lines point at their product’s pack and keep its SKU; the erased product’s line points at none', async () => {
          const lines = await query<{
            product_id: number | null
            variant_id: number | null
            sku: string | null
            pack_sku: string | null
          }>(
            database,
            `SELECT i.product_id, i.variant_id, i.sku, v.sku AS pack_sku
         FROM order_items i LEFT JOIN product_variants v ON v.product_id = i.product_id ORDER BY i.id`,
          )
          expect(lines.length).toBe(22)
          for (const line of lines) {
            expect(line.variant_id).toBe(line.product_id)
            expect(line.sku).toBe(line.pack_sku)
          }
          expect(lines.filter((l) => l.product_id === null)).toHaveLength(1)
          const unlinked = await query<{ n: number }>(
            database,
            `SELECT count(*)::int AS n FROM completed_sales_lines c JOIN order_items i ON i.id = c.line_id
         WHERE c.variant_id IS DISTINCT FROM i.variant_id`,
          )
          expect(unlinked).toEqual([{ n: 0 }])

          // The API names the pack on every old line.
          const orders = answers.filter(
            (a) => a.as === 'staff' && a.lang === 'ar' && /^order \d+, staff$/.test(a.name),
          )
          for (const old of orders) {
            const res = await app.inject({ method: 'GET', url: old.url, headers: headers.staff })
            const items = (
              res.json() as { items: { product_id: number | null; variant_id: number | null }[] }
            ).items
            for (const item of items) expect(item.variant_id).toBe(item.product_id)
          }
        })

        it('a cart saved before packs (no variant_id) still orders the product’s pack', async () => {
          const deglet = oldProducts.find((p) => p.sku === 'DATE-DN-1KG')!
          const [city] = await query<{ id: number }>(database, 'SELECT id FROM cities ORDER BY id LIMIT 1')
          const res = await app.inject({
            method: 'POST',
            url: '/api/orders',
            payload: {
              customer_name: 'عميل قديم',
              customer_email: 'old-cart@example.ly',
              customer_phone: '0921234567',
              shipping_address: 'طرابلس',
              city_id: city!.id,
              items: [{ product_id: deglet.id, quantity: 10 }],
            },
          })
          expect(res.statusCode, res.body).toBe(201)
          const order = res.json() as {
            items: { variant_id: number; sku: string; unit_price: number; is_wholesale: boolean }[]
          }
          expect(order.items).toEqual([
            expect.objectContaining({
              variant_id: deglet.id,
              sku: 'DATE-DN-1KG',
              unit_price: deglet.wholesale_price,
              is_wholesale: true,
            }),
          ])
          const [pack] = await query<{ stock: number }>(
            database,
            'SELECT stock FROM product_variants WHERE id = $1',
            [deglet.id],
          )
          expect(pack!.stock).toBe(deglet.stock - 10)
        })
      })

    describe('staff roles (issue 30)', () => {
      it('gives every old staff member a staff role: the spec’s admin the manager, super_admin the owner; shoppers none', async () => {
        const people = await query<{ id: number; email: string; role: string; key: string | null }>(
          database,
          `SELECT u.id, u.email, u.role, r.key FROM users u LEFT JOIN staff_roles r ON r.id = u.staff_role_id
           ORDER BY u.id`,
        )
        const old = [...before.users!.values()]
          .sort((a, b) => Number(a.id) - Number(b.id))
          .map((u) => ({ email: u.email, role: u.role }))
        expect(people.map((p) => ({ email: p.email, role: p.role }))).toEqual(old)
        for (const person of people) {
          expect({ email: person.email, key: person.key }).toEqual({
            email: person.email,
            key: person.role === 'super_admin' ? 'owner' : person.role === 'admin' ? 'manager' : null,
          })
        }
        const staffRoles = people.filter((p) => p.role !== 'user').map((p) => p.role)
        expect(staffRoles).toEqual(
          expect.arrayContaining(release.people.admin ? ['super_admin', 'admin'] : ['super_admin']),
        )
        // The built-in roles carry the permissions the shared module gives them.
        const roles = await query<{ key: string; permissions: string[] }>(
          database,
          'SELECT key, permissions FROM staff_roles WHERE key IS NOT NULL ORDER BY id',
        )
        expect(Object.fromEntries(roles.map((r) => [r.key, [...r.permissions].sort()]))).toEqual(
          Object.fromEntries(
            Object.entries(BUILT_IN_ROLE_PERMISSIONS).map(([key, permissions]) => [
              key,
              [...permissions].sort(),
            ]),
          ),
        )
      })

      it('lets the old owner see the team with those roles, and refuses the team to the old admin and the shopper', async () => {
        const res = await app.inject({ method: 'GET', url: '/api/staff', headers: headers.staff })
        expect(res.statusCode, res.body).toBe(200)
        const members = (
          res.json() as { data: { email: string; role: string; staff_role: { key: string } }[] }
        ).data
        const old = [...before.users!.values()].filter((u) => u.role === 'admin' || u.role === 'super_admin')
        expect(
          members
            .map((m) => ({ email: m.email, role: m.role, key: m.staff_role.key }))
            .sort((a, b) => a.email.localeCompare(b.email)),
        ).toEqual(
          old
            .map((u) => ({
              email: u.email,
              role: u.role,
              key: u.role === 'super_admin' ? 'owner' : 'manager',
            }))
            .sort((a, b) => String(a.email).localeCompare(String(b.email))),
        )
        for (const as of ['admin', 'shopper'] as const) {
          if (!release.people[as]) continue
          const refused = await app.inject({ method: 'GET', url: '/api/staff', headers: headers[as] })
          expect(refused.statusCode, `${as}: ${refused.body}`).toBe(403)
        }
      })

      it('answers GET /api/me of each old person with the permissions of their new role', async () => {
        for (const [as, role] of [
          ['staff', 'owner'],
          ['admin', 'manager'],
        ] as const) {
          if (!release.people[as]) continue
          const res = await app.inject({ method: 'GET', url: '/api/me', headers: headers[as] })
          expect(res.statusCode, res.body).toBe(200)
          const me = res.json() as { permissions?: string[] }
          expect([...(me.permissions ?? [])].sort(), as).toEqual([...BUILT_IN_ROLE_PERMISSIONS[role]].sort())
        }
        const shopper = await app.inject({ method: 'GET', url: '/api/me', headers: headers.shopper })
        expect((shopper.json() as { permissions?: string[] }).permissions ?? []).toEqual([])
      })
    })

    describe('the history’s provider in its own column (issue 38, migration 0029)', () => {
      it('moves each provider’s name out of the reason, keeps every other reason, and answers the history as before', async () => {
        const rows = [...after.order_status_history!.entries()]
        const byProvider = rows.filter(([, r]) => r.actor === 'provider')
        for (const [key, r] of byProvider) {
          const old = before.order_status_history!.get(key)!
          expect({ provider: r.provider, reason: r.reason }, `history ${key}`).toEqual({
            provider: old.reason,
            reason: null,
          })
        }
        for (const [key, r] of rows.filter(([, r]) => r.actor !== 'provider'))
          expect({ provider: r.provider, reason: r.reason }, `history ${key}`).toEqual({
            provider: null,
            reason: before.order_status_history!.get(key)!.reason,
          })
        // The fixtures' releases recorded no provider by name (history-provider-migration.test.ts moves some).
      })
    })

    describe('WhatsApp consent (issue 41, migration 0032)', () => {
      it('marks every order of the release as never asked (no WhatsApp message goes to it) and keeps its history', () => {
        expect(after.orders!.size).toBe(before.orders!.size)
        for (const [key, now] of after.orders!) expect(now.whatsapp_opt_in, `order ${key}`).toBe(false)
        for (const [key, r] of after.order_status_history!.entries())
          expect(r.actor_whatsapp, `history ${key}`).toBeNull()
      })
    })

    describe('the customer’s contact in parts (issue 38, migration 0027)', () => {
      it('splits every order’s contact from its texts, keeping the texts, and answers the parts', async () => {
        expect(before.orders!.size).toBe(expected.orders)
        for (const [key, old] of before.orders!) {
          const now = after.orders!.get(key)!
          // The spec's texts as the release stored them (also checked with every column above).
          for (const column of [
            'customer_name',
            'shipping_address',
            'notes',
            'customer_phone',
            'customer_email',
          ])
            expect(now[column], `order ${key} ${column}`).toEqual(old[column])
          const names = cityNamesOf(
            old.city_name as string | null,
            old.translations as Translations<'city_name'> | null,
          )
          const parts = {
            ...splitName(String(old.customer_name)),
            ...splitAddress(String(old.shipping_address), names),
            ...splitNotes(old.notes as string | null),
          }
          expect(
            {
              first_name: now.first_name,
              last_name: now.last_name,
              whatsapp: now.whatsapp,
              address_line: now.address_line,
              state: now.state,
              customer_notes: now.customer_notes,
            },
            `order ${key}`,
          ).toEqual({
            first_name: parts.firstName,
            last_name: parts.lastName,
            whatsapp: parts.whatsapp,
            address_line: parts.addressLine,
            state: parts.state,
            customer_notes: parts.customerNotes,
          })
          const res = await app.inject({ method: 'GET', url: `/api/orders/${key}`, headers: headers.staff })
          expect(res.json().customer, `order ${key}`).toEqual({
            first_name: parts.firstName,
            last_name: parts.lastName,
            phone: old.customer_phone,
            whatsapp: parts.whatsapp,
            email: old.customer_email,
            address_line: parts.addressLine,
            city_id: old.city_id,
            city_name: old.city_name,
            state: parts.state,
          })
        }
      })

      if (release.release === '5ebd1fa')
        it('gives each of the release’s orders the parts it was placed with, as far as its texts tell', async () => {
          const orders = [...after.orders!.values()]
          expect(
            orders.map((o) => `${String(o.customer_name)}|${String(o.shipping_address)}`).sort(),
          ).toEqual(Object.keys(CONTACT_5EBD1FA).sort())
          for (const o of orders) {
            const key = `${String(o.customer_name)}|${String(o.shipping_address)}`
            expect(
              [o.first_name, o.last_name, o.whatsapp, o.address_line, o.state, o.customer_notes],
              key,
            ).toEqual(CONTACT_5EBD1FA[key])
          }
          // The deleted city's order keeps its name, the shopper's autofill now reads the parts (and the WhatsApp
          // number, which the release left to the phone).
          expect(orders.find((o) => String(o.customer_name) === 'مريم السنوسي')).toMatchObject({
            city_id: null,
            city_name: 'سبها',
          })
          const profile = await app.inject({ method: 'GET', url: '/api/profile', headers: headers.shopper })
          expect(profile.json().autofill).toMatchObject({
            first_name: 'Salem',
            last_name: 'Al Zawi',
            whatsapp: '+218 92 765 4321',
            address: 'Street 9, Block 2',
            state: 'Hay Al Andalus',
          })
        })
    })

    describe('stock ledger (issue 30)', () => {
      it('opens every pack’s ledger with the stock the release left: one movement by the migration', async () => {
        if (release.lastMigration >= 26) {
          // The release had the ledger (5ebd1fa): each pack's opening balance was recorded when it was made, and no
          // migration since adds one.
          const openings = (rows: Snapshot) =>
            [...(rows.stock_movements?.values() ?? [])].filter((m) => m.reason === 'opening_balance')
          expect(openings(before).length).toBeGreaterThan(0)
          expect(openings(after)).toEqual(openings(before))
          return
        }
        // Before packs (5c409e9) a product's stock became its one pack's, under the product's id.
        const oldPacks = before.product_variants ?? before.products!
        const expected = [...oldPacks.values()]
          .map((p) => ({ variant_id: Number(p.id), stock: Number(p.stock) }))
          .filter((p) => p.stock !== 0)
          .sort((a, b) => a.variant_id - b.variant_id)
          .map(({ variant_id, stock }) => ({
            variant_id,
            delta: stock,
            stock_after: stock,
            actor_kind: 'system',
            actor_user_id: null,
            actor_name: 'migration',
            order_id: null,
          }))
        expect(expected.length).toBeGreaterThan(5)
        const opening = await query(
          database,
          `SELECT variant_id, delta, stock_after, actor_kind, actor_user_id, actor_name, order_id
           FROM stock_movements WHERE reason = 'opening_balance' ORDER BY variant_id, id`,
        )
        expect(opening).toEqual(expected)
      })

      if (expected.openHold)
        it('ends a hold the release placed when it runs out: its stock back as a payment release by the system', async () => {
          const holds = await query<{ order_id: number }>(
            database,
            `SELECT h.order_id FROM order_payment_holds h JOIN orders o ON o.id = h.order_id
             WHERE h.expired_at IS NULL AND h.closed_at IS NULL AND o.order_status = 'pending'`,
          )
          expect(holds).toHaveLength(1)
          const hold = holds[0]
          const lines = await query<{ variant_id: number; quantity: number; stock: number }>(
            database,
            `SELECT i.variant_id, i.quantity, v.stock FROM order_items i JOIN product_variants v ON v.id = i.variant_id
             WHERE i.order_id = $1 ORDER BY i.id`,
            [hold!.order_id],
          )
          expect(lines.length).toBeGreaterThan(0)
          expect(await expireDueHolds(database.db, { now: new Date('2100-01-01T00:00:00Z') })).toBe(1)
          const [order] = await query<{ order_status: string }>(
            database,
            'SELECT order_status FROM orders WHERE id = $1',
            [hold!.order_id],
          )
          expect(order!.order_status).toBe('cancelled')
          for (const line of lines) {
            const moves = await query<Record<string, unknown>>(
              database,
              `SELECT delta, stock_after, reason, actor_kind FROM stock_movements WHERE order_id = $1 AND variant_id = $2`,
              [hold!.order_id, line.variant_id],
            )
            expect(moves).toEqual([
              {
                delta: line.quantity,
                stock_after: line.stock + line.quantity,
                reason: 'payment_release',
                actor_kind: 'system',
              },
            ])
          }
        })

      it('keeps every pack’s stock equal to its ledger’s sum, each movement with a reason and an actor, when the old staff member corrects a count and a guest orders', async () => {
        const [pack] = await query<{ id: number; product_id: number; stock: number }>(
          database,
          `SELECT v.id, v.product_id, v.stock FROM product_variants v JOIN products p ON p.id = v.product_id
           WHERE p.is_active AND p.archived_at IS NULL AND v.is_active AND v.archived_at IS NULL
             AND NOT v.is_always_in_stock AND v.stock > 2
           ORDER BY v.id LIMIT 1`,
        )
        const corrected = await app.inject({
          method: 'PATCH',
          url: `/api/products/${pack!.product_id}/stock`,
          payload: { stock: pack!.stock + 5, variant_id: pack!.id },
          headers: headers.staff,
        })
        expect(corrected.statusCode, corrected.body).toBe(200)
        const [staff] = await query<{ id: number }>(database, 'SELECT id FROM users WHERE email = $1', [
          release.people.staff,
        ])
        const [city] = await query<{ id: number }>(
          database,
          'SELECT id FROM cities WHERE is_active ORDER BY id LIMIT 1',
        )
        const ordered = await app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: {
            customer_name: 'عميل بعد الترقية',
            customer_email: 'after-upgrade@example.ly',
            customer_phone: '0931112233',
            shipping_address: 'طرابلس',
            city_id: city!.id,
            items: [{ product_id: pack!.product_id, variant_id: pack!.id, quantity: 1 }],
          },
          headers: { 'idempotency-key': `after-upgrade-${release.release}` },
        })
        expect(ordered.statusCode, ordered.body).toBe(201)
        const orderId = (ordered.json() as { id: number }).id
        const moves = await query<Record<string, unknown>>(
          database,
          `SELECT delta, stock_after, reason, actor_kind, actor_user_id, order_id FROM stock_movements
           WHERE variant_id = $1 AND reason <> 'opening_balance' ORDER BY id`,
          [pack!.id],
        )
        expect(moves.slice(-2)).toEqual([
          {
            delta: 5,
            stock_after: pack!.stock + 5,
            reason: 'count_correction',
            actor_kind: 'staff',
            actor_user_id: staff!.id,
            order_id: null,
          },
          expect.objectContaining({
            delta: -1,
            stock_after: pack!.stock + 4,
            reason: 'sale',
            order_id: orderId,
          }),
        ])

        const off = await query(
          database,
          `SELECT v.id, v.stock, coalesce(sum(m.delta), 0)::int AS ledger FROM product_variants v
           LEFT JOIN stock_movements m ON m.variant_id = v.id GROUP BY v.id HAVING v.stock <> coalesce(sum(m.delta), 0)`,
        )
        expect(off).toEqual([])
        const movements = await query<{ reason: string; actor_kind: string }>(
          database,
          'SELECT reason, actor_kind FROM stock_movements',
        )
        expect(movements.length).toBeGreaterThan(5)
        for (const m of movements) {
          expect(STOCK_REASONS).toContain(m.reason)
          expect(ACTOR_KINDS).toContain(m.actor_kind)
        }
      })
    })
  },
)

const VERSION_COUNTERS = ['catalog_version.version', 'sales_version.version']

type Row = Record<string, unknown>
/** Every table's rows keyed by their primary key, as JSON values (numerics as text: nothing rounded). */
type Snapshot = Record<string, Map<string, Row>>

async function snapshot(database: Database): Promise<Snapshot> {
  const tables = await query<{ name: string }>(
    database,
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  )
  const out: Snapshot = {}
  for (const { name } of tables) {
    const keys = await query<{ column: string }>(
      database,
      `SELECT a.attname AS column FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY a.attnum`,
      [`"${name}"`],
    )
    const rows = await query<{ row: string }>(database, `SELECT to_jsonb(t)::text AS row FROM "${name}" t`)
    out[name] = new Map(
      rows.map(({ row }) => {
        const parsed = JSON.parse(row) as Row
        const key = keys.length ? keys.map((k) => String(parsed[k.column])).join('/') : row
        return [key, parsed]
      }),
    )
  }
  return out
}

function numbers(p: {
  retail_price: number | string
  retail_buying_price: number | string | null
  wholesale_buying_price: number | string | null
}) {
  const n = (v: number | string | null) => (v === null ? null : Number(v))
  return {
    retail_price: n(p.retail_price),
    retail_buying_price: n(p.retail_buying_price),
    wholesale_buying_price: n(p.wholesale_buying_price),
  }
}
