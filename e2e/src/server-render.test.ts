import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, newContext, shot, wholePage } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { tr } from './support/texts.ts'
import { visible } from './support/ui.ts'

/** The scripts the page has downloaded so far. */
const scripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((r) => /\.js(\?|$)/.test(r.name)).length)

// Decision 29: the catalogue pages come rendered from the server in the visitor's language, need no script until the
// visitor uses them, and then do what the visitor did.
describe('server-rendered catalogue pages', () => {
  let shop: ShopServer
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.stop()
  })

  for (const language of ['ar', 'en'] as const) {
    it(`sends /products whole (${language}); the first tap works once the app has arrived`, async () => {
      const context = await newContext(browser, shop.url, { language, width: 375, height: 740 })
      const page = await context.newPage()
      const response = await page.goto('/products')
      const html = await response!.text()
      // Twelve product cards with names and prices in the HTML itself, in the visitor's language.
      expect(html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}" data-ssr>`)
      expect(html.match(/<article /g)).toHaveLength(12)
      expect(html).toContain(tr(language, 'storefront:products.title'))
      expect(html).toMatch(/\d+\.\d{2} د\.ل/)
      // Nothing to run before the visitor uses the page.
      await page.waitForTimeout(1000)
      expect(await scripts(page)).toBe(0)
      expect(await page.locator('main article').count()).toBe(12)

      // The tap that starts the app is not lost: the product lands in the cart.
      await page.locator('main article').first().getByRole('button').click()
      const badge = page.locator('[data-testid="cart-badge"]:visible')
      await visible(badge)
      await expect.poll(() => badge.innerText()).toBe('1')
      expect(await scripts(page)).toBeGreaterThan(0)
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(true)
      await context.close()
    })
  }

  it('filters with what was typed before the app arrived', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar', width: 375, height: 740 })
    const page = await context.newPage()
    await page.goto('/products')
    await page.getByRole('searchbox').fill('عسل')
    await page.waitForURL((url) => url.searchParams.get('search') === 'عسل')
    // The page lists what the API finds for the term (SPEC §5: names and descriptions).
    const res = await fetch(`${shop.url}/api/products?search=${encodeURIComponent('عسل')}&active=true&in_stock=true&per_page=12`)
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
    expect(new URL(page.url()).searchParams.get('page') ?? '1').toBe(String(last))
    expect(await page.locator('main article').count()).toBeGreaterThan(0)
    await context.close()
  })

  it('sends the landing page whole: every section, the contact form, the footer', async () => {
    const context = await newContext(browser, shop.url, { language: 'en', width: 375, height: 740 })
    const page = await context.newPage()
    const html = await (await page.goto('/'))!.text()
    for (const key of ['landing.about.title', 'landing.featured.title', 'landing.quality.title', 'landing.contact.title', 'footer.links.about']) {
      expect(html).toContain(tr('en', `storefront:${key}`))
    }
    expect(html.match(/<article /g)).toHaveLength(4)
    expect(html).toContain(`aria-label="${tr('en', 'storefront:landing.contact.form_label')}"`)
    // Loaded, untouched: the parts under the first screen are drawn already (a full-page picture taken now shows them).
    expect(await page.evaluate(() => document.querySelectorAll('.defer-render:not([data-rendered])').length)).toBe(0)
    const form = page.getByRole('form', { name: tr('en', 'storefront:landing.contact.form_label') })
    await wholePage(page)
    await visible(form)
    await shot(page, 'ssr-landing-en-375')
    await context.close()
  })

  it('shows a visitor whose saved language the server did not know their language, and knows it from then on', async () => {
    const context = await newContext(browser, shop.url, { language: 'en', width: 1280, height: 900 })
    await context.clearCookies() // an English choice saved before the shop kept it in a cookie
    const page = await context.newPage()
    const first = await (await page.goto('/products'))!.text()
    expect(first).toContain('<html lang="ar" dir="rtl" data-ssr>')
    await visible(page.getByRole('heading', { level: 1, name: tr('en', 'storefront:products.title') }))
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr'])
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe('en')
    const next = await (await page.goto('/'))!.text()
    expect(next).toContain('<html lang="en" dir="ltr" data-ssr>')
    await context.close()
  })
})
