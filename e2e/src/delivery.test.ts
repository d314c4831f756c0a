import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, newContext, releaseBrowser, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiOrder } from './support/api.ts'
import { label, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible } from './support/ui.ts'

// Issue 42 in the browser at a phone's width, in both languages: staff confirm two cash orders and send them out with
// the shop's own driver from the order dialog; the driver's phone page marks one delivered and one refused (that one
// while the phone is offline: it goes when the network is back); the dashboard shows the refused order cancelled with
// its reason and the driver's cash account; staff record the cash handed over and the delivered order is paid; the
// day's delivery sheet prints in Arabic.
const PHONE = { width: 375, height: 812 }

interface ApiShipment {
  id: number
  order_id: number
  status: string
}

describe('delivery with an own driver: ship, driver page, refusal, cash handed over', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let session: { token: string; user: unknown }
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  async function twoCashOrders(lang: Lang) {
    const product = (await api.products('active=true&in_stock=true&per_page=100')).find(
      (p) => p.stock >= 10 && !p.is_always_in_stock,
    )!
    const city = (await api.cities())[0]!
    const place = (name: string) =>
      api.placeOrder([{ product_id: product.id, quantity: 1 }], city.id, {
        name,
        email: uniqueEmail(`delivery-${lang}`),
      })
    return [await place('سالم القماطي'), await place('هدى الفيتوري')] as const
  }

  /** Opens an order's dialog from the orders list (search by its number). */
  async function openOrder(page: Page, lang: Lang, order: ApiOrder) {
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    await page.goto('/dashboard/orders')
    await page.getByRole('searchbox', { name: d('orders.search') }).fill(order.order_number)
    const card = page.getByTestId('data-card').filter({ hasText: order.order_number })
    await card.getByRole('button', { name: d('orders.edit_named', { number: order.order_number }) }).click()
    return page.getByRole('dialog', { name: d('orders.edit_title', { number: `#${order.id}` }) })
  }

  const shipmentOf = async (orderId: number) =>
    (await admin.call<{ data: ApiShipment[] }>('GET', `/api/shipments?order_id=${orderId}`)).data[0]
  const orderOf = (id: number) =>
    admin.call<{ order_status: string; payment_status: string }>('GET', `/api/orders/${id}`)

  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`confirm and ship two orders, the driver delivers one and records a refusal offline, cash handed over (${lang}, 375 px)`, async () => {
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      const [a, b] = await twoCashOrders(lang)
      const driver = await admin.call<{ id: number; name: string }>('POST', '/api/couriers', {
        kind: 'driver',
        name: lang === 'ar' ? `سائق ${a.id}` : `Driver ${a.id}`,
        phone: '0913334444',
      })

      // Staff, on a phone: confirm each order by phone, then send it out with the driver.
      const staff = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      const page = await staff.newPage()
      explainFailure(page, `delivery-staff-${lang}`, shop.log)
      for (const order of [a, b]) {
        const confirming = await openOrder(page, lang, order)
        await confirming.getByRole('button', { name: d('orders.confirm.confirmed_by_phone') }).click()
        await expect.poll(async () => (await orderOf(order.id)).order_status).toBe('processing')
        // Confirming closes the dialog (the confirmation call is done); open the order again to send it out.
        await confirming.waitFor({ state: 'hidden' })
        const dialog = await openOrder(page, lang, order)
        const ship = dialog.getByTestId('ship-order')
        await visible(ship)
        await ship.getByLabel(label(d('orders.ship.courier'))).selectOption(String(driver.id))
        await ship.getByRole('button', { name: d('orders.ship.submit') }).click()
        await visible(dialog.getByTestId('shipment-panel'))
        await expect.poll(async () => (await orderOf(order.id)).order_status).toBe('shipped')
        if (order === a) await shot(page, `delivery-01-shipped-${lang}-375`)
        await page.keyboard.press('Escape')
      }

      // The driver's page on the driver's phone, from the link staff send.
      const link = await admin.call<{ url: string }>('POST', `/api/couriers/${driver.id}/driver-link`)
      const path = new URL(link.url).pathname
      const phone = await newContext(browser, shop.url, { language: lang, ...PHONE })
      const driverPage = await phone.newPage()
      explainFailure(driverPage, `delivery-driver-${lang}`, shop.log)
      await driverPage.goto(path)
      const t =
        lang === 'ar'
          ? {
              delivered: 'تم التسليم',
              refused: 'رفض الاستلام',
              send: 'إرسال',
              reason: 'السبب',
              sent: 'أُرسلت ✓',
              queued: 'حُفظت على الهاتف، وستُرسل عند عودة الاتصال',
            }
          : {
              delivered: 'Delivered',
              refused: 'Refused',
              send: 'Send',
              reason: 'Reason',
              sent: 'Sent ✓',
              queued: 'Saved on the phone; it will be sent when the network is back',
            }
      const cardOf = (order: ApiOrder) =>
        driverPage.locator('section.card').filter({ hasText: order.order_number })
      await visible(cardOf(a))
      await visible(cardOf(b))
      expect(await driverPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      )
      await shot(driverPage, `delivery-02-driver-page-${lang}-375`)

      // Delivered, with the amount collected as prefilled.
      const cardA = cardOf(a)
      await textContains(cardA.locator('details:has(form[data-status="delivered"]) summary'), t.delivered)
      await cardA.locator('details:has(form[data-status="delivered"]) summary').click()
      await cardA.locator('form[data-status="delivered"]').getByRole('button', { name: t.send }).click()
      await textContains(cardA.locator('.state'), t.sent)
      await expect.poll(async () => (await shipmentOf(a.id))!.status).toBe('delivered')

      // Refused, recorded while the phone has no network: kept on the phone, sent once it is back.
      const cardB = cardOf(b)
      await phone.setOffline(true)
      await textContains(cardB.locator('details:has(form[data-status="refused"]) summary'), t.refused)
      await cardB.locator('details:has(form[data-status="refused"]) summary').click()
      await cardB
        .locator('form[data-status="refused"] input[name="reason"]')
        .fill(lang === 'ar' ? 'لم يعد يريده' : 'Changed their mind')
      await cardB.locator('form[data-status="refused"]').getByRole('button', { name: t.send }).click()
      await textContains(cardB.locator('.state'), t.queued)
      expect((await shipmentOf(b.id))!.status).toBe('out_for_delivery')
      await shot(driverPage, `delivery-03-driver-offline-${lang}-375`)
      await phone.setOffline(false)
      await textContains(cardB.locator('.state'), t.sent)
      await expect.poll(async () => (await shipmentOf(b.id))!.status).toBe('refused')
      await phone.close()

      // The dashboard: the refused order is cancelled, its reason in the delivery panel.
      expect((await orderOf(b.id)).order_status).toBe('cancelled')
      const dialogB = await openOrder(page, lang, b)
      await textContains(
        dialogB.getByTestId('shipment-panel'),
        lang === 'ar' ? 'لم يعد يريده' : 'Changed their mind',
      )
      await page.keyboard.press('Escape')

      // The driver's cash account: what it owes, then the cash handed over; the delivered order becomes paid.
      await page.goto('/dashboard/couriers')
      await page
        .getByRole('button', { name: d('delivery.account.open_named', { name: driver.name }) })
        .first()
        .click()
      const account = page.getByRole('dialog', { name: d('delivery.account.title', { name: driver.name }) })
      await visible(account)
      await textContains(account, a.order_number)
      await account
        .getByRole('checkbox', { name: d('delivery.handover.tick', { number: a.order_number }) })
        .check()
      await shot(page, `delivery-04-cash-account-${lang}-375`)
      await account.getByRole('button', { name: d('delivery.handover.submit') }).click()
      await expect.poll(async () => (await orderOf(a.id)).payment_status).toBe('paid')
      await textContains(account, d('delivery.account.nothing_open'))
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await staff.close()

      // The day's delivery sheet, printed in Arabic: both orders, right to left, a QR code each.
      const sheet = await fetch(`${shop.url}/api/couriers/${driver.id}/delivery-sheet`, {
        headers: { authorization: `Bearer ${session.token}`, 'accept-language': 'ar' },
      })
      expect(sheet.status).toBe(200)
      const html = await sheet.text()
      const printer = await browser.newPage()
      await printer.setContent(html)
      expect(await printer.getAttribute('html', 'dir')).toBe('rtl')
      await textContains(printer.locator('h1'), 'كشف التوصيل')
      for (const o of [a, b]) await textContains(printer.locator('body'), o.order_number)
      expect(await printer.locator('.qr svg').count()).toBe(2)
      const pdf = await printer.pdf({ format: 'A4' })
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF')
      await printer.close()
    })
  }
})
