import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { ar, label } from './support/texts.ts'
import { explainFailure, signInWithForm, visible, waitForPath } from './support/ui.ts'

// Journey 4: forgot password → the mail really sent over SMTP → its link → new password works,
// the old one no longer does (product.md §2.11 account screens, §10.12 mail).
describe('password reset through the mailed link', () => {
  let shop: ShopServer
  let browser: Browser
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    ;[shop, browser] = await Promise.all([startTestShop({ SMTP_URL: mailbox.url }), launchBrowser()])
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await mailbox?.close()
  })

  it('resets the password with the link from the mail and signs in with the new one', async () => {
    const api = new ShopApi(shop.url)
    const email = uniqueEmail('forgot')
    await api.register('فاطمة', email, 'old-pass-123')

    const context = await newContext(browser, shop.url, { language: 'ar' })
    const page = await context.newPage()
    explainFailure(page, 'journey4', shop.log)
    await page.goto('/login')
    await page.getByRole('link', { name: ar('storefront:auth.forgot_link') }).click()
    await waitForPath(page, '/forgot-password')
    // The sign-in form has an email field with the same label: wait until the new screen replaced it.
    await visible(page.getByRole('heading', { name: ar('storefront:auth.forgot_title') }))
    await page.getByLabel(label(ar('storefront:auth.email'))).fill(email)
    await page.getByRole('button', { name: ar('storefront:auth.forgot_button') }).click()
    await visible(page.getByText(ar('storefront:auth.forgot_success')))
    await shot(page, 'journey4-01-forgot-sent')

    const mail = await mailbox.waitFor(email)
    // The Arabic part comes first (product.md §1.2: Arabic by default); both parts carry the same link.
    expect(mail.text).toContain('إعادة تعيين كلمة المرور')
    const link = mail.text.match(/https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/)?.[0]
    expect(link, `no reset link in:\n${mail.text.slice(0, 2000)}`).toBeTruthy()
    const url = new URL(link!.replace(/&amp;/g, '&'))
    expect(url.origin).toBe(shop.url)
    expect(url.searchParams.get('email')).toBe(email)

    await page.goto(url.pathname + url.search)
    await visible(page.getByText(email))
    await page.getByLabel(label(ar('storefront:auth.new_password'))).fill('new-pass-456')
    await page.getByLabel(label(ar('storefront:auth.password_confirmation'))).fill('new-pass-456')
    await shot(page, 'journey4-02-reset-form')
    await page.getByRole('button', { name: ar('storefront:auth.reset_button') }).click()
    await waitForPath(page, '/login')
    await visible(page.getByText(ar('storefront:auth.reset_success')))

    await signInWithForm(page, email, 'new-pass-456')
    await waitForPath(page, '/')
    await visible(page.getByRole('button', { name: ar('nav.logout') }).first())
    await expect(api.login(email, 'old-pass-123')).rejects.toThrow(/401/)

    // The link is single use: opening it again and submitting is refused with a clear message.
    const again = await context.newPage()
    await again.goto(url.pathname + url.search)
    await again.getByLabel(label(ar('storefront:auth.new_password'))).fill('third-pass-789')
    await again.getByLabel(label(ar('storefront:auth.password_confirmation'))).fill('third-pass-789')
    await again.getByRole('button', { name: ar('storefront:auth.reset_button') }).click()
    await visible(again.getByText(ar('shared:errors.INVALID_RESET_TOKEN')))
    await context.close()
  })
})
