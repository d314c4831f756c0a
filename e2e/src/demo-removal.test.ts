import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi } from './support/api.ts'
import { tr, type Lang } from './support/texts.ts'
import { explainFailure, visible } from './support/ui.ts'

// Issue 39 item 3 (decision 0225): a new owner on a phone sees that the shop is the demo, removes the demo data in
// one confirmed action, and finds their own product still there and the banner gone.

const PHONE = { width: 375, height: 812 }

describe('dashboard: removing the demo shop', () => {
  let browser: Browser
  const shops: ShopServer[] = []
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await Promise.all(shops.map((s) => s.stop()))
  })

  for (const lang of ['ar', 'en'] as Lang[]) {
    it(`shows the demo banner, the owner confirms the removal, their own product stays (${lang})`, async () => {
      const d = (key: string, vars?: Record<string, string | number>) => tr(lang, `dashboard:${key}`, vars)
      // Each language removes the demo from a shop of its own.
      const shop = await startTestShop()
      shops.push(shop)
      const api = new ShopApi(shop.url)
      const session = await api.login(shop.adminEmail, shop.adminPassword)
      const owner = api.as(session.token)
      const ownName = lang === 'ar' ? 'تمر مزرعتي الخاص' : 'My own farm dates'
      const own = await owner.call<{ id: number }>('POST', '/api/products', {
        name: ownName,
        description: 'تمر من مزرعتي، مختار باليد',
        price: 25,
        stock: 12,
      })
      const before = await owner.products('per_page=100')
      expect(before.length).toBeGreaterThan(30)

      const context = await newContext(browser, shop.url, { language: lang, ...PHONE, ...session })
      const page = await context.newPage()
      explainFailure(page, `demo-removal-${lang}`, shop.log)
      await page.goto('/dashboard')
      const banner = page.getByRole('region', { name: d('demo.title') })
      await visible(banner)
      await shot(page, `demo-00-banner-${lang}-375`)

      await banner.getByRole('button', { name: d('demo.action') }).click()
      const dialog = page.getByRole('dialog', { name: d('demo.confirm_title') })
      await visible(dialog)
      await shot(page, `demo-01-confirm-${lang}-375`)
      await dialog.getByRole('button', { name: d('demo.confirm') }).click()
      await visible(page.getByText(d('demo.done')))
      await banner.waitFor({ state: 'detached' })
      await shot(page, `demo-02-removed-${lang}-375`)

      // The products screen lists the owner's product and no demo product.
      await page.goto('/dashboard/products')
      await visible(page.getByText(ownName).first())
      const after = await owner.products('per_page=100')
      expect(after.map((p) => p.id)).toEqual([own.id])
      // A reload finds no demo left: the banner stays away.
      await page.goto('/dashboard')
      await visible(page.getByRole('heading').first())
      expect(await page.getByRole('region', { name: d('demo.title') }).count()).toBe(0)
      await context.close()
    })
  }
})
