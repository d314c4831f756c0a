import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail } from './support/api.ts'
import { ar } from './support/texts.ts'
import { signInWithForm, visible, waitForPath } from './support/ui.ts'

// Journey 7: a 401 on any call removes the stored token and sends the user to /login (product.md §4.1, §7.3).
describe('revoked token', () => {
  let shop: ShopServer
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  it('signed out elsewhere: the next call in the page lands on /login and forgets the token', async () => {
    const api = new ShopApi(shop.url)
    const email = uniqueEmail('revoked')
    await api.register('خالد', email, 'khaled-pass-1')
    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    await signInWithForm(page, email, 'khaled-pass-1')
    await waitForPath(page, '/')
    await page
      .getByRole('navigation')
      .getByRole('link', { name: ar('nav.my_orders') })
      .click()
    await visible(page.getByText(ar('storefront:orders.empty_title')))
    const token = await page.evaluate(() => localStorage.getItem('token'))
    expect(token).toBeTruthy()

    // "Signed out elsewhere": the same token is revoked by a logout from another device.
    await api.as(token!).call('POST', '/api/logout')

    await page.reload()
    await waitForPath(page, '/login')
    await visible(page.getByRole('button', { name: ar('storefront:auth.login_button'), exact: true }))
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    await visible(page.getByRole('banner').getByRole('link', { name: ar('nav.login'), exact: true }))
    await shot(page, 'journey7-revoked-to-login')
    await context.close()
  })
})
