import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'
import { products } from '../db/schema/catalog.ts'
import { productInStock } from '../domain/sellable.ts'
import { seedDatabase } from '../db/seed.ts'
import { webDist } from '../paths.ts'

// Decision 0110: a search engine finds the shop's pages by following links in the server's HTML, with no script run
// and no form filled. Built web app needed (`npm run build`), as for pages.test.ts.
const built = existsSync(join(webDist, 'server/index.js'))

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")

/** The addresses of the page's `<a href>` on this shop (no script, no buttons, no forms: what a crawler follows). */
const links = (html: string) =>
  [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)]
    .map((m) => decode(m[1]!))
    .filter((href) => href.startsWith('/') && !href.startsWith('//'))
    .map((href) => href.split('#')[0]!)

describe('crawling the storefront from / by its links', () => {
  let ctx: TestContext
  beforeAll(async () => {
    if (!built)
      throw new Error(`The web app is not built (${webDist}/server/index.js): run npm run build first`)
    ctx = await createTestApp({ webDist })
    // The shop as it first starts: the demo catalogue (41 products, 40 of them active, 36 of those in stock; sizes are
    // packs of one product, decision 0150).
    await seedDatabase(ctx.app.db, {
      adminEmail: 'owner@shop.test',
      adminPassword: 'owner-pass-1',
      demoOrders: false,
    })
  })
  afterAll(() => ctx?.close())

  it('reaches every listed product page, every category list and every page of the list through <a href> alone', async () => {
    // robots.txt's rules, as a well-behaved crawler reads them.
    const robots = (await ctx.app.inject({ method: 'GET', url: '/robots.txt' })).body
    const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]!.trim())
    const allowed = (path: string) => !disallowed.some((d) => path.startsWith(d))

    const seen = new Set<string>(['/'])
    const queue = ['/']
    const redirects: string[] = []
    while (queue.length > 0) {
      const url = queue.shift()!
      const res = await ctx.app.inject({ method: 'GET', url })
      let body = res.body
      if (res.statusCode >= 300 && res.statusCode < 400) {
        redirects.push(`${url} → ${res.headers.location}`)
        body = `<a href="${String(res.headers.location)}"></a>`
      } else expect(res.statusCode, url).toBe(200)
      if (!String(res.headers['content-type'] ?? '').includes('text/html') && res.statusCode === 200) continue
      for (const href of links(body)) {
        if (seen.has(href) || !allowed(href) || href.startsWith('/api/')) continue
        seen.add(href)
        queue.push(href)
      }
      expect(seen.size, 'a crawl that never ends').toBeLessThan(500)
    }
    // Links lead where they say: no page links to an address that only redirects.
    expect(redirects).toEqual([])

    const listed = await ctx.app.db
      .select({ slug: products.slug })
      .from(products)
      .where(and(eq(products.isActive, true), isNull(products.archivedAt), productInStock))
    expect(listed.length).toBe(36)
    const reached = new Set([...seen].map((u) => u.split('?')[0]!))
    const missing = listed.map((p) => `/products/${p.slug}`).filter((path) => !reached.has(path))
    expect(missing).toEqual([])
    // Each category's list by its slug, and the pages past the first (12 a page: 36 products are 3 pages).
    for (const slug of [
      'dates',
      'honey',
      'olive-oil',
      'olives',
      'palm-offshoots',
      'date-products',
      'farm-products',
    ])
      expect(seen, slug).toContain(`/products?category=${slug}`)
    for (const page of [2, 3]) expect(seen).toContain(`/products?page=${page}`)
    expect(seen).not.toContain(`/products?page=4`)
  }, 240_000)

  it('tells crawlers the order of a list’s pages (rel prev/next) and names each page as itself (canonical)', async () => {
    const head = async (url: string) => {
      const html = (await ctx.app.inject({ method: 'GET', url })).body
      return html.slice(0, html.indexOf('</head>'))
    }
    const href = (h: string, rel: string) =>
      decode(new RegExp(`<link rel="${rel}" href="([^"]*)"`).exec(h)?.[1] ?? '') || null

    const first = await head('/products')
    expect(href(first, 'canonical')).toBe('http://shop.test/products')
    expect(href(first, 'prev')).toBeNull()
    expect(href(first, 'next')).toBe('http://shop.test/products?page=2')

    const second = await head('/products?page=2&lang=en')
    expect(href(second, 'canonical')).toBe('http://shop.test/products?page=2&lang=en')
    expect(href(second, 'prev')).toBe('http://shop.test/products?lang=en')
    expect(href(second, 'next')).toBe('http://shop.test/products?page=3&lang=en')

    const last = await head('/products?page=3')
    expect(href(last, 'prev')).toBe('http://shop.test/products?page=2')
    expect(href(last, 'next')).toBeNull()

    const category = await head('/products?category=dates&page=1')
    expect(href(category, 'canonical')).toBe('http://shop.test/products?category=dates')

    // A search result list is not one to follow or list.
    const search = await head('/products?search=honey')
    expect(href(search, 'next')).toBeNull()
    expect(search).toContain('<meta name="robots" content="noindex"/>')
  })

  it('moves an address with a category’s id to the one with its slug for good', async () => {
    const [dates] = await ctx.app.db.select({ id: products.categoryId }).from(products).limit(1)
    const res = await ctx.app.inject({ method: 'GET', url: `/products?category=${dates!.id}&lang=en` })
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toMatch(/^\/products\?category=[a-z-]+&lang=en$/)
    const unknown = await ctx.app.inject({ method: 'GET', url: '/products?category=no-such-thing&page=2' })
    expect(unknown.statusCode).toBe(302)
    expect(unknown.headers.location).toBe('/products')
  })
})
