import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot, shotsDir, takingShots } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiCity, type ApiProduct } from './support/api.ts'
import { describeFindings, seriousViolations, settle } from './support/a11y.ts'
import { exact, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, fillCheckout, textContains, visible, waitForPath } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }
const WIDE = { width: 1280, height: 900 }

interface PlacedOrder {
  id: number
  order_number: string
  subtotal: number
  discount_total: number
  delivery_price: number
  total_amount: number
  adjustments: { code: string | null; label: string; amount: number; target: string }[]
}

/** A close picture of one part of the page (the summaries), to look at the discount lines at this width. */
async function part(locator: Locator, name: string) {
  if (!takingShots) return
  await locator.scrollIntoViewIfNeeded()
  await locator.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled', timeout: 60_000 })
}

/** Whole dirhams of a percentage, as the pricing rounds it (half up). */
const percent = (amount: number, p: number) => Math.round(amount * p) / 100
const dinars = (x: number) => Math.round(x * 100) / 100

// Issue 29 (decision 0176), the shopper's side on a phone in ar and en: a code at checkout refused below its minimum
// (the message names what is missing) and then applied (the discount line, the order confirmation, the stored order's
// adjustment); the free-delivery hint below the threshold and delivery free above it.
describe('offers in the cart and at checkout (375 px, ar and en)', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let product: ApiProduct & { slug: string }
  let city: ApiCity
  const code = `SHOP${Date.now().toString(36).toUpperCase()}`
  let price = 0
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
    const session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
    // A product sold by the unit, its first quantity price far away, with stock for both journeys.
    product = (
      (await api.products('active=true&in_stock=true&per_page=100')) as (ApiProduct & { slug: string })[]
    ).find(
      (p) =>
        p.stock >= 40 &&
        Number(p.price) >= 20 &&
        Number(p.price) <= 80 &&
        (p.wholesale_threshold === null || p.wholesale_threshold > 10),
    )!
    expect(product).toBeDefined()
    price = Number(product.price)
    city = (await api.cities()).find((c) => c.delivery_price > 0)!
    // The code: 10 % from three units; free delivery in this city from four units' worth after discounts.
    await admin.call('POST', '/api/promotions', {
      name_ar: 'خصم المتجر',
      name_en: 'Shop discount',
      code,
      value_type: 'percentage',
      value: 10,
      target: 'order',
      min_subtotal: price * 3,
      combinable: true,
    })
    await admin.call('POST', '/api/promotions', {
      name_ar: 'توصيل مجاني',
      name_en: 'Free delivery',
      value_type: 'percentage',
      value: 100,
      target: 'delivery',
      min_subtotal: price * 4,
      city_ids: [city.id],
      combinable: true,
    })
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  let shoppers = 0
  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    const s = (key: string, vars?: Record<string, string | number>) => tr(lang, `storefront:${key}`, vars)
    const m = (v: number) => moneyIn(lang, v)

    it(`a code refused below its minimum, then applied; free delivery above the threshold (${lang}, 375 px)`, async () => {
      const context = await newContext(browser, shop.url, { language: lang, ...PHONE })
      const page = await context.newPage()
      explainFailure(page, `offers-checkout-${lang}`, shop.log)
      const name = (
        await api.call<ApiProduct>('GET', `/api/products/${product.id}`, undefined, {
          'accept-language': lang,
        })
      ).name

      // One unit in the cart.
      await page.goto(`/products/${product.slug}`)
      await visible(page.getByRole('heading', { level: 1, name: exact(name) }))
      await page.getByRole('button', { name: s('product.add_to_cart'), exact: true }).click()
      // The cart is kept once the badge counts it (a tap before the app took the page over is replayed after it).
      await visible(page.getByTestId('cart-badge').filter({ visible: true }))
      await page.goto('/cart')
      await waitForPath(page, '/cart')
      const summary = page.getByRole('complementary', { name: s('cart.summary') })
      await visible(summary)

      // The code below its minimum: refused, the message names what is missing; the cart keeps its prices.
      await summary.getByLabel(s('offers.code_label')).fill(code.toLowerCase())
      await summary.getByRole('button', { name: s('offers.apply') }).click()
      const refusal = summary.getByTestId('coupon-error')
      await textContains(refusal, tr(lang, 'shared:errors.COUPON_MINIMUM', { missing: m(price * 2) }))
      await textContains(summary.getByTestId('cart-total'), m(price))
      expect(await summary.getByTestId('discount-line').count()).toBe(0)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await shot(page, `offers-01-cart-refused-${lang}-375`)
      await part(summary, `offers-01-cart-refused-${lang}-375-summary`)

      // Three units: the code applies, its line in the summary.
      const plus = page.getByRole('button', { name: s('cart.increase', { name }) })
      await plus.click()
      await plus.click()
      const three = dinars(price * 3)
      const codeOff = percent(three, 10)
      const line = summary.getByTestId('discount-line')
      await textContains(line, lang === 'ar' ? 'خصم المتجر' : 'Shop discount', code, `−${m(codeOff)}`)
      await textContains(summary.getByTestId('cart-total'), m(dinars(three - codeOff)))
      expect(await refusal.count()).toBe(0)
      await shot(page, `offers-02-cart-code-${lang}-375`)
      await part(summary, `offers-02-cart-code-${lang}-375-summary`)

      // Checkout with the city: the free-delivery hint (four units' worth after the code's discount), delivery charged.
      await page.getByRole('button', { name: s('cart.checkout') }).click()
      await waitForPath(page, '/checkout', 30_000)
      const details = {
        firstName: lang === 'ar' ? 'هدى' : 'Huda',
        lastName: lang === 'ar' ? 'المصراتي' : 'Misrati',
        email: uniqueEmail(`offers-${lang}`),
        phone: `09140000${String(++shoppers).padStart(2, '0')}`,
        address: lang === 'ar' ? 'شارع الجمهورية' : 'Republic St',
        cityId: city.id,
        state: lang === 'ar' ? 'الظهرة' : 'Dahra',
      }
      await fillCheckout(page, details, lang)
      const checkout = page.getByRole('region', { name: s('checkout.summary') })
      const hint = checkout.getByTestId('free-delivery-hint')
      await textContains(hint, m(dinars(price * 4 - (three - codeOff))))
      await textContains(checkout.getByTestId('summary-delivery'), m(city.delivery_price))
      await textContains(
        checkout.getByTestId('summary-total'),
        m(dinars(three - codeOff + city.delivery_price)),
      )
      await shot(page, `offers-03-checkout-hint-${lang}-375`)
      await part(checkout, `offers-03-checkout-hint-${lang}-375-summary`)

      // Back to the cart for two more: above the threshold delivery is free.
      await page.goto('/cart')
      await waitForPath(page, '/cart')
      await plus.click()
      await plus.click()
      const five = dinars(price * 5)
      const fiveOff = percent(five, 10)
      await textContains(summary.getByTestId('discount-line'), `−${m(fiveOff)}`)
      await page.getByRole('button', { name: s('cart.checkout') }).click()
      await waitForPath(page, '/checkout', 30_000)
      await fillCheckout(page, details, lang)
      await textContains(checkout.getByTestId('summary-delivery'), s('offers.free_delivery'))
      expect(await checkout.getByTestId('summary-delivery').locator('del').innerText()).toContain(
        m(city.delivery_price),
      )
      expect(await checkout.getByTestId('free-delivery-hint').count()).toBe(0)
      const expected = dinars(five - fiveOff)
      await textContains(checkout.getByTestId('summary-total'), m(expected))
      await textContains(
        checkout,
        lang === 'ar' ? 'توصيل مجاني' : 'Free delivery',
        `−${m(city.delivery_price)}`,
      )
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await shot(page, `offers-04-checkout-free-${lang}-375`)
      await part(checkout, `offers-04-checkout-free-${lang}-375-summary`)

      // Placed: the confirmation shows each discount and the total as stored.
      await page.getByRole('button', { name: s('checkout.place_order') }).click()
      await waitForPath(page, '/order-confirmation', 60_000)
      const lines = page.getByTestId('confirmation-lines')
      await visible(lines)
      await textContains(lines, code, `−${m(fiveOff)}`, `−${m(city.delivery_price)}`, m(expected))
      const number = (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()
      await shot(page, `offers-05-confirmation-${lang}-375`)
      await part(lines, `offers-05-confirmation-${lang}-375-lines`)

      // The order as the server kept it: the code's adjustment and free delivery.
      const found = await admin.call<{ data: { id: number }[] }>('GET', `/api/orders?search=${number}`)
      const order = await admin.call<PlacedOrder>('GET', `/api/orders/${found.data[0]!.id}`)
      expect(order.subtotal).toBe(five)
      expect(order.delivery_price).toBe(city.delivery_price)
      expect(order.discount_total).toBe(dinars(fiveOff + city.delivery_price))
      expect(order.total_amount).toBe(expected)
      expect(order.adjustments.map((a) => [a.code, a.target, a.amount])).toEqual([
        [code, 'items', fiveOff],
        [null, 'delivery', city.delivery_price],
      ])
      await context.close()
    })
  }

  // Pictures of the cart and the checkout with a discount on a wide screen, to look at.
  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`the cart and the checkout with a discount on a wide screen (${lang}, 1280 px)`, async () => {
      const s = (key: string, vars?: Record<string, string | number>) => tr(lang, `storefront:${key}`, vars)
      const context = await newContext(browser, shop.url, { language: lang, ...WIDE })
      const page = await context.newPage()
      explainFailure(page, `offers-wide-${lang}`, shop.log)
      await page.goto('/')
      await page.evaluate(
        ([p, c]) => {
          localStorage.setItem(
            'cart',
            JSON.stringify([{ id: p.id, name: p.name, price: p.price, stock: p.stock, quantity: 3 }]),
          )
          localStorage.setItem('cart_code', c)
        },
        [
          { id: product.id, name: product.name, price: Number(product.price), stock: product.stock },
          code,
        ] as const,
      )
      await page.goto('/cart')
      const summary = page.getByRole('complementary', { name: s('cart.summary') })
      await visible(summary.getByTestId('discount-line'), 30_000)
      await shot(page, `offers-06-cart-${lang}-1280`)
      // The code field, the discount line and the summary pass axe's serious and critical rules.
      await settle(page)
      expect(describeFindings(await seriousViolations(page, '/cart'))).toBe('')
      await page.getByRole('button', { name: s('cart.checkout') }).click()
      await waitForPath(page, '/checkout', 30_000)
      await page.getByLabel(new RegExp(`^\\s*${s('checkout.city')}`)).selectOption(String(city.id))
      await visible(page.getByTestId('free-delivery-hint'), 30_000)
      await shot(page, `offers-07-checkout-${lang}-1280`)
      await settle(page)
      expect(describeFindings(await seriousViolations(page, '/checkout'))).toBe('')
      await context.close()
    })
  }
})
