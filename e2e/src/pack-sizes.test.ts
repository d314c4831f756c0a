import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { exact, label, money, moneyIn, tr, type Lang } from './support/texts.ts'
import { explainFailure, fillCheckout, textContains, visible, waitForPath } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 900 }
const SCREENS = [
  ['375', PHONE],
  ['1280', DESKTOP],
] as const

interface ApiVariant {
  id: number
  sku: string | null
  label: string | null
  label_ar?: string | null
  label_en?: string | null
  price: number
  tiers: { min_quantity: number; price: number }[]
  stock: number
  is_active: boolean
}
interface PackProduct {
  id: number
  slug: string
  name: string
  variants: ApiVariant[]
}

/** A size as the admin API takes it (decision 0150). */
interface PackInput {
  label_ar: string
  label_en: string
  sku: string
  price: number
  stock: number
  weight_grams: number
  tiers: { min_quantity: number; price: number }[]
}

/** Tasfirt dates sold as a 500 g box, a 1 kg box and a 5 kg carton with two quantity prices (issue 28). */
function tasfirtSizes(stamp: string): PackInput[] {
  const sku = `TAS-${stamp.toUpperCase()}`
  return [
    {
      label_ar: '500 غ',
      label_en: '500 g',
      sku: `${sku}-500`,
      price: 18,
      stock: 200,
      weight_grams: 500,
      tiers: [],
    },
    {
      label_ar: '1 كغ',
      label_en: '1 kg',
      sku: `${sku}-1K`,
      price: 34,
      stock: 200,
      weight_grams: 1000,
      tiers: [{ min_quantity: 10, price: 31 }],
    },
    {
      label_ar: '5 كغ',
      label_en: '5 kg',
      sku: `${sku}-5K`,
      price: 160,
      stock: 200,
      weight_grams: 5000,
      tiers: [
        { min_quantity: 5, price: 150 },
        { min_quantity: 20, price: 140 },
      ],
    },
  ]
}
const FIVE_KG = 2
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// Issue 28 "Done when", in the browser: a shopper picks the 5 kg carton (the address and the price follow), buys 5 at
// the first quantity price, and the cart, the order mail and the printed invoice say which size, its SKU and the unit
// price; a shared size link opens that size from the server alone; staff add a size with two quantity prices on a
// phone; a CSV with sizes imports through the dashboard. Arabic and English, phone and desktop.
describe('pack sizes and price tiers (issue 28)', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let admin: ShopApi
  let session: { token: string; user: unknown }
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  let categoryId: number
  /** Each shopper their own phone: a phone may have only 3 cash orders awaiting the shop's call (decision 0091). */
  let shoppers = 0
  beforeAll(async () => {
    mailbox = await startMailbox()
    ;[shop, browser] = await Promise.all([startTestShop({ SMTP_URL: mailbox.url }), launchBrowser()])
    api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    admin = api.as(session.token)
    const categories = await api.call<{ data: { id: number; name: string }[] }>(
      'GET',
      '/api/categories?active=true',
    )
    categoryId = categories.data.find((c) => c.name === 'تمور')?.id ?? categories.data[0]!.id
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await mailbox?.close()
  })

  /** A product with three sizes, created through the admin API (the staff answer: labels in both languages). */
  async function createTasfirt(tag: string): Promise<{ product: PackProduct; sizes: PackInput[] }> {
    const stamp = `${tag}${Date.now().toString(36)}`
    const sizes = tasfirtSizes(stamp)
    const created = await admin.call<PackProduct>('POST', '/api/products', {
      name_ar: `تمر تاسفرت ${stamp}`,
      name_en: `Tasfirt dates ${stamp}`,
      description_ar: 'تمر تاسفرت من واحات الجنوب، بأحجام للبيت وللمحلات',
      description_en: 'Tasfirt dates from the southern oases, in sizes for homes and shops',
      category_id: categoryId,
      is_active: true,
      variants: sizes,
    })
    const product = await admin.call<PackProduct>('GET', `/api/products/${created.id}`)
    expect(product.variants.map((v) => v.sku)).toEqual(sizes.map((s) => s.sku))
    return { product, sizes }
  }

  const nameIn = (lang: Lang, product: PackProduct) =>
    lang === 'en' ? product.name.replace(/^تمر تاسفرت /, 'Tasfirt dates ') : product.name
  const sizeIn = (lang: Lang, size: PackInput) => (lang === 'en' ? size.label_en : size.label_ar)
  /** The size's chip in the picker: its label first (then its price, when sizes differ in price). */
  const chip = (page: Page, lang: Lang, size: PackInput) =>
    page.getByRole('radio', { name: new RegExp(`^\\s*${escape(sizeIn(lang, size))}(\\s|$)`) })

  for (const lang of ['ar', 'en'] as const) {
    for (const [width, screen] of SCREENS) {
      const tag = `${lang}-${width}`
      const s = (key: string, vars?: Record<string, string | number>) => tr(lang, `storefront:${key}`, vars)
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)

      it(`picks 5 kg, buys 5 at the tier price; cart, mail and invoice show size, SKU and unit price (${tag})`, async () => {
        const { product, sizes } = await createTasfirt(`j1${lang}${width}`)
        const five = sizes[FIVE_KG]!
        const fiveId = product.variants[FIVE_KG]!.id
        const name = nameIn(lang, product)
        const context = await newContext(browser, shop.url, { language: lang, ...screen })
        const page = await context.newPage()
        explainFailure(page, `sizes-buy-${tag}`, shop.log)

        // The product page opens on the default (first) size.
        await page.goto(`/products/${product.slug}`)
        await visible(page.getByRole('heading', { level: 1, name: exact(name) }))
        const picker = page.getByRole('radiogroup')
        await visible(picker)
        expect(await picker.getByRole('radio').count()).toBe(3)
        await expect.poll(() => chip(page, lang, sizes[0]!).getAttribute('aria-checked')).toBe('true')
        const price = page.getByTestId('pack-price')
        await textContains(price, moneyIn(lang, 18))

        // Pick 5 kg: the address names it and the price is the carton's.
        await chip(page, lang, five).click()
        await page.waitForURL((url) => url.searchParams.get('variant') === String(fiveId), {
          timeout: 30_000,
        })
        await expect.poll(() => chip(page, lang, five).getAttribute('aria-checked')).toBe('true')
        await textContains(price, moneyIn(lang, 160))
        expect(await price.innerText()).not.toContain(moneyIn(lang, 18))
        // Its quantity prices are listed: from 5 and from 20.
        const tiers = page.getByRole('list', { name: s('product_page.tiers_title') })
        await textContains(tiers, moneyIn(lang, 150), moneyIn(lang, 140))
        await shot(page, `sizes-01-five-kg-${tag}`)

        // Five cartons: the first quantity price applies (5 × 150).
        // The stepper and the toast name the pack: "Tasfirt dates … – 5 kg".
        const stepperName = `${name} – ${sizeIn(lang, five)}`
        const quantity = page.getByRole('group', { name: s('cart.quantity_of', { name: stepperName }) })
        const plus = quantity.getByRole('button', { name: s('cart.increase', { name: stepperName }) })
        for (let q = 2; q <= 5; q++) {
          await plus.click()
          await expect.poll(() => quantity.getByTestId('quantity').inputValue()).toBe(String(q))
        }
        await visible(page.getByText(s('product_page.wholesale_applies')))
        await textContains(page.locator('main'), moneyIn(lang, 750))
        await page.getByRole('button', { name: s('product.add_to_cart'), exact: true }).click()
        await visible(page.getByText(s('product.added_toast', { name: stepperName })))

        // The cart: one line, the size, the tier's unit price and 5 × 150.
        await page.goto('/cart')
        await waitForPath(page, '/cart')
        const line = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: exact(name) }) })
        await visible(line)
        await textContains(line, sizeIn(lang, five), moneyIn(lang, 150), moneyIn(lang, 750))
        await visible(line.getByText(s('cart.wholesale_applied')))
        const summary = page.getByRole('complementary', { name: s('cart.summary') })
        await textContains(summary, moneyIn(lang, 750))
        await shot(page, `sizes-02-cart-${tag}`)

        // Checkout.
        await page.getByRole('button', { name: s('cart.checkout') }).click()
        await waitForPath(page, '/checkout', 30_000)
        const city = (await api.cities())[0]!
        const email = uniqueEmail(`sizes-${tag}`)
        const phone = `09130000${String(++shoppers).padStart(2, '0')}`
        await fillCheckout(
          page,
          {
            firstName: lang === 'ar' ? 'سالم' : 'Salem',
            lastName: lang === 'ar' ? 'الورفلي' : 'Warfalli',
            email,
            phone,
            address: lang === 'ar' ? 'شارع جمال عبد الناصر' : 'Gamal Abdel Nasser St',
            cityId: city.id,
            state: lang === 'ar' ? 'البركة' : 'Al Berka',
          },
          lang,
        )
        await textContains(page.getByTestId('summary-total'), moneyIn(lang, 750 + city.delivery_price))
        await page.getByRole('button', { name: s('checkout.place_order') }).click()
        // Placing the order waits for the server's answer (a busy machine may take a while).
        await waitForPath(page, '/order-confirmation', 60_000)
        await visible(page.getByRole('heading', { name: s('confirmation.title') }))
        const number = (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()
        await shot(page, `sizes-03-confirmation-${tag}`)

        // The order as the server kept it: the 5 kg pack, 5 at 150.
        const orders = await admin.call<{ data: { id: number; order_number: string }[] }>(
          'GET',
          `/api/orders?search=${number}`,
        )
        const order = await admin.call<{
          items: { variant_id: number; sku: string; quantity: number; unit_price: number }[]
        }>('GET', `/api/orders/${orders.data[0]!.id}`)
        expect(order.items.map((i) => [i.variant_id, i.sku, i.quantity, Number(i.unit_price)])).toEqual([
          [fiveId, five.sku, 5, 150],
        ])

        // The shopper's mail, in the page's language: size, SKU and unit price.
        const mail = await mailbox.waitFor(email, 90_000)
        expect(mail.text).toContain(number)
        expect(mail.text).toContain(sizeIn(lang, five))
        expect(mail.text).toContain(five.sku)
        expect(mail.text).toContain(moneyIn(lang, 150))

        // The printed invoice (Arabic, decision 0122) from the dashboard at this width.
        const staff = await newContext(browser, shop.url, { language: lang, ...screen, ...session })
        const dashboard = await staff.newPage()
        explainFailure(dashboard, `sizes-invoice-${tag}`, shop.log)
        await dashboard.goto('/dashboard/orders')
        await waitForPath(dashboard, '/dashboard/orders')
        const [invoice] = await Promise.all([
          staff.waitForEvent('page', { timeout: 30_000 }),
          dashboard.getByRole('button', { name: d('orders.print_named', { number }) }).click(),
        ])
        await invoice.waitForLoadState()
        const invoiceText = () => invoice.evaluate(() => document.body?.innerText ?? '')
        await expect.poll(invoiceText, { timeout: 30_000 }).toContain(number)
        const row = invoice.getByRole('row').filter({ hasText: product.name })
        await textContains(row, five.label_ar, five.sku, money(150), money(750))
        await shot(invoice, `sizes-04-invoice-${tag}`)
        await Promise.all([staff.close(), context.close()])
      })

      it(`a shared size link opens that size server-rendered (${tag})`, async () => {
        const { product, sizes } = await createTasfirt(`j2${lang}${width}`)
        const five = sizes[FIVE_KG]!
        const link = `/products/${product.slug}?variant=${product.variants[FIVE_KG]!.id}`

        // Without script (what a link preview, a crawler or a slow phone sees first): the server chose the size.
        const bare = await newContext(browser, shop.url, {
          language: lang,
          ...screen,
          javaScriptEnabled: false,
        })
        const html = await bare.newPage()
        explainFailure(html, `sizes-link-nojs-${tag}`, shop.log)
        await html.goto(link)
        await visible(html.getByRole('heading', { level: 1, name: exact(nameIn(lang, product)) }))
        expect(
          await html.evaluate(() => Array.isArray(window.__shopTaps) && window.__shopHydrated),
        ).toBeFalsy()
        await expect.poll(() => chip(html, lang, five).getAttribute('aria-checked')).toBe('true')
        expect(await chip(html, lang, sizes[0]!).getAttribute('aria-checked')).toBe('false')
        await textContains(html.getByTestId('pack-price'), moneyIn(lang, 160))
        // The document itself carries it (not a later request).
        const document = await (
          await html.request.get(link, { headers: { cookie: `language=${lang}` } })
        ).text()
        const pricePart = document.match(/data-testid="pack-price"[\s\S]*?<\/p>/)?.[0] ?? ''
        expect(pricePart.replace(/<[^>]+>/g, '').replace(/&nbsp;|\u00a0/g, ' ')).toContain(
          moneyIn(lang, 160).replace(/\u00a0/g, ' '),
        )
        await shot(html, `sizes-05-link-without-script-${tag}`)

        // In a browser: the picker shows it chosen once the page is live, and choosing another size still works.
        const context = await newContext(browser, shop.url, { language: lang, ...screen })
        const page = await context.newPage()
        explainFailure(page, `sizes-link-${tag}`, shop.log)
        await page.goto(link)
        await page.waitForFunction(() => window.__shopHydrated === true, undefined, { timeout: 60_000 })
        await expect.poll(() => chip(page, lang, five).getAttribute('aria-checked')).toBe('true')
        await textContains(page.getByTestId('pack-price'), moneyIn(lang, 160))
        await chip(page, lang, sizes[1]!).click()
        await page.waitForURL((url) => url.searchParams.get('variant') === String(product.variants[1]!.id), {
          timeout: 30_000,
        })
        await textContains(page.getByTestId('pack-price'), moneyIn(lang, 34))
        await Promise.all([bare.close(), context.close()])
      })
    }

    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    it(`the dashboard adds a size with two quantity prices on a phone (${lang}-375)`, async () => {
      const { product } = await createTasfirt(`j3${lang}`)
      const name = nameIn(lang, product)
      const sku = `TAS-CARTON10-${lang.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`
      const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      const page = await context.newPage()
      explainFailure(page, `sizes-dashboard-${lang}`, shop.log)
      await page.goto('/dashboard/products')
      await page.getByRole('searchbox', { name: d('products.search') }).fill(product.name)
      await page.getByRole('button', { name: d('products.edit_named', { name }) }).click()
      const form = page.getByRole('dialog', { name: d('products.edit_title') })
      const sizeGroup = (n: number) =>
        form.getByRole('group', { name: new RegExp(`^\\s*${escape(d('products.size_n', { n }))}`) })
      await visible(sizeGroup(3))

      await form.getByRole('button', { name: d('products.add_size') }).click()
      const added = sizeGroup(4)
      await visible(added)
      await added
        .getByLabel(label(d('languages.in_arabic', { field: d('products.size_label') })))
        .fill('كرتونة 10 كغ')
      await added
        .getByLabel(
          new RegExp(`^\\s*${escape(d('languages.in_english', { field: d('products.size_label') }))}`),
        )
        .fill('10 kg carton')
      await added.getByLabel(label(d('products.price'))).fill('300')
      await added.getByLabel(label(d('products.stock'))).fill('25')
      await added.getByLabel(label(d('products.sku'))).fill(sku)
      for (const [n, tier] of [
        [1, { min: '3', price: '290' }],
        [2, { min: '10', price: '275' }],
      ] as const) {
        await added.getByRole('button', { name: d('products.add_tier') }).click()
        const row = added.getByRole('group', { name: d('products.tier_n', { n }) })
        await row.getByLabel(label(d('products.tier_min_quantity'))).fill(tier.min)
        await row.getByLabel(label(d('products.tier_price'))).fill(tier.price)
      }
      await shot(page, `sizes-06-dashboard-new-size-${lang}-375`)
      // The dialog fits the phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await form.getByRole('button', { name: tr(lang, 'common:actions.save'), exact: true }).click()
      await visible(page.getByText(d('products.updated')))

      // Stored: a fourth size with its label in both languages, its price, stock, SKU and the two breaks.
      const stored = await admin.call<PackProduct>('GET', `/api/products/${product.id}`)
      expect(stored.variants).toHaveLength(4)
      const carton = stored.variants[3]!
      expect([carton.label_ar, carton.label_en, carton.sku, Number(carton.price), carton.stock]).toEqual([
        'كرتونة 10 كغ',
        '10 kg carton',
        sku,
        300,
        25,
      ])
      expect(carton.tiers.map((t) => [t.min_quantity, Number(t.price)])).toEqual([
        [3, 290],
        [10, 275],
      ])

      // The shop sells it: its chip, its price and both quantity prices.
      const store = await context.newPage()
      await store.goto(`/products/${product.slug}?variant=${carton.id}`)
      await expect
        .poll(() =>
          chip(store, lang, { label_ar: 'كرتونة 10 كغ', label_en: '10 kg carton' } as PackInput).getAttribute(
            'aria-checked',
          ),
        )
        .toBe('true')
      await textContains(store.getByTestId('pack-price'), moneyIn(lang, 300))
      await textContains(
        store.getByRole('list', { name: tr(lang, 'storefront:product_page.tiers_title') }),
        moneyIn(lang, 290),
        moneyIn(lang, 275),
      )
      await context.close()
    })
  }

  for (const [lang, width, screen] of [
    ['ar', '375', PHONE],
    ['en', '1280', DESKTOP],
  ] as const) {
    it(`a CSV with sizes imports through the dashboard (${lang}-${width})`, async () => {
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      const stamp = `${lang}${Date.now().toString(36)}`
      const sku = `HNY-${stamp.toUpperCase()}`
      const nameAr = `عسل سدر ${stamp}`
      const nameEn = `Sidr honey ${stamp}`
      const row = (size: string, sizeEn: string, code: string, price: string, extra: string[]) =>
        [nameAr, nameEn, 'عسل سدر من الجبل الأخضر', 'عسل', size, sizeEn, code, price, ...extra].join(',')
      const csv = [
        'name,name_en,description,category,size,size_en,sku,price,wholesale_price,wholesale_threshold,more_tiers,stock,weight_grams',
        row('جرة 250 غ', '250 g jar', `${sku}-250`, '45.00', ['', '', '', '30', '250']),
        row('جرة 500 غ', '500 g jar', `${sku}-500`, '85.00', ['80.00', '6', '', '20', '500']),
        row('جرة 1 كغ', '1 kg jar', `${sku}-1K`, '160.00', ['150.00', '4', '12:140.00', '10', '1000']),
      ].join('\n')
      const context = await newContext(browser, shop.url, { language: lang, ...screen, ...session })
      const page = await context.newPage()
      explainFailure(page, `sizes-import-${lang}-${width}`, shop.log)
      await page.goto('/dashboard/products')
      await page
        .getByTestId('csv-file-input')
        .setInputFiles({ name: 'sizes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
      const result = page.getByRole('dialog', { name: d('import.result_title') })
      // Three rows, three sizes made (the first row makes the product), none refused.
      await textContains(result, d('import.success', { created: 3, updated: 0 }))
      await shot(page, `sizes-07-import-${lang}-${width}`)
      await result.getByRole('button', { name: d('import.ok') }).click()

      // One product with three sizes, in the file's order, with their labels, prices and quantity prices.
      const found = await admin.call<{ data: PackProduct[] }>(
        'GET',
        `/api/products?search=${encodeURIComponent(stamp)}`,
      )
      expect(found.data).toHaveLength(1)
      const stored = await admin.call<PackProduct>('GET', `/api/products/${found.data[0]!.id}`)
      expect(stored.variants.map((v) => [v.label_ar, v.label_en, v.sku, Number(v.price), v.stock])).toEqual([
        ['جرة 250 غ', '250 g jar', `${sku}-250`, 45, 30],
        ['جرة 500 غ', '500 g jar', `${sku}-500`, 85, 20],
        ['جرة 1 كغ', '1 kg jar', `${sku}-1K`, 160, 10],
      ])
      expect(stored.variants.map((v) => v.tiers.map((t) => [t.min_quantity, Number(t.price)]))).toEqual([
        [],
        [[6, 80]],
        [
          [4, 150],
          [12, 140],
        ],
      ])

      // The shop shows it as one product with a size picker.
      const store = await context.newPage()
      await store.goto(`/products/${stored.slug}`)
      const picker = store.getByRole('radiogroup')
      await visible(picker)
      await expect.poll(() => picker.getByRole('radio').count()).toBe(3)
      await visible(
        store.getByRole('radio', {
          name: new RegExp(`^\\s*${escape(lang === 'en' ? '1 kg jar' : 'جرة 1 كغ')}`),
        }),
      )
      await shot(store, `sizes-08-imported-product-${lang}-${width}`)
      await context.close()
    })
  }
})
