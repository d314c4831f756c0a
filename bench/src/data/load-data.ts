/**
 * Bench data loader, run as its own process (bench/src/lib/load-job.ts runJson):
 *
 *   tsx load-data.ts load   '<LoadRequest json>'   → LoadResult
 *   tsx load-data.ts verify '<VerifyRequest json>' → VerifyResult
 *
 * Prints one JSON line as the last line of stdout; progress goes to stderr.
 *
 * `load` opens the database like the server does (openDatabase + migrateDatabase + seedDatabase with the bench
 * admin, no demo orders) and grows it with set-based SQL (INSERT … SELECT … FROM generate_series): products
 * (Arabic names, a fifth of them dates 'تمر'; four in five also in English, decision 0055; 1 category per 100
 * products) with three packs each and their quantity breaks (decision 0150), bench shoppers, and orders over the
 * last 365 days. The database's own triggers (catalog_version, sales_version, completed_sales_lines) fire on
 * these inserts and stay consistent. Then VACUUM ANALYZE and a stock snapshot for the checkout load.
 */
import { hashPassword } from '../../../apps/api/src/lib/passwords.ts'
import { openDatabase, type Database } from '../../../apps/api/src/db/client.ts'
import { migrateDatabase } from '../../../apps/api/src/db/migrate.ts'
import { seedDatabase } from '../../../apps/api/src/db/seed.ts'
import { BENCH_ADMIN } from '../lib/shop-server.ts'
import {
  ALWAYS_IN_STOCK_PRODUCTS,
  BENCH_SHOPPER_PASSWORD,
  CATEGORY_SLUG_PREFIX,
  GENERATED_ORDER_NOTE,
  PRODUCTS_PER_CATEGORY,
  STOCK_PRODUCTS,
  STOCK_START,
  WHOLESALE_THRESHOLD,
  type DbTarget,
  type LoadRequest,
  type LoadResult,
  type StockMismatch,
  type StockSnapshot,
  type VerifyRequest,
  type VerifyResult,
} from './bench-data.ts'

/** One connection: a pooled pg client or the PGlite instance (one statement per call, $n parameters). */
interface Conn {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
}

const log = (message: string) => process.stderr.write(`[load-data] ${message}\n`)

async function open(target: DbTarget): Promise<Database> {
  if (target.url) return openDatabase({ url: target.url, poolSize: 2 })
  if (target.dataDir) return openDatabase({ dataDir: target.dataDir })
  throw new Error('target needs a url (PostgreSQL) or a dataDir (PGlite)')
}

async function withConn<T>(database: Database, fn: (conn: Conn) => Promise<T>): Promise<T> {
  if (database.pool) {
    const client = await database.pool.connect()
    try {
      return await fn({ query: async <R,>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] })
    } finally {
      client.release()
    }
  }
  const pglite = database.pglite!
  return fn({ query: async <R,>(text: string, params?: unknown[]) => (await pglite.query<R>(text, params)).rows })
}

/**
 * The stock ledger (decision 0191) refuses a change of a pack's stock without a cause: the bench's generated stock is
 * an opening balance set by the bench itself. Inside a transaction only (the setting is the transaction's).
 */
const BENCH_STOCK_CONTEXT = JSON.stringify({
  reason: 'opening_balance',
  actor_kind: 'system',
  actor_user_id: null,
  actor_name: 'bench-data',
  order_id: null,
  note: null,
})
const benchStockContext = (conn: Conn) =>
  conn.query(`SELECT set_config('shop.stock_context', $1, true)`, [BENCH_STOCK_CONTEXT])

async function inTransaction<T>(conn: Conn, fn: () => Promise<T>): Promise<T> {
  await conn.query('BEGIN')
  try {
    const result = await fn()
    await conn.query('COMMIT')
    return result
  } catch (error) {
    await conn.query('ROLLBACK').catch(() => {})
    throw error
  }
}

async function one<T>(conn: Conn, text: string, params?: unknown[]): Promise<T> {
  const [row] = await conn.query<T>(text, params)
  if (!row) throw new Error(`no row: ${text}`)
  return row
}

// ---------------------------------------------------------------------------------------------------------
// SQL building blocks. Pseudo-random but deterministic: the same request builds the same data.

/** A non-negative pseudo-random bigint from an integer expression and a salt. */
const h = (expr: string, salt: number) => `abs(hashint8((${expr})::bigint * 7919 + ${salt})::bigint)`
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`
const textArray = (list: readonly string[]) => `ARRAY[${list.map(quote).join(', ')}]::text[]`
/** list[hash mod length] in SQL. */
const pick = (list: readonly string[], expr: string, salt: number) => `(${textArray(list)})[1 + mod(${h(expr, salt)}, ${list.length})]`

/** Five kinds of five varieties; kind 0 (every fifth product) are dates, whose names contain 'تمر'. */
const VARIETIES = [
  ['تمر دقلة نور', 'تمر برني', 'تمر مجدول', 'تمر عجوة', 'تمر صقعي'],
  ['عسل سدر', 'عسل زهور برية', 'عسل سمرة', 'عسل زعتر', 'عسل حبة البركة'],
  ['زيت زيتون بكر', 'زيت زيتون ممتاز', 'زيت زيتون عضوي', 'زيت زيتون معصور على البارد', 'زيت زيتون جبلي'],
  ['زيتون أخضر', 'زيتون أسود', 'زيتون محشي', 'زيتون مخلل', 'زيتون شرائح'],
  ['لوز مقشر', 'تين مجفف', 'حناء طبيعية', 'زعتر بري', 'فول سوداني محمص'],
] as const
const DESCRIPTIONS = [
  'تمر طازج من واحات ',
  'عسل طبيعي خام من مناحل ',
  'زيت بكر معصور على البارد من زيتون ',
  'زيتون مخلل بالطريقة التقليدية من ',
  'منتج زراعي مختار من حقول ',
]
const QUALITIES = ['فاخر', 'ممتاز', 'بلدي', 'مختار', 'طبيعي', 'عائلي']
const ORIGINS = ['ترهونة', 'مسلاتة', 'غريان', 'سبها', 'الجفرة', 'غدامس', 'زليتن', 'هون', 'ودان', 'الكفرة']
const WEIGHTS = ['500 غ', '1 كغ', '2 كغ', '5 كغ']
// The same lists in English, index for index (kind 0 are dates: 'Dates' in every English name).
const VARIETIES_EN = [
  ['Deglet Nour Dates', 'Barni Dates', 'Medjool Dates', 'Ajwa Dates', 'Sagai Dates'],
  ['Sidr Honey', 'Wildflower Honey', 'Samra Honey', 'Thyme Honey', 'Black Seed Honey'],
  ['Virgin Olive Oil', 'Extra Virgin Olive Oil', 'Organic Olive Oil', 'Cold-Pressed Olive Oil', 'Mountain Olive Oil'],
  ['Green Olives', 'Black Olives', 'Stuffed Olives', 'Cured Olives', 'Sliced Olives'],
  ['Shelled Almonds', 'Dried Figs', 'Natural Henna', 'Wild Thyme', 'Roasted Peanuts'],
] as const
const DESCRIPTIONS_EN = [
  'Fresh dates from the oases of ',
  'Raw natural honey from the apiaries of ',
  'Cold-pressed virgin oil from the olives of ',
  'Olives cured the traditional way in ',
  'Farm produce picked in the fields of ',
]
const QUALITIES_EN = ['Premium', 'Choice', 'Local', 'Select', 'Natural', 'Family']
const ORIGINS_EN = ['Tarhuna', 'Msallata', 'Gharyan', 'Sabha', 'Al Jufrah', 'Ghadames', 'Zliten', 'Hun', 'Waddan', 'Kufra']
const WEIGHTS_EN = ['500 g', '1 kg', '2 kg', '5 kg']
const FIRST = ['أحمد', 'محمد', 'فاطمة', 'خديجة', 'علي', 'سالم', 'مريم', 'عائشة', 'يوسف', 'نورية', 'عبد الله', 'هدى', 'إبراهيم', 'سعاد', 'مصطفى']
const LAST = ['الورفلي', 'المصراتي', 'الزليتني', 'الترهوني', 'البرعصي', 'الفيتوري', 'الشريف', 'بن علي', 'السنوسي', 'العبيدي', 'الغرياني']
const STREETS = ['الجمهورية', 'عمر المختار', 'الاستقلال', 'النصر', 'الشط', 'الجامعة', 'بن عاشور']

const generatedProducts = `
  SELECT p.* FROM products p JOIN categories c ON c.id = p.category_id
  WHERE c.slug LIKE '${CATEGORY_SLUG_PREFIX}%'`

const countOf = async (conn: Conn, text: string) => Number((await one<{ n: number | string }>(conn, `SELECT (${text})::int AS n`)).n)

// ---------------------------------------------------------------------------------------------------------
// Growth steps (each inside the load's transaction)

async function growProducts(conn: Conn, target: number): Promise<number> {
  const have = await countOf(conn, `SELECT count(*) FROM (${generatedProducts}) g`)
  if (target <= have) return 0
  const from = have + 1
  const categoriesNeeded = Math.ceil(target / PRODUCTS_PER_CATEGORY)
  await conn.query(
    `INSERT INTO categories (name, description, slug, is_active, translations)
     SELECT 'تشكيلة المزرعة ' || c, 'تشكيلة مختارة من منتجات المزرعة رقم ' || c, '${CATEGORY_SLUG_PREFIX}' || c, true,
            jsonb_build_object('en', jsonb_build_object('name', 'Farm Selection ' || c, 'description', 'A choice of farm products, no. ' || c))
     FROM generate_series(1, $1::int) c
     ON CONFLICT DO NOTHING`,
    [categoriesNeeded],
  )
  const kind = 'mod(k, 5)'
  const varietyIndex = `1 + ${kind} * 5 + mod(${h('k', 11)}, 5)`
  const variety = `(${textArray(VARIETIES.flat())})[${varietyIndex}]`
  const description = `(${textArray(DESCRIPTIONS)})[1 + ${kind}]`
  // The same pick in both languages: the hashes below are taken once per product and index both lists.
  const pickBoth = (ar: readonly string[], en: readonly string[], salt: number) => {
    const i = `1 + mod(${h('k', salt)}, ${ar.length})`
    return { ar: `(${textArray(ar)})[${i}]`, en: `(${textArray(en)})[${i}]` }
  }
  const quality = pickBoth(QUALITIES, QUALITIES_EN, 13)
  const origin = pickBoth(ORIGINS, ORIGINS_EN, 14)
  const weight = pickBoth(WEIGHTS, WEIGHTS_EN, 15)
  // Decision 0150: the product row holds names, category and attributes; what is sold is its packs (below).
  await conn.query(
    `INSERT INTO products (slug, name, description, category_id, is_active, attributes, translations)
     SELECT 'bench-product-' || x.k,
            x.variety || ' ' || x.quality || ' – ' || x.origin || ' ' || x.weight || ' رقم ' || x.k,
            x.description || x.origin || '، ' || x.weight || '، منتقى ومعبأ بعناية في المزرعة.',
            c.id,
            true,
            jsonb_build_object('origin', x.origin),
            CASE WHEN mod(x.k, 5) <> 4 THEN jsonb_build_object('en', jsonb_build_object(
              'name', x.quality_en || ' ' || x.variety_en || ' – ' || x.origin_en || ', ' || x.weight_en || ', no. ' || x.k,
              'description', x.description_en || x.origin_en || ', ' || x.weight_en || ', sorted and packed with care on the farm.',
              'origin', x.origin_en)) ELSE '{}'::jsonb END
     FROM (
       SELECT k,
              ${variety} AS variety,
              (${textArray(VARIETIES_EN.flat())})[${varietyIndex}] AS variety_en,
              ${description} AS description,
              (${textArray(DESCRIPTIONS_EN)})[1 + ${kind}] AS description_en,
              ${quality.ar} AS quality,
              ${quality.en} AS quality_en,
              ${origin.ar} AS origin,
              ${origin.en} AS origin_en,
              ${weight.ar} AS weight,
              ${weight.en} AS weight_en
       FROM generate_series($1::int, $2::int) k
     ) x
     JOIN categories c ON c.slug = '${CATEGORY_SLUG_PREFIX}' || ((x.k - 1) / ${PRODUCTS_PER_CATEGORY} + 1)
     ORDER BY x.k`,
    [from, target],
  )
  // Three packs per product (500 g, 1 kg, 5 kg carton). The 500 g pack is the default: retail 5.00–199.99, its
  // stock 0–499 (one product in fifty always in stock); two products in three sell it wholesale from 10 units, 15 %
  // cheaper. The 1 kg pack costs 1.9×, the carton 9× with breaks at 5 and 20. About one carton in ten is sold out,
  // one in twenty-five is off sale, so "in stock" and "active pack" both have rows to skip.
  await conn.query(
    `INSERT INTO product_variants (product_id, position, label, translations, sku, retail_price, retail_buying_price,
                                   wholesale_buying_price, stock, is_active, is_always_in_stock, weight_grams)
     SELECT p.id, s.position, s.label, jsonb_build_object('en', jsonb_build_object('label', s.label_en)),
            'BENCH-' || x.k || '-' || s.code,
            round(x.retail * s.factor, 2), round(x.retail * s.factor * 0.6, 2),
            CASE WHEN x.wholesale THEN round(x.retail * s.factor * 0.5, 2) END,
            CASE WHEN x.always THEN 1
                 WHEN s.position = 2 AND mod(${h('x.k', 17)}, 10) = 0 THEN 0
                 ELSE mod(${h('x.k * 3 + s.position', 12)}, 500)::int END,
            NOT (s.position = 1 AND mod(${h('x.k', 18)}, 25) = 0),
            x.always, s.grams
     FROM (
       SELECT k, round(5 + mod(${h('k', 16)}, 19500) / 100.0, 2)::numeric(12, 2) AS retail,
              mod(k, 3) <> 0 AS wholesale, mod(k, 50) = 7 AS always
       FROM generate_series($1::int, $2::int) k
     ) x
     JOIN products p ON p.slug = 'bench-product-' || x.k
     CROSS JOIN (VALUES (0, '500 غ', '500 g', '500G', 1.0, 500), (1, '1 كغ', '1 kg', '1KG', 1.9, 1000),
                        (2, 'كرتونة 5 كغ', '5 kg carton', '5KG', 9.0, 5000))
       AS s(position, label, label_en, code, factor, grams)
     ORDER BY x.k, s.position`,
    [from, target],
  )
  await conn.query(
    `INSERT INTO variant_price_tiers (variant_id, min_quantity, price)
     SELECT v.id, t.min_quantity, round(v.retail_price * t.share, 2)
     FROM product_variants v
     JOIN products p ON p.id = v.product_id
     CROSS JOIN LATERAL (VALUES (${WHOLESALE_THRESHOLD}, 0.85, 0), (${WHOLESALE_THRESHOLD}, 0.85, 1), (5, 0.9, 2), (20, 0.85, 2))
       AS t(min_quantity, share, position)
     WHERE t.position = v.position AND v.wholesale_buying_price IS NOT NULL
       AND p.slug LIKE 'bench-product-%' AND substr(p.slug, 15)::int BETWEEN $1::int AND $2::int`,
    [from, target],
  )
  const now = await countOf(conn, `SELECT count(*) FROM (${generatedProducts}) g`)
  if (now !== target) throw new Error(`expected ${target} generated products, found ${now} (a category slug or name clashed?)`)
  return target - have
}

async function growUsers(conn: Conn, target: number): Promise<number> {
  const have = await countOf(conn, `SELECT count(*) FROM users WHERE email LIKE 'shopper%@bench.ly'`)
  if (target <= have) return 0
  // One argon2 hash (the API's own function and options), shared by every bench shopper.
  const hash = await hashPassword(BENCH_SHOPPER_PASSWORD)
  const rows = await conn.query(
    `INSERT INTO users (name, email, password_hash, role, is_active, created_at, updated_at)
     SELECT ${pick(FIRST, 'i', 21)} || ' ' || ${pick(LAST, 'i', 22)}, 'shopper' || i || '@bench.ly', $2, 'user', true,
            now() - make_interval(days => mod(${h('i', 23)}, 400)::int), now()
     FROM generate_series(1, $1::int) i
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [target, hash],
  )
  return rows.length
}

/**
 * Orders n = have+1 … target, oldest first, spread evenly over the last 364 days: 60 % completed, 12 % processing,
 * 16 % pending, 12 % cancelled; 1–3 lines over distinct generated products, priced by the shop's rule (wholesale
 * price from the threshold on), totals and costs summed from the lines, order numbers ORD-YYMMDD-<id>.
 */
async function growOrders(conn: Conn, target: number): Promise<number> {
  const have = await countOf(conn, `SELECT count(*) FROM orders WHERE notes = '${GENERATED_ORDER_NOTE}'`)
  if (target <= have) return 0
  const count = target - have
  await conn.query(
    // The packs on sale of the generated products (decision 0150): a line buys one pack, priced by its first break.
    `CREATE TEMP TABLE bench_products ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY v.product_id, v.position)::int AS rn, g.id, g.name, g.translations,
            v.id AS variant_id, v.label AS variant_label, v.translations AS variant_translations, v.sku,
            v.retail_price, t.price AS wholesale_price, t.min_quantity AS wholesale_threshold,
            v.retail_buying_price, v.wholesale_buying_price
     FROM (${generatedProducts} AND p.is_active AND p.archived_at IS NULL) g
     JOIN product_variants v ON v.product_id = g.id AND v.is_active
     LEFT JOIN LATERAL (SELECT price, min_quantity FROM variant_price_tiers WHERE variant_id = v.id
                        ORDER BY min_quantity LIMIT 1) t ON true`,
  )
  await conn.query(
    `CREATE TEMP TABLE bench_cities ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY id)::int AS rn, id, name, delivery_price FROM cities WHERE is_active`,
  )
  await conn.query(
    `CREATE TEMP TABLE bench_shoppers ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY id)::int AS rn, id, name, email FROM users
     WHERE email LIKE 'shopper%@bench.ly' AND role = 'user' AND is_active`,
  )
  const productCount = await countOf(conn, 'SELECT count(*) FROM bench_products')
  const cityCount = await countOf(conn, 'SELECT count(*) FROM bench_cities')
  const shopperCount = await countOf(conn, 'SELECT count(*) FROM bench_shoppers')
  if (productCount === 0 || cityCount === 0) throw new Error('orders need generated products and an active city')
  const step = Math.max(1, Math.floor(productCount / 3))

  await conn.query(
    `CREATE TEMP TABLE bench_orders ON COMMIT DROP AS
     SELECT o.*,
            CASE WHEN o.status = 'completed' THEN 'paid'
                 WHEN o.status = 'cancelled' THEN CASE WHEN mod(${h('o.n', 31)}, 2) = 0 THEN 'failed' ELSE 'pending' END
                 WHEN mod(${h('o.n', 32)}, 10) < 3 THEN 'paid' ELSE 'pending' END AS payment_status
     FROM (
       SELECT n,
              nextval(pg_get_serial_sequence('orders', 'id'))::int AS id,
              now() - make_interval(secs => (1 - (n - $1::int + 0.5) / $2::int) * 364 * 86400 + mod(${h('n', 33)}, 3600)) AS created_at,
              CASE WHEN mod(${h('n', 34)}, 100) < 60 THEN 'completed'
                   WHEN mod(${h('n', 34)}, 100) < 72 THEN 'processing'
                   WHEN mod(${h('n', 34)}, 100) < 88 THEN 'pending'
                   ELSE 'cancelled' END AS status,
              1 + mod(${h('n', 35)}, ${cityCount})::int AS city_rn,
              CASE WHEN ${shopperCount} > 0 AND mod(${h('n', 36)}, 100) < 35 THEN 1 + mod(${h('n', 37)}, ${Math.max(shopperCount, 1)})::int END AS shopper_rn,
              least(1 + mod(${h('n', 38)}, 3)::int, ${productCount}) AS lines,
              (ARRAY['cash', 'cash', 'cash', 'massarat', 'paypal'])[1 + mod(${h('n', 39)}, 5)] AS payment_method
       FROM generate_series($1::int, $3::int) n
     ) o`,
    [have + 1, count, target],
  )
  // Distinct products per order: offsets 0, step, 2·step (step = ⌊P/3⌋) from a random start.
  await conn.query(
    `CREATE TEMP TABLE bench_items ON COMMIT DROP AS
     SELECT l.order_id, l.product_id, l.product_name, l.translations, l.variant_id, l.variant_label, l.sku,
            l.quantity, l.is_wholesale, l.unit_price, l.unit_cost, l.unit_price * l.quantity AS line_total
     FROM (
       SELECT o.id AS order_id, p.id AS product_id, p.name AS product_name,
              p.variant_id, p.variant_label, p.sku,
              -- The line keeps the product's names and the pack's label as sold (decisions 0058, 0150).
              CASE WHEN p.translations ? 'en'
                   THEN jsonb_build_object('en', jsonb_build_object('product_name', p.translations -> 'en' ->> 'name',
                          'variant_label', p.variant_translations -> 'en' ->> 'label'))
                   ELSE '{}'::jsonb END AS translations,
              q.quantity, w.is_wholesale,
              CASE WHEN w.is_wholesale THEN p.wholesale_price ELSE p.retail_price END AS unit_price,
              CASE WHEN w.is_wholesale THEN coalesce(p.wholesale_buying_price, p.retail_buying_price, 0)
                   ELSE coalesce(p.retail_buying_price, 0) END AS unit_cost,
              j
       FROM bench_orders o
       CROSS JOIN LATERAL generate_series(1, o.lines) j
       JOIN bench_products p ON p.rn = 1 + mod(${h('o.n', 40)} + (j - 1) * ${step}, ${productCount})
       CROSS JOIN LATERAL (
         SELECT CASE WHEN mod(${h('o.n * 3 + j', 41)}, 5) = 0 THEN ${WHOLESALE_THRESHOLD}
                     ELSE 1 + mod(${h('o.n * 3 + j', 42)}, 3)::int END AS quantity
       ) q
       CROSS JOIN LATERAL (
         SELECT p.wholesale_price IS NOT NULL AND p.wholesale_threshold IS NOT NULL AND p.wholesale_threshold > 0
                AND q.quantity >= p.wholesale_threshold AS is_wholesale
       ) w
     ) l
     ORDER BY l.order_id, l.j`,
  )
  await conn.query(
    `INSERT INTO orders (id, order_number, user_id, customer_name, customer_email, customer_phone, shipping_address,
                         city_id, city_name, order_status, payment_status, payment_method, notes, subtotal, delivery_price,
                         total_amount, total_cost, stock_restored_at, created_at, updated_at)
     SELECT o.id,
            'ORD-' || to_char(o.created_at AT TIME ZONE 'UTC', 'YYMMDD') || '-' ||
              CASE WHEN length(o.id::text) >= 5 THEN o.id::text ELSE lpad(o.id::text, 5, '0') END,
            u.id,
            coalesce(u.name, ${pick(FIRST, 'o.n', 43)} || ' ' || ${pick(LAST, 'o.n', 44)}),
            coalesce(u.email, 'customer' || o.n || '@bench-orders.ly'),
            '+21891' || (1000000 + mod(${h('o.n', 45)}, 8999999))::text,
            'شارع ' || ${pick(STREETS, 'o.n', 46)} || ' ' || (1 + mod(${h('o.n', 47)}, 90)) || '، ' || c.name,
            c.id, c.name, o.status, o.payment_status, o.payment_method, '${GENERATED_ORDER_NOTE}',
            s.subtotal, c.delivery_price, s.subtotal + c.delivery_price, s.cost,
            CASE WHEN o.status = 'cancelled' THEN o.created_at END,
            o.created_at, o.created_at
     FROM bench_orders o
     JOIN (SELECT order_id, sum(line_total) AS subtotal, sum(unit_cost * quantity) AS cost FROM bench_items GROUP BY order_id) s
       ON s.order_id = o.id
     JOIN bench_cities c ON c.rn = o.city_rn
     LEFT JOIN bench_shoppers u ON u.rn = o.shopper_rn
     ORDER BY o.id`,
  )
  // After the orders: the completed_sales_lines trigger reads each line's order status and date.
  await conn.query(
    `INSERT INTO order_items (order_id, product_id, product_name, translations, variant_id, variant_label, sku, quantity,
                              unit_price, unit_cost, is_wholesale, line_total)
     SELECT order_id, product_id, product_name, translations, variant_id, variant_label, sku, quantity, unit_price,
            unit_cost, is_wholesale, line_total FROM bench_items`,
  )
  await conn.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, from_payment_status, to_payment_status, created_at)
     SELECT id, NULL, 'pending', NULL, 'pending', created_at FROM bench_orders
     UNION ALL
     SELECT id, 'pending', status, 'pending', payment_status, least(created_at + interval '1 day', now())
     FROM bench_orders WHERE status <> 'pending' OR payment_status <> 'pending'`,
  )
  return count
}

// ---------------------------------------------------------------------------------------------------------

/**
 * Gives the checkout's products their big starting stock and reads what the checkout load needs. The checkout names
 * products without a pack, so it buys each one's default pack (decision 0150: the first active pack, position 0 here):
 * stock is counted on that pack.
 */
async function takeSnapshot(conn: Conn): Promise<StockSnapshot> {
  const defaultPack = `JOIN product_variants v ON v.product_id = g.id AND v.position = 0`
  const stockIds = (
    await conn.query<{ id: number }>(
      `SELECT g.id FROM (${generatedProducts} AND p.is_active AND p.archived_at IS NULL) g ${defaultPack}
       WHERE v.is_active AND NOT v.is_always_in_stock ORDER BY g.id LIMIT ${STOCK_PRODUCTS}`,
    )
  ).map((r) => Number(r.id))
  if (stockIds.length === 0) throw new Error('no stock-counted generated product')
  await inTransaction(conn, async () => {
    await benchStockContext(conn)
    await conn.query(
      `UPDATE product_variants SET stock = $1, updated_at = now() WHERE product_id = ANY($2::int[]) AND position = 0 AND stock <> $1`,
      [STOCK_START, stockIds],
    )
  })
  const stockRows = await conn.query<{ id: number; stock: number }>(
    `SELECT product_id AS id, stock FROM product_variants WHERE product_id = ANY($1::int[]) AND position = 0 ORDER BY product_id`,
    [stockIds],
  )
  const always = await conn.query<{ id: number }>(
    `SELECT g.id FROM (${generatedProducts} AND p.is_active AND p.archived_at IS NULL) g ${defaultPack}
     WHERE v.is_active AND v.is_always_in_stock ORDER BY g.id LIMIT ${ALWAYS_IN_STOCK_PRODUCTS}`,
  )
  const city = await one<{ id: number }>(conn, `SELECT id FROM cities WHERE is_active AND delivery_price > 0 ORDER BY id LIMIT 1`)
  const category = await one<{ id: number }>(conn, `SELECT id FROM categories WHERE slug = '${CATEGORY_SLUG_PREFIX}1'`)
  const maxOrder = await one<{ id: number }>(conn, `SELECT coalesce(max(id), 0)::int AS id FROM orders`)
  return {
    stocks: Object.fromEntries(stockRows.map((r) => [String(r.id), Number(r.stock)])),
    alwaysInStock: always.map((r) => Number(r.id)),
    cityId: Number(city.id),
    categoryId: Number(category.id),
    maxOrderId: Number(maxOrder.id),
    takenAt: new Date().toISOString(),
  }
}

async function load(request: LoadRequest): Promise<LoadResult> {
  const started = performance.now()
  const database = await open(request.target)
  try {
    await migrateDatabase(database)
    const seeded = await seedDatabase(database.db, { adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password, demoOrders: false })
    if (seeded.createdAdmin || seeded.seededCatalogue) log(`seeded (admin ${seeded.createdAdmin}, catalogue ${seeded.seededCatalogue})`)
    return await withConn(database, async (conn) => {
      const grown = await inTransaction(conn, async () => {
        await benchStockContext(conn)
        const products = await growProducts(conn, request.products)
        const users = await growUsers(conn, request.users ?? 0)
        const orders = await growOrders(conn, request.orders ?? 0)
        // The checkout load is one client placing thousands of cash orders with one phone: the per-client order limits
        // (decision 0091) would stop it after a few, so the bench shop has them off (0), as an owner may.
        await conn.query(
          `INSERT INTO settings (key, value) VALUES ('orders_per_ip_per_hour', '0'), ('orders_per_phone_per_hour', '0'),
             ('orders_per_email_per_hour', '0'), ('max_pending_cash_orders_per_phone', '0')
           ON CONFLICT (key) DO UPDATE SET value = '0'`,
        )
        return { products, users, orders }
      })
      log(`added ${grown.products} products, ${grown.users} shoppers, ${grown.orders} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`)
      await conn.query('VACUUM ANALYZE')
      const snapshot = await takeSnapshot(conn)
      const products = await countOf(conn, 'SELECT count(*) FROM products')
      const orders = await countOf(conn, 'SELECT count(*) FROM orders')
      return { products, orders, loadSeconds: (performance.now() - started) / 1000, snapshot }
    })
  } finally {
    await database.close()
  }
}

/** For each snapshot product's default pack: stock now + units of it in orders placed after the snapshot = stock at the snapshot. */
async function verify(request: VerifyRequest): Promise<VerifyResult> {
  const { snapshot } = request
  const database = await open(request.target)
  try {
    return await withConn(database, async (conn) => {
      const ids = Object.keys(snapshot.stocks).map(Number)
      const rows = await conn.query<{ id: number; stock: number; sold: number }>(
        `SELECT v.product_id AS id, v.stock,
                coalesce((SELECT sum(i.quantity) FROM order_items i WHERE i.variant_id = v.id AND i.order_id > $2), 0)::int AS sold
         FROM product_variants v WHERE v.product_id = ANY($1::int[]) AND v.position = 0 ORDER BY v.product_id`,
        [ids, snapshot.maxOrderId],
      )
      const found = new Map(rows.map((r) => [Number(r.id), { stock: Number(r.stock), sold: Number(r.sold) }]))
      const mismatches: StockMismatch[] = []
      let sold = 0
      for (const id of ids) {
        const startStock = snapshot.stocks[String(id)]!
        const row = found.get(id)
        const stockNow = row?.stock ?? Number.NaN
        const soldSince = row?.sold ?? 0
        sold += soldSince
        if (stockNow + soldSince !== startStock) mismatches.push({ productId: id, startStock, stockNow, soldSince })
      }
      const newOrders = await countOf(conn, `SELECT count(*) FROM orders WHERE id > ${Math.trunc(Number(snapshot.maxOrderId))}`)
      return { checked: ids.length, sold, ok: mismatches.length === 0, mismatches, newOrders }
    })
  } finally {
    await database.close()
  }
}

const [command, json] = process.argv.slice(2)
try {
  if (!json) throw new Error('usage: load-data.ts load|verify <json>')
  let result: LoadResult | VerifyResult
  if (command === 'load') result = await load(JSON.parse(json) as LoadRequest)
  else if (command === 'verify') result = await verify(JSON.parse(json) as VerifyRequest)
  else throw new Error(`unknown command ${command}; usage: load-data.ts load|verify <json>`)
  process.stdout.write(`\n${JSON.stringify(result)}\n`)
  process.exit(0)
} catch (error) {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
}
