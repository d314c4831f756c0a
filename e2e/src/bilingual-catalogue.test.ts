import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiProduct } from './support/api.ts'
import { ar, label, optionalLabel, tr, type Lang } from './support/texts.ts'
import { explainFailure, signInWithForm, textContains, visible, waitForPath } from './support/ui.ts'

// Content in Arabic and English (decisions 0055–0061): the catalogue, the cart and my orders follow the visitor's
// language; staff edit the English texts in the dashboard and import them from CSV.
describe('bilingual catalogue', () => {
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

  /** A product as the API answers it in `lang`. */
  const productIn = (id: number, lang: Lang) =>
    api.call<ApiProduct & { description: string }>('GET', `/api/products/${id}`, undefined, {
      'accept-language': lang,
    })
  const switchLanguage = (page: Page, from: Lang) =>
    page
      .getByRole('button', { name: `${tr(from, 'nav.language')}: ${tr(from, 'nav.switch_to')}` })
      .first()
      .click()
  const cardTitled = (page: Page, name: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) })

  it('shows English names in the listing, the cart and my orders after a switch, and Arabic again after switching back', async () => {
    const email = uniqueEmail('sara')
    await api.register('Sara Ali', email, 'sara-pass-1')
    const { token, user } = await api.login(email, 'sara-pass-1')
    expect(user.email).toBe(email)
    const listed = await api.products('active=true&in_stock=true&per_page=12')
    const picked = listed.find((p) => p.stock >= 3)!
    const [arabic, english] = await Promise.all([productIn(picked.id, 'ar'), productIn(picked.id, 'en')])
    expect(english.name).not.toBe(arabic.name) // the demo catalogue has English names

    const context = await newContext(browser, shop.url, { language: 'ar', token, user })
    const page = await context.newPage()
    explainFailure(page, 'bilingual-1', shop.log)

    // In Arabic: the Arabic name; it goes into the cart in Arabic.
    await page.goto('/products')
    await visible(cardTitled(page, arabic.name))
    await page
      .getByRole('button', { name: ar('storefront:product.add_to_cart_named', { name: arabic.name }) })
      .click()
    await visible(page.getByText(ar('storefront:product.added_toast', { name: arabic.name })))

    // Switched to English: the same listing, in English.
    await switchLanguage(page, 'ar')
    await visible(page.getByRole('heading', { level: 1, name: tr('en', 'storefront:products.title') }))
    await visible(cardTitled(page, english.name))
    await textContains(cardTitled(page, english.name), english.description)
    expect(await cardTitled(page, arabic.name).count()).toBe(0)
    await shot(page, 'bilingual-01-products-en')

    // The cart saved in Arabic shows its line in English.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: new RegExp(tr('en', 'nav.cart')) })
      .first()
      .click()
    await waitForPath(page, '/cart')
    const items = page.getByRole('list', { name: tr('en', 'storefront:cart.items_label') })
    await textContains(items, english.name)
    await page
      .getByRole('button', { name: tr('en', 'storefront:cart.increase', { name: english.name }) })
      .click()
    await shot(page, 'bilingual-02-cart-en')

    // Checkout in English: the summary names the product in English; the order is placed.
    await page.getByRole('button', { name: tr('en', 'storefront:cart.checkout') }).click()
    await waitForPath(page, '/checkout')
    await textContains(
      page.getByRole('region', { name: tr('en', 'storefront:checkout.summary') }),
      english.name,
    )
    const field = (key: string) => page.getByLabel(label(tr('en', `storefront:checkout.${key}`)))
    await field('first_name').fill('Sara')
    await field('last_name').fill('Ali')
    await field('email').fill(email)
    await field('phone').fill('0912345678')
    await field('address').fill('Omar Al-Mukhtar Street 12')
    const tripoli = (
      await api.call<{ data: { id: number; name: string }[] }>('GET', '/api/cities?active=true', undefined, {
        'accept-language': 'en',
      })
    ).data.find((c) => c.name === 'Tripoli')!
    await expect.poll(() => field('city').isEnabled()).toBe(true)
    await expect.poll(() => field('city').locator('option', { hasText: 'Tripoli' }).count()).toBe(1)
    await field('city').selectOption(String(tripoli.id))
    await field('state').fill('Old Town')
    await page.getByRole('button', { name: tr('en', 'storefront:checkout.place_order') }).click()
    await waitForPath(page, '/order-confirmation')
    const number = (await page.getByText(/^ORD-\d{6}-\d+$/).innerText()).trim()

    // My orders in English, then in Arabic: the line in each language, the address as typed.
    await page.getByRole('link', { name: tr('en', 'storefront:confirmation.view_orders') }).click()
    await waitForPath(page, '/my-orders')
    const card = page.getByRole('article', { name: new RegExp(number) })
    await textContains(card, english.name, '× 2', 'Omar Al-Mukhtar Street 12, Tripoli, Old Town')
    await shot(page, 'bilingual-03-my-orders-en')
    await switchLanguage(page, 'en')
    await textContains(page.getByRole('article', { name: new RegExp(number) }), arabic.name, '× 2')
    expect(await page.getByRole('article', { name: new RegExp(number) }).innerText()).not.toContain(
      english.name,
    )
    await shot(page, 'bilingual-04-my-orders-ar')
    await context.close()
  })

  it('shows on the English storefront the English name an admin types in the dashboard', async () => {
    const listed = await api.products('active=true&in_stock=true&per_page=12')
    const target = listed.at(-1)!
    const arabicName = (await productIn(target.id, 'ar')).name
    const newName = `Golden Oasis Dates ${Date.now().toString(36)}`

    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    explainFailure(page, 'bilingual-2', shop.log)
    await signInWithForm(page, shop.adminEmail, shop.adminPassword)
    await waitForPath(page, '/dashboard')
    await page.goto('/dashboard/products')
    await page.getByLabel(ar('dashboard:products.search')).fill(arabicName)
    await page
      .getByRole('button', { name: ar('dashboard:products.edit_named', { name: arabicName }) })
      .click()
    const dialog = page.getByRole('dialog', { name: ar('dashboard:products.edit_title') })
    const english = dialog.getByLabel(
      optionalLabel(ar('dashboard:languages.in_english', { field: ar('dashboard:products.name') }), 'ar'),
    )
    await expect
      .poll(() =>
        dialog
          .getByLabel(label(ar('dashboard:languages.in_arabic', { field: ar('dashboard:products.name') })))
          .inputValue(),
      )
      .toBe(arabicName)
    await english.fill(newName)
    await shot(page, 'bilingual-05-dashboard-edit-english')
    await dialog.getByRole('button', { name: ar('actions.save') }).click()
    await visible(page.getByText(ar('dashboard:products.updated')))

    const visitor = await newContext(browser, shop.url, { language: 'en' })
    const store = await visitor.newPage()
    await store.goto('/products')
    await visible(cardTitled(store, newName))
    await shot(store, 'bilingual-06-storefront-new-english-name')
    // Arabic visitors keep the Arabic name.
    const arabicVisitor = await newContext(browser, shop.url, { language: 'ar' })
    const arabicStore = await arabicVisitor.newPage()
    await arabicStore.goto('/products')
    await visible(cardTitled(arabicStore, arabicName))
    await Promise.all([visitor.close(), arabicVisitor.close(), context.close()])
  })

  it('imports a products CSV with English columns and shows the English texts on the storefront', async () => {
    const stamp = Date.now().toString(36)
    const csv = [
      'name,name_en,description,description_en,category,price,stock,weight,weight_en',
      `تمر خلط ${stamp},Khalt Dates ${stamp},تمر خلط من واحات الجنوب,A mix of dates from the southern oases,تمور,18,40,1 كغ,1 kg`,
    ].join('\n')
    // Staff who work in English (signed in already).
    const session = await api.login(shop.adminEmail, shop.adminPassword)
    const context = await newContext(browser, shop.url, {
      language: 'en',
      token: session.token,
      user: session.user,
    })
    const page = await context.newPage()
    explainFailure(page, 'bilingual-3', shop.log)
    await page.goto('/dashboard/products')
    await page
      .getByTestId('csv-file-input')
      .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') })
    const result = page.getByRole('dialog', { name: tr('en', 'dashboard:import.result_title') })
    await textContains(result, tr('en', 'dashboard:import.success', { created: 1, updated: 0 }))
    await result.getByRole('button', { name: tr('en', 'dashboard:import.ok') }).click()
    // The dashboard list (English) shows the English name, without the "English missing" marker.
    const row = page.getByRole('row').filter({ hasText: `Khalt Dates ${stamp}` })
    await visible(row)
    expect(await row.getByText(tr('en', 'dashboard:languages.english_missing')).count()).toBe(0)

    const store = await context.newPage()
    await store.goto(`/products?search=${encodeURIComponent(`Khalt Dates ${stamp}`)}`)
    const card = cardTitled(store, `Khalt Dates ${stamp}`)
    await visible(card)
    await textContains(card, 'A mix of dates from the southern oases', '1 kg', 'Dates')
    await shot(store, 'bilingual-07-imported-english')
    // Found by its Arabic name too.
    await store.goto(`/products?search=${encodeURIComponent(`تمر خلط ${stamp}`)}`)
    await visible(cardTitled(store, `Khalt Dates ${stamp}`))
    const imported = (await admin.products(`search=${encodeURIComponent(stamp)}`))[0]!
    expect(imported.name).toBe(`تمر خلط ${stamp}`)
    await context.close()
  })
})
