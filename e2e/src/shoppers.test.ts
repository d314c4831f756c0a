import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot, wholePage } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiCity, type ApiProduct } from './support/api.ts'
import { label, money, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible, waitForPath } from './support/ui.ts'

// Issue 26 "Shoppers": typed quantities, the city where nobody can pay (the WhatsApp way out), the confirmation's lines
// and total, and the dashboard's validation texts after a full page load; in Arabic and English, at 375 and 1280 px.
describe('shoppers: typed quantities, no way to pay, confirmation, dashboard texts after a reload', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let session: { token: string; user: unknown }
  let product: ApiProduct
  let noCash: ApiCity
  let cash: ApiCity
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
    // No online method is configured in the test shop: cash is the only way to pay.
    await admin.call('PUT', '/api/settings', { key: 'whatsapp_number', value: '+218919998877' })
    const cities = await api.cities()
    cash = cities.find((c) => c.name === 'طرابلس')!
    noCash = cities.find((c) => c.name === 'غات')!
    await admin.call('PUT', `/api/cities/${noCash.id}`, {
      name_ar: 'غات',
      name_en: 'Ghat',
      delivery_price: noCash.delivery_price,
      is_active: true,
      cod_allowed: false,
      cod_max_total: null,
    })
    product = (await api.products('active=true&in_stock=true&per_page=50')).find(
      (p) => !p.is_always_in_stock && p.stock >= 20 && p.stock < 500,
    )!
    expect(product).toBeTruthy()
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  const sizes = [
    { lang: 'ar' as Lang, width: 375 },
    { lang: 'en' as Lang, width: 1280 },
    { lang: 'ar' as Lang, width: 1280 },
    { lang: 'en' as Lang, width: 375 },
  ]

  let phones = 0
  async function fill(page: Page, lang: Lang, cityId: number, email: string) {
    // A phone of its own per journey: a phone may have only a few cash orders waiting (decision 0091).
    phones += 1
    const field = (key: string) => page.getByLabel(label(tr(lang, `storefront:checkout.${key}`)))
    await field('first_name').fill(lang === 'ar' ? 'سالم' : 'Salem')
    await field('last_name').fill(lang === 'ar' ? 'الورفلي' : 'Warfalli')
    await field('email').fill(email)
    await field('phone').fill(`09123456${String(10 + phones)}`)
    await field('address').fill(lang === 'ar' ? 'شارع جمال عبد الناصر' : 'Gamal Abdel Nasser street')
    const city = field('city')
    await expect.poll(() => city.isEnabled(), { timeout: 60_000 }).toBe(true)
    await city.selectOption(String(cityId))
    await field('state').fill(lang === 'ar' ? 'البركة' : 'Barka')
  }

  it.each(sizes)(
    '$lang at $width px: types quantities, meets the city without cash, is offered WhatsApp, orders to a city with cash',
    async ({ lang, width }) => {
      const context = await newContext(browser, shop.url, { language: lang, width, height: 900 })
      const page = await context.newPage()
      const name = `shoppers-${lang}-${width}`
      explainFailure(page, name, shop.log)
      const t = (key: string, vars?: Record<string, string | number>) => tr(lang, `storefront:${key}`, vars)
      // «12.50 د.ل» on Arabic pages, "12.50 LYD" on English ones (decision 0122).
      const shownMoney = (value: number) => (lang === 'en' ? money(value, 'LYD') : money(value))
      // The stock as it is now (the journeys before this one bought some).
      const shown = (await api.products(`per_page=50&active=true`, lang)).find((p) => p.id === product.id)!

      // Product page: 3 typed with the number keyboard, then more than the stock is clamped to the stock.
      await page.goto(`/products/${(shown as ApiProduct & { slug: string }).slug}`)
      await wholePage(page)
      const quantity = page.getByRole('textbox', { name: t('cart.quantity_of', { name: shown.name }) })
      await visible(quantity)
      expect(await quantity.getAttribute('inputmode')).toBe('numeric')
      await quantity.fill(String(shown.stock + 50))
      await quantity.press('Enter')
      await expect.poll(() => quantity.inputValue()).toBe(String(shown.stock))
      await visible(page.getByText(t('cart.quantity_capped', { count: shown.stock })))
      await quantity.fill('3')
      await quantity.press('Enter')
      await expect.poll(() => quantity.inputValue()).toBe('3')
      await page.getByRole('button', { name: t('product.add_to_cart'), exact: true }).click()
      await visible(page.getByText(t('product.added_toast', { name: shown.name })))

      // Cart: 5 typed in the line; delivery reads by city, not «free».
      await page.goto('/cart')
      await wholePage(page)
      const line = page.getByRole('textbox', { name: t('cart.quantity_of', { name: shown.name }) })
      await expect.poll(() => line.inputValue()).toBe('3')
      await line.fill('5')
      await line.press('Tab')
      await expect.poll(() => line.inputValue()).toBe('5')
      const fees = (await api.cities()).map((c) => c.delivery_price)
      await textContains(
        page.getByTestId('cart-delivery'),
        shownMoney(Math.min(...fees)),
        shownMoney(Math.max(...fees)),
      )
      await shot(page, `${name}-01-cart`)

      // Checkout to Ghat (no cash, no online method): the WhatsApp way out with the cart written in.
      await page.goto('/checkout')
      await wholePage(page)
      await fill(page, lang, noCash.id, uniqueEmail('shopper'))
      const panel = page.getByTestId('no-way-to-pay')
      await visible(panel)
      await textContains(panel, t('checkout.no_way.title'))
      const whatsapp = page.getByRole('link', { name: t('checkout.no_way.whatsapp') })
      const href = new URL((await whatsapp.getAttribute('href'))!)
      expect(href.origin + href.pathname).toBe('https://wa.me/218919998877')
      const text = href.searchParams.get('text')!
      expect(text).toContain(`- 5 × ${shown.name} = `)
      expect(text).toContain(t('checkout.no_way.whatsapp_greeting'))
      await panel.scrollIntoViewIfNeeded()
      await shot(page, `${name}-02-no-way-to-pay`)

      // Another city where cash pays: the panel goes, the order is placed.
      await page.getByLabel(label(t('checkout.city'))).selectOption(String(cash.id))
      await expect.poll(() => panel.count()).toBe(0)
      await page.getByRole('button', { name: t('checkout.place_order') }).click()
      await waitForPath(page, '/order-confirmation', 30_000)

      // Confirmation: the lines and the total to have ready; a guest's main action is the tracking page.
      const lines = page.getByTestId('confirmation-lines')
      await textContains(lines, shown.name, '× 5')
      const number = (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()
      const order = (
        await admin.call<{ data: { order_number: string; total_amount: number }[] }>(
          'GET',
          `/api/orders?search=${number}`,
        )
      ).data[0]!
      await textContains(page.getByTestId('confirmation-total'), shownMoney(order.total_amount))
      const main = page.getByRole('main')
      const track = main.getByRole('link', { name: t('confirmation.track_link') })
      expect(await track.getAttribute('href')).toBe(`/track?order=${encodeURIComponent(number)}`)
      expect(await main.getByRole('link', { name: t('confirmation.view_orders') }).count()).toBe(0)
      await shot(page, `${name}-03-confirmation`)
      await context.close()
    },
  )

  it.each(['ar', 'en'] as const)(
    'dashboard (%s): after a full page load, an empty form shows translated messages, not keys',
    async (lang) => {
      const context = await newContext(browser, shop.url, { language: lang, ...session })
      const page = await context.newPage()
      explainFailure(page, `dashboard-validation-${lang}`, shop.log)
      // A full load of a dashboard page (no storefront page before it loaded the texts).
      await page.goto('/dashboard/categories')
      await visible(page.getByRole('heading', { level: 1, name: tr(lang, 'dashboard:categories.title') }))
      await page.reload()
      await wholePage(page)
      await page
        .getByRole('button', { name: tr(lang, 'dashboard:categories.add') })
        .first()
        .click()
      const dialog = page.getByRole('dialog')
      await visible(dialog)
      await dialog.getByRole('button', { name: tr(lang, 'common:actions.save') }).click()
      await visible(dialog.getByText(tr(lang, 'shared:validation.name_required')))
      expect(await dialog.innerText()).not.toContain('validation.')
      await shot(page, `dashboard-validation-${lang}`)
      // The cities screen warns the owner: Ghat takes no cash and the shop has no online payment.
      await page.goto('/dashboard/cities')
      await visible(page.getByTestId('cities-no-way-warning'))
      // Ghat is on the second page in Arabic order: the search finds it.
      await page
        .getByRole('searchbox', { name: tr(lang, 'dashboard:cities.search') })
        .fill(lang === 'ar' ? 'غات' : 'Ghat')
      await visible(page.getByText(tr(lang, 'dashboard:cities.no_way_to_pay')).first())
      await shot(page, `dashboard-cities-no-way-${lang}`)
      await context.close()
    },
  )
})
