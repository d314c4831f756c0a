import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { toCents, fromCents } from '@shop/shared/money/money'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiProduct } from './support/api.ts'
import { ar, label, money } from './support/texts.ts'
import { explainFailure, fillCheckout, textContains, visible, waitForPath } from './support/ui.ts'

// Journey 1: a guest finds products, reaches the wholesale price, checks out with a delivery city,
// then registers — and the guest order stays a guest order (product.md §2.4–§2.9, §4.2, §6.2).
describe('guest journey: browse, cart at retail and wholesale, checkout, register', () => {
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

  it('orders one product at retail and one at its wholesale threshold, with the city’s delivery fee', async () => {
    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    explainFailure(page, 'journey1', shop.log)

    // Home: the featured products are the ones the API lists first among active, in-stock products.
    const featured = await api.products('per_page=4&active=true&in_stock=true')
    await page.goto('/')
    const featuredSection = page.locator('section#products')
    await visible(featuredSection.getByRole('heading', { name: featured[0]!.name, exact: true }))
    await shot(page, 'journey1-01-home')

    // Products page: an Arabic search term narrows the list to what the API finds for it.
    await page.getByRole('link', { name: ar('storefront:landing.featured.view_all') }).click()
    await waitForPath(page, '/products')
    // The landing's own cards (also articles) can still be on screen while the products page loads: count the
    // products page's cards once they are there.
    const cards = page.getByRole('article')
    await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(12) // product.md §9: default page size 12, and the demo catalogue has more than 12
    const before = await cards.count()

    const honey = await api.products(
      `search=${encodeURIComponent('عسل')}&active=true&in_stock=true&per_page=12`,
    )
    expect(honey.length).toBeGreaterThan(0)
    expect(honey.length).toBeLessThan(before)
    await page.getByLabel(ar('storefront:products.search_label'), { exact: true }).fill('عسل')
    await expect.poll(() => cardNames(page), { timeout: 60_000 }).toEqual(honey.map((p) => p.name))
    await waitForPath(page, /search=/)
    await shot(page, 'journey1-02-search-honey')

    // Retail line: a honey product bought once (below any wholesale threshold).
    const retail = honey.find((p) => p.stock >= 2 && (p.wholesale_threshold ?? 99) > 1) as ApiProduct
    await page
      .getByRole('button', { name: ar('storefront:product.add_to_cart_named', { name: retail.name }) })
      .click()
    await visible(page.getByText(ar('storefront:product.added_toast', { name: retail.name })))

    // Category filter (search cleared): only that category's products are listed.
    await page.getByLabel(ar('storefront:products.search_label'), { exact: true }).fill('')
    const offshoots = (
      await api.call<{ data: { id: number; name: string; slug: string }[] }>(
        'GET',
        '/api/categories?active=true',
      )
    ).data.find((c) => c.name === 'فسائل النخيل')!
    const inCategory = await api.products(`category_id=${offshoots.id}&active=true&in_stock=true&per_page=12`)
    // The category's link (decision 0110): its own address, opened in the app without loading a new document.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    const categoryLink = page
      .getByRole('navigation', { name: ar('storefront:products.categories_nav') })
      .getByRole('link', { name: offshoots.name, exact: true })
    // The cleared search leaves the address (and so the links) after the box's debounce.
    await expect
      .poll(() => categoryLink.getAttribute('href'), { timeout: 60_000 })
      .toBe(`/products?category=${offshoots.slug}`)
    await categoryLink.click()
    await expect.poll(() => cardNames(page), { timeout: 60_000 }).toEqual(inCategory.map((p) => p.name))
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true)
    expect(new URL(page.url()).search).toBe(`?category=${offshoots.slug}`)
    // The dropdown (product.md §2.4) picks the same list.
    await page.getByLabel(ar('storefront:products.category_label'), { exact: true }).selectOption('')
    await page
      .getByLabel(ar('storefront:products.category_label'), { exact: true })
      .selectOption(offshoots.slug)
    await expect.poll(() => cardNames(page), { timeout: 60_000 }).toEqual(inCategory.map((p) => p.name))
    expect(inCategory.length).toBeLessThan(before)
    await shot(page, 'journey1-03-category-offshoots')

    // Wholesale line: added once, then raised with + in the cart up to the threshold.
    const wholesale = inCategory.find(
      (p) =>
        p.wholesale_price !== null &&
        p.wholesale_threshold !== null &&
        p.wholesale_threshold <= 6 &&
        p.stock >= p.wholesale_threshold,
    ) as ApiProduct
    expect(wholesale).toBeTruthy()
    const threshold = wholesale.wholesale_threshold!
    await page
      .getByRole('button', { name: ar('storefront:product.add_to_cart_named', { name: wholesale.name }) })
      .click()
    await visible(page.getByText(ar('storefront:product.added_toast', { name: wholesale.name })))

    await page
      .getByRole('navigation')
      .getByRole('link', { name: new RegExp(ar('nav.cart')) })
      .click()
    await waitForPath(page, '/cart')
    const plus = page.getByRole('button', { name: ar('storefront:cart.increase', { name: wholesale.name }) })
    const quantity = page
      .getByRole('group', { name: ar('storefront:cart.quantity_of', { name: wholesale.name }) })
      .getByTestId('quantity')
    for (let q = 2; q <= threshold; q++) {
      await plus.click()
      await expect.poll(() => quantity.inputValue()).toBe(String(q))
    }
    // The note is on the wholesale line only (product.md §2.7), and the totals are the prices the API lists.
    const note = page.getByText(ar('storefront:cart.wholesale_applied'))
    await visible(note)
    expect(await note.count()).toBe(1)
    const expectedSubtotal = fromCents(
      toCents(retail.retail_price ?? retail.price)! + toCents(wholesale.wholesale_price)! * threshold,
    )
    const summary = page.getByRole('complementary', { name: ar('storefront:cart.summary') })
    // Delivery is not promised free: it reads from the cheapest to the dearest active city (decision 0135).
    const fees = (await api.cities()).map((c) => c.delivery_price)
    await textContains(summary, money(expectedSubtotal))
    await textContains(page.getByTestId('cart-delivery'), money(Math.min(...fees)), money(Math.max(...fees)))
    await shot(page, 'journey1-04-cart-wholesale')

    // Checkout with a city: the delivery fee is added to the total.
    await page.getByRole('button', { name: ar('storefront:cart.checkout') }).click()
    await waitForPath(page, '/checkout')
    const city = (await api.cities()).find((c) => c.name === 'بنغازي')!
    const email = uniqueEmail('guest')
    await fillCheckout(page, {
      firstName: 'سالم',
      lastName: 'الورفلي',
      email,
      phone: '0912345678',
      address: 'شارع جمال عبد الناصر',
      cityId: city.id,
      state: 'البركة',
    })
    const expectedTotal = fromCents(toCents(expectedSubtotal)! + toCents(city.delivery_price)!)
    await textContains(page.getByTestId('summary-delivery'), money(city.delivery_price))
    await textContains(page.getByTestId('summary-total'), money(expectedTotal))
    await shot(page, 'journey1-05-checkout')
    await page.getByRole('button', { name: ar('storefront:checkout.place_order') }).click()

    // Confirmation with the order number; the server recorded the same total.
    await waitForPath(page, '/order-confirmation')
    await visible(page.getByRole('heading', { name: ar('storefront:confirmation.title') }))
    const number = (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()
    expect(number).toMatch(/^ORD-\d{6}-\d+$/)
    await shot(page, 'journey1-06-confirmation')
    const admin = api.as((await api.login(shop.adminEmail, shop.adminPassword)).token)
    const orders = await admin.call<{
      data: { order_number: string; total_amount: number; user_id: number | null }[]
    }>('GET', `/api/orders?search=${number}`)
    expect(orders.data).toHaveLength(1)
    expect(Number(orders.data[0]!.total_amount)).toBe(expectedTotal)
    expect(orders.data[0]!.user_id).toBeNull()

    // The cart is empty after the order (product.md §4.8).
    await page.goto('/cart')
    await visible(page.getByText(ar('storefront:cart.empty_title')))

    // Register with the same email (signed in at once): my orders is empty — a guest order is never attached.
    await page.goto('/register')
    await page.getByLabel(label(ar('storefront:auth.name'))).fill('سالم الورفلي')
    await page.getByLabel(label(ar('storefront:auth.email'))).fill(email)
    await page.getByLabel(label(ar('storefront:auth.password'))).fill('salem-pass-1')
    await page.getByLabel(label(ar('storefront:auth.password_confirmation'))).fill('salem-pass-1')
    await page.getByRole('button', { name: ar('storefront:auth.register_button') }).click()
    // Decision 0138: registering signs the shopper in (no second sign-in).
    await waitForPath(page, '/')
    await visible(page.getByText(ar('storefront:auth.register_success')))
    await page
      .getByRole('navigation')
      .getByRole('link', { name: ar('nav.my_orders') })
      .click()
    await waitForPath(page, '/my-orders')
    await visible(page.getByText(ar('storefront:orders.empty_title')))
    await shot(page, 'journey1-07-my-orders-empty')
    await context.close()
  })
})

async function cardNames(page: Page): Promise<string[]> {
  // Skeletons are aria-hidden divs, so only real cards are articles.
  return page.getByRole('article').getByRole('heading').allInnerTexts()
}
