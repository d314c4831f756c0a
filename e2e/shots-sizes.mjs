// Screenshot pass for the dashboard's product sizes (issue 28, decision 0154; not a test): the product form of a
// product with three sizes, one with two quantity prices, and the products list, in ar and en at 375 and 1280 px.
// Run from e2e/: node shots-sizes.mjs (after npm run build). Pictures go to ../test-output/shots-sizes/.
// SHOTS_URL=<url> photographs a shop already running there (signed in as SHOTS_ADMIN / SHOTS_PASSWORD).
import { join } from 'node:path'
import { mkdirSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { root, startShotShop } from './shots-shop.mjs'

const given = process.env.SHOTS_URL
const shop = given
  ? { url: given, out: join(root, 'test-output/shots-sizes'), server: null }
  : await startShotShop('shots-sizes')
mkdirSync(shop.out, { recursive: true })
const { url, out } = shop
const email = process.env.SHOTS_ADMIN ?? 'admin@shots.ly'
const password = process.env.SHOTS_PASSWORD ?? 'admin-shots-1'

const sizes = [
  {
    label_ar: '500 غ',
    label_en: '500 g',
    sku: 'TAS-500',
    price: 18,
    stock: 40,
    weight_grams: 500,
    tiers: [],
  },
  {
    label_ar: '1 كغ',
    label_en: '1 kg',
    sku: 'TAS-1K',
    price: 34,
    stock: 4,
    weight_grams: 1000,
    tiers: [{ min_quantity: 10, price: 31 }],
  },
  {
    label_ar: 'كرتونة 5 كغ',
    label_en: '5 kg carton',
    sku: 'TAS-5K',
    price: 160,
    stock: 12,
    weight_grams: 5000,
    tiers: [
      { min_quantity: 5, price: 150 },
      { min_quantity: 20, price: 140 },
    ],
  },
]

try {
  const login = await (
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).json()
  const auth = { authorization: `Bearer ${login.token}` }
  const [product] = (await (await fetch(`${url}/api/products?per_page=1`, { headers: auth })).json()).data
  // Three sizes through the API (decision 0150); an API without sizes ignores them and the form adds them below.
  const stored = (product.variants ?? [])[0]
  await fetch(`${url}/api/products/${product.id}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      variants: sizes.map((s, i) => ({ ...(i === 0 && stored ? { id: stored.id } : {}), ...s })),
    }),
  })
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  })
  for (const lang of ['ar', 'en']) {
    for (const width of [375, 1280]) {
      const tag = `${lang}-${width}`
      const ctx = await browser.newContext({
        baseURL: url,
        viewport: { width, height: width < 500 ? 800 : 900 },
        locale: lang === 'ar' ? 'ar-LY' : 'en-US',
      })
      await ctx.addCookies([{ name: 'language', value: lang, url }])
      await ctx.addInitScript(
        ([l, t, u]) => {
          localStorage.setItem('language', l)
          localStorage.setItem('token', t)
          localStorage.setItem('user', u)
        },
        [lang, login.token, JSON.stringify(login.user)],
      )
      const page = await ctx.newPage()
      await page.goto('/dashboard/products')
      await page.locator('button[aria-label^="Edit"], button[aria-label^="تعديل"]').first().waitFor()
      await page.screenshot({ path: join(out, `list-${tag}.png`) })
      await page.locator('button[aria-label^="Edit"], button[aria-label^="تعديل"]').first().click()
      const dialog = page.getByRole('dialog')
      await dialog.locator('#product-sizes-title').waitFor()
      // An API without sizes: the same three sizes typed into the form (not saved).
      const packs = dialog.locator(
        '[role="group"][aria-labelledby^="pack-"]:not([aria-labelledby$="tiers-title"])',
      )
      while ((await packs.count()) < 3) {
        await dialog
          .getByRole('button', { name: lang === 'ar' ? /إضافة حجم/ : /Add (another|a) size/ })
          .click()
        const count = await packs.count()
        for (let i = 0; i < count; i++) {
          const group = dialog.locator(`[role="group"][aria-labelledby="pack-${i}-title"]`)
          const s = sizes[i]
          await group.locator('input[lang="ar"]').fill(s.label_ar)
          await group.locator('input[lang="en"]').fill(s.label_en)
          await group.locator('input[name$=".sku"]').fill(s.sku)
          await group.locator('input[name$=".price"]').first().fill(String(s.price))
          await group.locator('input[name$=".stock"]').fill(String(s.stock))
          await group.locator('input[name$=".weight_grams"]').fill(String(s.weight_grams))
          const tiers = await group.locator('input[name*=".tiers."][name$=".price"]').count()
          for (let j = tiers; j < s.tiers.length; j++) {
            await group
              .getByRole('button', { name: lang === 'ar' ? 'إضافة سعر كمية' : 'Add a quantity price' })
              .click()
            await group
              .locator(`input[name$=".tiers.${j}.min_quantity"]`)
              .fill(String(s.tiers[j].min_quantity))
            await group.locator(`input[name$=".tiers.${j}.price"]`).fill(String(s.tiers[j].price))
          }
        }
      }
      await dialog.locator('#product-sizes-title').scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(out, `form-sizes-${tag}.png`) })
      await dialog.locator('[aria-labelledby="pack-2-title"]').scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(out, `form-size-3-${tag}.png`) })
      // Every error at its field: a second quantity price out of order on the third size.
      await dialog.locator('input[name="variants.2.tiers.1.min_quantity"]').fill('3')
      await dialog.locator('button[type="submit"]').click()
      await dialog.locator('[aria-labelledby="pack-2-title"] [role="alert"]').first().waitFor()
      await dialog.locator('[aria-labelledby="pack-2-title"] [role="alert"]').first().scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(out, `form-tier-error-${tag}.png`) })
      await ctx.close()
    }
  }
  await browser.close()
} finally {
  shop.server?.kill('SIGTERM')
}
