import { eq } from 'drizzle-orm'
import { gunzipSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCategory,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { products } from '../../db/schema/catalog.ts'
import { orderItems, orders } from '../../db/schema/orders.ts'
import { multipartForm } from '../../../test/multipart.ts'
import { CATALOG_MAX_STALE_MS } from './catalog-version.ts'

const png = () =>
  sharp({ create: { width: 1200, height: 600, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer()

describe('products API', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  const en = { 'accept-language': 'en' }
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
  })
  afterAll(() => ctx.close())

  const list = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/products?${query}`, headers })

  it('searches name and description in Arabic and English, case-insensitively, with wildcards taken literally', async () => {
    const a = await createProduct(ctx.app, { name: 'عسل السدر الجبلي', description: 'من الجبل الأخضر' })
    const b = await createProduct(ctx.app, {
      name: 'Medjool Dates',
      description: 'Soft and SWEET dates 100%_pure',
    })
    const ids = async (q: string) =>
      (await list(`search=${encodeURIComponent(q)}`)).json().data.map((p: { id: number }) => p.id)
    expect(await ids('السدر')).toEqual([a.id])
    expect(await ids('الأخضر')).toEqual([a.id])
    expect(await ids('medjool')).toEqual([b.id])
    expect(await ids('sweet')).toEqual([b.id])
    expect(await ids('100%_p')).toEqual([b.id])
    expect(await ids('%')).toEqual([b.id])
  })

  it('shows the public only active, non-archived products without buying prices; admins see all with buying prices', async () => {
    const cat = await createCategory(ctx.app, { name: 'فئة العرض' })
    const shown = await createProduct(ctx.app, { categoryId: cat.id, name: 'منتج ظاهر' })
    const hidden = await createProduct(ctx.app, { categoryId: cat.id, isActive: false })
    await createProduct(ctx.app, { categoryId: cat.id, archivedAt: new Date() })

    for (const headers of [{}, shopper.headers]) {
      const res = await list(`category_id=${cat.id}`, headers)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body).toMatchObject({ total: 1, current_page: 1, per_page: 12, last_page: 1 })
      expect(body.data[0]).toMatchObject({
        id: shown.id,
        price: 20,
        retail_price: 20,
        wholesale_price: 16,
        category: { id: cat.id, name: 'فئة العرض' },
        attributes: { weight: '1 كغ', origin: 'الجفرة' },
      })
      expect(body.data[0]).not.toHaveProperty('retail_buying_price')
      expect(body.data[0]).not.toHaveProperty('wholesale_buying_price')
    }
    const adminRes = await list(`category_id=${cat.id}`, admin.headers)
    expect(adminRes.headers['cache-control']).toBe('private, no-store')
    expect(adminRes.json().data.map((p: { id: number }) => p.id)).toEqual([hidden.id, shown.id])
    expect(adminRes.json().data[0]).toMatchObject({ retail_buying_price: 12, wholesale_buying_price: 10 })
    expect((await list(`category_id=${cat.id}&active=true`, admin.headers)).json().total).toBe(1)

    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${hidden.id}` })).statusCode).toBe(404)
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/products/${hidden.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(200)
    const one = await ctx.app.inject({ method: 'GET', url: `/api/products/${shown.id}` })
    expect(one.json()).toMatchObject({ id: shown.id, name: 'منتج ظاهر' })
    expect(one.json()).not.toHaveProperty('retail_buying_price')
  })

  it('filters in_stock, paginates newest first and caps per_page with a translated 422', async () => {
    const cat = await createCategory(ctx.app)
    const out = await createProduct(ctx.app, { categoryId: cat.id, stock: 0 })
    const always = await createProduct(ctx.app, { categoryId: cat.id, stock: 1, isAlwaysInStock: true })
    // Always in stock, but marked out of stock (decision 0014: the storefront shows stock above 0 only).
    const alwaysMarkedOut = await createProduct(ctx.app, {
      categoryId: cat.id,
      stock: 0,
      isAlwaysInStock: true,
    })
    const some = await createProduct(ctx.app, { categoryId: cat.id, stock: 3 })
    const inStock = (await list(`category_id=${cat.id}&in_stock=true`))
      .json()
      .data.map((p: { id: number }) => p.id)
    expect(inStock).toEqual([some.id, always.id])
    expect(inStock).not.toContain(alwaysMarkedOut.id)
    const page2 = (await list(`category_id=${cat.id}&per_page=2&page=2`)).json()
    expect(page2).toMatchObject({ total: 4, last_page: 2, current_page: 2, per_page: 2 })
    expect(page2.data.map((p: { id: number }) => p.id)).toEqual([always.id, out.id])
    const tooMany = await list('per_page=101', en)
    expect(tooMany.statusCode).toBe(422)
    expect(tooMany.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { per_page: ['Page size must be between 1 and 100'] },
    })
  })

  it('gives guests a short public cache with an ETag honoured by If-None-Match', async () => {
    const first = await list('per_page=5')
    expect(first.headers['cache-control']).toBe('public, max-age=30')
    const etag = first.headers.etag as string
    expect(etag).toBeTruthy()
    const again = await list('per_page=5', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    await createProduct(ctx.app)
    // Decision 0019: public lists follow a catalogue change within the re-check interval.
    await new Promise((r) => setTimeout(r, CATALOG_MAX_STALE_MS + 100))
    expect((await list('per_page=5', { 'if-none-match': etag })).statusCode).toBe(200)
  })

  it('sends guests the list gzipped when they accept it, the same JSON once unpacked', async () => {
    const made = []
    for (let i = 0; i < 6; i++) made.push(await createProduct(ctx.app))
    // The helper writes past the API, so the cached list follows within CATALOG_MAX_STALE_MS (decision 0019): wait
    // until it shows the new products (on a busy machine the two requests below could straddle that re-check).
    const last = made.at(-1)!.id
    await expect
      .poll(async () => (await list('per_page=24')).json().data.some((p: { id: number }) => p.id === last), {
        timeout: 30_000,
      })
      .toBe(true)
    const plain = await list('per_page=24')
    const zipped = await list('per_page=24', { 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.statusCode).toBe(200)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toContain('Accept-Encoding')
    expect(zipped.headers.etag).toBe(plain.headers.etag)
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json())
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('creates a product from multipart with an image stored as WebP in two sizes', async () => {
    const cat = await createCategory(ctx.app)
    const form = multipartForm(
      {
        name: 'تمر برني',
        description: 'تمر طري',
        category_id: cat.id,
        price: '30.50',
        wholesale_price: '25',
        wholesale_threshold: '10',
        retail_buying_price: '',
        wholesale_buying_price: '',
        stock: '7',
        is_active: 'true',
        weight: '2 كغ',
        origin: '',
      },
      [{ field: 'image', filename: '../../etc/passwd.png', contentType: 'image/png', data: await png() }],
    )
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode).toBe(201)
    const p = res.json()
    expect(p).toMatchObject({
      name: 'تمر برني',
      price: 30.5,
      wholesale_price: 25,
      wholesale_threshold: 10,
      retail_buying_price: null,
      stock: 7,
      category_id: cat.id,
      attributes: { weight: '2 كغ', origin: null },
    })
    expect(p.image_url).toMatch(/^\/api\/images\/[a-f0-9]{32}\/large\.webp$/)
    expect(p.image_url).not.toContain('passwd')
    const image = await ctx.app.inject({ method: 'GET', url: p.image_url })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await sharp(image.rawPayload).metadata()).width).toBe(800)
    const small = await ctx.app.inject({ method: 'GET', url: p.image_small_url })
    expect((await sharp(small.rawPayload).metadata()).width).toBe(400)
  })

  it('rejects bad prices naming the field, and an unknown category on category_id', async () => {
    const create = (fields: Record<string, string | number>) => {
      const form = multipartForm({ name: 'x', description: 'y', price: '20', ...fields })
      return ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { ...admin.headers, ...en, ...form.headers },
        payload: form.payload,
      })
    }
    const notBelow = await create({ wholesale_price: '20', wholesale_threshold: '5' })
    expect(notBelow.statusCode).toBe(422)
    expect(notBelow.json().errors).toEqual({
      wholesale_price: ['The wholesale price must be below the retail price'],
    })
    const noThreshold = await create({ wholesale_price: '15' })
    expect(noThreshold.json().errors).toEqual({
      wholesale_threshold: ['A wholesale price needs a minimum quantity of 2 or more'],
    })
    const lowThreshold = await create({ wholesale_price: '15', wholesale_threshold: '1' })
    expect(lowThreshold.json().errors.wholesale_threshold).toEqual([
      'The wholesale minimum quantity must be 2 or more',
    ])
    const negative = await create({ price: '-1', stock: '-3' })
    expect(negative.json().errors).toMatchObject({
      price: ['Enter an amount such as 12.50'],
      stock: ['Stock must be a whole number of 0 or more'],
    })
    const unknownCategory = await create({ category_id: 999999 })
    expect(unknownCategory.statusCode).toBe(422)
    expect(unknownCategory.json().errors).toEqual({ category_id: ['This category does not exist'] })
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { name: 'JSON', description: 'd', price: 5 },
    })
    expect(json.statusCode).toBe(201)
    expect(json.json()).toMatchObject({ stock: 1, is_active: true })
  })

  it('updates by JSON PUT (absent fields kept) and by multipart POST with _method=PUT and a new image', async () => {
    const p = await createProduct(ctx.app, { stock: 40 })
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: admin.headers,
      payload: { name: 'اسم جديد', price: 22 },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({ name: 'اسم جديد', price: 22, stock: 40, wholesale_price: 16 })
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: { ...admin.headers, ...en },
      payload: { price: 10 },
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.wholesale_price).toEqual(['The wholesale price must be below the retail price'])

    const form = multipartForm(
      { _method: 'PUT', name: 'بصورة', description: 'وصف', price: '22', stock: '0' },
      [{ field: 'image', filename: 'photo.png', contentType: 'image/png', data: await png() }],
    )
    const post = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${p.id}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    })
    expect(post.statusCode).toBe(200)
    expect(post.json()).toMatchObject({ name: 'بصورة', stock: 0 })
    expect(post.json().image_url).toMatch(/large\.webp$/)
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/products/999999',
          headers: admin.headers,
          payload: {},
        })
      ).statusCode,
    ).toBe(404)
  })

  it('patches status and stock with validation', async () => {
    const p = await createProduct(ctx.app)
    const status = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}/status`,
      headers: admin.headers,
      payload: { is_active: false },
    })
    expect(status.json()).toMatchObject({ is_active: false })
    const stock = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}/stock`,
      headers: admin.headers,
      payload: { stock: 0 },
    })
    expect(stock.json()).toMatchObject({ stock: 0 })
    const negative = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}/stock`,
      headers: { ...admin.headers, ...en },
      payload: { stock: -1 },
    })
    expect(negative.statusCode).toBe(422)
    expect(negative.json().errors).toEqual({ stock: ['Stock must be a whole number of 0 or more'] })
    const notBool = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${p.id}/status`,
      headers: { ...admin.headers, ...en },
      payload: { is_active: 'maybe' },
    })
    expect(notBool.json().errors).toEqual({ is_active: ['Must be true or false'] })
  })

  it('archives a product that appears in orders (history keeps it) and erases one that does not', async () => {
    const sold = await createProduct(ctx.app, { name: 'منتج مباع' })
    const [order] = await ctx.app.db
      .insert(orders)
      .values({
        orderNumber: `ORD-T-${sold.id}`,
        customerName: 'زبون',
        customerEmail: 'c@example.ly',
        customerPhone: '0910000000',
        shippingAddress: 'طرابلس',
        subtotal: 20,
        totalAmount: 20,
      })
      .returning()
    await ctx.app.db.insert(orderItems).values({
      orderId: order!.id,
      productId: sold.id,
      productName: sold.name,
      quantity: 1,
      unitPrice: 20,
      lineTotal: 20,
    })
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/products/${sold.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204)
    const [kept] = await ctx.app.db.select().from(products).where(eq(products.id, sold.id))
    expect(kept).toMatchObject({ isActive: false })
    expect(kept!.archivedAt).toBeInstanceOf(Date)
    const [item] = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id))
    expect(item).toMatchObject({ productId: sold.id, productName: 'منتج مباع' })
    expect((await list(`search=${encodeURIComponent('منتج مباع')}`, admin.headers)).json().total).toBe(0)

    const unsold = await createProduct(ctx.app)
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/products/${unsold.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(204)
    expect(await ctx.app.db.select().from(products).where(eq(products.id, unsold.id))).toEqual([])
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/products/${unsold.id}`, headers: admin.headers }))
        .statusCode,
    ).toBe(404)
  })

  it('keeps every write admin-only: guest 401, shopper 403', async () => {
    const p = await createProduct(ctx.app)
    const calls = [
      { method: 'POST' as const, url: '/api/products', payload: { name: 'x' } },
      { method: 'PUT' as const, url: `/api/products/${p.id}`, payload: { name: 'x' } },
      { method: 'POST' as const, url: `/api/products/${p.id}`, payload: { name: 'x' } },
      { method: 'PATCH' as const, url: `/api/products/${p.id}/status`, payload: { is_active: false } },
      { method: 'PATCH' as const, url: `/api/products/${p.id}/stock`, payload: { stock: 1 } },
      { method: 'DELETE' as const, url: `/api/products/${p.id}` },
    ]
    for (const call of calls) {
      const guest = await ctx.app.inject(call)
      expect(guest.statusCode).toBe(401)
      expect(guest.json().message).toBe('يرجى تسجيل الدخول للمتابعة')
      expect((await ctx.app.inject({ ...call, headers: shopper.headers })).statusCode).toBe(403)
    }
  })

  it('answers malformed requests with a 4xx body, never a 500', async () => {
    const p = await createProduct(ctx.app)
    const big = '9'.repeat(30)
    const calls = [
      { method: 'GET' as const, url: '/api/products?page=abc&per_page=-1&category_id=x&active=maybe' },
      { method: 'GET' as const, url: `/api/products?search=${'ت'.repeat(150)}` },
      { method: 'GET' as const, url: `/api/products?search=%5C%25%27%22%3B--&page=${big}` },
      { method: 'GET' as const, url: `/api/products/${big}` },
      { method: 'GET' as const, url: '/api/products/-1' },
      { method: 'PUT' as const, url: `/api/products/${p.id}`, headers: admin.headers, payload: [1, 2] },
      {
        method: 'PUT' as const,
        url: `/api/products/${p.id}`,
        headers: admin.headers,
        payload: { price: big, stock: 1.5, category_id: 'abc', name: 5 },
      },
      {
        method: 'PUT' as const,
        url: `/api/products/${p.id}`,
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: 'null',
      },
      {
        method: 'POST' as const,
        url: '/api/products',
        headers: { ...admin.headers, 'content-type': 'text/plain' },
        payload: 'hello',
      },
      {
        method: 'POST' as const,
        url: '/api/products',
        headers: { ...admin.headers, 'content-type': 'multipart/form-data; boundary=x' },
        payload: 'garbage',
      },
      {
        method: 'PATCH' as const,
        url: `/api/products/${p.id}/stock`,
        headers: admin.headers,
        payload: { stock: big },
      },
      { method: 'GET' as const, url: '/api/categories?active=1&search=' + 'x'.repeat(200) },
    ]
    for (const call of calls) {
      const res = await ctx.app.inject(call)
      expect(res.statusCode, `${call.method} ${call.url}`).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, `${call.method} ${call.url}`).toBeLessThan(500)
      expect(res.json().message).toBeTruthy()
    }
  })

  it('describes the catalogue in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/products',
        '/api/products/{id}',
        '/api/categories',
        '/api/products/import',
      ]),
    )
  })

  it('keeps an optional SKU per product: saved, shown to staff, unique in any case, checked (decision 0116)', async () => {
    const a = await createProduct(ctx.app, { name: 'تمر برمز' })
    const b = await createProduct(ctx.app, { name: 'تمر آخر' })
    const put = (id: number, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: { ...admin.headers, ...en },
        payload,
      })
    const saved = await put(a.id, { sku: ' DATES-1KG ' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ sku: 'DATES-1KG', name: 'تمر برمز' })
    const taken = await put(b.id, { sku: 'dates-1kg' })
    expect(taken.statusCode).toBe(422)
    expect(taken.json().errors).toEqual({ sku: ['Another product already has this SKU'] })
    const bad = await put(b.id, { sku: 'has space' })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.sku).toEqual(['Use letters, digits and - _ . / only (64 at most, no spaces)'])
    // A partial update keeps the SKU; an empty one removes it.
    expect((await put(a.id, { price: 31 })).json()).toMatchObject({ sku: 'DATES-1KG', price: 31 })
    expect((await put(a.id, { sku: '' })).json().sku).toBeNull()
    expect((await put(b.id, { sku: 'dates-1kg' })).json().sku).toBe('dates-1kg')
    const form = multipartForm({ name: 'منتج برمز', description: 'وصف', price: '9', sku: 'DATES-1KG' })
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...admin.headers, ...en, ...form.headers },
      payload: form.payload,
    })
    expect(created.statusCode).toBe(422)
    expect(created.json().errors).toEqual({ sku: ['Another product already has this SKU'] })
  })
})
