/**
 * Builds the fixture of previous-release.test.ts (issue 28): a database filled by the release before pack sizes
 * (commit 5c409e9, schema at migration 0021) and that release's own API answers about it.
 *
 * Re-run from the repository root (about a minute):
 *
 *   npx tsx apps/api/test/migration/make-previous-release-fixture.ts
 *
 * It checks the previous release out in a throwaway worktree (/tmp/shop-prev-release-…, node_modules linked from this
 * checkout: the dependencies did not change; the workspace packages link to the worktree's own copies), then runs
 * itself there: the previous release migrates a fresh PGlite, is filled through its own API (a few SQL updates only
 * where the API has no call: dates in the past, a product erased), and its answers are recorded. It writes
 *
 *   fixture/previous-release-data.sql  every row of every table (INSERTs of JSON rows) and the sequences
 *   fixture/previous-release-answers.json  the calls and the previous release's answers (status, type, body)
 *   fixture/previous-release-migrations.json  the SHA-256 of migrations 0000–0021 as the previous release had them
 *
 * then checks the files: a second database of the previous release loaded from the SQL answers every call exactly as
 * recorded (nothing in them depends on the moment or on state the SQL misses), and removes the worktree. The fixture
 * changes only when it is re-made (times, order numbers and hashes are those of the run).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { multipartForm } from '../multipart.ts'
import { answerBody, answerDifferences, differences } from './compare.ts'

export const PREVIOUS_RELEASE = '5c409e9'
const sha256 = (data: Buffer) => `sha256:${createHash('sha256').update(data).digest('hex')}`
const here = dirname(fileURLToPath(import.meta.url))
const fixtureDir = join(here, 'fixture')

interface Answer {
  name: string
  method: 'GET' | 'POST'
  url: string
  /** POST: the request's JSON body (only calls that change nothing: the quote). */
  payload?: unknown
  as: 'staff' | 'shopper' | 'guest'
  lang: 'ar' | 'en'
  status: number
  type: string
  body: unknown
}

interface OldApp {
  inject(o: { method: string; url: string; headers?: Record<string, string>; payload?: unknown }): Promise<{
    statusCode: number
    body: string
    rawPayload: Buffer
    headers: Record<string, unknown>
    json(): unknown
  }>
  close(): Promise<void>
}
interface PgliteLike {
  query<T>(q: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(q: string): Promise<unknown>
}
interface OldDatabase {
  pglite?: PgliteLike
  close(): Promise<void>
}

if (process.env.PREV_RELEASE_ROOT) await fill(process.env.PREV_RELEASE_ROOT)
else prepareAndRun()

/** Parent: a worktree of the previous release, its node_modules, then this script run inside it. */
function prepareAndRun() {
  const repo = join(here, '../../../..')
  const current = spawnSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: repo,
    encoding: 'utf8',
  }).stdout.trim()
  const prev = mkdtempSync(join(tmpdir(), 'shop-prev-release-'))
  rmSync(prev, { recursive: true })
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: current, stdio: 'inherit' })
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed`)
  }
  git('worktree', 'add', '--detach', prev, PREVIOUS_RELEASE)
  try {
    linkNodeModules(current, prev)
    mkdirSync(fixtureDir, { recursive: true })
    const r = spawnSync(join(current, 'node_modules/.bin/tsx'), [fileURLToPath(import.meta.url)], {
      cwd: join(prev, 'apps/api'),
      stdio: 'inherit',
      env: { ...process.env, PREV_RELEASE_ROOT: prev, DATABASE_URL: '' },
    })
    if (r.status !== 0) throw new Error('filling the previous release failed')
    spawnSync(join(current, 'node_modules/.bin/prettier'), ['--write', fixtureDir], { stdio: 'inherit' })
  } finally {
    git('worktree', 'remove', '--force', prev)
  }
}

/** Every package linked from this checkout, except the workspace's own (@shop/*): those are the worktree's. */
function linkNodeModules(current: string, prev: string) {
  const root = join(prev, 'node_modules')
  mkdirSync(root)
  for (const name of readdirSync(join(current, 'node_modules'))) {
    if (name === '@shop') continue
    symlinkSync(join(current, 'node_modules', name), join(root, name))
  }
  mkdirSync(join(root, '@shop'))
  for (const [name, dir] of Object.entries({
    api: 'apps/api',
    web: 'apps/web',
    shared: 'packages/shared',
    e2e: 'e2e',
    bench: 'bench',
  })) {
    if (existsSync(join(prev, dir))) symlinkSync(join(prev, dir), join(root, '@shop', name))
  }
  for (const dir of ['apps/api', 'apps/web', 'packages/shared', 'e2e', 'bench']) {
    const own = join(current, dir, 'node_modules')
    if (existsSync(own) && existsSync(join(prev, dir))) symlinkSync(own, join(prev, dir, 'node_modules'))
  }
}

/** Child, inside the previous release: fill its database through its API and record its answers. */
async function fill(prev: string) {
  const api = join(prev, 'apps/api/src')
  const { openDatabase } = (await import(join(api, 'db/client.ts'))) as {
    openDatabase(o: object): Promise<OldDatabase>
  }
  const { migrateDatabase } = (await import(join(api, 'db/migrate.ts'))) as {
    migrateDatabase(d: OldDatabase): Promise<void>
  }
  const { buildApp } = (await import(join(api, 'app.ts'))) as { buildApp(o: object): Promise<OldApp> }

  const database = await openDatabase({})
  await migrateDatabase(database)
  const pglite = database.pglite!
  const env = {
    APP_URL: 'http://shop.test',
    PAYMENT_SWEEP_SECONDS: 0,
    PLUTU_API_KEY: 'test-key',
    PLUTU_ACCESS_TOKEN: 'test-token',
    PLUTU_SECRET_KEY: 'sk_test_secret',
    PAYPAL_CLIENT_ID: 'test-client',
    PAYPAL_CLIENT_SECRET: 'test-secret',
    PAYPAL_WEBHOOK_ID: 'test-webhook',
    PAYPAL_BASE_URL: 'http://127.0.0.1:9',
  }
  const app = await buildApp({ database, env, webDist: '/nonexistent', abuseLimits: false })

  const call = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
    expected = [200, 201],
  ) => {
    const res = await app.inject({ method, url, payload, headers })
    if (!expected.includes(res.statusCode)) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
    return (res.body ? res.json() : {}) as Record<string, unknown> & { id: number }
  }

  // People: a staff member and a shopper with an account (registered through the API; the staff role is set in SQL,
  // as the first-start seed does).
  const staffReg = await call('POST', '/api/auth/register', {
    name: 'مدير المتجر',
    email: 'staff@example.ly',
    password: 'Tamr-Staff-2026!',
    password_confirmation: 'Tamr-Staff-2026!',
  })
  const staffId = (staffReg.user as { id: number }).id
  await pglite.query(`UPDATE users SET role = 'super_admin' WHERE id = $1`, [staffId])
  const staff = { authorization: `Bearer ${staffReg.token as string}` }
  const shopperReg = await call('POST', '/api/auth/register', {
    name: 'سالم الزوي',
    email: 'salem@example.ly',
    password: 'Tamr-Shopper-2026!',
    password_confirmation: 'Tamr-Shopper-2026!',
  })
  const shopper = { authorization: `Bearer ${shopperReg.token as string}` }

  // Settings the online methods need (PayPal's exchange rate).
  await call('PUT', '/api/settings', { usd_exchange_rate: '4.85' }, staff).catch(async () => {
    await pglite.query(
      `INSERT INTO settings (key, value) VALUES ('usd_exchange_rate', '4.85') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    )
  })

  // Cities and categories.
  const tripoli = await call('POST', '/api/cities', { name: 'طرابلس', delivery_price: 10 }, staff)
  const misrata = await call('POST', '/api/cities', { name: 'مصراتة', delivery_price: 15.5 }, staff)
  const dates = await call(
    'POST',
    '/api/categories',
    { name_ar: 'تمور', name_en: 'Dates', description_ar: 'تمور ليبية', description_en: 'Libyan dates' },
    staff,
  )
  const pantry = await call(
    'POST',
    '/api/categories',
    {
      name_ar: 'عسل وزيت',
      name_en: 'Honey and oil',
      description_ar: 'من المزرعة',
      description_en: 'From the farm',
    },
    staff,
  )
  const plants = await call(
    'POST',
    '/api/categories',
    { name_ar: 'فسائل', description_ar: 'فسائل نخيل' },
    staff,
  )

  // The catalogue: wholesale pairs, always in stock, SKUs, English texts or none, inactive, low and no stock.
  const product = (fields: Record<string, unknown>) => call('POST', '/api/products', fields, staff)
  const deglet = await product({
    name_ar: 'تمر دقلة نور – 1 كغ',
    name_en: 'Deglet Nour dates – 1 kg',
    description_ar: 'تمر دقلة نور من الجفرة',
    description_en: 'Deglet Nour dates from Al Jufrah',
    weight_ar: '1 كغ',
    weight_en: '1 kg',
    origin_ar: 'الجفرة',
    origin_en: 'Al Jufrah',
    sku: 'DATE-DN-1KG',
    category_id: dates.id,
    price: 20,
    wholesale_price: 16,
    wholesale_threshold: 10,
    retail_buying_price: 12,
    wholesale_buying_price: 10,
    stock: 80,
  })
  const tasfirt = await product({
    name_ar: 'تمر تاسفرت – 5 كغ',
    name_en: 'Tasfirt dates – 5 kg carton',
    description_ar: 'كرتونة تمر تاسفرت',
    description_en: 'A carton of Tasfirt dates',
    weight_ar: '5 كغ',
    sku: 'DATE-TS-5KG',
    category_id: dates.id,
    price: 95.75,
    wholesale_price: 88.25,
    wholesale_threshold: 4,
    retail_buying_price: 70,
    wholesale_buying_price: 65.5,
    stock: 30,
  })
  const honey = await product({
    name_ar: 'عسل سدر – 500 غ',
    name_en: 'Sidr honey – 500 g',
    description_ar: 'عسل سدر طبيعي',
    description_en: 'Natural sidr honey',
    sku: 'HONEY-SIDR-500',
    category_id: pantry.id,
    price: 85.5,
    retail_buying_price: 60,
    stock: 12,
  })
  // A picture (stored in the database by the previous release): a 48×32 gradient, uploaded as the dashboard does.
  const picture = await sharp(
    Buffer.from(
      Array.from({ length: 48 * 32 * 3 }, (_, i) => (i % 3 === 0 ? (i / 3) % 256 : i % 3 === 1 ? 120 : 40)),
    ),
    { raw: { width: 48, height: 32, channels: 3 } },
  )
    .png()
    .toBuffer()
  const upload = multipartForm({ _method: 'PUT' }, [
    { field: 'image', filename: 'honey.png', contentType: 'image/png', data: picture },
  ])
  const pictured = await app.inject({
    method: 'POST',
    url: `/api/products/${honey.id}`,
    payload: upload.payload,
    headers: { ...staff, ...upload.headers },
  })
  if (pictured.statusCode !== 200) throw new Error(`image upload: ${pictured.statusCode} ${pictured.body}`)
  const honeyImage = pictured.json() as { image_url: string; image_small_url?: string | null }

  const oil = await product({
    name_ar: 'زيت زيتون – 5 لتر',
    name_en: 'Olive oil – 5 L',
    description_ar: 'زيت زيتون بكر من ترهونة',
    description_en: 'Virgin olive oil from Tarhuna',
    category_id: pantry.id,
    price: 120,
    wholesale_price: 110,
    wholesale_threshold: 5,
    retail_buying_price: 90,
    wholesale_buying_price: 85,
    stock: 1,
    is_always_in_stock: true,
  })
  const offshoot = await product({
    name_ar: 'فسيلة برحي',
    description_ar: 'فسيلة نخيل برحي عمر سنتين',
    category_id: plants.id,
    price: 300,
    stock: 3,
    is_active: false,
  })
  const oldBox = await product({
    name_ar: 'علبة تمر قديمة',
    name_en: 'Old date box',
    description_ar: 'تشكيلة لم تعد تباع',
    description_en: 'An assortment no longer sold',
    sku: 'OLD-BOX',
    category_id: dates.id,
    price: 45,
    wholesale_price: 40,
    wholesale_threshold: 3,
    retail_buying_price: 30,
    wholesale_buying_price: 28,
    stock: 20,
  })
  const bsisa = await product({
    name_ar: 'بسيسة بالتمر',
    name_en: 'Bsisa with dates',
    description_ar: 'بسيسة ليبية',
    description_en: 'Libyan bsisa',
    sku: 'BSISA-1',
    category_id: pantry.id,
    price: 15.25,
    retail_buying_price: 9.5,
    stock: 4,
  })
  const paste = await product({
    name_ar: 'عجوة تمر',
    description_ar: 'عجينة تمر للحلويات',
    price: 9.99,
    stock: 40,
  })
  const syrup = await product({
    name_ar: 'رب التمر – 1 لتر',
    name_en: 'Date syrup – 1 L',
    description_ar: 'رب تمر مركز',
    description_en: 'Thick date syrup',
    sku: 'SYRUP-1L',
    category_id: pantry.id,
    price: 8,
    wholesale_price: 7.5,
    wholesale_threshold: 2,
    retail_buying_price: 5,
    wholesale_buying_price: 4.75,
    stock: 60,
  })
  const erased = await product({
    name_ar: 'منتج محذوف',
    name_en: 'Erased product',
    description_ar: 'سيحذف بعد بيعه',
    description_en: 'Erased after it sold',
    sku: 'GONE-1',
    price: 12,
    retail_buying_price: 7,
    stock: 10,
  })
  const soldOut = await product({
    name_ar: 'تمر مجدول',
    name_en: 'Medjool dates',
    description_ar: 'تمر مجدول كبير',
    description_en: 'Large Medjool dates',
    sku: 'DATE-MJ-1KG',
    category_id: dates.id,
    price: 65,
    wholesale_price: 60,
    wholesale_threshold: 6,
    retail_buying_price: 45,
    wholesale_buying_price: 42,
    stock: 2,
  })
  const unused = await product({
    name_ar: 'تمر حلاوي',
    name_en: 'Halawi dates',
    description_ar: 'تمر حلاوي طري',
    description_en: 'Soft Halawi dates',
    sku: 'DATE-HL-1KG',
    category_id: dates.id,
    price: 28.5,
    stock: 0,
  })

  // Orders through the checkout; statuses through the staff's calls; dates moved into the past in SQL (as the
  // dashboard tests do: the API has no call that back-dates an order).
  const place = async (
    items: { product_id: number; quantity: number }[],
    o: {
      city?: number
      method?: 'cash' | 'massarat' | 'paypal'
      headers?: Record<string, string>
      name?: string
      lang?: 'ar' | 'en'
    } = {},
  ) =>
    call(
      'POST',
      '/api/orders',
      {
        customer_name: o.name ?? 'عميل المزرعة',
        customer_email: 'buyer@example.ly',
        customer_phone: '0921234567',
        shipping_address: 'شارع عمر المختار',
        city_id: o.city ?? tripoli.id,
        payment_method: o.method ?? 'cash',
        notes: '',
        items,
      },
      {
        'accept-language': o.lang ?? 'ar',
        'idempotency-key': `fixture-${Math.random().toString(36).slice(2)}`,
        ...o.headers,
      },
    )
  const setStatus = async (id: number, order_status: string, payment_status?: string) => {
    const current = await call('GET', `/api/orders/${id}`, undefined, staff)
    return call(
      'PUT',
      `/api/orders/${id}`,
      {
        customer_name: current.customer_name,
        customer_email: current.customer_email,
        customer_phone: current.customer_phone,
        shipping_address: current.shipping_address,
        notes: current.notes ?? '',
        order_status,
        payment_status: payment_status ?? current.payment_status,
      },
      staff,
    )
  }
  const backdate = (id: number, at: string) =>
    pglite.query(`UPDATE orders SET created_at = $2 WHERE id = $1`, [id, at])

  // Completed cash sales across three months, wholesale and retail lines.
  const o1 = await place(
    [
      { product_id: deglet.id, quantity: 12 },
      { product_id: honey.id, quantity: 1 },
    ],
    { city: misrata.id },
  )
  await call('POST', `/api/orders/${o1.id}/confirm`, undefined, staff)
  await setStatus(o1.id, 'completed', 'paid')
  await backdate(o1.id, '2026-09-05T09:15:00Z')

  const o2 = await place([
    { product_id: deglet.id, quantity: 2 },
    { product_id: oil.id, quantity: 5 },
    { product_id: tasfirt.id, quantity: 1 },
  ])
  await setStatus(o2.id, 'completed', 'paid')
  await backdate(o2.id, '2026-09-20T17:40:00Z')

  const o3 = await place([
    { product_id: oldBox.id, quantity: 3 },
    { product_id: bsisa.id, quantity: 1 },
  ])
  await setStatus(o3.id, 'completed')
  await backdate(o3.id, '2026-10-02T11:00:00Z')

  // A shopper's own orders: one completed in English, one the shopper cancels (stock back once).
  const o4 = await place(
    [
      { product_id: tasfirt.id, quantity: 4 },
      { product_id: syrup.id, quantity: 1 },
    ],
    { headers: shopper, name: 'Salem Zawi', lang: 'en' },
  )
  await setStatus(o4.id, 'completed', 'paid')
  await backdate(o4.id, '2026-10-12T08:05:00Z')
  const o5 = await place([{ product_id: bsisa.id, quantity: 1 }], { headers: shopper })
  await call('POST', `/api/orders/${o5.id}/cancel`, { reason: 'طلبت بالخطأ' }, shopper)
  await backdate(o5.id, '2026-10-13T10:00:00Z')

  // An order edited by staff (lines changed, one added, another city) then completed.
  const o6 = await place([
    { product_id: deglet.id, quantity: 3 },
    { product_id: syrup.id, quantity: 1 },
  ])
  await call(
    'PUT',
    `/api/orders/${o6.id}/items`,
    {
      items: [
        { product_id: deglet.id, quantity: 5 },
        { product_id: syrup.id, quantity: 2 },
        { product_id: paste.id, quantity: 1 },
      ],
      city_id: misrata.id,
    },
    staff,
  )
  await setStatus(o6.id, 'completed')
  await backdate(o6.id, '2026-10-15T14:30:00Z')

  // Cancelled by staff after processing: restocked once.
  const o7 = await place([{ product_id: deglet.id, quantity: 6 }])
  await call('POST', `/api/orders/${o7.id}/confirm`, undefined, staff)
  await setStatus(o7.id, 'cancelled')
  await backdate(o7.id, '2026-10-18T09:00:00Z')

  // Online: Massarat paid (recorded by staff) and completed; PayPal cancelled by staff (stock released).
  const o8 = await place([{ product_id: honey.id, quantity: 2 }], { method: 'massarat' })
  await setStatus(o8.id, 'processing', 'paid')
  await setStatus(o8.id, 'completed', 'paid')
  await backdate(o8.id, '2026-10-20T19:45:00Z')
  const o9 = await place([{ product_id: tasfirt.id, quantity: 1 }], { method: 'paypal', lang: 'en' })
  await setStatus(o9.id, 'cancelled', 'failed')
  await backdate(o9.id, '2026-10-21T07:30:00Z')

  // A sale of a product erased afterwards (its lines keep the name), and of a product archived afterwards.
  const o10 = await place([
    { product_id: erased.id, quantity: 2 },
    { product_id: soldOut.id, quantity: 2 },
  ])
  await setStatus(o10.id, 'completed', 'paid')
  await backdate(o10.id, '2026-11-01T12:00:00Z')
  await pglite.query(`DELETE FROM products WHERE id = $1`, [erased.id])
  await call('DELETE', `/api/products/${oldBox.id}`, undefined, staff, [200, 204])

  // Wholesale at a threshold of 2, completed, cash collected.
  const o11 = await place([{ product_id: syrup.id, quantity: 4 }], { city: misrata.id })
  await setStatus(o11.id, 'completed', 'paid')
  await backdate(o11.id, '2026-11-10T16:20:00Z')

  // Still open: processing and pending (the phone-confirmation queue), dated so that lists keep their order.
  const o12 = await place([{ product_id: honey.id, quantity: 2 }])
  await call('POST', `/api/orders/${o12.id}/confirm`, undefined, staff)
  await backdate(o12.id, '2026-11-20T10:10:00Z')
  const o13 = await place([
    { product_id: paste.id, quantity: 1 },
    { product_id: oil.id, quantity: 1 },
  ])
  await backdate(o13.id, '2026-11-25T13:00:00Z')
  const orderIds = [o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12, o13].map((o) => o.id)
  const productIds = [
    deglet,
    tasfirt,
    honey,
    oil,
    offshoot,
    oldBox,
    bsisa,
    paste,
    syrup,
    erased,
    soldOut,
    unused,
  ].map((p) => p.id)

  // The previous release's answers.
  const answers: Answer[] = []
  const who: Record<Answer['as'], Record<string, string>> = { staff, shopper, guest: {} }
  const record = async (
    name: string,
    url: string,
    as: Answer['as'],
    lang: Answer['lang'] = 'ar',
    payload?: unknown,
  ) => {
    const method = payload === undefined ? 'GET' : 'POST'
    const res = await app.inject({ method, url, payload, headers: { ...who[as], 'accept-language': lang } })
    const type = String(res.headers['content-type'] ?? '')
    const asked = { name, method, url, ...(payload === undefined ? {} : { payload }), as, lang } as const
    answers.push({
      ...asked,
      status: res.statusCode,
      type,
      body: type.startsWith('image/') ? sha256(res.rawPayload) : answerBody(type, res.body),
    })
  }
  for (const lang of ['ar', 'en'] as const) {
    for (const page of [1, 2, 3]) {
      await record(
        `public product list, page ${page}`,
        `/api/products?per_page=5&page=${page}`,
        'guest',
        lang,
      )
      await record(`staff product list, page ${page}`, `/api/products?per_page=5&page=${page}`, 'staff', lang)
    }
    await record('public product list, one page', '/api/products?per_page=50', 'guest', lang)
    await record('staff product list, one page', '/api/products?per_page=50', 'staff', lang)
    await record('staff active products', '/api/products?per_page=50&active=true', 'staff', lang)
    await record('staff inactive products', '/api/products?per_page=50&active=false', 'staff', lang)
    await record('public in stock', '/api/products?per_page=50&in_stock=true', 'guest', lang)
    await record('public out of stock', '/api/products?per_page=50&in_stock=false', 'guest', lang)
    await record('public category', `/api/products?category_id=${dates.id}`, 'guest', lang)
    await record('public search', `/api/products?search=${encodeURIComponent('تمر')}`, 'guest', lang)
    await record('public search, English', '/api/products?search=dates', 'guest', lang)
    await record('suggestions', `/api/products/suggest?q=${encodeURIComponent('تمر')}`, 'guest', lang)
    for (const id of productIds) {
      await record(`product ${id}, staff`, `/api/products/${id}`, 'staff', lang)
      await record(`product ${id}, public`, `/api/products/${id}`, 'guest', lang)
    }
    for (const id of orderIds) await record(`order ${id}, staff`, `/api/orders/${id}`, 'staff', lang)
    for (const id of [o4.id, o5.id])
      await record(`order ${id}, shopper`, `/api/orders/${id}`, 'shopper', lang)
    await record('shopper order list', '/api/orders', 'shopper', lang)
    await record('staff order list', '/api/orders?per_page=50', 'staff', lang)
    await record('staff order list, page 2', '/api/orders?per_page=5&page=2', 'staff', lang)
    for (const status of ['pending', 'processing', 'completed', 'cancelled']) {
      await record(`staff ${status} orders`, `/api/orders?status=${status}&per_page=50`, 'staff', lang)
    }
    await record(
      'sales report, October',
      '/api/orders?status=completed&from=2026-10-01&to=2026-10-31&per_page=50',
      'staff',
      lang,
    )
    await record('phone queue', '/api/orders?awaiting_confirmation=true', 'staff', lang)
    await record('order search', `/api/orders?search=${encodeURIComponent('سالم')}`, 'staff', lang)
    for (const [from, to] of [
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-09-01', '2026-11-30'],
      ['2026-01-01', '2026-12-31'],
    ]) {
      await record(
        `dashboard stats ${from}..${to}`,
        `/api/dashboard/stats?from=${from}&to=${to}`,
        'staff',
        lang,
      )
      await record(
        `dashboard revenue ${from}..${to}`,
        `/api/dashboard/revenue?from=${from}&to=${to}`,
        'staff',
        lang,
      )
    }
    await record('sales export, completed', '/api/orders/export/csv', 'staff', lang)
    await record('sales export, all', '/api/orders/export/csv?status=all', 'staff', lang)
    await record('sales export, cancelled', '/api/orders/export/csv?status=cancelled', 'staff', lang)
    await record(
      'sales export, October',
      '/api/orders/export/csv?from=2026-10-01&to=2026-10-31',
      'staff',
      lang,
    )
    for (const o of [o8, o9])
      await record(`payments of order ${o.id}`, `/api/payments?order_id=${o.id}`, 'staff', lang)
    await record('categories', '/api/categories', 'guest', lang)
    await record('products import sample', '/api/products/import/sample', 'staff', lang)
    // Carts priced by the quote: one below each wholesale break and at it, always in stock, a mix, an inactive product.
    for (const [label, items] of [
      ['below the break', [{ product_id: deglet.id, quantity: 9 }]],
      ['at the break', [{ product_id: deglet.id, quantity: 10 }]],
      ['break of 2', [{ product_id: syrup.id, quantity: 2 }]],
      ['always in stock at its break', [{ product_id: oil.id, quantity: 5 }]],
      [
        'a mixed cart',
        [
          { product_id: tasfirt.id, quantity: 3 },
          { product_id: honey.id, quantity: 1 },
          { product_id: soldOut.id, quantity: 1 },
          { product_id: paste.id, quantity: 2 },
        ],
      ],
      ['more than the stock', [{ product_id: bsisa.id, quantity: 50 }]],
      ['an inactive product', [{ product_id: offshoot.id, quantity: 1 }]],
      ['an archived product', [{ product_id: oldBox.id, quantity: 1 }]],
    ] as const) {
      await record(`quote, ${label}`, '/api/orders/quote', 'guest', lang, { city_id: misrata.id, items })
    }
    for (const url of [honeyImage.image_url, honeyImage.image_small_url]) {
      if (url) await record('product picture', new URL(url, 'http://shop.test').pathname, 'guest', lang)
    }
  }

  // Every row of every table, and the sequences; but the mails: the outbox's rendered pages (most of the bytes) are
  // in no answer compared, and a test must not send them.
  await pglite.query('DELETE FROM mail_outbox')
  const tables = (
    await pglite.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).rows.map((r) => r.name)
  const lines = [
    `-- The database the previous release (${PREVIOUS_RELEASE}, migrations 0000-0021) left after`,
    '-- make-previous-release-fixture.ts filled it. Loaded by previous-release.test.ts with triggers off',
    '-- (session_replication_role = replica): every row as the previous release stored it.',
    `TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE;`,
  ]
  for (const table of tables) {
    const columns = (
      await pglite.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
         WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
        [table],
      )
    ).rows.map((r) => `"${r.name}"`)
    const rows = await pglite.query<{ row: string }>(
      `SELECT row_to_json(t)::text AS row FROM "${table}" t ORDER BY 1`,
    )
    for (const { row } of rows.rows) {
      lines.push(
        `INSERT INTO "${table}" (${columns.join(', ')}) OVERRIDING SYSTEM VALUE SELECT ${columns.join(', ')} FROM json_populate_record(NULL::"${table}", '${row.replaceAll("'", "''")}');`,
      )
    }
  }
  const sequences = await pglite.query<{ name: string; last: number | null }>(
    `SELECT sequencename AS name, last_value::int AS last FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`,
  )
  for (const s of sequences.rows) {
    lines.push(
      s.last === null
        ? `SELECT setval('"${s.name}"', 1, false);`
        : `SELECT setval('"${s.name}"', ${s.last}, true);`,
    )
  }
  writeFileSync(join(fixtureDir, 'previous-release-data.sql'), `${lines.join('\n')}\n`)
  writeFileSync(join(fixtureDir, 'previous-release-answers.json'), `${JSON.stringify(answers, null, 2)}\n`)

  const migrations = join(api, 'db/migrations')
  const hashes = Object.fromEntries(
    readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => [
        f,
        createHash('sha256')
          .update(readFileSync(join(migrations, f)))
          .digest('hex'),
      ]),
  )
  writeFileSync(
    join(fixtureDir, 'previous-release-migrations.json'),
    `${JSON.stringify({ release: PREVIOUS_RELEASE, migrations: hashes }, null, 2)}\n`,
  )
  await app.close()
  await database.close()

  // The replay check: the previous release on a database loaded from the SQL gives the same answers.
  const { hashToken, newToken } = (await import(join(api, 'lib/tokens.ts'))) as {
    hashToken(t: string): string
    newToken(): string
  }
  const copy = await openDatabase({})
  await migrateDatabase(copy)
  await copy.pglite!.exec(
    `SET session_replication_role = replica;\n${lines.join('\n')}\nSET session_replication_role = DEFAULT;`,
  )
  const replay = await buildApp({ database: copy, env, webDist: '/nonexistent', abuseLimits: false })
  for (const [as, id] of [
    ['staff', staffId],
    ['shopper', (shopperReg.user as { id: number }).id],
  ] as const) {
    const token = newToken()
    await copy.pglite!.query(
      `INSERT INTO api_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
      [id, hashToken(token)],
    )
    who[as] = { authorization: `Bearer ${token}` }
  }
  const mismatches: string[] = []
  for (const old of answers) {
    const res = await replay.inject({
      method: old.method,
      url: old.url,
      payload: old.payload,
      headers: { ...who[old.as], 'accept-language': old.lang },
    })
    const type = String(res.headers['content-type'] ?? '')
    const now = {
      status: res.statusCode,
      type,
      body: type.startsWith('image/') ? sha256(res.rawPayload) : res.body,
    }
    const diff = [
      ...answerDifferences(old, now),
      // Both ways: the replay adds nothing either.
      ...(old.type.startsWith('application/json')
        ? differences(answerBody(now.type, now.body), old.body)
        : []),
    ]
    if (diff.length) mismatches.push(`${old.name} (${old.as}, ${old.lang}): ${diff.slice(0, 5).join('; ')}`)
  }
  await replay.close()
  await copy.close()
  if (mismatches.length) throw new Error(`the replay differs:\n${mismatches.join('\n')}`)
  console.log(`fixture: ${tables.length} tables, ${lines.length} lines of SQL, ${answers.length} answers`)
}
