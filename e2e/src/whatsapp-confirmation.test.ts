import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import {
  startWhatsAppFake,
  type WhatsAppFake,
  type WhatsAppSent,
} from '../../apps/api/test/fakes/whatsapp-fake.ts'
import { launchBrowser, newContext, releaseBrowser, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiCity, type ApiProduct } from './support/api.ts'
import { label, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible, waitForPath } from './support/ui.ts'

// Issue 41 in the browser, at a phone's width in both languages: a guest places a cash order, the WhatsApp Cloud API
// (the contract fake of the API tests, reached over HTTP as Meta would be) receives the confirmation request in the
// order's language, Meta's signed webhook brings the shopper's tap on "Confirm order", and the dashboard shows the order
// processing with its conversation; the shopper's "confirmed" message goes.
const PHONE = { width: 375, height: 812 }

describe('WhatsApp: a guest cash order confirmed with one tap', () => {
  let fake: WhatsAppFake
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let session: { token: string; user: unknown }
  let product: ApiProduct
  let city: ApiCity
  beforeAll(async () => {
    fake = await startWhatsAppFake()
    ;[shop, browser] = await Promise.all([startTestShop(fake.env()), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
    product = (await api.products('active=true&in_stock=true&per_page=100')).find(
      (p) =>
        p.stock >= 10 &&
        !p.is_always_in_stock &&
        (p.wholesale_threshold === null || p.wholesale_threshold > 2),
    )!
    city = (await api.cities()).find((c) => c.name === 'طرابلس')!
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await fake?.close()
  })

  /** Waits for the fake to have received a message (the shop sends after its answer, in the background). */
  async function sentMessage(match: (m: WhatsAppSent) => boolean): Promise<WhatsAppSent> {
    await expect.poll(() => fake.sent.some(match), { timeout: 60_000 }).toBe(true)
    return fake.sent.find(match)!
  }

  async function webhook(body: unknown) {
    const signed = fake.signed(body)
    const res = await fetch(`${shop.url}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    })
    expect(res.status).toBe(200)
  }

  async function checkout(page: Page, lang: Lang) {
    const field = (key: string) => page.getByLabel(label(tr(lang, `storefront:checkout.${key}`)))
    await page.goto('/checkout')
    await field('first_name').fill(lang === 'ar' ? 'فاطمة' : 'Fatima')
    await field('last_name').fill(lang === 'ar' ? 'المصراتي' : 'Misrati')
    await field('email').fill(uniqueEmail(`wa-${lang}`))
    await field('phone').fill('0912345678')
    await field('address').fill(lang === 'ar' ? 'شارع الجمهورية 4' : '4 Jumhuriya street')
    const select = field('city')
    await expect.poll(() => select.isEnabled(), { timeout: 60_000 }).toBe(true)
    await select.selectOption(String(city.id))
    await field('state').fill(lang === 'ar' ? 'باب بن غشير' : 'Bab Bin Ghashir')
    // The checkout says the order is followed on WhatsApp, beside the number (the shop's WhatsApp is set up).
    await textContains(page.getByTestId('whatsapp-consent'), tr(lang, 'storefront:checkout.whatsapp_consent'))
    await textContains(
      page.getByTestId('summary-total'),
      moneyIn(lang, Number(product.price) * 2 + Number(city.delivery_price)),
    )
    await shot(page, `whatsapp-01-checkout-${lang}-375`)
    await page.getByRole('button', { name: tr(lang, 'storefront:checkout.place_order') }).click()
    await waitForPath(page, '/order-confirmation', 30_000)
    return (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()
  }

  for (const lang of ['ar', 'en'] as const satisfies Lang[]) {
    it(`guest cash order → WhatsApp request → signed tap → processing, conversation and "confirmed" sent (${lang}, 375 px)`, async () => {
      const shopper = await newContext(browser, shop.url, { language: lang, ...PHONE })
      await shopper.addInitScript(
        (cart) => {
          if (!sessionStorage.getItem('__e2e_cart')) {
            sessionStorage.setItem('__e2e_cart', '1')
            localStorage.setItem('cart', cart)
          }
        },
        JSON.stringify([
          {
            id: product.id,
            name: product.name,
            image_url: '',
            price: Number(product.price),
            retail_price: Number(product.price),
            wholesale_price: null,
            wholesale_threshold: null,
            stock: product.stock,
            is_always_in_stock: false,
            quantity: 2,
            lang,
          },
        ]),
      )
      const page = await shopper.newPage()
      explainFailure(page, `whatsapp-checkout-${lang}`, shop.log)
      const number = await checkout(page, lang)

      // The confirmation request, in the order's language, to the number typed at checkout, with two buttons.
      const request = await sentMessage((m) => m.parameters[0] === number)
      expect(request).toMatchObject({ to: '218912345678', template: 'order_confirm_request', language: lang })
      expect(request.buttons).toEqual([`confirm:${number}`, `cancel:${number}`])
      await shopper.close()

      // Meta reports it delivered, then the shopper taps "Confirm order".
      await webhook(fake.statuses([{ id: request.id, status: 'delivered', to: request.to }]))
      await webhook(
        fake.buttonReply(
          request.to,
          request.id,
          `confirm:${number}`,
          lang === 'ar' ? 'تأكيد الطلب' : 'Confirm order',
        ).body,
      )
      const confirmed = await sentMessage(
        (m) => m.template === 'order_confirmed' && m.parameters[0] === number,
      )
      expect(confirmed).toMatchObject({ to: '218912345678', language: lang })
      const found = await admin.call<{ data: { id: number; order_status: string }[] }>(
        'GET',
        `/api/orders?search=${number}`,
      )
      expect(found.data[0]!.order_status).toBe('processing')

      // The dashboard on a phone: the order is processing, its conversation has both messages and the reply.
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      const staff = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      const dash = await staff.newPage()
      explainFailure(dash, `whatsapp-dashboard-${lang}`, shop.log)
      await dash.goto('/dashboard/orders')
      await dash.getByRole('searchbox', { name: d('orders.search') }).fill(number)
      const card = dash.getByTestId('data-card').filter({ hasText: number })
      await textContains(card, tr(lang, 'common:order_status.processing'))
      await card.getByRole('button', { name: d('orders.edit_named', { number }) }).click()
      const dialog = dash.getByRole('dialog', {
        name: d('orders.edit_title', { number: `#${found.data[0]!.id}` }),
      })
      const conversation = dialog.getByTestId('order-conversation')
      await visible(conversation)
      const whatsapp = conversation.locator('[data-testid="conversation-message"][data-channel="whatsapp"]')
      await expect.poll(() => whatsapp.count(), { timeout: 30_000 }).toBe(3)
      const states = await whatsapp.evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-direction'), e.getAttribute('data-status')]),
      )
      expect(states).toEqual([
        ['out', 'delivered'],
        ['in', 'received'],
        ['out', 'sent'],
      ])
      await textContains(whatsapp.first(), number)
      await conversation.scrollIntoViewIfNeeded()
      expect(await dash.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
      await shot(dash, `whatsapp-02-conversation-${lang}-375`)
      await staff.close()
    })
  }
})
