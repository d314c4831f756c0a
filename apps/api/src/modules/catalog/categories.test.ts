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
import { eq } from 'drizzle-orm'
import { firstFreeSlug, slugify } from '../../domain/slug.ts'

describe('slugify', () => {
  it('transliterates Arabic names to URL-safe Latin', () => {
    expect(slugify('تمور الجفرة')).toBe('tmwr-aljfra')
    expect(slugify('عَسَل السِّدر')).toBe('asl-alsdr')
    expect(slugify('  Olive Oil & Honey!! ')).toBe('olive-oil-honey')
    expect(slugify('★★★')).toBe('category')
    expect(firstFreeSlug('tmwr', ['tmwr', 'tmwr-2'])).toBe('tmwr-3')
  })
})

describe('categories API', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
  })
  afterAll(() => ctx.close())

  const post = (body: unknown, headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'POST', url: '/api/categories', headers, payload: body as object })

  it('creates a category with a slug transliterated from its Arabic name, unique with -2', async () => {
    const first = await post({ name: 'زيت الزيتون', description: 'زيت بكر' })
    expect(first.statusCode).toBe(201)
    expect(first.json()).toMatchObject({
      name: 'زيت الزيتون',
      slug: 'zyt-alzytwn',
      is_active: true,
      products_count: 0,
    })
    const second = await post({ name: 'زيت  الزيتون!' })
    expect(second.statusCode).toBe(201)
    expect(second.json().slug).toBe('zyt-alzytwn-2')
  })

  it('keeps names and slugs unique when admins save at the same time', async () => {
    const same = await Promise.all(Array.from({ length: 5 }, () => post({ name: 'تين مجفف' })))
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422])
    // Different names, one slug base: every save lands, each with its own slug.
    const alike = await Promise.all(
      ['Dry Figs', 'dry-figs', 'Dry  Figs!!', 'dry figs?'].map((name) => post({ name })),
    )
    expect(alike.map((r) => r.statusCode)).toEqual([201, 201, 201, 201])
    expect(alike.map((r) => r.json().slug).sort()).toEqual([
      'dry-figs',
      'dry-figs-2',
      'dry-figs-3',
      'dry-figs-4',
    ])
  })

  it('refuses a duplicate name (any case) with a translated 422 on name', async () => {
    await post({ name: 'Honey' })
    const dup = await post({ name: 'honey' }, { ...admin.headers, 'accept-language': 'en' })
    expect(dup.statusCode).toBe(422)
    expect(dup.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { name: ['A category with this name already exists'] },
    })
    const ar = await post({ name: 'HONEY' })
    expect(ar.json().errors.name).toEqual(['توجد فئة بهذا الاسم مسبقًا'])
  })

  it('validates the body with translated field errors', async () => {
    const res = await post({ name: '   ' }, { ...admin.headers, 'accept-language': 'en' })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.name).toEqual(['Name is required'])
  })

  it('updates a category and its slug follows a new name', async () => {
    const c = (await post({ name: 'Dates old' })).json()
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/categories/${c.id}`,
      headers: admin.headers,
      payload: { name: 'Dates New', description: '', is_active: false },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: c.id,
      name: 'Dates New',
      slug: 'dates-new',
      is_active: false,
      description: null,
    })
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/categories/999999',
      headers: admin.headers,
      payload: { name: 'x' },
    })
    expect(missing.statusCode).toBe(404)
  })

  it('lists active categories publicly with products_count; admins see inactive ones and can search', async () => {
    const active = await createCategory(ctx.app, { name: 'تمور للعد' })
    const hidden = await createCategory(ctx.app, { name: 'فئة مخفية', isActive: false })
    await createProduct(ctx.app, { categoryId: active.id })
    await createProduct(ctx.app, { categoryId: active.id, isActive: false })
    await createProduct(ctx.app, { categoryId: active.id, archivedAt: new Date() })

    const pub = await ctx.app.inject({ method: 'GET', url: '/api/categories' })
    expect(pub.statusCode).toBe(200)
    expect(pub.headers['cache-control']).toBe('public, max-age=30')
    const names = pub.json().data.map((c: { name: string }) => c.name)
    expect(names).toContain('تمور للعد')
    expect(names).not.toContain('فئة مخفية')
    expect(pub.json().data.find((c: { id: number }) => c.id === active.id).products_count).toBe(2)

    const adminList = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories?search=مخفية',
      headers: admin.headers,
    })
    expect(adminList.headers['cache-control']).toBe('private, no-store')
    expect(adminList.json().data.map((c: { id: number }) => c.id)).toEqual([hidden.id])
  })

  it('answers a repeated public list with 304 when the ETag matches', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/categories' })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\//)
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('refuses to delete a category with products (409) and deletes an empty one', async () => {
    const used = await createCategory(ctx.app)
    const product = await createProduct(ctx.app, { categoryId: used.id })
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/categories/${used.id}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({
      code: 'CATEGORY_IN_USE',
      message: 'This category has products and cannot be deleted',
    })

    // Once its only product is archived (kept for order history) the category can go.
    await ctx.app.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id))
    const ok = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/categories/${used.id}`,
      headers: admin.headers,
    })
    expect(ok.statusCode).toBe(204)
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/categories/${used.id}`,
      headers: admin.headers,
    })
    expect(gone.statusCode).toBe(404)
    const bad = await ctx.app.inject({ method: 'DELETE', url: '/api/categories/abc', headers: admin.headers })
    expect(bad.statusCode).toBe(422)
  })

  it('keeps every write admin-only: guest 401, shopper 403', async () => {
    const c = await createCategory(ctx.app)
    const calls = [
      { method: 'POST' as const, url: '/api/categories', payload: { name: 'x' } },
      { method: 'PUT' as const, url: `/api/categories/${c.id}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `/api/categories/${c.id}` },
    ]
    for (const call of calls) {
      expect((await ctx.app.inject(call)).statusCode).toBe(401)
      expect((await ctx.app.inject({ ...call, headers: shopper.headers })).statusCode).toBe(403)
    }
  })
})
