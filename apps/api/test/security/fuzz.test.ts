import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { TestContext } from '../helpers.ts'
import { createCategory, createCity, createProduct, createUser } from '../helpers.ts'
import { createAppWithRoutes, type RegisteredRoute } from './route-access.ts'

// security.md "Bad input": a fast-check fuzz over every registered route — never a 5xx, never a stack trace
// (product.md §8.1).
// Bounded for the test command (RUNS per route and caller); long soaks belong to `npm run bench`.
const RUNS = Number(process.env.FUZZ_RUNS ?? 40)

const oddStrings = [
  '',
  ' ',
  '-1',
  '0',
  '1',
  '2',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  'abc',
  'null',
  'true',
  '1.5',
  '0x10',
  '١٢٣',
  '../',
  '../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '\u0000',
  '\uFEFF',
  '🌴'.repeat(50),
  'تمر',
  '<img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '${7*7}',
  '__proto__',
  'constructor',
  '9'.repeat(40),
  'x'.repeat(5000),
  '\uD800',
  '=cmd|calc',
]
const oddString = fc.oneof(
  fc.constantFrom(...oddStrings),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
)

const keys = [
  'id',
  'name',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'token',
  'items',
  'product_id',
  'quantity',
  'city_id',
  'price',
  'retail_price',
  'wholesale_price',
  'wholesale_threshold',
  'stock',
  'is_active',
  'is_admin',
  'role',
  'user_id',
  'key',
  'value',
  'order_status',
  'payment_status',
  'payment_method',
  'delivery_price',
  'category_id',
  'page',
  'per_page',
  'search',
  'status',
  'from',
  'to',
  'active',
  'in_stock',
  'expected_total',
  'customer_name',
  'customer_email',
  'customer_phone',
  'shipping_address',
  'notes',
  'description',
  'slug',
  '_method',
  '__proto__',
  'constructor',
]
const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    1,
    2 ** 31,
    2 ** 53,
    -(2 ** 63),
    1e308,
    Number.MIN_VALUE,
    0.1,
    1.005,
    null,
    true,
    false,
  ),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
)
const likelyBody = fc.dictionary(fc.constantFrom(...keys), oddValue, { maxKeys: 8 })
const itemsBody = fc.record({
  items: fc.array(fc.record({ product_id: oddValue, quantity: oddValue }, { requiredKeys: [] }), {
    maxLength: 4,
  }),
  city_id: oddValue,
  customer_name: oddString,
  customer_email: fc.oneof(oddString, fc.emailAddress()),
})
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

/** A raw request body and the content type it is sent with. */
const body = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.tuple(
      fc.constant('application/json'),
      fc.oneof(likelyBody, itemsBody, fc.jsonValue({ maxDepth: 4 })).map((v) => JSON.stringify(v) ?? 'null'),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constant('application/json'),
      fc.constantFrom(
        '{"a":',
        '{',
        'nul',
        '"',
        '{"__proto__":{"is_admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        deep(64),
        deep(20_000),
        `{"name":"${'ب'.repeat(300_000)}"}`,
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constant('application/json'), fc.constant(`"${'x'.repeat(1_100_000)}"`)),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=zz',
        'application/xml',
        'application/json; charset=latin1',
        'image/png',
      ),
      fc.oneof(
        oddString,
        fc.constant(
          '--zz\r\nContent-Disposition: form-data; name="file"; filename="../../x.csv"\r\n\r\n=1+1\r\n--zz--\r\n',
        ),
      ),
    ),
  },
  { weight: 1, arbitrary: fc.constant<[string | undefined, string | undefined]>([undefined, undefined]) },
)

const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...keys), oddString), oddString), { maxLength: 6 })
    .map((pairs) => {
      const q = new URLSearchParams()
      for (const [k, v] of pairs) q.append(k, v)
      return q.toString()
    }),
  fc.constantFrom(
    'page=1&page=2',
    'per_page=100000',
    'per_page=-5',
    'from=2024-02-30&to=2023-01-01',
    'search=%',
    'search=%25%5F',
    'a[b][c]=1',
    '%zz',
    'status[]=completed',
  ),
)

const pathId = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '1',
    '2',
    '1e309',
    'abc',
    '..',
    '%2e%2e%2f',
    '..%2F..%2Fetc',
    '%00',
    'x'.repeat(3000),
    '%F0%9F%8C%B4',
    '%D8%AA%D9%85%D8%B1',
    '1.5',
    '99999999999999999999',
    ' 1',
  ),
  fc.integer({ min: -5, max: 50 }).map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
)

const headers = fc.record(
  {
    authorization: fc.constantFrom(
      'Bearer',
      'Bearer ',
      `Bearer ${'a'.repeat(30)}`,
      `Bearer ${'a'.repeat(5000)}`,
      'Basic YTpi',
      'bearer null',
      'Bearer ../../',
      'Bearer 🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴🌴',
    ),
    'accept-language': fc.oneof(
      fc.constantFrom('en', 'ar', 'fr', '*', 'en;q=abc', ',,,', 'x'.repeat(500)),
      oddString,
    ),
    'idempotency-key': fc.oneof(
      fc.constantFrom('k', 'x'.repeat(500), '../../', 'valid-key-123456'),
      fc.string({ maxLength: 20 }),
    ),
    'x-forwarded-for': fc.constantFrom('1.1.1.1', 'garbage', '::1, 999.999.1.1'),
    'x-http-method-override': fc.constantFrom('DELETE', 'PUT'),
  },
  { requiredKeys: [] },
)

const STACK_TRACE = /\n\s+at |\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|node_modules|\/work\/|file:\/\//

describe('fuzz every registered route', () => {
  let ctx: TestContext
  let routes: RegisteredRoute[]
  let adminToken: string

  beforeAll(async () => {
    ;({ ctx, routes } = await createAppWithRoutes())
    adminToken = (await createUser(ctx.app, 'super_admin')).token
    // Some real rows so ids 1, 2 … reach the code behind "not found".
    const category = await createCategory(ctx.app)
    await createProduct(ctx.app, { categoryId: category.id })
    await createProduct(ctx.app, { isActive: false })
    await createCity(ctx.app)
  })
  afterAll(() => ctx?.close())

  async function fuzz(caller: 'guest' | 'admin') {
    const failures: string[] = []
    const statuses = new Map<number, number>()
    // Logout revokes the admin's token; it goes last.
    const ordered = [...routes].sort(
      (a, b) => Number(a.key === 'POST /api/logout') - Number(b.key === 'POST /api/logout'),
    )
    for (const route of ordered) {
      try {
        await fc.assert(
          fc.asyncProperty(pathId, query, body, headers, async (id, q, [contentType, payload], extra) => {
            const url = route.url.replace(/:(\w+)/g, () => id).replace(/\*/g, id) + (q ? `?${q}` : '')
            const h: Record<string, string> = { ...extra }
            if (caller === 'admin') h.authorization = `Bearer ${adminToken}`
            if (contentType) h['content-type'] = contentType
            const res = await ctx.app.inject({
              method: route.method as 'POST',
              url,
              headers: h,
              payload: route.method === 'GET' ? undefined : payload,
            })
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`)
            if (STACK_TRACE.test(res.body.slice(0, 20_000)) && !route.url.startsWith('/api/docs'))
              throw new Error(`stack trace in body: ${res.body.slice(0, 300)}`)
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
      } catch (err) {
        failures.push(`${caller} ${route.key}: ${String((err as Error).message).slice(0, 1200)}`)
      }
      if (
        caller === 'admin' &&
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/me',
            headers: { authorization: `Bearer ${adminToken}` },
          })
        ).statusCode !== 200
      ) {
        // The fuzz may legitimately have signed the admin out or changed its account; carry on with a fresh one.
        adminToken = (await createUser(ctx.app, 'super_admin')).token
      }
    }
    // The fuzz must really reach the routes: many requests, answered with a spread of statuses (2xx, 4xx).
    const total = [...statuses.values()].reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThanOrEqual(routes.length * RUNS * 0.9)
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true)
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThanOrEqual(3)
    console.info(
      `fuzz ${caller}: ${total} requests over ${routes.length} routes`,
      Object.fromEntries(statuses),
    )
    return failures
  }

  it('never answers a guest with a 5xx or a stack trace', { timeout: 180_000 }, async () => {
    expect(await fuzz('guest')).toEqual([])
  })

  it('never answers an admin with a 5xx or a stack trace', { timeout: 180_000 }, async () => {
    expect(await fuzz('admin')).toEqual([])
  })
})
