import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { SHOP_IDENTITY_DEFAULTS } from '@shop/shared/shop-identity'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiOrder } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { tr, type Lang } from './support/texts.ts'
import { explainFailure, visible, waitForPath } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 900 }

/** The new name in each language, and the seeded one it replaces. */
const NAME = { ar: 'مزارع الواحة', en: 'Oasis Farms' } as const
const OLD = { ar: SHOP_IDENTITY_DEFAULTS.site_name, en: SHOP_IDENTITY_DEFAULTS.site_name_en } as const

/** What names the shop on the page now open: the header, the tab's title and the share card's site name. */
async function identity(page: Page) {
  return page.evaluate(() => ({
    header: document.querySelector('header')?.textContent ?? '',
    title: document.title,
    og: document.querySelector('meta[property="og:site_name"]')?.getAttribute('content') ?? null,
  }))
}

// Issue 26 (decision 0122): the owner renames the shop on the dashboard's settings screen (row Edit → Save), and the
// new name is what a shopper and a mail see: the storefront's header, <title> and og:site_name (ar and en, phone and
// desktop), the printed invoice, the order receipt mail and the password-reset mail, each in its language.
describe('the owner renames the shop', () => {
  let shop: ShopServer
  let browser: Browser
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  let api: ShopApi
  let session: { token: string; user: unknown }
  beforeAll(async () => {
    mailbox = await startMailbox()
    ;[shop, browser] = await Promise.all([startTestShop({ SMTP_URL: mailbox.url }), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await mailbox?.close()
  })

  let phones = 0
  /** A guest order placed the way the checkout does, in `lang` (the order's language follows Accept-Language). */
  async function guestOrder(lang: Lang, email: string): Promise<ApiOrder> {
    const product = (await api.products('active=true&in_stock=true&per_page=50')).find(
      (p) => p.stock >= 3 && !p.is_always_in_stock,
    )!
    const city = (await api.cities())[0]!
    return api.call<ApiOrder>(
      'POST',
      '/api/orders',
      {
        customer_name: lang === 'ar' ? 'سالم الورفلي' : 'Salem Warfali',
        customer_email: email,
        // Each order its own phone: a phone may have only 3 cash orders waiting for the shop's call.
        customer_phone: `09130000${String(++phones).padStart(2, '0')}`,
        shipping_address: 'شارع عمر المختار, طرابلس, حي الأندلس',
        city_id: city.id,
        payment_method: 'cash',
        items: [{ product_id: product.id, quantity: 1 }],
      },
      { 'idempotency-key': randomUUID(), 'accept-language': lang },
    )
  }

  it('before: the storefront carries the seeded name', async () => {
    const context = await newContext(browser, shop.url, { language: 'en', ...DESKTOP })
    const page = await context.newPage()
    await page.goto('/')
    await visible(page.getByRole('heading', { level: 1 }))
    const now = await identity(page)
    expect(now.header).toContain(OLD.en)
    expect(now.og).toBe(OLD.en)
    await context.close()
  })

  it('owner on a phone (ar) renames the shop in Arabic and English on the settings screen', async () => {
    const lang: Lang = 'ar'
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
    const page = await context.newPage()
    explainFailure(page, 'rename-settings', shop.log)
    await page.goto('/dashboard/settings')
    await visible(page.getByRole('heading', { level: 1, name: d('settings.title') }))

    for (const [key, value] of [
      ['site_name', NAME.ar],
      ['site_name_en', NAME.en],
    ] as const) {
      const label = d(`settings.keys.${key}.label`)
      const row = page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) })
      await row.getByRole('button', { name: d('settings.edit_named', { key: label }) }).click()
      const input = page.getByLabel(label, { exact: true })
      await visible(input)
      await input.fill(value)
      if (key === 'site_name_en') await shot(page, 'rename-settings-editing-ar-375')
      await row.getByRole('button', { name: tr(lang, 'actions.save'), exact: true }).click()
      await visible(page.getByText(d('settings.updated')).first(), 30_000)
      // The row is read again and shows the saved value, no longer an input.
      await expect.poll(() => row.innerText(), { timeout: 30_000 }).toContain(value)
      await expect.poll(() => input.count(), { timeout: 30_000 }).toBe(0)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await shot(page, 'rename-settings-ar-375')
    await context.close()

    // The API agrees (what the storefront and the mails read).
    const settings = await api
      .as(session.token)
      .call<{ data: { key: string; value: string }[] } | { key: string; value: string }[]>(
        'GET',
        '/api/settings',
      )
    const rows = Array.isArray(settings) ? settings : settings.data
    expect(rows.find((s) => s.key === 'site_name')?.value).toBe(NAME.ar)
    expect(rows.find((s) => s.key === 'site_name_en')?.value).toBe(NAME.en)
  })

  for (const [lang, size, name] of [
    ['ar', PHONE, 'ar-375'],
    ['ar', DESKTOP, 'ar-1280'],
    ['en', PHONE, 'en-375'],
    ['en', DESKTOP, 'en-1280'],
  ] as const) {
    it(`the storefront's header, title and og:site_name carry the new name (${name})`, async () => {
      const context = await newContext(browser, shop.url, { language: lang, ...size })
      const page = await context.newPage()
      explainFailure(page, `rename-storefront-${name}`, shop.log)
      for (const path of ['/', '/products']) {
        await page.goto(path)
        await visible(page.getByRole('heading', { level: 1 }))
        // The header's name is what a shopper reads (not only a hidden label).
        await visible(page.locator('header').getByText(NAME[lang], { exact: true }).first())
        const now = await identity(page)
        expect(now.header, path).toContain(NAME[lang])
        expect(now.header, path).not.toContain(OLD[lang])
        expect(now.title, path).toContain(NAME[lang])
        expect(now.title, path).not.toContain(OLD[lang])
        expect(now.og, path).toBe(NAME[lang])
        // The server-rendered page already says it (what a link preview or a search engine reads).
        // (The seeded about text still tells the old farm's story: that is the owner's content, edited elsewhere.)
        const html = await (await page.request.get(path)).text()
        expect(html, path).toContain(`property="og:site_name" content="${NAME[lang]}"`)
        const title = html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''
        expect(title, path).toContain(NAME[lang])
        expect(title, path).not.toContain(OLD[lang])
      }
      await page.goto('/')
      await visible(page.locator('header').getByText(NAME[lang], { exact: true }).first())
      await shot(page, `rename-landing-${name}`)
      await context.close()
    })
  }

  for (const lang of ['ar', 'en'] as const) {
    it(`the printed invoice shows the new (Arabic) name, from the ${lang} dashboard`, async () => {
      const order = await guestOrder(lang, uniqueEmail(`invoice-${lang}`))
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      const context = await newContext(browser, shop.url, { language: lang, ...DESKTOP, ...session })
      const page = await context.newPage()
      explainFailure(page, `rename-invoice-${lang}`, shop.log)
      await page.goto('/dashboard/orders')
      await waitForPath(page, '/dashboard/orders')
      const [invoice] = await Promise.all([
        context.waitForEvent('page', { timeout: 30_000 }),
        page.getByRole('button', { name: d('orders.print_named', { number: order.order_number }) }).click(),
      ])
      await invoice.waitForLoadState()
      const text = () => invoice.evaluate(() => document.body?.innerText ?? '')
      await expect.poll(text, { timeout: 30_000 }).toContain(order.order_number)
      // The invoice is Arabic (decision 0122): the shop's Arabic name, in its heading and its thanks.
      expect(await invoice.locator('h1').first().innerText()).toBe(NAME.ar)
      expect(await text()).not.toContain(OLD.ar)
      await shot(invoice, `rename-invoice-from-${lang}`)
      await context.close()
    })
  }

  for (const lang of ['ar', 'en'] as const) {
    it(`the order receipt mail (${lang}) names the shop in its language`, async () => {
      const email = uniqueEmail(`receipt-${lang}`)
      const order = await guestOrder(lang, email)
      const mail = await mailbox.waitFor(email, 60_000)
      expect(mail.text).toContain(order.order_number)
      expect(mail.text).toContain(NAME[lang])
      // Only the mail's language: an English shopper is not greeted with the Arabic name, nor the other way round.
      expect(mail.text).not.toContain(NAME[lang === 'ar' ? 'en' : 'ar'])
      expect(mail.text).not.toContain(OLD.ar)
      expect(mail.text).not.toContain(OLD.en)
      // The sender is the shop, by its name in the mail's language.
      expect(fromName(mail.raw)).toBe(NAME[lang])
    })
  }

  it('the password-reset mail names the shop: Arabic in the Arabic part, English in the English part', async () => {
    const email = uniqueEmail('rename-reset')
    await api.register('منى', email, 'old-pass-123')
    await api.call('POST', '/api/auth/forgot-password', { email })
    const mail = await mailbox.waitFor(email, 60_000)
    expect(mail.text).toMatch(/\/reset-password\?token=/)
    expect(mail.text).not.toContain(OLD.ar)
    expect(mail.text).not.toContain(OLD.en)
    // Arabic first, then English (product.md §1.2): the Arabic name comes before the English one, each in its part.
    const arAt = mail.text.indexOf(NAME.ar)
    const enAt = mail.text.indexOf(NAME.en)
    expect(arAt, mail.text.slice(0, 2000)).toBeGreaterThanOrEqual(0)
    expect(enAt, mail.text.slice(0, 2000)).toBeGreaterThan(arAt)
    expect(fromName(mail.raw)).toBe(NAME.ar)
  })
})

/** The display name of the From header, RFC 2047 words decoded. */
function fromName(raw: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ')
  const from = head.match(/^From:\s*(.+)$/im)?.[1] ?? ''
  const decoded = from.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  )
  return decoded
    .replace(/\s*<[^>]*>\s*$/, '')
    .replace(/^"|"$/g, '')
    .trim()
}
