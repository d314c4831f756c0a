import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { fromCents, toCents } from '@shop/shared/money/money'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, type ApiOrder } from './support/api.ts'
import { ar, label, money } from './support/texts.ts'
import {
  explainFailure,
  signInWithForm,
  statValue,
  textContains,
  visible,
  waitForPath,
} from './support/ui.ts'

const d = (key: string, vars?: Record<string, string | number>) => ar(`dashboard:${key}`, vars)
/** The Arabic field of a translatable text in the dashboard's forms (decision 0057). */
const inArabic = (key: string) => label(d('languages.in_arabic', { field: d(key) }))

// Journey 3: the staff side end to end, against orders placed in this run (product.md §2.15–§2.20).
describe('admin journey: overview, catalogue, import, order completion, sales, export, invoice', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
    admin = api.as((await api.login(shop.adminEmail, shop.adminPassword)).token)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('runs the shop from the dashboard', async () => {
    // Orders of this run (the seeded database has none): three guest orders today.
    const catalogue = await admin.products('active=true&in_stock=true&per_page=40')
    const sold = catalogue.find(
      (p) => p.stock >= 10 && p.retail_buying_price != null && (p.wholesale_threshold ?? 99) > 2,
    )!
    const other = catalogue.find((p) => p.stock >= 10 && p.id !== sold.id)!
    const city = (await api.cities()).find((c) => c.name === 'طرابلس')!
    const orders: ApiOrder[] = []
    orders.push(
      await api.placeOrder([{ product_id: sold.id, quantity: 2 }], city.id, {
        name: 'نوري بن علي',
        email: 'nouri@e2e.ly',
      }),
    )
    orders.push(
      await api.placeOrder([{ product_id: other.id, quantity: 1 }], city.id, {
        name: 'سعاد',
        email: 'souad@e2e.ly',
      }),
    )
    orders.push(
      await api.placeOrder(
        [
          { product_id: other.id, quantity: 1 },
          { product_id: sold.id, quantity: 1 },
        ],
        city.id,
        { name: 'هدى', email: 'huda@e2e.ly' },
      ),
    )
    const target = orders[0]!
    // product.md §10.5: (retail price − retail buying price) × quantity, delivery not included.
    const expectedProfit = fromCents(
      (toCents(sold.retail_price ?? sold.price)! - toCents(sold.retail_buying_price)!) * 2,
    )

    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    explainFailure(page, 'journey3', shop.log)

    // Sign in through the form: an admin lands on the dashboard (product.md §2.11).
    await signInWithForm(page, shop.adminEmail, shop.adminPassword)
    await waitForPath(page, '/dashboard')
    await visible(page.getByRole('heading', { level: 1, name: d('title') }))
    await visible(page.getByText(d('overview.total_orders'), { exact: true }))
    // Every order placed counts as an order; the money figures count the completed ones (decision 0229): none yet.
    expect(await statValue(page, d('overview.total_orders'))).toBe(String(orders.length))
    expect(await statValue(page, d('overview.total_revenue'))).toBe(money(0)) // none completed yet
    await textContains(page.getByRole('main'), d('overview.recent_orders'), 'نوري بن علي', 'سعاد', 'هدى')
    await shot(page, 'journey3-01-overview')

    // A new category.
    await page.getByRole('link', { name: d('nav.categories') }).click()
    await waitForPath(page, '/dashboard/categories')
    await page
      .getByRole('button', { name: d('categories.add') })
      .first()
      .click()
    const categoryDialog = page.getByRole('dialog', { name: d('categories.add_title') })
    await categoryDialog.getByLabel(inArabic('categories.name')).fill('تمور الواحات')
    await categoryDialog.getByLabel(inArabic('categories.description')).fill('تمور من واحات الجنوب')
    await categoryDialog.getByRole('button', { name: ar('actions.save') }).click()
    await visible(page.getByText(d('categories.created')))
    // Saved without English: the row says so (decision 0057).
    await visible(
      page.getByRole('cell', { name: `تمور الواحات ${d('languages.english_missing')}`, exact: true }),
    )

    // A new product in it, with an uploaded picture.
    const png = await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r: 150, g: 90, b: 40 } },
    })
      .png()
      .toBuffer()
    await page.getByRole('link', { name: d('nav.products') }).click()
    await waitForPath(page, '/dashboard/products')
    await page
      .getByRole('button', { name: d('products.add') })
      .first()
      .click()
    const productDialog = page.getByRole('dialog', { name: d('products.add_title') })
    await productDialog.getByLabel(inArabic('products.name')).fill('تمر الواحة الذهبي – 1 كغ')
    await productDialog.getByLabel(inArabic('products.description')).fill('تمر طري من واحات الجنوب الليبي')
    await productDialog.getByLabel(label(d('products.category'))).selectOption({ label: 'تمور الواحات' })
    await productDialog.getByLabel(label(d('products.price'))).fill('50')
    await productDialog.getByLabel(label(d('products.retail_buying_price'))).fill('30')
    await productDialog.getByLabel(label(d('products.stock'))).fill('25')
    await productDialog
      .getByLabel(label(d('products.image')))
      .setInputFiles({ name: 'oasis.png', mimeType: 'image/png', buffer: png })
    await visible(productDialog.getByRole('img', { name: d('products.image_preview') }))
    await shot(page, 'journey3-02-product-form')
    await productDialog.getByRole('button', { name: d('products.add') }).click()
    await visible(page.getByText(d('products.created')))
    await productDialog.getByRole('button', { name: ar('actions.cancel') }).click()
    await visible(page.getByText('تمر الواحة الذهبي – 1 كغ').first())

    // It is on the storefront, with its picture served by the shop.
    const store = await context.newPage()
    await store.goto(`/products?search=${encodeURIComponent('الواحة الذهبي')}`)
    const card = store
      .getByRole('article')
      .filter({ has: store.getByRole('heading', { name: 'تمر الواحة الذهبي – 1 كغ' }) })
    await visible(card)
    await textContains(card, 'تمور الواحات', money(50))
    const img = card.getByRole('img', { name: 'تمر الواحة الذهبي – 1 كغ' })
    expect(await img.getAttribute('src')).toMatch(/^\/api\/images\/[0-9a-f]+\/small\.webp$/)
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(320)
    await shot(store, 'journey3-03-storefront-new-product')
    await store.close()

    // A products CSV with one bad row: the result names the row (header = row 1, decision 0013).
    const csv = [
      'name,price,stock,category',
      'زيت زيتون تجريبي – 1 لتر,40,10,زيت الزيتون',
      'سعر غير صالح,غير-رقم,5,',
      'عسل تجريبي – 500 غ,70,8,عسل',
    ].join('\n')
    await page
      .getByTestId('csv-file-input')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
    const result = page.getByRole('dialog', { name: d('import.result_title') })
    await visible(result)
    await textContains(result, d('import.success', { created: 2, updated: 0 }), d('import.row', { row: 3 }))
    await shot(page, 'journey3-04-import-result')
    await result.getByRole('button', { name: d('import.ok') }).click()

    // Complete an order in the order dialog.
    await page.getByRole('link', { name: d('nav.orders') }).click()
    await waitForPath(page, '/dashboard/orders')
    await page.getByRole('button', { name: d('orders.edit_named', { number: target.order_number }) }).click()
    const orderDialog = page.getByRole('dialog', {
      name: d('orders.edit_title', { number: `#${target.id}` }),
    })
    await expect
      .poll(() => orderDialog.getByLabel(label(d('orders.customer_name'))).inputValue())
      .toBe('نوري بن علي')
    await orderDialog.getByLabel(label(d('orders.order_status'))).selectOption('completed')
    // A cash order: was the cash collected? (decision 0132)
    await orderDialog.getByRole('radio', { name: d('orders.cash_collected.yes') }).check()
    await shot(page, 'journey3-05-order-dialog')
    await orderDialog.getByRole('button', { name: ar('actions.save') }).click()
    await visible(page.getByText(d('orders.updated')))
    await orderDialog.waitFor({ state: 'hidden' })
    await textContains(
      page.getByRole('row', { name: new RegExp(target.order_number) }),
      ar('order_status.completed'),
    )

    // Sales lists it with its real profit; the CSV export downloads.
    await page.getByRole('link', { name: d('nav.sales') }).click()
    await waitForPath(page, '/dashboard/sales')
    const row = page.getByRole('row', { name: new RegExp(target.order_number) })
    await visible(row)
    await textContains(row, money(target.total_amount), money(expectedProfit))
    // The date reads day/month/year, not scrambled by the Arabic locale's direction marks.
    expect((await row.getByRole('cell').nth(1).innerText()).trim()).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/)
    expect(await page.getByRole('row').count()).toBe(3) // header, the one completed order, totals
    await shot(page, 'journey3-06-sales')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: d('sales.export') }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^sales_.+_.+\.csv$/)
    expect(download.suggestedFilename()).toBe('sales_all_all.csv')
    const content = readFileSync((await download.path())!, 'utf8')
    expect(content.charCodeAt(0)).toBe(0xfeff) // UTF-8 BOM so spreadsheet apps read the Arabic
    expect(content).toContain(target.order_number)
    expect(content).toContain('نوري بن علي')
    expect(content.split(/\r?\n/).filter((l) => l.trim()).length).toBe(2)

    // The overview now counts the completed order's revenue.
    await page.getByRole('link', { name: d('nav.overview') }).click()
    await waitForPath(page, '/dashboard')
    await visible(page.getByText(d('overview.total_revenue'), { exact: true }))
    await expect.poll(() => statValue(page, d('overview.total_revenue'))).toBe(money(target.total_amount))
    expect(await statValue(page, d('overview.total_orders'))).toBe(String(orders.length))
    await visible(page.getByText(d('figures.orders'), { exact: true }))
    await expect.poll(() => statValue(page, d('overview.total_profit'))).toBe(money(expectedProfit))

    // The invoice window: the order in Arabic, right to left.
    await page.getByRole('link', { name: d('nav.orders') }).click()
    await waitForPath(page, '/dashboard/orders')
    const [invoice] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: d('orders.print_named', { number: target.order_number }) }).click(),
    ])
    await invoice.waitForLoadState()
    await expect
      .poll(() => invoice.evaluate(() => document.body?.innerText ?? ''))
      .toContain(target.order_number)
    expect(
      await invoice.evaluate(() => ({
        dir: document.documentElement.dir,
        lang: document.documentElement.lang,
      })),
    ).toEqual({ dir: 'rtl', lang: 'ar' })
    const text = await invoice.evaluate(() => document.body.innerText)
    for (const part of [
      'فاتورة',
      'رقم الطلب',
      'بيانات العميل',
      'الإجمالي',
      'مكتمل',
      'نوري بن علي',
      sold.name,
      money(target.total_amount),
    ])
      expect(text).toContain(part)
    await shot(invoice, 'journey3-07-invoice')
    await context.close()
  })
})
