import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startShop, type ShopServer } from './support/server.ts'
import { tr } from './support/texts.ts'

// The Arabic home page (RTL, Arabic font, logo), /api/health, and a second start keeps the data (decision 0004).
describe('the shop starts and keeps its data', () => {
  let shop: ShopServer
  let browser: Browser
  beforeAll(async () => {
    shop = await startShop({}, { keepData: true })
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    if (shop) rmSync(shop.dataDir, { recursive: true, force: true })
  })

  it('serves the Arabic home page right-to-left with the bundled Arabic font and the logo', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    await page.goto('/')
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar')
    await page.getByRole('heading', { level: 1 }).waitFor({ state: 'visible' })
    await page.evaluate(() => document.fonts.ready)
    const fontOk = await page.evaluate(() => document.fonts.check('16px "Cairo Variable"', 'تمر'))
    expect(fontOk).toBe(true)
    const logo = await page.request.get('/logo.png')
    expect(logo.status()).toBe(200)
    expect(logo.headers()['content-type']).toBe('image/png')
    await shot(page, 'foundation-home-ar-1280')
    await context.close()
  })

  // Decision 0031: /products comes rendered from the server with its first page and categories, so a phone shows
  // the grid without a round trip to the API (storefront-pages.test.ts follows the page once the app has taken it over).
  it('shows the first page of /products from the page itself, without asking the API, in English too', async () => {
    for (const language of ['ar', 'en'] as const) {
      const context = await newContext(browser, shop.url, { language })
      const page = await context.newPage()
      const apiCalls: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname === '/api/products' || url.pathname === '/api/categories')
          apiCalls.push(url.pathname + url.search)
      })
      await page.goto('/products')
      await expect.poll(() => page.locator('main article').count()).toBe(12)
      expect(await page.getByRole('banner').count()).toBe(1)
      expect(await page.locator('#root > [aria-hidden="true"]').count()).toBe(0)
      expect(
        await page
          .getByLabel(tr(language, 'storefront:products.category_label'), { exact: true })
          .locator('option')
          .count(),
      ).toBeGreaterThan(1)
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language)
      expect(apiCalls).toEqual([])
      // Decision 0028: without any scroll, every card's contents are laid out once the page has loaded, so a full-page
      // picture (or a quick fling) shows twelve cards, not empty boxes.
      await expect
        .poll(() =>
          page.evaluate(
            () =>
              Array.from(document.querySelectorAll('main article h2')).filter(
                (h) => !h.checkVisibility({ contentVisibilityAuto: true }),
              ).length,
          ),
        )
        .toBe(0)
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await context.close()
    }
  })

  it('answers /api/health and keeps data over a restart without reseeding', async () => {
    const health = await fetch(`${shop.url}/api/health`)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'pglite' })
    const before = (await (await fetch(`${shop.url}/api/products?per_page=1`)).json()) as { total: number }
    expect(before.total).toBeGreaterThanOrEqual(30)
    const reg = await fetch(`${shop.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'سالم',
        email: 'restart@example.ly',
        password: 'sadu-palm-123',
        password_confirmation: 'sadu-palm-123',
      }),
    })
    expect(reg.status).toBe(201)
    const dataDir = shop.dataDir
    await shop.stop()
    shop = await startShop({}, { dataDir, keepData: true })
    const after = (await (await fetch(`${shop.url}/api/products?per_page=1`)).json()) as { total: number }
    expect(after.total).toBe(before.total)
    const login = await fetch(`${shop.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'restart@example.ly', password: 'sadu-palm-123' }),
    })
    expect(login.status).toBe(200)
  })
})
