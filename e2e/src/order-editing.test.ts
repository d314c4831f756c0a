import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { describeFindings, seriousViolations } from './support/a11y.ts'
import { launchBrowser, releaseBrowser, newContext, shotsDir, takingShots } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiOrder } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { label, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }

/** What the phone shows now (the dialog is a sheet whose content scrolls inside it). */
async function screen(page: Page, name: string) {
  if (!takingShots) return
  await page.screenshot({ path: join(shotsDir, `${name}.png`), animations: 'disabled', timeout: 60_000 })
}

async function scrollInto(locator: Locator) {
  await locator.scrollIntoViewIfNeeded()
}

// Issue 26, decision 0133: on a phone, staff open a pending order, see what was ordered and who to call, raise a
// quantity; the stock and the total follow and the shopper gets a mail with the new total.
describe('staff edit a pending order on a phone (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let session: { token: string; user: unknown }
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    ;[shop, browser] = await Promise.all([startTestShop({ SMTP_URL: mailbox.url }), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await mailbox?.close()
  })

  async function mailsTo(to: string, count: number) {
    const deadline = Date.now() + 90_000
    for (;;) {
      const mails = mailbox.mails.filter((m) => m.to.includes(to))
      if (mails.length >= count) return mails
      if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails to ${to}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`raises a quantity from the order dialog: stock, total and the shopper's mail follow (${lang})`, async () => {
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      // A product without a wholesale price below 10 units, so 2 → 5 stays retail and the total is easy to follow.
      const product = (await admin.products('active=true&in_stock=true&per_page=100', lang)).find(
        (p) =>
          p.stock >= 10 &&
          !p.is_always_in_stock &&
          (p.wholesale_threshold === null || p.wholesale_threshold > 5),
      )!
      const city = (await api.cities())[0]!
      const email = uniqueEmail(`edit-${lang}`)
      // Placed in the page's language: the shopper's mails follow it.
      const order = await api.call<ApiOrder>(
        'POST',
        '/api/orders',
        {
          customer_name: lang === 'ar' ? 'سالم القماطي' : 'Salem Gammati',
          customer_email: email,
          customer_phone: '0923456789',
          shipping_address: 'شارع عمر المختار, طرابلس',
          city_id: city.id,
          payment_method: 'cash',
          notes: 'WhatsApp: 0912345678',
          items: [{ product_id: product.id, quantity: 2 }],
        },
        { 'idempotency-key': randomUUID(), 'accept-language': lang },
      )
      const stockBefore = (await api.product(product.id)).stock
      await mailsTo(email, 1)

      const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      const page = await context.newPage()
      explainFailure(page, `order-edit-${lang}`, shop.log)
      await page.goto('/dashboard/orders')
      await page.getByRole('searchbox', { name: d('orders.search') }).fill(order.order_number)
      const card = page.getByTestId('data-card').filter({ hasText: order.order_number })
      await card.getByRole('button', { name: d('orders.edit_named', { number: order.order_number }) }).click()
      const dialog = page.getByRole('dialog', { name: d('orders.edit_title', { number: `#${order.id}` }) })

      // What was ordered and who to call, in front of staff.
      const line = dialog.getByTestId('order-line')
      await visible(line)
      await textContains(line, product.name, `${d('orders.lines.quantity')}: 2`)
      await textContains(dialog.getByTestId('order-money'), moneyIn(lang, order.total_amount))
      const call = dialog.getByRole('link', { name: new RegExp(d('orders.confirm.call')) }).first()
      expect(await call.getAttribute('href')).toBe('tel:0923456789')
      expect(
        await dialog
          .getByRole('link', { name: d('orders.confirm.whatsapp'), exact: true })
          .first()
          .getAttribute('href'),
      ).toMatch(/^https:\/\/wa\.me\/218912345678\?text=/) // the WhatsApp number given at checkout
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await screen(page, `order-edit-01-dialog-${lang}-375`)
      await scrollInto(dialog.getByTestId('order-money'))
      await screen(page, `order-edit-02-lines-${lang}-375`)

      // Raise the quantity to 5 and save.
      await dialog.getByRole('button', { name: d('orders.edit_items.edit') }).click()
      const editor = dialog.getByRole('region', { name: d('orders.edit_items.title') })
      const increase = editor.getByRole('button', {
        name: d('orders.edit_items.increase', { name: product.name }),
      })
      for (let i = 0; i < 3; i++) await increase.click()
      await expect
        .poll(() =>
          editor
            .getByRole('spinbutton', { name: d('orders.edit_items.quantity_of', { name: product.name }) })
            .inputValue(),
        )
        .toBe('5')
      await scrollInto(editor)
      await screen(page, `order-edit-03-editor-${lang}-375`)
      // The dialog with its lines, the customer panel and the editor open: nothing serious for axe.
      const findings = await seriousViolations(page, `order dialog (${lang})`)
      expect(findings, describeFindings(findings)).toEqual([])
      await editor.getByRole('button', { name: d('orders.edit_items.save') }).click()

      // The server's answer: the line, the total, the stock and the mail.
      await expect
        .poll(async () => (await admin.call<ApiOrder>('GET', `/api/orders/${order.id}`)).items[0]!.quantity)
        .toBe(5)
      const fresh = await admin.call<ApiOrder>('GET', `/api/orders/${order.id}`)
      expect(fresh.total_amount).toBeGreaterThan(order.total_amount)
      await visible(
        page.getByText(d('orders.edit_items.saved', { total: moneyIn(lang, fresh.total_amount) })),
      )
      await textContains(dialog.getByTestId('order-line'), `${d('orders.lines.quantity')}: 5`)
      await textContains(dialog.getByTestId('order-money'), moneyIn(lang, fresh.total_amount))
      expect((await api.product(product.id)).stock).toBe(stockBefore - 3)
      await visible(dialog.getByText(d('orders.action.items_edited')))
      await scrollInto(dialog.getByTestId('order-money'))
      await screen(page, `order-edit-04-after-${lang}-375`)

      const mails = await mailsTo(email, 2)
      const edited = mails.at(-1)!
      expect(edited.text).toContain(order.order_number)
      expect(edited.text).toContain(moneyIn(lang, fresh.total_amount))
      expect(edited.text).toContain(moneyIn(lang, order.total_amount))
      expect(edited.text).toContain(lang === 'ar' ? 'عدّلنا طلبك' : 'We changed your order')

      // The same dialog on a laptop, for people to look at.
      await page.setViewportSize({ width: 1280, height: 900 })
      await screen(page, `order-edit-05-dialog-${lang}-1280`)
      // Completing this cash order asks whether the cash was collected (decision 0132); not saved here.
      await dialog.getByLabel(label(d('orders.order_status'))).selectOption('completed')
      const question = dialog.getByRole('group', { name: d('orders.cash_collected.question') })
      await visible(question)
      await scrollInto(question)
      await screen(page, `order-edit-06-cash-question-${lang}-1280`)
      await page.setViewportSize(PHONE)
      await scrollInto(question)
      await screen(page, `order-edit-07-cash-question-${lang}-375`)

      // Once confirmed (processing), the customer's phone and WhatsApp stay at the top of the dialog.
      await dialog
        .getByRole('button', { name: tr(lang, 'actions.cancel') })
        .last()
        .click()
      await dialog.waitFor({ state: 'hidden' })
      await admin.call('POST', `/api/orders/${order.id}/confirm`)
      await page.reload()
      await page.getByRole('searchbox', { name: d('orders.search') }).fill(order.order_number)
      await card.getByRole('button', { name: d('orders.edit_named', { number: order.order_number }) }).click()
      const contact = dialog.getByRole('region', { name: d('orders.contact.title') })
      await visible(contact)
      expect(
        await contact.getByRole('link', { name: new RegExp(d('orders.contact.call')) }).getAttribute('href'),
      ).toBe('tel:0923456789')
      expect(
        await contact.getByRole('link', { name: d('orders.contact.whatsapp') }).getAttribute('href'),
      ).toMatch(/^https:\/\/wa\.me\/218912345678\?text=/)
      await textContains(dialog.getByTestId('order-line'), `${d('orders.lines.quantity')}: 5`)
      await screen(page, `order-edit-08-processing-${lang}-375`)
      await context.close()
    })
  }
})
