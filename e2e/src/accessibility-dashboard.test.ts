import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi } from './support/api.ts'
import { describeFindings, seriousViolations, settle, type Finding } from './support/a11y.ts'

const dashboardRoutes = [
  '/dashboard',
  '/dashboard/products',
  '/dashboard/categories',
  '/dashboard/cities',
  '/dashboard/couriers',
  '/dashboard/orders',
  '/dashboard/sales',
  '/dashboard/users',
  '/dashboard/settings',
  '/dashboard/profile',
]

// Every dashboard route (product.md §2.1), signed in as the admin, in both languages, on a laptop and on a phone
// (375 px: rows as cards, decision 0087) — no serious or critical axe findings, no sideways scrolling on the phone —
// and a screenshot of each, with data in every list (orders, sales, chart).
describe('dashboard routes: accessibility scan and screenshots in Arabic and English, 1280 and 375 px', () => {
  let shop: ShopServer
  let browser: Browser
  let session: { token: string; user: unknown }
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    const api = new ShopApi(shop.url)
    session = await api.login(shop.adminEmail, shop.adminPassword)
    const admin = api.as(session.token)
    const products = await api.products('active=true&in_stock=true&per_page=10')
    const city = (await api.cities())[0]!
    for (const [i, p] of products.slice(0, 3).entries()) {
      const order = await api.placeOrder([{ product_id: p.id, quantity: i + 1 }], city.id, {
        name: `زبون ${i + 1}`,
        email: `buyer${i}@e2e.ly`,
      })
      if (i < 2) {
        await admin.call('PUT', `/api/orders/${order.id}`, {
          customer_name: `زبون ${i + 1}`,
          customer_email: `buyer${i}@e2e.ly`,
          customer_phone: '0912345678',
          shipping_address: 'طرابلس',
          order_status: 'completed',
          payment_status: 'paid',
          notes: '',
        })
      }
    }
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  // One test per language and width (each of them scans nine routes), one after another, each with its own generous
  // ceiling: the two-language run came close to the suite's 120 s on a busy two-core machine.
  for (const lang of ['ar', 'en'] as const)
    for (const width of [1280, 375])
      it(
        `has no serious or critical violations on the dashboard routes (${lang}, ${width} px)`,
        { timeout: 300_000 },
        async () => {
          const findings: Finding[] = []
          const context = await newContext(browser, shop.url, {
            language: lang,
            token: session.token,
            user: session.user,
            width,
            height: width === 375 ? 812 : 900,
          })
          try {
            const page = await context.newPage()
            for (const path of dashboardRoutes) {
              await page.goto(path)
              await settle(page)
              expect(await page.evaluate(() => document.documentElement.dir)).toBe(
                lang === 'ar' ? 'rtl' : 'ltr',
              )
              expect(new URL(page.url()).pathname).toBe(path)
              if (width === 375)
                expect(
                  await page.evaluate(() => document.documentElement.scrollWidth),
                  `${path} scrolls sideways`,
                ).toBeLessThanOrEqual(375)
              // Each layout is scanned once (docs/testing.md): the phone's cards and the laptop's tables in Arabic, the
              // English texts on the laptop; English on the phone is the Arabic phone layout with other words.
              if (lang === 'ar' || width === 1280)
                findings.push(...(await seriousViolations(page, `${path} (${lang}, ${width} px)`)))
              await shot(page, `route${path.replace(/\//g, '-')}-${lang}-${width}`)
            }
          } finally {
            await context.close()
          }
          expect(findings, describeFindings(findings)).toEqual([])
        },
      )
})
