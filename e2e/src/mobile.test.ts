import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi } from './support/api.ts'
import { ar } from './support/texts.ts'
import { explainFailure, fillCheckout, visible, waitForPath } from './support/ui.ts'

const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

// Journey 6: at 375 px (product.md §2.2: hamburger below 768 px) the menu opens, navigates and closes,
// and the cart and checkout can be used without sideways scrolling.
describe('phone width (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('opens the hamburger menu, navigates from it and closes it; the backdrop closes it too', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar', width: 375, height: 812 })
    const page = await context.newPage()
    explainFailure(page, 'journey6-menu', shop.log)
    await page.goto('/')
    const open = page.getByRole('button', { name: ar('nav.open_menu') })
    await visible(open)
    // The desktop links are hidden at this width.
    expect(await page.getByRole('navigation', { name: ar('nav.menu') }).isVisible()).toBe(false)
    await open.click()
    const panel = page.locator('#mobile-menu')
    await visible(panel)
    expect(
      await page
        .getByRole('button', { name: ar('nav.close_menu') })
        .first()
        .getAttribute('aria-expanded'),
    ).toBe('true')
    await shot(page, 'journey6-01-menu-open-375')
    await panel.getByRole('link', { name: ar('nav.products'), exact: true }).click()
    await waitForPath(page, '/products')
    await panel.waitFor({ state: 'detached' })
    expect(await open.getAttribute('aria-expanded')).toBe('false')
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(375)

    await open.click()
    await visible(panel)
    // The backdrop dims the whole page under the bar, and a tap on it closes the menu.
    const backdrop = await page.getByTestId('menu-backdrop').boundingBox()
    expect(backdrop?.height).toBeGreaterThan(700)
    await page.getByTestId('menu-backdrop').click({ position: { x: 20, y: 600 } })
    await panel.waitFor({ state: 'detached' })
    await context.close()
  })

  it('uses the cart’s + and − and places an order from the checkout form', async () => {
    const api = new ShopApi(shop.url)
    const product = (await api.products('active=true&in_stock=true&per_page=20')).find(
      (p) => p.stock >= 5 && (p.wholesale_threshold ?? 99) > 3,
    )!
    const city = (await api.cities()).find((c) => c.name === 'طرابلس')!
    const context = await newContext(browser, shop.url, { language: 'ar', width: 375, height: 812 })
    const page = await context.newPage()
    explainFailure(page, 'journey6-cart', shop.log)
    await page.goto(`/products?search=${encodeURIComponent(product.name)}`)
    await page
      .getByRole('button', { name: ar('storefront:product.add_to_cart_named', { name: product.name }) })
      .click()
    await visible(page.getByTestId('cart-badge').filter({ visible: true }))
    await page
      .getByRole('banner')
      .getByRole('link', { name: new RegExp(ar('nav.cart')) })
      .click()
    await waitForPath(page, '/cart')

    const quantity = page.getByTestId('quantity')
    await page.getByRole('button', { name: ar('storefront:cart.increase', { name: product.name }) }).click()
    await page.getByRole('button', { name: ar('storefront:cart.increase', { name: product.name }) }).click()
    await expect.poll(() => quantity.inputValue()).toBe('3')
    await page.getByRole('button', { name: ar('storefront:cart.decrease', { name: product.name }) }).click()
    await expect.poll(() => quantity.inputValue()).toBe('2')
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(375)
    await shot(page, 'journey6-02-cart-375')

    await page.getByRole('button', { name: ar('storefront:cart.checkout') }).click()
    await waitForPath(page, '/checkout')
    await fillCheckout(page, {
      firstName: 'علي',
      lastName: 'المصراتي',
      email: 'ali@e2e.ly',
      phone: '0911111111',
      address: 'شارع الجمهورية',
      cityId: city.id,
      state: 'سوق الجمعة',
    })
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(375)
    await shot(page, 'journey6-03-checkout-375')
    await page.getByRole('button', { name: ar('storefront:checkout.place_order') }).click()
    await waitForPath(page, '/order-confirmation')
    await visible(page.getByText(/^ORD-\d{6}-\d+$/))
    expect(await noHorizontalOverflow(page)).toBeLessThanOrEqual(375)
    await context.close()
  })
})
