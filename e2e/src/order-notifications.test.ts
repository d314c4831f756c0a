import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { ar, label } from './support/texts.ts'
import { explainFailure, signInWithForm, visible, waitForPath } from './support/ui.ts'

// Decisions 0065–0070 in the browser with a real SMTP server: a guest's order mail in Arabic, its tracking link,
// cancelling from the tracking page and the cancellation mail; staff's new-order mail; staff confirming a cash order
// by phone from the dashboard (WhatsApp link with the normalised number and the order number) and the shopper's mail.
describe('order mails, tracking, cancellation and phone confirmation', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    ;[shop, browser] = await Promise.all([startTestShop({ SMTP_URL: mailbox.url }), launchBrowser()])
    api = new ShopApi(shop.url)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await mailbox?.close()
  })

  async function guestOrder(email: string, phone: string) {
    const product = (await api.products('active=true&in_stock=true&per_page=50')).find(
      (p) => p.stock >= 5 && !p.is_always_in_stock,
    )!
    const tripoli = (await api.cities()).find((c) => c.name === 'طرابلس')!
    const order = await api.placeOrder([{ product_id: product.id, quantity: 2 }], tripoli.id, {
      name: 'هدى الفيتوري',
      email,
      phone,
    })
    return { order, product }
  }

  /** Every mail to `to` so far, once at least `count` have arrived. */
  async function mailsTo(to: string, count: number) {
    const deadline = Date.now() + 90_000
    for (;;) {
      const mails = mailbox.mails.filter((m) => m.to.includes(to))
      if (mails.length >= count) return mails
      if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails to ${to}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('guest order → Arabic mail with a working tracking link → cancel on the tracking page → cancellation mail; staff told', async () => {
    const email = uniqueEmail('huda')
    const { order, product } = await guestOrder(email, '0923456789')
    const stockAfterOrder = (await api.product(product.id)).stock

    const [receipt] = await mailsTo(email, 1)
    expect(receipt!.text).toContain('استلمنا طلبك')
    expect(receipt!.text).toContain(order.order_number)
    expect(receipt!.text).toContain('dir="rtl"')
    const link = receipt!.text.match(
      /https?:\/\/[^\s"'<>]+\/track\?order=[^\s"'<>&]+&token=[A-Za-z0-9_-]+/,
    )?.[0]
    expect(link, receipt!.text.slice(0, 1500)).toBeTruthy()
    const url = new URL(link!)
    expect(url.origin).toBe(shop.url)

    // Staff hear of it at notify_emails (the first admin on a fresh shop), with the dashboard link.
    const [staffMail] = await mailsTo(shop.adminEmail, 1)
    expect(staffMail!.text).toContain(order.order_number)
    expect(staffMail!.text).toContain('/dashboard/orders?order=')

    const context = await newContext(browser, shop.url, { language: 'ar', width: 375, height: 800 })
    const page = await context.newPage()
    explainFailure(page, 'notifications-track', shop.log)
    await page.goto(url.pathname + url.search)
    await visible(page.getByRole('heading', { name: ar('storefront:track.title') }))
    await visible(page.getByText('092•••••89'))
    await visible(page.getByText(ar('storefront:track.step.pending')))
    await shot(page, 'notifications-01-track-link-ar-375')
    await page.getByRole('button', { name: ar('storefront:cancel.button') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(label(ar('storefront:cancel.reason'))).fill('طلبت بالخطأ')
    await shot(page, 'notifications-02-cancel-dialog-ar-375')
    await dialog.getByRole('button', { name: ar('storefront:cancel.confirm') }).click()
    await visible(page.getByText(ar('storefront:track.cancelled_by_you')))
    await shot(page, 'notifications-03-cancelled-ar-375')
    expect((await api.product(product.id)).stock).toBe(stockAfterOrder + 2)

    const mails = await mailsTo(email, 2)
    expect(mails[1]!.text).toContain('تم إلغاء طلبك')
    expect(mails[1]!.text).toContain('طلبت بالخطأ')
    const staffMails = await mailsTo(shop.adminEmail, 2)
    expect(staffMails[1]!.text).toContain('ألغى')
    await context.close()
  })

  it('staff confirm a cash order by phone: WhatsApp carries the normalised number and the order number; the shopper is mailed', async () => {
    const email = uniqueEmail('salem')
    const { order } = await guestOrder(email, '091-555-1234')
    await mailsTo(email, 1)

    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    explainFailure(page, 'notifications-confirm', shop.log)
    await signInWithForm(page, shop.adminEmail, shop.adminPassword)
    await waitForPath(page, /\/dashboard/)
    await page.goto('/dashboard/orders')
    await page.getByLabel(ar('dashboard:orders.status_filter')).selectOption('awaiting')
    await page
      .getByRole('button', { name: ar('dashboard:orders.edit_named', { number: order.order_number }) })
      .click()
    const dialog = page.getByRole('dialog')
    const whatsapp = dialog.getByRole('link', { name: ar('dashboard:orders.confirm.whatsapp') })
    const href = new URL((await whatsapp.getAttribute('href'))!)
    // The WhatsApp number the shopper gave at checkout (the notes), normalised from 09x to 2189x.
    expect(href.origin + href.pathname).toBe('https://wa.me/218912345678')
    expect(href.searchParams.get('text')).toContain(order.order_number)
    expect(href.searchParams.get('text')).toContain('نود تأكيد طلبك')
    expect(
      await dialog.getByRole('link', { name: ar('dashboard:orders.confirm.call') }).getAttribute('href'),
    ).toBe('tel:0915551234')
    await shot(page, 'notifications-04-confirm-by-phone-ar-1280')
    await dialog.getByRole('button', { name: ar('dashboard:orders.confirm.confirmed_by_phone') }).click()
    await visible(page.getByText(ar('dashboard:orders.confirm.done', { number: order.order_number })))

    const mails = await mailsTo(email, 2)
    expect(mails[1]!.text).toContain('تم تأكيد طلبك')
    expect(mails[1]!.text).toContain('شكرًا لتأكيد الطلب معنا عبر الهاتف')
    expect(mails.filter((m) => m.text.includes('تم تأكيد طلبك'))).toHaveLength(1)
    await context.close()
  })
})
