import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator, Page } from 'playwright-core'
import { fromCents, toCents } from '@shop/shared/money/money'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, type ApiOrder } from './support/api.ts'
import { label, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, statValue, textContains, visible, waitForPath } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }

/** The page is no wider than the phone: nothing scrolls sideways (decision 0087). */
async function fitsThePhone(page: Page, where: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${where} scrolls sideways`,
  ).toBeLessThanOrEqual(PHONE.width)
}

/** A box (dialog, batch bar) entirely on the phone's screen. */
async function onScreen(locator: Locator) {
  const box = (await locator.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height + 0.5)
}

/** Opens a dashboard screen from the side navigation, which a phone opens from the top bar (product.md §2.13). */
async function openFromMenu(page: Page, lang: Lang, navKey: string, path: string) {
  await page.getByRole('button', { name: tr(lang, 'nav.open_menu') }).click()
  const nav = page.getByRole('complementary', { name: tr(lang, 'dashboard:nav.label') })
  await nav.getByRole('link', { name: tr(lang, `dashboard:${navKey}`), exact: true }).click()
  await waitForPath(page, path)
}

// The dashboard on a phone (product.md §2.14, decision 0087): rows as cards, dialogs on the screen, the batch bar in
// reach, and no sideways scrolling; after an order edit the overview and the sales report show it without a reload
// (product.md §4.7, decision 0086).
describe('the dashboard on a phone (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let session: { token: string; user: unknown }
  const orders: ApiOrder[] = []
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
    const products = (await admin.products('active=true&in_stock=true&per_page=20')).filter(
      (p) => p.stock >= 5,
    )
    const city = (await api.cities())[0]!
    for (const [i, name] of ['هالة المبروك', 'Karim Saleh'].entries())
      orders.push(
        await api.placeOrder([{ product_id: products[i]!.id, quantity: 1 }], city.id, {
          name,
          email: `phone${i}@e2e.ly`,
        }),
      )
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('finds an order, completes it, toggles a product, uses the batch bar and exports sales (ar)', async () => {
    const lang = 'ar'
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    const target = orders[0]!
    const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
    const page = await context.newPage()
    explainFailure(page, 'phone-admin', shop.log)

    // Find the order by its number: one card, with its status and actions.
    await page.goto('/dashboard/orders')
    await page.getByRole('searchbox', { name: d('orders.search') }).fill(target.order_number)
    const card = page.getByTestId('data-card').filter({ hasText: target.order_number })
    await visible(card)
    await expect.poll(() => page.getByTestId('data-card').count()).toBe(1)
    await textContains(card, tr(lang, 'order_status.pending'), '#' + target.id)
    await fitsThePhone(page, 'orders')
    await shot(page, 'phone-01-order-found-ar-375')

    // Change its status in the edit dialog, which fits the screen.
    await card.getByRole('button', { name: d('orders.edit_named', { number: target.order_number }) }).click()
    const dialog = page.getByRole('dialog', { name: d('orders.edit_title', { number: `#${target.id}` }) })
    const status = dialog.getByLabel(label(d('orders.order_status')))
    await visible(status)
    await onScreen(dialog)
    await fitsThePhone(page, 'order dialog')
    await status.selectOption('completed')
    // A cash order: was the cash collected? (decision 0132)
    await dialog.getByRole('radio', { name: d('orders.cash_collected.no') }).check()
    await shot(page, 'phone-02-order-dialog-ar-375')
    await dialog.getByRole('button', { name: tr(lang, 'actions.save') }).click()
    await visible(page.getByText(d('orders.updated')))
    await dialog.waitFor({ state: 'hidden' })
    await textContains(card, tr(lang, 'order_status.completed'))

    // Toggle a product's active pill from its card.
    const product = (await admin.products('per_page=1'))[0]!
    await openFromMenu(page, lang, 'nav.products', '/dashboard/products')
    await page.getByRole('searchbox', { name: d('products.search') }).fill(product.name)
    const productCard = page.getByTestId('data-card').filter({ hasText: product.name }).first()
    const pill = productCard.getByRole('button', {
      name: `${d('status.active')} — ${d('status.deactivate')}`,
    })
    await pill.click()
    await visible(
      productCard.getByRole('button', { name: `${d('status.inactive')} — ${d('status.activate')}` }),
    )
    await expect.poll(async () => (await admin.product(product.id)).is_active).toBe(false)
    await fitsThePhone(page, 'products')
    await shot(page, 'phone-03-product-toggled-ar-375')

    // The product form, the largest dialog, opens as a sheet that fits the screen.
    await page
      .getByRole('button', { name: d('products.add') })
      .first()
      .click()
    const form = page.getByRole('dialog', { name: d('products.add_title') })
    await visible(form.getByLabel(label(d('languages.in_arabic', { field: d('products.name') }))))
    await onScreen(form)
    await fitsThePhone(page, 'product form')
    await shot(page, 'phone-03b-product-form-ar-375')
    await form.getByRole('button', { name: tr(lang, 'actions.cancel') }).click()
    await form.waitFor({ state: 'hidden' })

    // Select two products: the batch bar stays on the screen while the list scrolls under it.
    await page.getByRole('searchbox', { name: d('products.search') }).fill('')
    await expect.poll(() => page.getByTestId('data-card').count()).toBeGreaterThan(4)
    for (const c of [0, 1]) await page.getByTestId('data-card').nth(c).getByRole('checkbox').check()
    const bar = page.getByRole('region', { name: d('batch.region') })
    await textContains(bar, d('batch.selected', { count: 2 }))
    await page.evaluate(() =>
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
    )
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000)
    await onScreen(bar.getByRole('button', { name: d('batch.clear') }))
    await shot(page, 'phone-04-batch-bar-ar-375')
    await bar.getByRole('button', { name: d('batch.clear') }).click()
    await fitsThePhone(page, 'products with a selection')

    // The sales report lists the completed order; the export downloads it.
    await openFromMenu(page, lang, 'nav.sales', '/dashboard/sales')
    await visible(page.getByTestId('data-card').filter({ hasText: target.order_number }))
    await fitsThePhone(page, 'sales')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: d('sales.export') }).click(),
    ])
    expect(download.suggestedFilename()).toBe('sales_all_all.csv')
    expect(readFileSync((await download.path())!, 'utf8')).toContain(target.order_number)
    await shot(page, 'phone-05-sales-ar-375')
    await context.close()
  })

  it('shows an order edit on the overview and in the sales report without a reload (en)', async () => {
    const lang = 'en'
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    const target = orders[1]!
    const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
    const page = await context.newPage()
    explainFailure(page, 'phone-no-reload', shop.log)

    // Both screens have been seen (and their answers cached) before the edit.
    await page.goto('/dashboard')
    await visible(page.getByText(d('overview.total_revenue'), { exact: true }))
    const revenueBefore = await statValue(page, d('overview.total_revenue'))
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    await openFromMenu(page, lang, 'nav.sales', '/dashboard/sales')
    const totals = page.getByTestId('sales-totals')
    await visible(totals.or(page.getByText(d('sales.empty'), { exact: true })))
    const countBefore = (await totals.count()) ? Number(/\((\d+)/.exec(await totals.innerText())![1]) : 0

    // Complete the order from the orders screen.
    await openFromMenu(page, lang, 'nav.orders', '/dashboard/orders')
    await page.getByRole('searchbox', { name: d('orders.search') }).fill(target.order_number)
    await page.getByRole('button', { name: d('orders.edit_named', { number: target.order_number }) }).click()
    const dialog = page.getByRole('dialog', { name: d('orders.edit_title', { number: `#${target.id}` }) })
    await visible(dialog.getByLabel(label(d('orders.order_status'))))
    await onScreen(dialog)
    await dialog.getByLabel(label(d('orders.order_status'))).selectOption('completed')
    await dialog.getByRole('radio', { name: d('orders.cash_collected.yes') }).check()
    await shot(page, 'phone-06-order-dialog-en-375')
    await dialog.getByRole('button', { name: tr(lang, 'actions.save') }).click()
    await dialog.waitFor({ state: 'hidden' })

    // Back on the overview and the sales report: the new numbers, in the same document.
    await openFromMenu(page, lang, 'nav.overview', '/dashboard')
    const expected = moneyIn(
      lang,
      fromCents(toCents(/\d+(\.\d+)?/.exec(revenueBefore)![0])! + toCents(target.total_amount)!),
    )
    await expect.poll(() => statValue(page, d('overview.total_revenue'))).toBe(expected)
    await fitsThePhone(page, 'overview')
    await shot(page, 'phone-07-overview-en-375')
    await openFromMenu(page, lang, 'nav.sales', '/dashboard/sales')
    await visible(page.getByTestId('data-card').filter({ hasText: target.order_number }))
    await textContains(page.getByTestId('sales-totals'), d('sales.totals', { count: countBefore + 1 }))
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
    await fitsThePhone(page, 'sales')
    await shot(page, 'phone-08-sales-en-375')
    await context.close()
  })
})
