import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot, shotsDir, takingShots } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { money, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }

interface OfferOrder {
  id: number
  order_number: string
  subtotal: number
  discount_total: number
  delivery_price: number
  total_amount: number
  adjustments: { code: string | null; label: string; amount: number; target: string }[]
}

/** What the phone shows now (the order dialog is a sheet whose content scrolls inside it). */
async function screen(page: Page, name: string) {
  if (!takingShots) return
  await page.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled', timeout: 60_000 })
}

// Issue 29 (decisions 0170, 0178): an order placed with a code shows its discount wherever it is read afterwards: the
// shopper's mail in their language, the dashboard's order page and the printed (Arabic) invoice, on a phone.
describe('an order placed with a code: the mail and the invoice show the discount (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let session: { token: string; user: unknown }
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  const code = `EID${Date.now().toString(36).toUpperCase()}`
  beforeAll(async () => {
    mailbox = await startMailbox()
    ;[shop, browser] = await Promise.all([startTestShop({ SMTP_URL: mailbox.url }), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
    // The owner's Eid offer: 10 % off the whole order with a code.
    await admin.call('POST', '/api/promotions', {
      name_ar: 'عرض العيد',
      name_en: 'Eid offer',
      code,
      value_type: 'percentage',
      value: 10,
      target: 'order',
    })
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await mailbox?.close()
  })

  let shoppers = 0
  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`the shopper's mail, the order page and the printed invoice list the code's discount (${lang})`, async () => {
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      const product = (await admin.products('active=true&in_stock=true&per_page=100', lang)).find(
        (p) => p.stock >= 10 && (p.wholesale_threshold === null || p.wholesale_threshold > 3),
      )!
      const city = (await api.cities())[0]!
      const email = uniqueEmail(`offer-${lang}`)
      // Placed in the page's language with the code typed in lower case: the shopper's mails follow the language.
      const order = await api.call<OfferOrder>(
        'POST',
        '/api/orders',
        {
          customer_name: lang === 'ar' ? 'مريم الزوي' : 'Mariam Zuwai',
          customer_email: email,
          customer_phone: `09250000${String(++shoppers).padStart(2, '0')}`,
          shipping_address: 'شارع عمر المختار, طرابلس',
          city_id: city.id,
          payment_method: 'cash',
          items: [{ product_id: product.id, quantity: 3 }],
          coupon_code: code.toLowerCase(),
        },
        { 'idempotency-key': randomUUID(), 'accept-language': lang },
      )
      const discount = Math.round(order.subtotal * 10) / 100
      expect(order.discount_total).toBe(discount)
      expect(order.adjustments).toEqual([
        expect.objectContaining({ code, amount: discount, target: 'items' }),
      ])
      expect(order.total_amount).toBe(
        Math.round((order.subtotal - discount + order.delivery_price) * 100) / 100,
      )
      const label = lang === 'ar' ? 'عرض العيد (الرمز ' : 'Eid offer (code '

      // The shopper's mail, in their language: the discount line (label, code, −amount) and the total as stored.
      const mail = await mailbox.waitFor(email, 90_000)
      expect(mail.text).toContain(order.order_number)
      expect(mail.text).toContain(`${label}${code}): −${moneyIn(lang, discount)}`)
      expect(mail.text).toContain(moneyIn(lang, order.total_amount))

      // The dashboard's order page on a phone: the discount between subtotal and total.
      const staff = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      const dashboard = await staff.newPage()
      explainFailure(dashboard, `offers-views-${lang}`, shop.log)
      await dashboard.goto('/dashboard/orders')
      await dashboard.getByRole('searchbox', { name: d('orders.search') }).fill(order.order_number)
      const card = dashboard.getByTestId('data-card').filter({ hasText: order.order_number })
      await card.getByRole('button', { name: d('orders.edit_named', { number: order.order_number }) }).click()
      const dialog = dashboard.getByRole('dialog', {
        name: d('orders.edit_title', { number: `#${order.id}` }),
      })
      const adjustment = dialog.getByTestId('order-adjustment')
      await visible(adjustment)
      await textContains(adjustment, lang === 'ar' ? 'عرض العيد' : 'Eid offer', code, moneyIn(lang, discount))
      await textContains(dialog.getByTestId('order-money'), moneyIn(lang, order.total_amount))
      expect(await dashboard.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      )
      await dialog.getByTestId('order-money').scrollIntoViewIfNeeded()
      await screen(dashboard, `offers-views-01-order-${lang}-375`)
      await dashboard.keyboard.press('Escape')
      await expect.poll(() => dialog.count()).toBe(0)

      // The printed invoice (Arabic whatever the dashboard's language): the discount line and the stored total.
      const [invoice] = await Promise.all([
        staff.waitForEvent('page', { timeout: 30_000 }),
        card.getByRole('button', { name: d('orders.print_named', { number: order.order_number }) }).click(),
      ])
      await invoice.waitForLoadState()
      const invoiceText = () => invoice.evaluate(() => document.body?.innerText ?? '')
      await expect.poll(invoiceText, { timeout: 30_000 }).toContain(order.order_number)
      const totals = invoice.locator('section.totals')
      await textContains(totals, 'عرض العيد', code, `−${money(discount)}`, money(order.total_amount))
      await shot(invoice, `offers-views-02-invoice-${lang}-375`)
      await staff.close()
    })
  }
})
