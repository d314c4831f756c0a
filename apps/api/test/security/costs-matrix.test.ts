import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Permission } from '@shop/shared/permissions'
import {
  createCity,
  createStaff,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../helpers.ts'
import { multipartForm } from '../multipart.ts'
import { placeTestOrder } from '../orders.ts'
import { createPackedProduct, putProduct, readProduct } from '../variants.ts'

// Issue 38, decision 0216: buying prices, unit costs and profit only for staff with costs.view. Every answer that can
// carry them (orders, products, figures, the sales and product files, the audit trail, a save's answer) is read as an
// order clerk and as a custom role with every other permission but costs.view: no cost key and no cost figure
// anywhere. The owner and the accountant still find them.
const BUYING = '7.77'
const WHOLESALE_BUYING = '6.66'
// One line of 20.00 bought at 7.77.
const PROFIT = '12.23'

/** Everything that could show costs, without costs.view. */
const CUSTOM: Permission[] = [
  'orders.view',
  'orders.process',
  'orders.edit',
  'orders.export',
  'products.manage',
  'imports.manage',
  'stats.view',
  'customers.view',
  'audit.view',
]

/** Cost keys of a JSON answer and cost columns of a file (the sales file's profit header in either language). */
const COST_MARKS = [
  /"(retail_buying_price|wholesale_buying_price|unit_cost|total_cost|profit|total_profit)"/,
  /retail_buying_price|wholesale_buying_price/,
  /(^|,)"?(الربح|Profit)"?(,|\r?$)/m,
]
const COST_FIGURES = [BUYING, WHOLESALE_BUYING, PROFIT]

let ctx: TestContext
let owner: TestUser
let accountant: TestUser
let clerk: TestUser
let custom: TestUser
let editor: TestUser
let shopper: TestUser
let productId: number
let completedId: number
let pendingId: number

beforeAll(async () => {
  ctx = await createTestApp()
  ;[owner, accountant, clerk, custom, editor, shopper] = await Promise.all([
    createStaff(ctx.app, 'owner'),
    createStaff(ctx.app, 'accountant'),
    createStaff(ctx.app, 'order_clerk'),
    createStaff(ctx.app, { permissions: CUSTOM }),
    createStaff(ctx.app, 'catalogue_editor'),
    createUser(ctx.app),
  ])
  const city = await createCity(ctx.app, { deliveryPrice: 5 })
  // Made through the API, so the audit trail holds its buying prices.
  const product = await createPackedProduct(ctx.app, owner, [
    { price: 20, retail_buying_price: 7.77, wholesale_buying_price: 6.66, stock: 50 },
  ])
  productId = product.id
  const items = [{ product_id: productId, quantity: 1 }]
  completedId = (
    await placeTestOrder(ctx.app, { cityId: city.id, items, headers: shopper.headers, status: 'completed' })
  ).id
  pendingId = (await placeTestOrder(ctx.app, { cityId: city.id, items, headers: shopper.headers })).id
})
afterAll(() => ctx.close())

/** Every read that can carry costs. */
const reads = () => [
  '/api/orders',
  '/api/orders?status=completed',
  `/api/orders/${completedId}`,
  '/api/products',
  `/api/products/${productId}`,
  '/api/dashboard/stats',
  '/api/dashboard/stats?by=variant',
  '/api/dashboard/revenue',
  '/api/orders/export/csv',
  '/api/products/export/csv',
  `/api/users/${shopper.id}`,
  '/api/audit',
  '/api/audit?entity=product',
]

async function readAll(user: TestUser) {
  const answers: { url: string; status: number; body: string }[] = []
  for (const url of reads()) {
    const res = await ctx.app.inject({ method: 'GET', url, headers: user.headers })
    // A read the role may not make is refused before anything is read (someone else's order: 404, as a shopper's).
    expect([200, 403, 404], `${url} ${res.body}`).toContain(res.statusCode)
    answers.push({ url, status: res.statusCode, body: res.body })
  }
  return answers
}

function costsIn(body: string): string[] {
  return [
    ...COST_MARKS.filter((m) => m.test(body)).map(String),
    // A figure as a number of its own, not inside a time (05:31:07.770) or another figure (17.775): a leak shows as
    // `:7.77` in JSON or `,7.77` in a file.
    ...COST_FIGURES.filter((f) => new RegExp(`(?<![\\d.])${f.replace('.', '\\.')}(?![\\d])`).test(body)),
  ]
}

const pick = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]))

describe('costs without costs.view', () => {
  it.each([
    ['an order clerk', () => clerk, () => ['/api/orders', `/api/orders/${completedId}`, '/api/products']],
    ['a custom role with products.manage and every other permission but costs.view', () => custom, reads],
    ['the catalogue editor', () => editor, () => ['/api/products', '/api/products/export/csv']],
  ] as const)('%s finds no cost key or figure in any answer or file', async (_who, user, mustRead) => {
    const answers = await readAll(user())
    for (const url of mustRead()) expect(answers.find((a) => a.url === url)?.status, url).toBe(200)
    for (const { url, status, body } of answers) if (status === 200) expect(costsIn(body), url).toEqual([])
  })

  it('leaves the profit card out of the figures, not at zero', async () => {
    const stats = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard/stats',
      headers: custom.headers,
    })
    expect(stats.json()).not.toHaveProperty('total_profit')
    expect(stats.json().total_revenue).toBeGreaterThan(0)
    const file = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/export/csv',
      headers: custom.headers,
    })
    const ownerFile = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/export/csv',
      headers: owner.headers,
    })
    // The column is left out, not blanked: one column fewer than the owner's file.
    const columns = (csv: string) => csv.split('\r\n')[0]!.split(',').length
    expect(columns(file.body)).toBe(columns(ownerFile.body) - 1)
  })

  it('answers a staff write (confirming an order, saving a product) without costs', async () => {
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${pendingId}/confirm`,
      headers: clerk.headers,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(costsIn(confirmed.body)).toEqual([])
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${pendingId}`,
      headers: custom.headers,
      payload: {
        ...pick(confirmed.json(), ['customer_name', 'customer_email', 'customer_phone', 'shipping_address']),
        order_status: 'processing',
        payment_status: 'pending',
        notes: 'اتصلنا بالزبون',
      },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(costsIn(edited.body)).toEqual([])
  })

  it('keeps the stored buying prices when such a role saves the product, with or without its packs', async () => {
    const stored = (await readProduct(ctx.app, productId, { staff: owner })).json()
    const pack = stored.variants[0]
    // The form of someone without costs.view sends no buying prices; one that tries is not listened to.
    const renamed = await putProduct(ctx.app, custom, productId, { name_ar: 'تمر بعد التعديل' })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(costsIn(renamed.body)).toEqual([])
    const withPacks = await putProduct(ctx.app, editor, productId, {
      variants: [
        { id: pack.id, price: 20, stock: pack.stock, retail_buying_price: 1, wholesale_buying_price: 1 },
      ],
    })
    expect(withPacks.statusCode, withPacks.body).toBe(200)
    const after = (await readProduct(ctx.app, productId, { staff: owner })).json()
    expect(after).toMatchObject({
      retail_buying_price: 7.77,
      wholesale_buying_price: 6.66,
      name: 'تمر بعد التعديل',
    })
    expect(after.variants[0]).toMatchObject({ retail_buying_price: 7.77, wholesale_buying_price: 6.66 })
  })

  it('keeps them when such a role imports a file with buying price columns', async () => {
    const pack = (await readProduct(ctx.app, productId, { staff: owner })).json().variants[0]
    const csv = `id,variant_id,name,price,retail_buying_price,wholesale_buying_price\r\n${productId},${pack.id},تمر مستورد,20,1.00,1.00\r\n`
    const form = multipartForm({}, [
      { field: 'file', filename: 'products.csv', contentType: 'text/csv', data: Buffer.from(csv, 'utf8') },
    ])
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...editor.headers, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().summary).toMatchObject({ updated: 1, errors: [] })
    const after = (await readProduct(ctx.app, productId, { staff: owner })).json()
    expect(after.name).toBe('تمر مستورد')
    expect(after.variants[0]).toMatchObject({ retail_buying_price: 7.77, wholesale_buying_price: 6.66 })
  })
})

describe('costs with costs.view', () => {
  it('the owner finds buying prices, unit costs and profit in every answer that carries them', async () => {
    const answers = Object.fromEntries((await readAll(owner)).map((a) => [a.url, a]))
    for (const url of reads()) expect(answers[url]!.status, url).toBe(200)
    expect(JSON.parse(answers[`/api/orders/${completedId}`]!.body)).toMatchObject({
      profit: 12.23,
      items: [{ unit_cost: 7.77 }],
    })
    expect(JSON.parse(answers['/api/orders']!.body).totals.profit).toBeCloseTo(24.46)
    expect(JSON.parse(answers[`/api/products/${productId}`]!.body)).toMatchObject({
      retail_buying_price: 7.77,
      variants: [{ retail_buying_price: 7.77, wholesale_buying_price: 6.66 }],
    })
    expect(JSON.parse(answers['/api/dashboard/stats']!.body).total_profit).toBe(12.23)
    expect(answers['/api/orders/export/csv']!.body).toContain(PROFIT)
    expect(answers['/api/products/export/csv']!.body).toContain('retail_buying_price')
    expect(answers['/api/products/export/csv']!.body).toContain(BUYING)
    expect(answers['/api/audit?entity=product']!.body).toContain('retail_buying_price')
    expect(JSON.parse(answers[`/api/users/${shopper.id}`]!.body).orders[0]).toHaveProperty('profit')
  })

  it('the accountant finds profit in orders, figures and the sales file, and buying prices on products', async () => {
    const answers = Object.fromEntries((await readAll(accountant)).map((a) => [a.url, a]))
    expect(JSON.parse(answers[`/api/orders/${completedId}`]!.body).profit).toBe(12.23)
    expect(JSON.parse(answers['/api/dashboard/stats']!.body).total_profit).toBe(12.23)
    expect(answers['/api/orders/export/csv']!.body).toContain(PROFIT)
    expect(JSON.parse(answers[`/api/products/${productId}`]!.body).retail_buying_price).toBe(7.77)
  })
})
