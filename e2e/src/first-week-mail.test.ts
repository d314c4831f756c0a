import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, newContext, releaseBrowser, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiOrder } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { label, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }

// Issue 39, item 1 (decision 0223): the order dialog's main Save saves an open lines edit: 3 → 5 cartons, Save, and
// the total, the stock and the shopper's mail follow; "order updated" never covers a dropped change.
describe('the order edit trap on a phone (375 px)', () => {
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
    await expect
      .poll(() => mailbox.mails.filter((m) => m.to.includes(to)).length, { timeout: 90_000 })
      .toBeGreaterThanOrEqual(count)
    return mailbox.mails.filter((m) => m.to.includes(to))
  }

  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`3 → 5 cartons and the main Save: total, stock and mail follow (${lang})`, async () => {
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      const product = (await admin.products('active=true&in_stock=true&per_page=100', lang)).find(
        (p) =>
          p.stock >= 10 &&
          !p.is_always_in_stock &&
          (p.wholesale_threshold === null || p.wholesale_threshold > 5),
      )!
      const city = (await api.cities())[0]!
      const email = uniqueEmail(`trap-${lang}`)
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
          items: [{ product_id: product.id, quantity: 3 }],
        },
        { 'idempotency-key': randomUUID(), 'accept-language': lang },
      )
      // Confirmed by phone: out for delivery, where the trap was met.
      await admin.call('POST', `/api/orders/${order.id}/confirm`)
      const stockBefore = (await api.product(product.id)).stock
      await mailsTo(email, 2)

      const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      const page = await context.newPage()
      explainFailure(page, `order-trap-${lang}`, shop.log)
      await page.goto('/dashboard/orders')
      await page.getByRole('searchbox', { name: d('orders.search') }).fill(order.order_number)
      const card = page.getByTestId('data-card').filter({ hasText: order.order_number })
      await card.getByRole('button', { name: d('orders.edit_named', { number: order.order_number }) }).click()
      const dialog = page.getByRole('dialog', { name: d('orders.edit_title', { number: `#${order.id}` }) })
      await textContains(dialog.getByTestId('order-line'), `${d('orders.lines.quantity')}: 3`)

      await dialog.getByRole('button', { name: d('orders.edit_items.edit') }).click()
      const editor = dialog.getByRole('region', { name: d('orders.edit_items.title') })
      const increase = editor.getByRole('button', {
        name: d('orders.edit_items.increase', { name: product.name }),
      })
      await increase.click()
      await increase.click()
      await expect
        .poll(() =>
          editor
            .getByRole('spinbutton', { name: d('orders.edit_items.quantity_of', { name: product.name }) })
            .inputValue(),
        )
        .toBe('5')
      // The dialog says the change is not saved yet, and that Save saves it.
      await visible(dialog.getByText(d('orders.edit_items.open_edit')))
      await shot(page, `first-week-01-trap-open-edit-${lang}-375`)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

      // The main Save, not the editor's.
      await page.getByRole('button', { name: tr(lang, 'actions.save'), exact: true }).click()
      await dialog.waitFor({ state: 'hidden' })
      const fresh = await admin.call<ApiOrder>('GET', `/api/orders/${order.id}`)
      expect(fresh.items[0]!.quantity).toBe(5)
      expect(fresh.total_amount).toBeGreaterThan(order.total_amount)
      await visible(
        page.getByText(d('orders.edit_items.saved', { total: moneyIn(lang, fresh.total_amount) })),
      )
      await shot(page, `first-week-02-trap-saved-${lang}-375`)
      expect((await api.product(product.id)).stock).toBe(stockBefore - 2)
      const edited = (await mailsTo(email, 3)).at(-1)!
      expect(edited.text).toContain(order.order_number)
      expect(edited.text).toContain(moneyIn(lang, fresh.total_amount))
      await context.close()
    })
  }
})

// Issue 39, item 2: a shop without SMTP_URL (the README's default) says so where mail matters, and the owner copies an
// invitation link to send by hand; the link opens the invitation page.
describe('mail not set up: the banner and the invitation link (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  let session: { token: string; user: unknown }
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    session = await new ShopApi(shop.url).login(shop.adminEmail, shop.adminPassword)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`shows mail is not set up and copies an invitation link (${lang})`, async () => {
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.url })
      const page = await context.newPage()
      explainFailure(page, `mail-banner-${lang}`, shop.log)

      await page.goto('/dashboard')
      const banner = page.getByTestId('mail-status-banner')
      await textContains(banner, d('mail_status.not_configured_title'))
      await shot(page, `first-week-03-overview-banner-${lang}-375`)
      await page.goto('/dashboard/orders')
      await textContains(page.getByTestId('mail-status-banner'), d('mail_status.not_configured_title'))

      await page.goto('/dashboard/staff')
      await textContains(page.getByTestId('mail-status-banner'), d('mail_status.not_configured_title'))
      await page.getByRole('button', { name: d('staff.invite') }).click()
      const invite = page.getByRole('dialog', { name: d('staff.invite_title') })
      const email = uniqueEmail(`clerk-${lang}`)
      await invite.getByLabel(label(d('staff.name'))).fill('Huda')
      await invite.getByLabel(label(d('staff.email'))).fill(email)
      await invite.getByRole('button', { name: d('staff.send_invitation_no_mail') }).click()
      const linkDialog = page.getByRole('dialog', { name: d('staff.link_title', { name: 'Huda' }) })
      await visible(linkDialog.getByText(d('staff.link_no_mail', { name: 'Huda' })))
      const link = await linkDialog.getByRole('textbox', { name: d('staff.link_label') }).inputValue()
      expect(link).toMatch(/\/invitation\/[A-Za-z0-9_%-]{20,}$/)
      await linkDialog.getByRole('button', { name: d('staff.copy_link') }).click()
      await visible(page.getByText(d('staff.link_copied')))
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await shot(page, `first-week-04-invitation-link-${lang}-375`)
      await linkDialog.getByRole('button', { name: d('staff.done') }).click()

      // The copied link is the invitation: the invitee sees who invited them, without any mail.
      const guest = await newContext(browser, shop.url, { language: lang, ...PHONE })
      const invited = await guest.newPage()
      await invited.goto(new URL(link).pathname)
      await visible(invited.getByText(/Huda/).first())
      await shot(invited, `first-week-05-invitation-page-${lang}-375`)
      await guest.close()
      await context.close()
    })
  }
})
