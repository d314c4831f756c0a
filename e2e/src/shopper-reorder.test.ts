import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail } from './support/api.ts'
import { ar, label } from './support/texts.ts'
import { explainFailure, signInWithForm, textContains, visible, waitForPath } from './support/ui.ts'

// Journey 2: a returning shopper's checkout is prefilled from their last order (product.md §2.8)
// and the new order shows in my orders with its items and status (product.md §2.10).
describe('shopper journey: prefilled checkout and my orders', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('prefills checkout from the last order with a notice, places the order and lists it', async () => {
    const email = uniqueEmail('mariam')
    await api.register('مريم الزوي', email, 'mariam-pass-1')
    const { token } = await api.login(email, 'mariam-pass-1')
    const products = await api.products('active=true&in_stock=true&per_page=50')
    const first = products.find((p) => p.stock >= 5)!
    const second = products.find(
      (p) => p.stock >= 5 && p.id !== first.id && (p.wholesale_threshold ?? 99) > 2,
    )!
    const misrata = (await api.cities()).find((c) => c.name === 'مصراتة')!
    const previous = await api.as(token).placeOrder([{ product_id: first.id, quantity: 1 }], misrata.id, {
      name: 'مريم الزوي',
      email,
      phone: '0925551234',
      address: 'شارع طرابلس, مصراتة, الزروق',
    })

    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    explainFailure(page, 'journey2', shop.log)
    await signInWithForm(page, email, 'mariam-pass-1')
    await waitForPath(page, '/')
    await visible(page.getByRole('button', { name: ar('nav.logout') }).first())

    await page.goto(`/products?search=${encodeURIComponent(second.name)}`)
    await page
      .getByRole('button', { name: ar('storefront:product.add_to_cart_named', { name: second.name }) })
      .click()
    await page
      .getByRole('navigation')
      .getByRole('link', { name: new RegExp(ar('nav.cart')) })
      .click()
    await page.getByRole('button', { name: ar('storefront:cart.increase', { name: second.name }) }).click()
    await page.getByRole('button', { name: ar('storefront:cart.checkout') }).click()
    await waitForPath(page, '/checkout')

    // product.md §2.8: the profile autofill fills the form, with the info banner.
    await visible(page.getByText(ar('storefront:checkout.autofill_notice')))
    const field = (key: string) => page.getByLabel(label(ar(`storefront:checkout.${key}`)))
    expect(await field('first_name').inputValue()).toBe('مريم')
    expect(await field('last_name').inputValue()).toBe('الزوي')
    expect(await field('email').inputValue()).toBe(email)
    expect(await field('phone').inputValue()).toBe('0925551234')
    expect(await field('address').inputValue()).toBe('شارع طرابلس')
    expect(await field('state').inputValue()).toBe('الزروق')
    await expect.poll(() => field('city').inputValue()).toBe(String(misrata.id))
    await shot(page, 'journey2-01-checkout-prefilled')

    await page.getByRole('button', { name: ar('storefront:checkout.place_order') }).click()
    await waitForPath(page, '/order-confirmation')
    const number = (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()

    // My orders: both orders, the new one with its item, quantity and status badge.
    await page.getByRole('link', { name: ar('storefront:confirmation.view_orders') }).click()
    await waitForPath(page, '/my-orders')
    const card = page.getByRole('article', { name: new RegExp(number) })
    await visible(card)
    await textContains(card, second.name, '× 2', ar('order_status.pending'), ar('payment_method.cash'))
    await visible(page.getByRole('article', { name: new RegExp(previous.order_number) }))
    expect(await page.getByRole('article').count()).toBe(2)
    await shot(page, 'journey2-02-my-orders')
    await context.close()
  })
})
