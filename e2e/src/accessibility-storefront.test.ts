import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail } from './support/api.ts'
import { describeFindings, seriousViolations, settle, type Finding } from './support/a11y.ts'
import { tr, type Lang } from './support/texts.ts'

// Every public route (product.md §2.1) in both languages — no serious or critical axe findings —
// and a screenshot of each at desktop width and at 375 px.
describe('storefront routes: accessibility scan and screenshots in Arabic and English', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let shopper: { email: string; password: string; token: string; user: unknown }
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
    api = new ShopApi(shop.url)
    const email = uniqueEmail('a11y')
    await api.register('زينب', email, 'zainab-pass-1')
    const session = await api.login(email, 'zainab-pass-1')
    shopper = { email, password: 'zainab-pass-1', ...session }
    const product = (await api.products('active=true&in_stock=true&per_page=5'))[0]!
    await api
      .as(session.token)
      .placeOrder([{ product_id: product.id, quantity: 2 }], (await api.cities())[0]!.id, {
        name: 'زينب الفيتوري',
        email,
      })
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  /** Puts one product with a wholesale price in the cart through the products page, as a shopper would. */
  async function fillCart(page: Page, lang: Lang) {
    const product = (await api.products('active=true&in_stock=true&per_page=20', lang)).find(
      (p) => p.wholesale_price !== null && p.stock > 3,
    )!
    await page.goto(`/products?search=${encodeURIComponent(product.name)}`)
    await page
      .getByRole('button', { name: tr(lang, 'storefront:product.add_to_cart_named', { name: product.name }) })
      .click()
    await page.getByTestId('cart-badge').filter({ visible: true }).waitFor()
  }

  /** The confirmation reads its order from navigation state (product.md §2.9); set it as the router would. */
  async function openConfirmation(page: Page) {
    await page.goto('/')
    await page.evaluate(() =>
      history.replaceState(
        { usr: { orderId: 1, orderNumber: 'ORD-261122-00001' }, key: 'e2e', idx: 0 },
        '',
        '/order-confirmation',
      ),
    )
    await page.reload()
  }

  const publicRoutes: { path: string; as: 'guest' | 'shopper'; open?: (page: Page) => Promise<void> }[] = [
    { path: '/', as: 'guest' },
    { path: '/products', as: 'guest' },
    { path: '/products/:first', as: 'guest' },
    { path: '/products/no-such-product', as: 'guest' },
    { path: '/cart', as: 'guest' },
    { path: '/checkout', as: 'guest' },
    { path: '/login', as: 'guest' },
    { path: '/register', as: 'guest' },
    { path: '/forgot-password', as: 'guest' },
    { path: '/reset-password?token=e2e-token&email=zainab%40e2e.ly', as: 'guest' },
    { path: '/order-confirmation', as: 'guest', open: openConfirmation },
    { path: '/my-orders', as: 'guest' },
    { path: '/my-orders', as: 'shopper' },
    { path: '/checkout', as: 'shopper' },
    { path: '/change-password', as: 'shopper' },
  ]

  for (const lang of ['ar', 'en'] as const) {
    it.concurrent(
      `has no serious or critical violations on the public routes (${lang})`,
      async () => {
        const findings: Finding[] = []
        const contexts: Record<string, BrowserContext> = {
          guest: await newContext(browser, shop.url, { language: lang }),
          shopper: await newContext(browser, shop.url, {
            language: lang,
            token: shopper.token,
            user: shopper.user,
          }),
          guest375: await newContext(browser, shop.url, { language: lang, width: 375, height: 812 }),
          shopper375: await newContext(browser, shop.url, {
            language: lang,
            width: 375,
            height: 812,
            token: shopper.token,
            user: shopper.user,
          }),
        }
        const pages: Record<string, Page> = {}
        for (const [k, c] of Object.entries(contexts)) pages[k] = await c.newPage()
        for (const k of Object.keys(pages)) await fillCart(pages[k]!, lang)

        // A product page: the newest product on sale (its address from the API).
        const first = (
          (await (await fetch(`${shop.url}/api/products?active=true&in_stock=true&per_page=1`)).json()) as {
            data: { slug: string }[]
          }
        ).data[0]!.slug
        for (const listed of publicRoutes) {
          const route = { ...listed, path: listed.path.replace(':first', first) }
          const name =
            `${route.as}${listed.path.split('?')[0]!.replace(':first', 'product').replace(/\//g, '-')}`.replace(
              /-$/,
              '-home',
            )
          for (const width of ['', '375'] as const) {
            const page = pages[`${route.as}${width}`]!
            if (route.open) await route.open(page)
            else await page.goto(route.path)
            await settle(page)
            expect(await page.evaluate(() => document.documentElement.dir)).toBe(
              lang === 'ar' ? 'rtl' : 'ltr',
            )
            if (width === '375') {
              expect(
                await page.evaluate(() => document.documentElement.scrollWidth),
                `${route.path} overflows at 375 px`,
              ).toBeLessThanOrEqual(375)
              await shot(page, `route-${name}-${lang}-375`)
            } else {
              findings.push(...(await seriousViolations(page, `${route.path} (${route.as}, ${lang})`)))
              await shot(page, `route-${name}-${lang}-1280`)
            }
          }
        }
        await Promise.all(Object.values(contexts).map((c) => c.close()))
        expect(findings, describeFindings(findings)).toEqual([])
        // 13 routes × 2 widths, each scrolled through, scanned and pictured, takes 100–150 s on this 2-core machine
        // (both languages at once): the journeys' 120 s is too short for this scan.
      },
      300_000,
    )
  }
})
