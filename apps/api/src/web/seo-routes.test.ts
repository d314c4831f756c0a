import Fastify from 'fastify'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCategory, createProduct, createTestApp, type TestContext } from '../../test/helpers.ts'
import { categories, products } from '../db/schema/catalog.ts'
import { seoRoutes } from './seo-routes.ts'

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&#38;/g, '&'))

describe('robots.txt and sitemap.xml', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  it('robots.txt keeps crawlers out of the dashboard, cart, checkout, account, tracking, payment pages and API (but product pictures) and names the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const lines = res.body.split('\n')
    for (const path of [
      '/dashboard',
      '/cart',
      '/checkout',
      '/api',
      '/my-orders',
      '/login',
      '/track',
      '/payment/',
    ])
      expect(lines).toContain(`Disallow: ${path}`)
    expect(lines).not.toContain('Disallow: /products')
    expect(lines).toContain('Allow: /api/images/')
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml')
  })

  it('lists the landing page, the products list, every active category and product, each in Arabic and English', async () => {
    const honey = await createCategory(ctx.app, { name: 'عسل للخريطة' })
    const hidden = await createCategory(ctx.app, { name: 'مخفي للخريطة', isActive: false })
    await createProduct(ctx.app, { slug: 'map-honey', name: 'عسل', categoryId: honey.id })
    await createProduct(ctx.app, { slug: 'map-hidden', name: 'مخفي', isActive: false })
    const archived = await createProduct(ctx.app, { slug: 'map-archived', name: 'قديم' })
    await ctx.app.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id))

    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/xml')
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true)
    const urls = locs(res.body)
    for (const page of [
      'http://shop.test/',
      'http://shop.test/products',
      `http://shop.test/products?category=${honey.slug}`,
      'http://shop.test/products/map-honey',
    ]) {
      expect(urls).toContain(page)
      expect(urls).toContain(`${page}${page.includes('?') ? '&' : '?'}lang=en`)
    }
    expect(
      urls.some(
        (u) =>
          u.includes('map-hidden') || u.includes('map-archived') || u.includes(`category=${hidden.slug}`),
      ),
    ).toBe(false)
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="http://shop.test/products/map-honey?lang=en"/>',
    )
    // Well formed enough for a crawler: every <url> closed, every & escaped.
    expect(res.body.match(/<url>/g)!.length).toBe(res.body.match(/<\/url>/g)!.length)
    expect(/&(?!#\d+;)/.test(res.body)).toBe(false)
    await ctx.app.db.update(categories).set({ isActive: true }).where(eq(categories.id, hidden.id))
  })

  it('splits a large catalogue into an index of files under the protocol’s limits', async () => {
    const app = Fastify()
    app.decorate('db', ctx.app.db)
    app.decorate('appUrl', 'http://shop.test')
    await app.register(seoRoutes, { productsPerFile: 2 })
    for (let i = 1; i <= 4; i++) await createProduct(ctx.app, { slug: `map-many-${i}`, name: `منتج ${i}` })
    const listed = await ctx.app.db
      .select({ slug: products.slug })
      .from(products)
      .where(and(eq(products.isActive, true), isNull(products.archivedAt)))
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(index.body).toContain('<sitemapindex ')
    const files = locs(index.body)
    expect(files[0]).toBe('http://shop.test/sitemaps/pages.xml')
    expect(files.slice(1)).toEqual(
      Array.from(
        { length: Math.ceil(listed.length / 2) },
        (_, i) => `http://shop.test/sitemaps/products-${i + 1}.xml`,
      ),
    )
    const seen: string[] = []
    for (const file of files.slice(1)) {
      const part = await app.inject({ method: 'GET', url: file.replace('http://shop.test', '') })
      expect(part.statusCode).toBe(200)
      seen.push(...locs(part.body).filter((u) => !u.endsWith('?lang=en')))
    }
    expect(seen.sort()).toEqual(listed.map((p) => `http://shop.test/products/${p.slug}`).sort())
    expect(
      (await app.inject({ method: 'GET', url: `/sitemaps/products-${files.length + 5}.xml` })).statusCode,
    ).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/sitemaps/products-x.xml' })).statusCode).toBe(404)
    await app.close()
  })
})
