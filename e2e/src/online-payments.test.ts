import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { plutuEnv, startPlutuFake, type PlutuFake } from '../../apps/api/test/fakes/plutu-fake.ts'
import { paypalEnv, startPayPalFake, type PayPalFake } from '../../apps/api/test/fakes/paypal-fake.ts'
import { apiLogin, launchBrowser, newContext, releaseBrowser, shot, takingShots } from './support/browser.ts'
import { describeFindings, seriousViolations, settle, type Finding } from './support/a11y.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiProduct } from './support/api.ts'
import { ar, label, money, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, textContains, visible, waitForPath } from './support/ui.ts'

// Online payments (docs/payments.md): a guest pays by Sadad (code typed on our page), by a local card (the gateway's page and
// back) and by PayPal (approve and capture), each ending on the confirmation page with the order paid; a cancelled
// PayPal approval comes back to checkout with the cart intact. Plutu and PayPal are the contract fakes of the API
// tests (apps/api/test/fakes), reached over HTTP like the real ones.
describe('online payments', () => {
  let shop: ShopServer
  let browser: Browser
  let plutu: PlutuFake
  let paypal: PayPalFake
  let admin: ShopApi
  let product: ApiProduct
  let cityId: number
  let deliveryPrice: number
  beforeAll(async () => {
    ;[plutu, paypal] = await Promise.all([startPlutuFake(), startPayPalFake()])
    ;[shop, browser] = await Promise.all([
      startTestShop({ ...plutuEnv(plutu, 'sadadapi,edfali,localbankcards'), ...paypalEnv(paypal) }),
      launchBrowser(),
    ])
    const api = new ShopApi(shop.url)
    admin = api.as((await api.login(shop.adminEmail, shop.adminPassword)).token)
    // PayPal is offered once staff set the dollar rate (decision 0079).
    await admin.call('PUT', '/api/settings', { key: 'usd_exchange_rate', value: '4.85' })
    product = (await api.products('per_page=50&active=true&in_stock=true')).find(
      (p) => p.stock >= 10 && !p.is_always_in_stock,
    )!
    const city = (await api.cities()).find((c) => c.name === 'طرابلس')!
    cityId = city.id
    deliveryPrice = Number(city.delivery_price)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await plutu?.close()
    await paypal?.close()
  })

  const total = () => Math.round((Number(product.retail_price ?? product.price) + deliveryPrice) * 100) / 100

  /** A shopper's context with one unit of the product in the cart (as the product page leaves it). */
  async function shopper(lang: Lang, width = 1280): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, shop.url, {
      language: lang,
      width,
      height: width < 500 ? 800 : 900,
    })
    const item = {
      id: product.id,
      name: product.name,
      image_url: '',
      price: Number(product.retail_price ?? product.price),
      retail_price: Number(product.retail_price ?? product.price),
      wholesale_price: null,
      wholesale_threshold: null,
      stock: product.stock,
      is_always_in_stock: false,
      quantity: 1,
      lang: 'ar',
    }
    await context.addInitScript(
      (cart) => {
        if (!sessionStorage.getItem('__e2e_cart')) {
          sessionStorage.setItem('__e2e_cart', '1')
          localStorage.setItem('cart', cart)
        }
      },
      JSON.stringify([item]),
    )
    return { context, page: await context.newPage() }
  }

  async function fillCheckout(page: Page, lang: Lang, method: RegExp) {
    const field = (key: string) => page.getByLabel(label(tr(lang, `storefront:checkout.${key}`)))
    await page.goto('/checkout')
    await field('first_name').fill(lang === 'ar' ? 'مريم' : 'Maryam')
    await field('last_name').fill(lang === 'ar' ? 'الزوي' : 'Zway')
    await field('email').fill(uniqueEmail('pay'))
    await field('phone').fill('0912345678')
    await field('address').fill(lang === 'ar' ? 'شارع النصر 12' : '12 Nasr street')
    const city = field('city')
    await expect.poll(() => city.isEnabled(), { timeout: 60_000 }).toBe(true)
    await city.selectOption(String(cityId))
    await field('state').fill(lang === 'ar' ? 'الظهرة' : 'Dahra')
    await page.getByRole('radio', { name: method }).check()
    await textContains(page.getByTestId('summary-total'), moneyIn(lang, total()))
  }

  async function orderOf(number: string) {
    const list = await admin.call<{
      data: { order_number: string; payment_status: string; payment_method: string; order_status: string }[]
    }>('GET', `/api/orders?search=${number}`)
    return list.data[0]!
  }

  async function confirmationPaid(page: Page, lang: Lang) {
    await waitForPath(page, '/order-confirmation', 30_000)
    await visible(page.getByRole('heading', { name: tr(lang, 'storefront:confirmation.title') }))
    await visible(page.getByTestId('payment-received'))
    const number = (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()
    expect(await orderOf(number)).toMatchObject({ payment_status: 'paid', order_status: 'pending' })
    // The cart is emptied once the payment is confirmed (decision 0082).
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(0)
    return number
  }

  it('a guest pays by Sadad with the code typed on our page (Arabic, phone width)', async () => {
    const { context, page } = await shopper('ar', 375)
    explainFailure(page, 'pay-sadad', shop.log)
    await fillCheckout(page, 'ar', /سداد \/ ادفع لي \/ بطاقة مصرفية محلية/)
    await shot(page, 'payments-01-checkout-ar-375')
    await page.getByRole('button', { name: ar('storefront:checkout.continue_to_payment') }).click()
    await waitForPath(page, '/checkout/pay')
    await visible(page.getByRole('radio', { name: new RegExp(ar('storefront:pay.option.sadadapi.title')) }))
    await textContains(page.getByTestId('pay-total'), money(total()))
    await shot(page, 'payments-02-pay-step-ar-375')

    await page.getByLabel(label(ar('storefront:pay.mobile'))).fill('0912345678')
    await page.getByLabel(label(ar('storefront:pay.birth_year'))).fill('1990')
    await page.getByRole('button', { name: ar('storefront:pay.send_code') }).click()
    const code = page.getByLabel(label(ar('storefront:pay.code_label', { digits: 6 })))
    await visible(code)
    // One code a minute to a number (decision 0091): the step says when a new one can be asked for.
    await visible(page.getByText(/يمكنك طلب رمز جديد بعد \d+ ثانية/))
    expect(await page.getByRole('button', { name: ar('storefront:pay.new_code') }).isDisabled()).toBe(true)
    await code.fill(plutu.sadadOtp)
    await shot(page, 'payments-03-sadad-code-ar-375')
    // The cart is still there while paying.
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length)).toBe(1)
    await page
      .getByRole('button', { name: ar('storefront:pay.pay_amount', { amount: money(total()) }) })
      .click()
    const number = await confirmationPaid(page, 'ar')
    await shot(page, 'payments-04-confirmation-paid-ar-375')
    expect(plutu.paid.get(number)).toMatchObject({ gateway: 'sadadapi', amount: total().toFixed(2) })
    await context.close()
  })

  it('a guest pays by a local card: the gateway’s page and back (English)', async () => {
    const { context, page } = await shopper('en')
    explainFailure(page, 'pay-card', shop.log)
    await fillCheckout(page, 'en', /Sadad \/ Edfali \/ Local bank card/)
    await page.getByRole('button', { name: tr('en', 'storefront:checkout.continue_to_payment') }).click()
    await waitForPath(page, '/checkout/pay')
    await page.locator('label', { has: page.getByRole('radio', { name: /Local bank card/ }) }).click()
    await expect.poll(() => page.getByRole('radio', { name: /Local bank card/ }).isChecked()).toBe(true)
    await shot(page, 'payments-05-pay-step-card-en-1280')
    await page
      .getByRole('button', {
        name: tr('en', 'storefront:pay.option.localbankcards.go', { amount: moneyIn('en', total()) }),
      })
      .click()
    await page.waitForURL((url) => url.origin === plutu.origin, { timeout: 60_000 })
    await visible(page.getByText(`${total().toFixed(2)} LYD`))
    await page.getByRole('link', { name: 'Pay' }).click()
    const number = await confirmationPaid(page, 'en')
    await shot(page, 'payments-06-confirmation-paid-en-1280')
    expect(plutu.paid.get(number)).toMatchObject({ gateway: 'localbankcards' })
    await context.close()
  })

  it('a guest pays by PayPal in dollars at the shop’s rate: approve, capture, paid (Arabic)', async () => {
    const { context, page } = await shopper('ar')
    explainFailure(page, 'pay-paypal', shop.log)
    await fillCheckout(page, 'ar', new RegExp(ar('common:payment_method.paypal')))
    const usd = (Math.ceil(Math.round(total() * 100) / 4.85) / 100).toFixed(2)
    await textContains(
      page.getByRole('radio', { name: /باي بال/ }).locator('xpath=..'),
      `${usd} USD`,
      '1 USD = 4.85',
    )
    await page.getByRole('button', { name: ar('storefront:checkout.continue_to_payment') }).click()
    await waitForPath(page, '/checkout/pay')
    // The dollars and the rate are shown before the shopper leaves the shop (decision 0079).
    await textContains(page.getByTestId('usd-amount'), `${usd} USD`, '1 USD = 4.85', money(total()))
    await shot(page, 'payments-07-pay-step-paypal-ar-1280')
    await page
      .getByRole('button', { name: ar('storefront:pay.option.paypal.go', { amount: `${usd} USD` }) })
      .click()
    await page.waitForURL((url) => url.origin === paypal.url, { timeout: 60_000 })
    await visible(page.getByText(`${usd} USD`))
    await page.getByRole('link', { name: 'Approve' }).click()
    const number = await confirmationPaid(page, 'ar')
    const order = [...paypal.orders.values()].find((o) => o.invoiceId === number)!
    expect(order).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: usd } })
    await context.close()
  })

  it('a cancelled PayPal approval comes back to checkout with the cart intact (English, phone width)', async () => {
    const { context, page } = await shopper('en', 375)
    explainFailure(page, 'pay-paypal-cancel', shop.log)
    await fillCheckout(page, 'en', /PayPal/)
    await page.getByRole('button', { name: tr('en', 'storefront:checkout.continue_to_payment') }).click()
    await waitForPath(page, '/checkout/pay')
    await shot(page, 'payments-08-pay-step-paypal-en-375')
    await page.getByRole('button', { name: /Continue to PayPal/ }).click()
    await page.waitForURL((url) => url.origin === paypal.url, { timeout: 60_000 })
    await page.getByRole('link', { name: 'Cancel and return' }).click()
    await waitForPath(page, '/payment/cancelled')
    await visible(page.getByRole('heading', { name: tr('en', 'storefront:pay.result.cancelled_title') }))
    await shot(page, 'payments-09-cancelled-en-375')
    await page.getByRole('link', { name: tr('en', 'storefront:pay.result.back_to_checkout') }).click()
    await waitForPath(page, '/checkout')
    // The cart is as it was: the same product and total, and the order waiting for its payment.
    await textContains(
      page.getByTestId('summary-subtotal'),
      moneyIn('en', Number(product.retail_price ?? product.price)),
    )
    await visible(page.getByText(tr('en', 'storefront:pay.pending_banner')))
    expect(
      await page.evaluate(
        () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: number; quantity: number }[],
      ),
    ).toEqual([expect.objectContaining({ id: product.id, quantity: 1 })])
    await shot(page, 'payments-10-back-at-checkout-en-375')
    await context.close()
  })

  // Every new screen in both languages at phone and desktop width: a picture of each, and no serious or critical axe
  // finding.
  it('has accessible payment screens and a dashboard payments list in Arabic and English, at 375 and 1280 px', async () => {
    // An order waiting for its payment, with one failed attempt, placed as the checkout places it.
    const api = new ShopApi(shop.url)
    const placed = await api.call<{ id: number; order_number: string; payment: { token: string } }>(
      'POST',
      '/api/orders',
      {
        customer_name: 'هدى الترهوني',
        customer_email: uniqueEmail('screens'),
        customer_phone: '0912345678',
        shipping_address: 'طرابلس',
        city_id: cityId,
        payment_method: 'massarat',
        items: [{ product_id: product.id, quantity: 1 }],
      },
      { 'idempotency-key': `screens-${Date.now()}` },
    )
    await api
      .call(
        'POST',
        `/api/payments/orders/${placed.id}/wallet`,
        { gateway: 'edfali', mobile_number: '0920000000' },
        { 'x-payment-token': placed.payment.token },
      )
      .catch(() => undefined)
    const pending = {
      orderId: placed.id,
      orderNumber: placed.order_number,
      token: placed.payment.token,
      fingerprint: '{}',
    }
    const session = await apiLogin(shop.url, shop.adminEmail, shop.adminPassword)
    const findings: Finding[] = []
    for (const lang of ['ar', 'en'] as const) {
      for (const width of [375, 1280]) {
        // The shopper's screens are scanned at desktop width (the same markup at both); at 375 px they are opened only
        // for their pictures (E2E_SHOTS=1). The dashboard dialog below is checked at both widths.
        if (width === 1280 || takingShots) {
          const { context, page } = await shopper(lang, width)
          explainFailure(page, `pay-screens-${lang}-${width}`, shop.log)
          await context.addInitScript(
            (p) => sessionStorage.setItem('pending_payment', p),
            JSON.stringify(pending),
          )
          for (const [name, path] of [
            ['pay-step', '/checkout/pay'],
            ['failed', `/payment/failed?order=${placed.id}&reason=declined`],
            ['cancelled', `/payment/cancelled?order=${placed.id}`],
            ['checkout-pending', '/checkout'],
          ] as const) {
            await page.goto(path)
            await settle(page)
            // The scan at desktop width (the same markup at both; the pictures show both layouts).
            if (width === 1280) findings.push(...(await seriousViolations(page, `${path} (${lang})`)))
            await shot(page, `payments-screen-${name}-${lang}-${width}`)
          }
          await context.close()
        }

        const staff = await newContext(browser, shop.url, {
          language: lang,
          width,
          height: 900,
          token: session.token,
          user: session.user,
        })
        const dash = await staff.newPage()
        explainFailure(dash, `pay-dialog-${lang}-${width}`, shop.log)
        await dash.goto('/dashboard/orders')
        await dash
          .getByRole('button', {
            name: tr(lang, 'dashboard:orders.edit_named', { number: placed.order_number }),
          })
          .click()
        const dialog = dash.getByRole('dialog')
        await visible(dialog.getByTestId('payment-attempt'))
        await textContains(
          dialog.getByTestId('payment-attempt'),
          `${placed.order_number}`,
          tr(lang, 'common:payment_status.failed'),
        )
        await settle(dash)
        if (width === 1280) findings.push(...(await seriousViolations(dash, `order dialog (${lang})`)))
        await shot(dash, `payments-screen-dashboard-dialog-${lang}-${width}`)
        await staff.close()
      }
    }
    expect(findings, describeFindings(findings)).toEqual([])
  })
})
