import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, type ApiProduct } from './support/api.ts'
import { label, optionalLabel, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible } from './support/ui.ts'

// Issue 28 (decisions 0150, 0154): the owner adds a size with two quantity prices to a product from a phone, and the
// products list shows the product's sizes and their total stock.

type Pack = {
  id: number
  label: string
  price: number
  stock: number
  sku: string | null
  weight_grams: number | null
  tiers: { min_quantity: number; price: number }[]
}
const packsOf = (p: ApiProduct) => (p as ApiProduct & { variants: Pack[] }).variants

const PHONE = { width: 375, height: 812 }

describe('dashboard: pack sizes', () => {
  let shop: ShopServer
  let browser: Browser
  let admin: ShopApi
  let session: { token: string; user: unknown }
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    const api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  async function openProduct(page: Page, lang: Lang, product: ApiProduct) {
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    await page.goto('/dashboard/products')
    await page.getByRole('searchbox', { name: d('products.search') }).fill(product.name)
    await page
      .getByRole('button', { name: d('products.edit_named', { name: product.name }) })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: d('products.edit_title') })
    await visible(dialog.getByRole('heading', { name: d('products.price_stock_title') }))
    return dialog
  }

  it('adds a 5 kg size with two quantity prices on a phone (ar), then lists both sizes (en)', async () => {
    const lang: Lang = 'ar'
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    const product = (await admin.products('per_page=100')).find((p) => packsOf(p).length === 1)!
    expect(product, 'a demo product with one size').toBeDefined()
    const before = packsOf(await admin.product(product.id))[0]!
    const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
    const page = await context.newPage()
    explainFailure(page, 'dashboard-sizes', shop.log)

    const dialog = await openProduct(page, lang, product)
    await dialog.getByRole('button', { name: d('products.add_another_size') }).click()
    const first = dialog.getByRole('group', { name: new RegExp(`^${d('products.size_n', { n: 1 })}`) })
    const second = dialog.getByRole('group', { name: new RegExp(`^${d('products.size_n', { n: 2 })}`) })
    const sizeName = (lang2: 'ar' | 'en') =>
      lang2 === 'ar'
        ? label(d('languages.in_arabic', { field: d('products.size_label') }))
        : optionalLabel(d('languages.in_english', { field: d('products.size_label') }), lang)
    await first.getByLabel(sizeName('ar')).fill('علبة 1 كغ')
    await first.getByLabel(sizeName('en')).fill('1 kg box')
    await second.getByLabel(sizeName('ar')).fill('كرتونة 5 كغ')
    await second.getByLabel(sizeName('en')).fill('5 kg carton')
    await second.getByLabel(label(d('products.price'))).fill('160')
    await second.getByLabel(label(d('products.stock'))).fill('12')
    await second.getByLabel(label(d('products.sku'))).fill('E2E-5K')
    await second.getByLabel(label(d('products.weight_grams'))).fill('5000')
    for (const [n, [min, price]] of [
      [5, 150],
      [20, 140],
    ].entries()) {
      await second.getByRole('button', { name: d('products.add_tier') }).click()
      const tier = second.getByRole('group', { name: d('products.tier_n', { n: n + 1 }) })
      await tier.getByLabel(label(d('products.tier_min_quantity'))).fill(String(min))
      await tier.getByLabel(label(d('products.tier_price'))).fill(String(price))
    }
    // Nothing scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await shot(page, 'sizes-01-second-size-ar-375')
    await dialog.getByRole('button', { name: tr(lang, 'actions.save') }).click()
    await visible(page.getByText(d('products.updated')))

    const packs = packsOf(await admin.product(product.id))
    expect(packs.map((p) => [p.id === before.id, p.price, p.stock, p.sku, p.weight_grams, p.tiers])).toEqual([
      [true, before.price, before.stock, before.sku, before.weight_grams, before.tiers],
      [
        false,
        160,
        12,
        'E2E-5K',
        5000,
        [
          { min_quantity: 5, price: 150 },
          { min_quantity: 20, price: 140 },
        ],
      ],
    ])
    await context.close()

    // The list, in English on a laptop: the product's two sizes with their stock, and the total.
    const en = await newContext(browser, shop.url, { language: 'en', width: 1280, height: 900, ...session })
    const list = await en.newPage()
    explainFailure(list, 'dashboard-sizes-list', shop.log)
    await list.goto('/dashboard/products')
    await list.getByRole('searchbox', { name: tr('en', 'dashboard:products.search') }).fill(product.name)
    const row = list.getByRole('row').filter({ hasText: '5 kg carton' })
    await textContains(
      row,
      tr('en', 'dashboard:products.sizes_count', { count: 2 }),
      tr('en', 'dashboard:products.total_stock', { count: before.stock + 12 }),
      tr('en', 'dashboard:products.size_stock', { size: '5 kg carton', n: 12 }),
    )
    await shot(list, 'sizes-02-list-en-1280')
    await en.close()
  })
})
