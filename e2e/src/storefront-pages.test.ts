import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot, wholePage, takingShots } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ar, money, tr } from './support/texts.ts'
import { visible, waitForPath } from './support/ui.ts'

interface ApiProduct {
  id: number
  slug: string
  name: string
  retail_price: number
  wholesale_price: number | null
  wholesale_threshold: number | null
  stock: number
  is_always_in_stock: boolean
}

/** The scripts the page has asked for so far. */
const scripts = (page: Page) =>
  page.evaluate(
    () => performance.getEntriesByType('resource').filter((r) => /\.js(\?|$)/.test(r.name)).length,
  )

// Decision 0031: the storefront's pages come rendered from the server in the visitor's language, and the app's script
// is asked for with the page and takes it over as soon as it arrives.
describe('server-rendered storefront pages', () => {
  let shop: ShopServer
  let browser: Browser
  let products: ApiProduct[]
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    const res = await fetch(`${shop.url}/api/products?active=true&in_stock=true&per_page=100`)
    products = ((await res.json()) as { data: ApiProduct[] }).data
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  for (const language of ['ar', 'en'] as const) {
    it(`sends /products whole (${language}), takes it over without waiting for the visitor, and a tap adds to the cart`, async () => {
      const context = await newContext(browser, shop.url, { language, width: 375, height: 740 })
      const page = await context.newPage()
      const response = await page.goto('/products')
      const html = await response!.text()
      expect(html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
      expect(html.match(/<article /g)).toHaveLength(12)
      expect(html).toContain(tr(language, 'storefront:products.title'))
      expect(html).toMatch(language === 'ar' ? /\d+\.\d{2} د\.ل/ : /\d+\.\d{2} LYD/)
      // The app's script is asked for with the page and hydrates it, with no tap, scroll or timer waited for.
      await page.waitForFunction(() => window.__shopHydrated === true, undefined, { timeout: 60_000 })
      expect(await scripts(page)).toBeGreaterThan(0)
      await page.locator('main article').first().getByRole('button').click()
      const badge = page.locator('[data-testid="cart-badge"]:visible')
      await visible(badge)
      await expect.poll(() => badge.innerText()).toBe('1')
      await context.close()
    })
  }

  it('does not lose a tap made before the app has arrived: it is answered once the app is there', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar', width: 375, height: 740 })
    const page = await context.newPage()
    // The app's first script is held back, as on a slow network.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/products', { waitUntil: 'domcontentloaded' })
    await page.locator('main article').first().getByRole('button').click()
    expect(await page.evaluate(() => window.__shopHydrated === true)).toBe(false)
    expect(await page.locator('[data-testid="cart-badge"]:visible').count()).toBe(0)
    release()
    const badge = page.locator('[data-testid="cart-badge"]:visible')
    await visible(badge)
    await expect.poll(() => badge.innerText()).toBe('1')
    await context.close()
  })

  it('filters with the search box', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar', width: 375, height: 740 })
    const page = await context.newPage()
    await page.goto('/products')
    await wholePage(page)
    // The products page's own box (the header has one too): a combobox with suggestions (decision 0140).
    await page
      .getByRole('main')
      .getByRole('combobox', { name: ar('storefront:products.search_label') })
      .fill('عسل')
    await page.waitForURL((url) => url.searchParams.get('search') === 'عسل')
    const res = await fetch(
      `${shop.url}/api/products?search=${encodeURIComponent('عسل')}&active=true&in_stock=true&per_page=12`,
    )
    const found = ((await res.json()) as { data: { name: string }[] }).data.map((p) => p.name)
    expect(found.length).toBeGreaterThan(0)
    await expect.poll(() => page.locator('main article h2').allInnerTexts()).toEqual(found)
    await context.close()
  })

  it('sends an old link past the last page to the last page, not to "no products"', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    const res = await fetch(`${shop.url}/api/products?active=true&in_stock=true&per_page=12&page=1`)
    const last = ((await res.json()) as { last_page: number }).last_page
    await page.goto('/products?page=999')
    expect(new URL(page.url()).searchParams.get('page') ?? '1').toBe(last > 1 ? String(last) : '1')
    expect(await page.locator('main article').count()).toBeGreaterThan(0)
    await context.close()
  })

  it('sends the landing page whole: every section, the featured products, the footer; the contact form with its section', async () => {
    const context = await newContext(browser, shop.url, { language: 'en', width: 375, height: 740 })
    const page = await context.newPage()
    const html = await (await page.goto('/'))!.text()
    for (const key of [
      'landing.about.eyebrow',
      'landing.featured.title',
      'landing.quality.eyebrow',
      'landing.contact.title',
      'footer.links.about',
    ]) {
      expect(html).toContain(tr('en', `storefront:${key}`))
    }
    // The sections' own words are the shop's content (decision 0125), seeded with the demo farm's.
    for (const text of ['A family farm that cares about every date', 'Quality you can taste and trust'])
      expect(html).toContain(text)
    expect(html.match(/<article /g)).toHaveLength(4)
    await wholePage(page)
    // The contact form comes with its section, when the visitor scrolls there (decision 0031).
    await page.locator('#contact').scrollIntoViewIfNeeded()
    await visible(page.getByRole('form', { name: tr('en', 'storefront:landing.contact.form_label') }))
    await shot(page, 'landing-en-375')
    await context.close()
  })

  it('shows a visitor whose saved language the server did not know their language, and knows it from then on', async () => {
    const context = await newContext(browser, shop.url, { language: 'en', width: 1280, height: 900 })
    await context.clearCookies() // the cookie is gone, the saved choice is not
    const page = await context.newPage()
    await page.goto('/products')
    await visible(page.getByRole('heading', { level: 1, name: tr('en', 'storefront:products.title') }))
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'en',
      'ltr',
    ])
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en')
    const next = await (await page.goto('/'))!.text()
    expect(next).toContain('<html lang="en" dir="ltr">')
    await context.close()
  })

  it('opens a product from the listing, takes the quantity to the wholesale threshold and adds it at the wholesale price', async () => {
    const product = products.find(
      (p) =>
        p.wholesale_threshold !== null &&
        p.wholesale_price !== null &&
        (p.is_always_in_stock || p.stock >= p.wholesale_threshold),
    )!
    expect(product, 'a demo product sold wholesale').toBeDefined()
    const threshold = product.wholesale_threshold!
    const context = await newContext(browser, shop.url, { language: 'ar', width: 375, height: 740 })
    const page = await context.newPage()
    const pageNumber = Math.floor(products.indexOf(product) / 12) + 1
    await page.goto(`/products${pageNumber > 1 ? `?page=${pageNumber}` : ''}`)
    await wholePage(page)
    await page.getByRole('link', { name: product.name, exact: true }).click()
    await waitForPath(page, `/products/${product.slug}`)
    await visible(page.getByRole('heading', { level: 1, name: product.name }))
    // Decision 0151: below the first break the page tells how many more reach it; from it on, that it applies.
    const toWholesale = page.getByTestId('next-tier-hint')
    await expect
      .poll(() => toWholesale.innerText())
      .toBe(tr('ar', 'storefront:product_page.to_wholesale', { count: threshold - 1 }))
    const hint = page.getByTestId('wholesale-hint')
    const more = page.getByRole('button', {
      name: tr('ar', 'storefront:cart.increase', { name: product.name }),
    })
    for (let i = 1; i < threshold; i++) await more.click()
    await expect.poll(() => page.getByTestId('quantity').inputValue()).toBe(String(threshold))
    await expect.poll(() => hint.innerText()).toBe(tr('ar', 'storefront:product_page.wholesale_applies'))
    await page.getByRole('button', { name: tr('ar', 'storefront:product.add_to_cart'), exact: true }).click()
    await shot(page, 'product-page-ar-375')
    // The cart is kept once the badge counts it (a tap before the app took the page over is replayed after it).
    await visible(page.getByTestId('cart-badge').filter({ visible: true }))
    await page.goto('/cart')
    await visible(page.getByText(tr('ar', 'storefront:cart.wholesale_applied')))
    await visible(page.getByText(money(product.wholesale_price! * threshold)).first())
    await context.close()
  })

  for (const language of ['ar', 'en'] as const) {
    it(`serves a product address opened directly (${language}) with its title and link preview before any script`, async () => {
      // The product as the API answers a reader of this language (names in both languages, decision 0056).
      const answer = await fetch(`${shop.url}/api/products/${products[0]!.id}`, {
        headers: { 'accept-language': language },
      })
      const product = (await answer.json()) as ApiProduct
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 1280, height: 900 },
      })
      await context.addCookies([{ name: 'language', value: language, url: shop.url }])
      const page = await context.newPage()
      const res = await page.goto(`${shop.url}/products/${product.slug}`)
      expect(res!.status()).toBe(200)
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual([language, language === 'ar' ? 'rtl' : 'ltr'])
      expect(await page.title()).toContain(product.name)
      const og = (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content')
      expect(await og('og:title')).toBe(product.name)
      expect(await og('og:type')).toBe('product')
      expect(await og('og:image')).toMatch(new RegExp(`^${shop.url}/`))
      expect(await og('product:price:amount')).toBe(product.retail_price.toFixed(2))
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(product.name)
      if (takingShots)
        await page.screenshot({
          path: `${process.cwd()}/../test-output/screenshots/product-nojs-${language}-1280.png`,
          fullPage: true,
        })
      await context.close()
    })
  }

  it('answers an unknown product address with the designed 404 page', async () => {
    const context = await newContext(browser, shop.url, { language: 'en', width: 375, height: 740 })
    const page = await context.newPage()
    const res = await page.goto('/products/no-such-product-here')
    expect(res!.status()).toBe(404)
    await visible(page.getByRole('heading', { name: tr('en', 'storefront:product_page.not_found_title') }))
    await visible(page.getByRole('link', { name: tr('en', 'storefront:product_page.browse') }))
    await context.close()
  })

  it('publishes a valid sitemap listing the pages in both languages, and robots.txt pointing at it', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    await page.goto('/')
    const result = await page.evaluate(async () => {
      const xml = await (await fetch('/sitemap.xml')).text()
      const doc = new DOMParser().parseFromString(xml, 'application/xml')
      return {
        error: doc.getElementsByTagName('parsererror').length,
        locs: Array.from(doc.getElementsByTagName('loc'), (l) => l.textContent),
      }
    })
    expect(result.error).toBe(0)
    expect(result.locs).toContain(`${shop.url}/`)
    expect(result.locs).toContain(`${shop.url}/products?lang=en`)
    for (const p of products) {
      expect(result.locs).toContain(`${shop.url}/products/${p.slug}`)
      expect(result.locs).toContain(`${shop.url}/products/${p.slug}?lang=en`)
    }
    const robots = await (await fetch(`${shop.url}/robots.txt`)).text()
    expect(robots).toContain(`Sitemap: ${shop.url}/sitemap.xml`)
    for (const path of ['/dashboard', '/cart', '/checkout', '/api'])
      expect(robots.split('\n')).toContain(`Disallow: ${path}`)
    await context.close()
  })
})
