import { systemActor } from '../domain/actor.ts'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedContent } from '../db/seed-content.ts'
import { saveContent } from '../modules/content/content.service.ts'
import { eq, inArray } from 'drizzle-orm'
import {
  createCategory,
  createCity,
  createProduct,
  createTestApp,
  type TestContext,
} from '../../test/helpers.ts'
import { cities } from '../db/schema/cities.ts'
import { settings } from '../db/schema/settings.ts'
import { webDist } from '../paths.ts'

// The storefront's pages as a browser and a link preview get them: rendered by the web app's real server build
// (`npm run build`; scripts/test.mjs builds before the API suites).
const built = existsSync(join(webDist, 'server/index.js'))

/** The <head> and the rest of a page. */
const head = (html: string) => html.slice(0, html.indexOf('</head>'))
const metaContent = (html: string, attr: 'property' | 'name', key: string) => {
  const tag = new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"/?>`).exec(
    head(html),
  )
  return tag ? decode(tag[1]!) : null
}
const linkHref = (html: string, pattern: string) =>
  new RegExp(`<link ${pattern} href="([^"]*)"`).exec(head(html))?.[1] ?? null
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
/** Every schema.org block of a page, parsed. */
const jsonLdBlocks = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  )
const jsonLd = (html: string) => {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
  expect(blocks).toHaveLength(1)
  return JSON.parse(blocks[0]![1]!) as Record<string, unknown> & { offers: Record<string, unknown> }
}

describe('server-rendered storefront pages', () => {
  let ctx: TestContext
  beforeAll(async () => {
    if (!built)
      throw new Error(`The web app is not built (${webDist}/server/index.js): run npm run build first`)
    ctx = await createTestApp({ webDist })
  })
  afterAll(() => ctx?.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers })

  it('renders a product page in Arabic by default, with its title, description, canonical and both languages', async () => {
    const category = await createCategory(ctx.app, { name: 'عسل' })
    const p = await createProduct(ctx.app, {
      slug: 'sidr-honey',
      name: 'عسل السدر',
      description: 'عسل سدر طبيعي من الجبل الأخضر',
      retailPrice: 120.5,
      categoryId: category.id,
      stock: 4,
    })
    const res = await get('/products/sidr-honey')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/)
    expect(head(res.body)).toContain('<title>عسل السدر | ')
    expect(metaContent(res.body, 'name', 'description')).toBe('عسل سدر طبيعي من الجبل الأخضر')
    expect(linkHref(res.body, 'rel="canonical"')).toBe('http://shop.test/products/sidr-honey')
    expect(linkHref(res.body, 'rel="alternate" hrefLang="ar"')).toBe('http://shop.test/products/sidr-honey')
    expect(linkHref(res.body, 'rel="alternate" hrefLang="en"')).toBe(
      'http://shop.test/products/sidr-honey?lang=en',
    )
    // The page itself, before any script: the name as the heading, the price, the add button.
    expect(res.body).toContain('>عسل السدر</h1>')
    expect(res.body).toContain('120.50 د.ل')
    expect(p.slug).toBe('sidr-honey')
  })

  it('carries Open Graph and schema.org Product values that match the product', async () => {
    const res = await get('/products/sidr-honey')
    expect(metaContent(res.body, 'property', 'og:type')).toBe('product')
    expect(metaContent(res.body, 'property', 'og:title')).toBe('عسل السدر')
    expect(metaContent(res.body, 'property', 'og:url')).toBe('http://shop.test/products/sidr-honey')
    expect(metaContent(res.body, 'property', 'product:price:amount')).toBe('120.50')
    expect(metaContent(res.body, 'property', 'product:price:currency')).toBe('LYD')
    expect(metaContent(res.body, 'property', 'product:availability')).toBe('in stock')
    // No picture of its own: the shop's picture, an absolute address of a PNG.
    expect(metaContent(res.body, 'property', 'og:image')).toBe('http://shop.test/og-image.png')
    const ld = jsonLd(res.body)
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'عسل السدر',
      image: ['http://shop.test/og-image.png'],
    })
    expect(ld.offers).toMatchObject({
      price: '120.50',
      priceCurrency: 'LYD',
      availability: 'https://schema.org/InStock',
      url: 'http://shop.test/products/sidr-honey',
    })
    const image = await get('/og-image.png')
    expect(image.headers['content-type']).toBe('image/png')
  })

  it('points link previews at a JPEG of the product picture of at least 600 px', async () => {
    const { storeImage } = await import('../domain/images.ts')
    const sharp = (await import('sharp')).default
    const picture = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#7a4a21' } })
      .png()
      .toBuffer()
    const imageId = await storeImage(ctx.app.db, picture)
    await createProduct(ctx.app, { slug: 'pictured-dates', name: 'تمر بصورة', imageId, stock: 0 })
    const res = await get('/products/pictured-dates')
    const og = metaContent(res.body, 'property', 'og:image')!
    expect(og).toBe(`http://shop.test/api/images/${imageId}/share.jpg`)
    expect(jsonLd(res.body).offers.availability).toBe('https://schema.org/OutOfStock')
    const jpeg = await get(og.replace('http://shop.test', ''))
    expect(jpeg.statusCode).toBe(200)
    expect(jpeg.headers['content-type']).toBe('image/jpeg')
    const meta = await sharp(jpeg.rawPayload).metadata()
    expect(meta.format).toBe('jpeg')
    expect(Math.min(meta.width!, meta.height!)).toBeGreaterThanOrEqual(600)
  })

  it('keeps a name typed by staff with <, " and </script> inside the head and the JSON-LD', async () => {
    const nasty = 'Dates "best" <b>bold</b> </script><script>alert(1)</script>'
    await createProduct(ctx.app, {
      slug: 'nasty',
      name: nasty,
      description: '</script><img src=x onerror=alert(1)>',
    })
    const res = await get('/products/nasty')
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('<script>alert(1)</script>')
    expect(res.body).not.toContain('<img src=x')
    expect(head(res.body)).toContain('<title>Dates &quot;best&quot; &lt;b&gt;bold&lt;/b&gt; &lt;/script&gt;')
    expect(metaContent(res.body, 'property', 'og:title')).toBe(nasty)
    expect(jsonLd(res.body).name).toBe(nasty)
    // Every script of the page is the shop's own: it carries this response's nonce, or is the JSON-LD data block.
    const csp = String(res.headers['content-security-policy'])
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]
    for (const [tag] of res.body.matchAll(/<script[^>]*>/g))
      expect(tag.includes(`nonce="${nonce}"`) || tag === '<script type="application/ld+json">', tag).toBe(
        true,
      )
    expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false)
  })

  it('answers an unknown, inactive or archived product with the designed 404 page', async () => {
    await createProduct(ctx.app, { slug: 'hidden', name: 'مخفي', isActive: false })
    for (const url of ['/products/no-such-thing', '/products/hidden']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).toContain('هذا المنتج غير موجود')
      expect(metaContent(res.body, 'name', 'robots'), url).toBe('noindex')
    }
    const other = await get('/no/such/page')
    expect(other.statusCode).toBe(404)
    expect(other.headers['content-type']).toContain('text/html')
  })

  it('moves a renamed product’s old address permanently to the new one', async () => {
    const { productSlugRedirects } = await import('../db/schema/catalog.ts')
    const p = await createProduct(ctx.app, { slug: 'new-name', name: 'اسم جديد' })
    await ctx.app.db.insert(productSlugRedirects).values({ slug: 'old-name', productId: p.id })
    const res = await get('/products/old-name?lang=en')
    expect(res.statusCode).toBe(301)
    expect(res.headers.location).toBe('/products/new-name?lang=en')
  })

  it('renders in English for a ?lang=en link and remembers the choice in the cookie; the cookie alone does too', async () => {
    const res = await get('/products/sidr-honey?lang=en')
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="en" dir="ltr">/)
    expect(String(res.headers['set-cookie'])).toContain('language=en')
    expect(linkHref(res.body, 'rel="canonical"')).toBe('http://shop.test/products/sidr-honey?lang=en')
    expect(res.body).toContain('Add to cart')
    const byCookie = await get('/products', { cookie: 'language=en' })
    expect(byCookie.body).toMatch(/<html lang="en" dir="ltr">/)
    expect(head(byCookie.body)).toContain('<title>Our products | Golden Palm Farms</title>')
    expect(byCookie.headers.vary).toContain('Cookie')
  })

  it('renders the landing page and the product list whole, with the featured and listed products linked to their pages', async () => {
    await createProduct(ctx.app, { slug: 'listed-dates', name: 'تمر مدرج', stock: 9 })
    await saveContent(ctx.app.db, systemActor('test'), seedContent)
    // Public lists are at most 500 ms behind the database (decision 0019).
    await new Promise((resolve) => setTimeout(resolve, 600))
    const landing = await get('/')
    expect(landing.statusCode).toBe(200)
    for (const id of ['about', 'products', 'quality', 'contact']) expect(landing.body).toContain(`id="${id}"`)
    expect(landing.body).toContain('href="/products/listed-dates"')
    const list = await get('/products')
    expect(list.body).toContain('href="/products/listed-dates"')
    // The app's script is asked for with the page (module preload), not after it.
    expect(head(list.body)).toMatch(/<link rel="modulepreload" href="\/assets\/entry\.client-[\w-]+\.js"/)
  })

  it('gives the landing page and /products the shop’s share picture with words for it, in both languages', async () => {
    for (const [lang, suffix, alt] of [
      ['ar', '', 'شعار مزارع النخيل الذهبية فوق نخيل المزرعة عند الغروب'],
      ['en', '?lang=en', 'The Golden Palm Farms logo over the farm’s palms at sunset'],
    ] as const) {
      for (const path of ['/', '/products', '/products?page=1']) {
        const res = await get(`${path}${path.includes('?') ? suffix.replace('?', '&') : suffix}`)
        expect(res.statusCode, `${lang} ${path}`).toBe(200)
        expect(metaContent(res.body, 'property', 'og:image'), `${lang} ${path}`).toBe(
          'http://shop.test/og-image.png',
        )
        expect(metaContent(res.body, 'property', 'og:image:alt'), `${lang} ${path}`).toBe(alt)
      }
    }
  })

  it('names every add-to-cart button with the words it shows, then the product (WCAG 2.5.3)', async () => {
    for (const [suffix, words] of [
      ['', 'أضف إلى السلة'],
      ['?lang=en', 'Add to cart'],
    ] as const) {
      const res = await get(`/products${suffix}`)
      const buttons = [...res.body.matchAll(/<button[^>]*aria-label="([^"]*)"[^>]*>([\s\S]*?)<\/button>/g)]
        .map((m) => ({ name: decode(m[1]!), text: m[2]!.replace(/<[^>]+>/g, '').trim() }))
        .filter((b) => b.text === words)
      expect(buttons.length).toBeGreaterThan(0)
      for (const b of buttons) expect(b.name).toMatch(new RegExp(`^${words}: .+`))
    }
  })

  it("shows the owner's content at once after a save: hero, badges, English address, hours, the year, logo as favicon and share image (decisions 0125, 0126)", async () => {
    await saveContent(ctx.app.db, systemActor('test'), seedContent)
    const before = await get('/?lang=en')
    expect(before.body).toContain('Premium Libyan dates and natural farm products')
    expect(before.body).toContain('ISO 22000')
    const footer = (html: string) => html.slice(html.indexOf('<footer'), html.indexOf('</footer>'))
    // The footer shows the English address on English pages (the page's data carries both languages).
    expect(footer(before.body)).toContain('Tripoli, Libya')
    expect(footer(before.body)).not.toContain('طرابلس، ليبيا')
    expect(before.body).toContain('Saturday – Thursday')
    expect(before.body).toContain(`© ${new Date().getFullYear()} `)
    expect(linkHref(before.body, 'rel="icon" type="image/png" sizes="64x64"')).toBe('/favicon.png')
    expect(metaContent(before.body, 'property', 'og:image')).toBe('http://shop.test/og-image.png')
    expect(before.body).toContain('src="/logo.webp"')

    const { storeImage } = await import('../domain/images.ts')
    const sharp = (await import('sharp')).default
    const logo = await storeImage(
      ctx.app.db,
      await sharp({ create: { width: 200, height: 200, channels: 4, background: '#0f766e' } })
        .png()
        .toBuffer(),
    )
    await saveContent(ctx.app.db, systemActor('test'), {
      ...seedContent,
      logo_image_id: logo,
      hero: { ...seedContent.hero, text: { ar: 'نص البطل الجديد', en: 'Our new hero words' } },
      quality: { ...seedContent.quality, badges: seedContent.quality.badges.slice(1) },
    })
    const after = await get('/?lang=en')
    expect(after.body).toContain('Our new hero words')
    expect(after.body).not.toContain('ISO 22000')
    expect(after.body).not.toContain('src="/logo.webp"')
    expect(after.body).toContain(`src="/api/images/${logo}/small.webp"`)
    expect(linkHref(after.body, 'rel="icon" type="image/png" sizes="64x64"')).toBe(
      `/api/images/${logo}/icon.png`,
    )
    expect(metaContent(after.body, 'property', 'og:image')).toBe(
      `http://shop.test/api/images/${logo}/share.jpg`,
    )
    const arabic = await get('/')
    expect(arabic.body).toContain('نص البطل الجديد')
    expect(footer(arabic.body)).toContain('طرابلس، ليبيا')
    await saveContent(ctx.app.db, systemActor('test'), seedContent)
  })

  it('describes the shop on the landing page: Organization (name, address, logo, contact) and WebSite with its search (decision 0111)', async () => {
    await ctx.app.db
      .insert(settings)
      .values([
        { key: 'contact_phone', value: '+218912345678' },
        { key: 'contact_email', value: 'info@shop.test' },
        { key: 'site_name', value: 'مزرعة الواحة' },
        { key: 'site_name_en', value: 'Oasis Farm' },
      ])
      .onConflictDoNothing()
    for (const [suffix, name, search] of [
      ['', 'مزرعة الواحة', 'http://shop.test/products?search={search_term_string}'],
      ['?lang=en', 'Oasis Farm', 'http://shop.test/products?search={search_term_string}&lang=en'],
    ] as const) {
      const blocks = jsonLdBlocks((await get(`/${suffix}`)).body)
      const organization = blocks.find((b) => b['@type'] === 'Organization')
      expect(organization).toMatchObject({
        '@context': 'https://schema.org',
        name,
        url: 'http://shop.test/',
        logo: 'http://shop.test/logo.png',
        contactPoint: {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          telephone: '+218912345678',
          email: 'info@shop.test',
        },
      })
      const site = blocks.find((b) => b['@type'] === 'WebSite')
      expect(site).toMatchObject({ name, url: 'http://shop.test/' })
      expect(site!.potentialAction).toEqual({
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: search },
        'query-input': 'required name=search_term_string',
      })
    }
    // The logo it names is there.
    const logo = await get('/logo.png')
    expect(logo.statusCode).toBe(200)
    expect(logo.headers['content-type']).toBe('image/png')
  })

  it('gives each offer the delivery fees of the active cities and the return policy the owner set (decision 0111)', async () => {
    await ctx.app.db.update(cities).set({ isActive: false })
    await createCity(ctx.app, { name: 'طرابلس', deliveryPrice: 10 })
    await createCity(ctx.app, { name: 'مصراتة', deliveryPrice: 25 })
    await createCity(ctx.app, { name: 'الخمس', deliveryPrice: 25 })
    await createCity(ctx.app, { name: 'مدينة موقوفة', deliveryPrice: 99, isActive: false })
    const offers = async () => jsonLd((await get('/products/sidr-honey')).body).offers
    const before = await offers()
    expect(before.shippingDetails).toEqual([
      {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: '10.00', currency: 'LYD' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'LY', name: 'طرابلس' },
      },
      {
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: '25.00', currency: 'LYD' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'LY', name: 'الخمس، مصراتة' },
      },
    ])
    // No return policy until the owner sets one; 0 is none.
    expect(before).not.toHaveProperty('hasMerchantReturnPolicy')
    await ctx.app.db
      .insert(settings)
      .values({ key: 'return_policy_days', value: '0' })
      .onConflictDoUpdate({ target: settings.key, set: { value: '0' } })
    expect(await offers()).not.toHaveProperty('hasMerchantReturnPolicy')
    await ctx.app.db.update(settings).set({ value: '14' }).where(eq(settings.key, 'return_policy_days'))
    expect((await offers()).hasMerchantReturnPolicy).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'LY',
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 14,
    })
    await ctx.app.db.update(settings).set({ value: '' }).where(eq(settings.key, 'return_policy_days'))
  })

  it('names the shop from its settings on the next page, in each language (decision 0122: no page cache)', async () => {
    const set = (key: string, value: string) =>
      ctx.app.db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value } })
    await set('site_name', 'مزارع الواحة')
    await set('site_name_en', 'Oasis Farms')
    await set('site_description_en', 'Dates of the oasis')
    try {
      const ar = await get('/products')
      expect(head(ar.body)).toContain('<title>منتجاتنا | مزارع الواحة</title>')
      expect(metaContent(ar.body, 'property', 'og:site_name')).toBe('مزارع الواحة')
      expect(ar.body).not.toContain('النخيل الذهبية')
      const en = await get('/cart?lang=en')
      expect(metaContent(en.body, 'property', 'og:site_name')).toBe('Oasis Farms')
      expect(metaContent(en.body, 'name', 'description')).toBe('Dates of the oasis')
      expect(en.body).not.toContain('Golden Palm')
    } finally {
      await ctx.app.db
        .delete(settings)
        .where(inArray(settings.key, ['site_name', 'site_name_en', 'site_description_en']))
    }
  })

  it('sends pages gzipped to browsers that take it', async () => {
    const plain = await get('/products')
    const zipped = await get('/products', { 'accept-encoding': 'gzip, deflate, br' })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    const text = gunzipSync(zipped.rawPayload).toString('utf8')
    // The same page (but for the nonce of its scripts, new for every answer).
    expect(text.replace(/nonce="[^"]+"/g, '')).toBe(plain.body.replace(/nonce="[^"]+"/g, ''))
  })

  it('sends /products past its last page to the last page', async () => {
    const res = await get('/products?page=999')
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toMatch(/^\/products(\?page=\d+)?$/)
  })
})
