import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi } from './support/api.ts'
import { moneyIn, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }

interface ShopperProduct {
  id: number
  name: string
  slug: string
  price: number
  stock: number
  variants: { id: number }[]
  offer?: { percent: number | null } | null
  offer_price?: number
}

// Issue 39 item 5 (decision 0228): an automatic offer shows before the cart: a badge and the price after it beside the
// crossed-out regular price on the product's card and on its page, server-rendered, on a phone, in Arabic and English.
describe('an automatic offer on cards and the product page (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let product: ShopperProduct
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
    const admin = api.as((await api.login(shop.adminEmail, shop.adminPassword)).token)
    const list = await api.call<{ data: ShopperProduct[] }>('GET', '/api/products?in_stock=true&per_page=100')
    product = list.data.find((p) => p.variants.length === 1 && p.stock > 0)!
    // The owner's Eid offer on this one product, automatic, no conditions: 37 % (more than any demo offer).
    await admin.call('POST', '/api/promotions', {
      name_ar: 'تخفيض العيد',
      name_en: 'Eid sale',
      value_type: 'percentage',
      value: 37,
      target: 'products',
      product_ids: [product.id],
    })
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`shows the badge and the crossed-out price on the card and the page (${lang})`, async () => {
      const shown = await api.call<ShopperProduct>('GET', `/api/products/${product.id}`, undefined, {
        'accept-language': lang,
      })
      expect(shown.offer?.percent).toBe(37)
      const regular = moneyIn(lang, shown.price)
      const after = moneyIn(lang, shown.offer_price)
      const context = await newContext(browser, shop.url, { language: lang, ...PHONE })
      const page = await context.newPage()
      explainFailure(page, `offers-badge-${lang}`, shop.log)

      // The list, found by name (server-rendered: the badge is in the HTML before any script runs).
      const html = await (await page.request.get(`/products?search=${encodeURIComponent(shown.name)}`)).text()
      expect(html).toContain('data-testid="offer-badge"')
      await page.goto(`/products?search=${encodeURIComponent(shown.name)}`)
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr')
      const card = page.locator('article').filter({ has: page.getByRole('link', { name: shown.name }) })
      await visible(card.getByTestId('offer-badge'))
      await textContains(card.getByTestId('offer-badge'), '37')
      await textContains(card.getByTestId('offer-price'), after)
      await textContains(card.getByTestId('crossed-price'), regular)
      await card.scrollIntoViewIfNeeded()
      await shot(page, `offers-badge-card-${lang}`)

      await page.goto(`/products/${encodeURIComponent(shown.slug)}`)
      await visible(page.getByTestId('offer-badge'))
      await visible(page.getByText(lang === 'ar' ? 'تخفيض العيد' : 'Eid sale', { exact: true }))
      const price = page.getByTestId('pack-price')
      await textContains(price, after)
      await textContains(price.getByTestId('crossed-price'), regular)
      await shot(page, `offers-badge-page-${lang}`)
      await context.close()
    })
  }
})
