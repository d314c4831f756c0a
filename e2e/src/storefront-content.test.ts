import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, type ApiOrder } from './support/api.ts'
import { tr, type Lang } from './support/texts.ts'
import { describeFindings, seriousViolations, settle } from './support/a11y.ts'
import { explainFailure, visible, waitForPath } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 900 }

const HERO = { ar: 'تمور طازجة من مزرعتنا كل صباح', en: 'Fresh dates from our farm every morning' }

/** The header's logo, the tab's icon and the share image of the page now open. */
async function marks(page: Page) {
  return page.evaluate(() => ({
    header: document.querySelector('header a[href="/"] img')?.getAttribute('src') ?? null,
    icon: document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null,
    og: document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? null,
  }))
}

// Issue 26, decisions 0125-0126: the owner makes the storefront theirs from the dashboard, on a phone: uploads a logo,
// removes the ISO badge and writes the hero's words; the landing page (ar and en, phone and desktop) and the invoice
// show it at once.
describe('storefront content edited by the owner', () => {
  let shop: ShopServer
  let browser: Browser
  let session: { token: string; user: unknown }
  let order: ApiOrder
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    const api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    const admin = api.as(session.token)
    const product = (await admin.products('active=true&in_stock=true&per_page=20')).find((p) => p.stock >= 2)!
    order = await api.placeOrder([{ product_id: product.id, quantity: 1 }], (await api.cities())[0]!.id, {
      name: 'سعاد الشريف',
      email: 'content@e2e.ly',
    })
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('the landing shows the seeded content before any edit (ISO badge, default mark)', async () => {
    const context = await newContext(browser, shop.url, { language: 'en', ...DESKTOP })
    const page = await context.newPage()
    await page.goto('/')
    await visible(page.getByRole('heading', { level: 1 }))
    expect(await page.locator('#quality').innerText()).toContain('ISO 22000')
    expect(await marks(page)).toEqual({
      header: '/logo.webp',
      icon: '/favicon.png',
      og: `${shop.url}/og-image.png`,
    })
    await context.close()
  })

  it('owner on a phone (ar): uploads a logo, removes the ISO badge, edits the hero text, saves', async () => {
    const lang: Lang = 'ar'
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
    const page = await context.newPage()
    explainFailure(page, 'content-owner', shop.log)
    await page.goto('/dashboard/content')
    await visible(page.getByRole('heading', { level: 1, name: d('content.title') }))

    const logo = await sharp({ create: { width: 240, height: 240, channels: 4, background: '#7c3aed' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="240" height="240"><circle cx="120" cy="120" r="90" fill="#facc15"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
    await page
      .getByLabel(d('content.file_for', { item: d('content.logo') }))
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
    const preview = page.getByRole('img', { name: d('content.picture_preview', { item: d('content.logo') }) })
    await expect.poll(() => preview.getAttribute('src')).toMatch(/^\/api\/images\/[a-f0-9]+\/small\.webp$/)

    const hero = page.getByRole('region', { name: d('content.hero') })
    const text = (l: Lang) =>
      hero.getByRole('textbox', {
        name: new RegExp(
          `^${d(l === 'ar' ? 'languages.in_arabic' : 'languages.in_english', { field: d('content.hero_text') })}`,
        ),
      })
    await text('ar').fill(HERO.ar)
    await text('en').fill(HERO.en)

    const badges = page.getByRole('group', { name: d('content.badges') })
    await badges.getByRole('button', { name: d('content.remove', { item: 'ISO 22000' }) }).click()
    await expect.poll(() => badges.getByRole('listitem').count()).toBe(3)
    // No serious or critical axe findings, and nothing scrolls sideways on the phone.
    await settle(page)
    const findings = await seriousViolations(page, '/dashboard/content (ar, 375 px)')
    expect(findings, describeFindings(findings)).toEqual([])
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await shot(page, 'content-screen-ar-375')

    await page.getByRole('button', { name: tr(lang, 'actions.save'), exact: true }).click()
    await visible(page.getByText(d('content.saved')))
    // The dashboard's own mark follows at once (the root data is read again after the save).
    await expect
      .poll(() => page.locator('aside a[href="/"] img').first().getAttribute('src'))
      .toMatch(/^\/api\/images\//)
    await context.close()
  })

  for (const [lang, size, name] of [
    ['ar', PHONE, 'ar-375'],
    ['ar', DESKTOP, 'ar-1280'],
    ['en', PHONE, 'en-375'],
    ['en', DESKTOP, 'en-1280'],
  ] as const) {
    it(`the landing shows the new logo and hero text and no ISO badge (${name})`, async () => {
      const context = await newContext(browser, shop.url, { language: lang, ...size })
      const page = await context.newPage()
      await page.goto('/')
      await visible(page.getByText(HERO[lang]))
      expect(await page.locator('body').innerText()).not.toContain('ISO 22000')
      const now = await marks(page)
      expect(now.header).toMatch(/^\/api\/images\/[a-f0-9]+\/small\.webp$/)
      const id = now.header!.split('/')[3]
      expect(now.icon).toBe(`/api/images/${id}/icon.png`)
      expect(now.og).toBe(`${shop.url}/api/images/${id}/share.jpg`)
      const icon = await page.request.get(now.icon!)
      expect(icon.headers()['content-type']).toBe('image/png')
      // The footer: the address in the page's language and this year.
      const footer = await page.locator('footer').innerText()
      expect(footer).toContain(lang === 'ar' ? 'طرابلس، ليبيا' : 'Tripoli, Libya')
      expect(footer).toContain(String(new Date().getFullYear()))
      await shot(page, `landing-content-${name}`)
      await context.close()
    })
  }

  it('the printed invoice carries the new logo (en, desktop); the content screen in English', async () => {
    const lang: Lang = 'en'
    const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
    const context = await newContext(browser, shop.url, { language: lang, ...DESKTOP, ...session })
    const page = await context.newPage()
    explainFailure(page, 'content-invoice', shop.log)
    await page.goto('/dashboard/orders')
    await waitForPath(page, '/dashboard/orders')
    const [invoice] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: d('orders.print_named', { number: order.order_number }) }).click(),
    ])
    await invoice.waitForLoadState()
    await expect
      .poll(() => invoice.evaluate(() => document.body?.innerText ?? ''))
      .toContain(order.order_number)
    const src = await invoice.evaluate(() => document.querySelector('img')?.getAttribute('src') ?? '')
    expect(src).toMatch(new RegExp(`^${shop.url}/api/images/[a-f0-9]+/large\\.webp$`))
    await expect
      .poll(() => invoice.evaluate(() => (document.querySelector('img') as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)

    await page.goto('/dashboard/content')
    await visible(page.getByRole('heading', { level: 1, name: d('content.title') }))
    await settle(page)
    const findings = await seriousViolations(page, '/dashboard/content (en, 1280 px)')
    expect(findings, describeFindings(findings)).toEqual([])
    await shot(page, 'content-screen-en-1280')
    await context.close()
  })
})
