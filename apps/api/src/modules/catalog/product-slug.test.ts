import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCategory,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { products } from '../../db/schema/catalog.ts'
import { createCatalogVersion } from './catalog-version.ts'
import { createPublicListCache } from './public-list-cache.ts'
import { createStorefrontCatalog } from './storefront.service.ts'

describe('product addresses (decision 0034)', () => {
  let ctx: TestContext
  let admin: TestUser
  let storefront: ReturnType<typeof createStorefrontCatalog>
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    const version = createCatalogVersion(ctx.app.db, 0, 0)
    storefront = createStorefrontCatalog(ctx.app.db, createPublicListCache(ctx.app.db, version), version)
  })
  afterAll(() => ctx.close())

  const create = async (fields: Record<string, unknown>) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: { description: 'وصف', price: 20, stock: 5, ...fields },
    })
    expect(res.statusCode).toBe(201)
    return res.json() as { id: number; slug: string }
  }

  it('makes a readable address from the name, unique among products', async () => {
    const first = await create({ name: 'Deglet Nour Dates – 1 kg' })
    const second = await create({ name: 'Deglet Nour dates 1 KG!' })
    const arabic = await create({ name: 'تمر دقلة نور' })
    expect(first.slug).toBe('deglet-nour-dates-1-kg')
    expect(second.slug).toBe('deglet-nour-dates-1-kg-2')
    expect(arabic.slug).toBe('tmr-dqla-nwr')
    const page = await storefront.product('deglet-nour-dates-1-kg', 'ar')
    expect(page.kind === 'found' && page.product.id).toBe(first.id)
  })

  it('gives a renamed product a new address and answers the old one with the new (also when asked by id)', async () => {
    const p = await create({ name: 'Sidr Honey' })
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: admin.headers,
      payload: { name: 'Wild Sidr Honey' },
    })
    expect(res.json().slug).toBe('wild-sidr-honey')
    expect(await storefront.product('sidr-honey', 'ar')).toEqual({ kind: 'moved', slug: 'wild-sidr-honey' })
    expect(await storefront.product(String(p.id), 'ar')).toEqual({ kind: 'moved', slug: 'wild-sidr-honey' })
    expect((await storefront.product('wild-sidr-honey', 'ar')).kind).toBe('found')
    // A new product may not take the old address: it still leads to the renamed one.
    expect((await create({ name: 'Sidr honey' })).slug).toBe('sidr-honey-2')
    // Renamed back: its old address is its own again.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: admin.headers,
      payload: { name: 'Sidr Honey' },
    })
    expect((await storefront.product('sidr-honey', 'ar')).kind).toBe('found')
    expect(await storefront.product('wild-sidr-honey', 'ar')).toEqual({ kind: 'moved', slug: 'sidr-honey' })
  })

  it('keeps the address when other fields change', async () => {
    const p = await create({ name: 'Olive Oil 1 L' })
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/products/${p.id}`,
      headers: admin.headers,
      payload: { price: 55 },
    })
    expect(res.json().slug).toBe('olive-oil-1-l')
  })

  it('has no page for an unknown, inactive or archived product', async () => {
    expect(await storefront.product('nothing-here', 'ar')).toEqual({ kind: 'missing' })
    const inactive = await create({ name: 'Hidden dates', is_active: false })
    expect(await storefront.product(inactive.slug, 'ar')).toEqual({ kind: 'missing' })
    const archived = await create({ name: 'Old dates' })
    await ctx.app.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id))
    expect(await storefront.product(archived.slug, 'ar')).toEqual({ kind: 'missing' })
  })

  it('shows up to four other active products of the category, in stock, newest first', async () => {
    const category = await createCategory(ctx.app)
    const main = await create({ name: 'Main honey', category_id: category.id })
    const others = []
    for (let i = 1; i <= 5; i++)
      others.push(await create({ name: `Other honey ${i}`, category_id: category.id }))
    await create({ name: 'Sold out honey', category_id: category.id, stock: 0 })
    await create({ name: 'Hidden honey', category_id: category.id, is_active: false })
    const page = await storefront.product(main.slug, 'ar')
    if (page.kind !== 'found') throw new Error('expected the product')
    expect(page.related.map((r) => r.name)).toEqual([
      'Other honey 5',
      'Other honey 4',
      'Other honey 3',
      'Other honey 2',
    ])
  })

  it('gives imported products addresses, and a product renamed by a file a new one', async () => {
    const csv = 'name,description,category,price,stock\nImported Bronzi Dates,حلو,,30,10\n'
    const form = (text: string) => {
      const boundary = '----x'
      return {
        headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
      }
    }
    const imported = await ctx.app.inject({ method: 'POST', url: '/api/products/import', ...form(csv) })
    expect(imported.statusCode).toBe(200)
    const [row] = await ctx.app.db.select().from(products).where(eq(products.name, 'Imported Bronzi Dates'))
    expect(row!.slug).toBe('imported-bronzi-dates')
    const renamed = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      ...form(`id,name,description,category,price,stock\n${row!.id},Bronzi Dates,حلو,,30,10\n`),
    })
    expect(renamed.json().summary).toMatchObject({ updated: 1, errors: [] })
    expect(await storefront.product('imported-bronzi-dates', 'ar')).toEqual({
      kind: 'moved',
      slug: 'bronzi-dates',
    })
  })
})

describe('migration 0010: products that existed before addresses get one from their name', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  it('transliterates Arabic names like the shop does, and numbers the ones a name already took', async () => {
    const { readFileSync } = await import('node:fs')
    const { fileURLToPath } = await import('node:url')
    const { sql } = await import('drizzle-orm')
    const file = readFileSync(
      fileURLToPath(new URL('../../db/migrations/0010_product_slugs.sql', import.meta.url)),
      'utf8',
    )
    const backfill = file.split('--> statement-breakpoint').find((s) => s.includes('WITH "base"'))!
    const { slugify } = await import('../../domain/slug.ts')
    const names = ['تمر دقلة نور – 1 كغ', 'عسل السدر الجبلي', 'Olive Oil', 'تمر دقلة نور – 1 كغ', '!!!']
    const ids: number[] = []
    for (const [i, name] of names.entries()) {
      const [row] = await ctx.app.db
        .insert(products)
        .values({ slug: `tmp-${i}`, name })
        .returning({ id: products.id })
      ids.push(row!.id)
    }
    await ctx.app.db.execute(sql.raw(backfill))
    const slugs = new Map(
      (await ctx.app.db.select({ id: products.id, slug: products.slug }).from(products)).map((r) => [
        r.id,
        r.slug,
      ]),
    )
    expect(slugs.get(ids[0]!)).toBe(slugify(names[0]!))
    expect(slugs.get(ids[1]!)).toBe(slugify(names[1]!))
    expect(slugs.get(ids[2]!)).toBe('olive-oil')
    expect(slugs.get(ids[3]!)).toBe(`${slugify(names[0]!)}-${ids[3]}`)
    expect(slugs.get(ids[4]!)).toBe('product')
  })
})
