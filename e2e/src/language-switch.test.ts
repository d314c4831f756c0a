import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { tr } from './support/texts.ts'
import { visible } from './support/ui.ts'

const htmlLang = (page: Page) =>
  page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }))

// Journey 5: the language switch (product.md §1.2) — sets <html dir lang>, is kept locally, survives a reload.
describe('language switch', () => {
  let shop: ShopServer
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('flips to English (ltr) and back to Arabic (rtl), and each choice persists over a reload', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    await page.goto('/products')
    await visible(page.getByRole('heading', { level: 1, name: tr('ar', 'storefront:products.title') }))
    expect(await htmlLang(page)).toEqual({ dir: 'rtl', lang: 'ar' })

    const switchTo = (from: 'ar' | 'en') =>
      page.getByRole('button', { name: `${tr(from, 'nav.language')}: ${tr(from, 'nav.switch_to')}` }).first()
    await switchTo('ar').click()
    await visible(page.getByRole('heading', { level: 1, name: tr('en', 'storefront:products.title') }))
    expect(await htmlLang(page)).toEqual({ dir: 'ltr', lang: 'en' })
    await shot(page, 'journey5-01-products-en')

    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: tr('en', 'storefront:products.title') }))
    expect(await htmlLang(page)).toEqual({ dir: 'ltr', lang: 'en' })
    // The layout really flipped: the logo (start of the bar) is on the left in English.
    const logoLeft = await page.getByRole('banner').getByRole('link').first().boundingBox()
    expect(logoLeft!.x).toBeLessThan(640)

    await switchTo('en').click()
    await visible(page.getByRole('heading', { level: 1, name: tr('ar', 'storefront:products.title') }))
    expect(await htmlLang(page)).toEqual({ dir: 'rtl', lang: 'ar' })
    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: tr('ar', 'storefront:products.title') }))
    expect(await htmlLang(page)).toEqual({ dir: 'rtl', lang: 'ar' })
    const logoRight = await page.getByRole('banner').getByRole('link').first().boundingBox()
    expect(logoRight!.x).toBeGreaterThan(640)
    await shot(page, 'journey5-02-products-ar-again')
    await context.close()
  })
})
