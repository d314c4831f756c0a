import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../app.ts'
import {
  createCategory,
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { CATALOG_MAX_STALE_MS } from './catalog-version.ts'

const customer = {
  customer_name: 'فاطمة علي',
  customer_email: 'fatima@example.ly',
  customer_phone: '+218 91 234 5678',
  shipping_address: 'طرابلس، شارع عمر المختار',
}
/** Decision 0019: a committed change is in every public list after CATALOG_MAX_STALE_MS. */
const afterRecheck = () => new Promise((r) => setTimeout(r, CATALOG_MAX_STALE_MS + 100))

type ListedProduct = {
  id: number
  name: string
  price: number
  stock: number
  category: { name: string } | null
  retail_buying_price?: number
}

describe('public product list cache (decision 0019)', () => {
  let ctx: TestContext
  let admin: TestUser
  /** A second API process on the same database, with its own in-process cache (operations.md, scaling out). */
  let other: App
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    other = await buildApp({
      database: ctx.database,
      env: { APP_URL: 'http://shop.test' },
      webDist: '/nonexistent',
    })
  })
  afterAll(async () => {
    await other.close()
    await ctx.close()
  })

  const listed = async (app: App, query: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'GET', url: `/api/products?${query}`, headers })
    expect(res.statusCode).toBe(200)
    return res.json() as { data: ListedProduct[]; total: number }
  }

  it('shows an admin price change and a new product in both processes within the staleness bound', async () => {
    const cat = await createCategory(ctx.app)
    const dates = await createProduct(ctx.app, { categoryId: cat.id, retailPrice: 20 })
    await afterRecheck()
    const query = `category_id=${cat.id}&per_page=12`
    expect((await listed(ctx.app, query)).data.map((p) => p.price)).toEqual([20])
    expect((await listed(other, query)).data.map((p) => p.price)).toEqual([20])

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${dates.id}`,
      headers: admin.headers,
      payload: { price: 27.5 },
    })
    expect(put.statusCode).toBe(200)
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { name: 'عسل سدر', description: 'عسل جبلي', price: 90, category_id: cat.id, stock: 4 },
    })
    expect(added.statusCode).toBe(201)
    await afterRecheck()
    for (const app of [ctx.app, other]) {
      const list = await listed(app, query)
      expect(list.total).toBe(2)
      expect(list.data.map((p) => [p.name, p.price])).toEqual([
        ['عسل سدر', 90],
        [dates.name, 27.5],
      ])
    }
  })

  it('shows the stock left after a checkout, and a renamed category, within the staleness bound', async () => {
    const cat = await createCategory(ctx.app)
    const honey = await createProduct(ctx.app, {
      categoryId: cat.id,
      stock: 5,
      wholesalePrice: null,
      wholesaleThreshold: null,
    })
    const city = await createCity(ctx.app)
    await afterRecheck()
    const query = `category_id=${cat.id}`
    expect((await listed(other, query)).data[0]).toMatchObject({ stock: 5, category: { name: cat.name } })

    const order = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': `cache-test-${honey.id}` },
      payload: { ...customer, city_id: city.id, items: [{ product_id: honey.id, quantity: 2 }] },
    })
    expect(order.statusCode).toBe(201)
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/categories/${cat.id}`,
      headers: admin.headers,
      payload: { name: 'عسل الجبل', description: '' },
    })
    expect(renamed.statusCode).toBe(200)
    await afterRecheck()
    for (const app of [ctx.app, other])
      expect((await listed(app, query)).data[0]).toMatchObject({ stock: 3, category: { name: 'عسل الجبل' } })
  })

  it('never serves the staff answer (buying prices, inactive products) to the public, nor the public one to staff', async () => {
    const cat = await createCategory(ctx.app)
    const shown = await createProduct(ctx.app, { categoryId: cat.id, retailBuyingPrice: 12 })
    const hidden = await createProduct(ctx.app, { categoryId: cat.id, isActive: false })
    const query = `category_id=${cat.id}`
    const staff = await listed(ctx.app, query, admin.headers)
    expect(staff.data.map((p) => p.id)).toEqual([hidden.id, shown.id])
    expect(staff.data[1]!.retail_buying_price).toBe(12)
    const shopper = await createUser(ctx.app)
    for (const headers of [{}, shopper.headers]) {
      const list = await listed(ctx.app, query, headers)
      expect(list.data.map((p) => p.id)).toEqual([shown.id])
      expect(list.data[0]).not.toHaveProperty('retail_buying_price')
    }
    const again = await ctx.app.inject({
      method: 'GET',
      url: `/api/products?${query}`,
      headers: admin.headers,
    })
    expect(again.headers['cache-control']).toBe('private, no-store')
    expect(again.json().data.map((p: ListedProduct) => p.id)).toEqual([hidden.id, shown.id])
  })

  it('answers If-None-Match with 304 and a changed list with the new body and a new ETag', async () => {
    const cat = await createCategory(ctx.app)
    await createProduct(ctx.app, { categoryId: cat.id })
    await afterRecheck()
    const url = `/api/products?category_id=${cat.id}`
    const first = await ctx.app.inject({ method: 'GET', url })
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    const etag = first.headers.etag as string
    const same = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')
    await createProduct(ctx.app, { categoryId: cat.id })
    await afterRecheck()
    const changed = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.headers.etag).not.toBe(etag)
    expect(changed.json().total).toBe(2)
  })
})
