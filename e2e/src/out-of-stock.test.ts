import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi } from './support/api.ts'
import { ar } from './support/texts.ts'
import { explainFailure, fillCheckout, visible } from './support/ui.ts'

// Journey 8: two shoppers race for the last unit. Stock is never oversold (product.md §10.2): exactly one
// order is placed; the other shopper reads a clear out-of-stock message and keeps the cart (product.md §2.8, §4.8).
describe('out of stock: two browsers race for the last unit', () => {
  let shop: ShopServer
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('places exactly one order; the other checkout explains and keeps its cart', async () => {
    const api = new ShopApi(shop.url)
    const admin = api.as((await api.login(shop.adminEmail, shop.adminPassword)).token)
    const product = (await api.products('active=true&in_stock=true&per_page=30')).find(
      (p) => !p.is_always_in_stock && p.stock > 1,
    )!
    await admin.setStock(product.id, 1)
    const city = (await api.cities())[0]!

    const pages: Page[] = []
    for (const who of ['a', 'b']) {
      const context = await newContext(browser, shop.url, { language: 'ar' })
      const page = await context.newPage()
      explainFailure(page, `journey8-${who}`, shop.log)
      await page.goto(`/products?search=${encodeURIComponent(product.name)}`)
      await page
        .getByRole('button', { name: ar('storefront:product.add_to_cart_named', { name: product.name }) })
        .click()
      await visible(page.getByTestId('cart-badge'))
      await page.goto('/checkout')
      await fillCheckout(page, {
        firstName: who === 'a' ? 'أحمد' : 'بشير',
        lastName: 'التاجوري',
        email: `${who}@e2e.ly`,
        phone: '0913333333',
        address: 'شارع الفاتح',
        cityId: city.id,
        state: 'المركز',
      })
      pages.push(page)
    }

    // Both press "place order" at the same moment.
    await Promise.all(
      pages.map((p) => p.getByRole('button', { name: ar('storefront:checkout.place_order') }).click()),
    )
    const outcome = (page: Page) =>
      Promise.race([
        page.waitForURL((u) => u.pathname === '/order-confirmation').then(() => 'ordered' as const),
        page
          .getByText(ar('shared:errors.OUT_OF_STOCK', { product: product.name, available: 0 }))
          .waitFor()
          .then(() => 'refused' as const),
      ])
    const outcomes = await Promise.all(pages.map(outcome))
    expect([...outcomes].sort()).toEqual(['ordered', 'refused'])

    const loser = pages[outcomes.indexOf('refused')]!
    const winner = pages[outcomes.indexOf('ordered')]!
    await visible(winner.getByText(/^ORD-\d{6}-\d+$/))
    await shot(loser, 'journey8-01-refused')
    expect(new URL(loser.url()).pathname).toBe('/checkout')
    // The checkout now also says which line is short, and the cart still holds the product.
    await visible(loser.getByText(ar('storefront:checkout.unavailable_title')))
    const cart = await loser.evaluate(
      () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number }[],
    )
    expect(cart).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })])
    await loser.goto('/cart')
    await visible(loser.getByRole('heading', { name: product.name }))
    await shot(loser, 'journey8-02-cart-kept')

    // The shop sold one unit, once.
    expect((await admin.product(product.id)).stock).toBe(0)
    const orders = await admin.call<{ total: number }>('GET', '/api/orders?per_page=10')
    expect(orders.total).toBe(1)
    await Promise.all(pages.map((p) => p.context().close()))
  })
})
