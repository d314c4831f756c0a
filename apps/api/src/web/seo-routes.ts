import type { FastifyInstance, FastifyReply } from 'fastify'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import {
  countListedProducts,
  listedCategories,
  listedProducts,
} from '../modules/catalog/storefront.service.ts'
import { webPublic } from '../paths.ts'

/**
 * What search engines and link previews read besides the pages (decision 0033): /robots.txt, /sitemap.xml (an index
 * of several files past SITEMAP_PRODUCTS products), /og-image.png (the shop's picture for pages without one of their
 * own) and /logo.png (product.md §2.1).
 */

/** Products per sitemap file: each is listed twice (ar and en), well under the protocol's 50,000 addresses a file. */
export const SITEMAP_PRODUCTS = 10_000

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const day = (date: Date) => date.toISOString().slice(0, 10)

/** One page in both languages: an entry per language, each naming the other (hreflang). */
function entries(origin: string, path: string, lastmod?: Date): string {
  const ar = `${origin}${path}`
  const en = `${origin}${path}${path.includes('?') ? '&' : '?'}lang=en`
  const alternates =
    `<xhtml:link rel="alternate" hreflang="ar" href="${xml(ar)}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${xml(en)}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(ar)}"/>`
  const mod = lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''
  return `<url><loc>${xml(ar)}</loc>${mod}${alternates}</url>\n<url><loc>${xml(en)}</loc>${mod}${alternates}</url>\n`
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'

export async function seoRoutes(app: FastifyInstance, options: { productsPerFile?: number } = {}) {
  const origin = app.appUrl
  const perFile = options.productsPerFile ?? SITEMAP_PRODUCTS
  const hide = { schema: { hide: true } }

  app.get('/robots.txt', hide, async (_request, reply) => {
    const body = [
      'User-agent: *',
      // Product pictures (link previews) are under /api; nothing else there is a page.
      'Allow: /api/images/',
      'Disallow: /api',
      'Disallow: /dashboard',
      'Disallow: /cart',
      'Disallow: /checkout',
      'Disallow: /my-orders',
      'Disallow: /order-confirmation',
      // Account, tracking and payment screens: a visitor's own business, never a search result (decision 0033).
      'Disallow: /login',
      'Disallow: /register',
      'Disallow: /forgot-password',
      'Disallow: /change-password',
      'Disallow: /reset-password',
      'Disallow: /track',
      'Disallow: /payment/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n')
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body)
  })

  /** The landing page, the product list, each category's list and (while they fit) every product. */
  async function pagesAndProducts(withProducts: boolean): Promise<string> {
    let body = URLSET_OPEN + entries(origin, '/') + entries(origin, '/products')
    for (const c of await listedCategories(app.db))
      body += entries(origin, `/products?category=${encodeURIComponent(c.slug)}`, c.updatedAt)
    if (withProducts) body += await productEntries(0, perFile)
    return `${body}</urlset>\n`
  }

  async function productEntries(offset: number, limit: number): Promise<string> {
    let body = ''
    for (const p of await listedProducts(app.db, offset, limit))
      body += entries(origin, `/products/${encodeURIComponent(p.slug)}`, p.updatedAt)
    return body
  }

  const sendXml = (body: string) => (reply: FastifyReply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body)

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const total = await countListedProducts(app.db)
    if (total <= perFile) return sendXml(await pagesAndProducts(true))(reply)
    // A large catalogue: an index of the pages' file and one file per `perFile` products (by id).
    const files = [`${origin}/sitemaps/pages.xml`]
    for (let n = 1; n <= Math.ceil(total / perFile); n++) files.push(`${origin}/sitemaps/products-${n}.xml`)
    const index =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      files.map((f) => `<sitemap><loc>${xml(f)}</loc></sitemap>\n`).join('') +
      '</sitemapindex>\n'
    return sendXml(index)(reply)
  })

  app.get('/sitemaps/pages.xml', hide, async (_request, reply) =>
    sendXml(await pagesAndProducts(false))(reply),
  )

  app.get<{ Params: { n: string } }>('/sitemaps/products-:n.xml', hide, async (request, reply) => {
    const n = /^\d{1,6}$/.test(request.params.n) ? Number(request.params.n) : 0
    if (n < 1)
      return reply.status(404).send({ code: 'NOT_FOUND', message: request.t('errors.ROUTE_NOT_FOUND') })
    const body = await productEntries((n - 1) * perFile, perFile)
    if (!body)
      return reply.status(404).send({ code: 'NOT_FOUND', message: request.t('errors.ROUTE_NOT_FOUND') })
    return sendXml(`${URLSET_OPEN}${body}</urlset>\n`)(reply)
  })

  const picture = (name: string) => [join(webPublic, name)].find((p) => existsSync(p))

  let ogImage: Buffer | null = null
  app.get('/og-image.png', hide, async (request, reply) => {
    if (!ogImage) {
      const hero = picture('hero.svg')
      if (!hero)
        return reply.status(404).send({ code: 'NOT_FOUND', message: request.t('errors.ROUTE_NOT_FOUND') })
      // 1200×630, the size link previews show large; the hero's art (the farm at sunset) with the logo on it.
      const logo = picture('logo.svg')
      const art = sharp(readFileSync(hero)).resize(1200, 630, { fit: 'cover' })
      ogImage = await (
        logo
          ? art.composite([
              { input: await sharp(readFileSync(logo)).resize(260, 260).png().toBuffer(), gravity: 'center' },
            ])
          : art
      )
        .png()
        .toBuffer()
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(ogImage)
  })

  let logoPng: Buffer | null = null
  app.get('/logo.png', hide, async (request, reply) => {
    if (!logoPng) {
      const logo = picture('logo.svg')
      if (!logo)
        return reply.status(404).send({ code: 'NOT_FOUND', message: request.t('errors.ROUTE_NOT_FOUND') })
      logoPng = await sharp(readFileSync(logo)).resize(256, 256).png().toBuffer()
    }
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(logoPng)
  })
}
