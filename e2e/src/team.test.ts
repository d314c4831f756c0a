import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { ShopApi, uniqueEmail, type ApiOrder } from './support/api.ts'
import { startMailbox } from './support/mailbox.ts'
import { label, tr, type Lang } from './support/texts.ts'
import { explainFailure, visible, waitForPath } from './support/ui.ts'

const PHONE = { width: 375, height: 812 }

/** Nothing scrolls sideways on the phone (decision 0087). */
async function fitsThePhone(page: Page, where: string) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${where} scrolls sideways`,
  ).toBeLessThanOrEqual(PHONE.width)
}

/** Signs in with the form in the page's language. */
async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel(label(tr(lang, 'storefront:auth.email'))).fill(email)
  await page.getByLabel(label(tr(lang, 'storefront:auth.password'))).fill(password)
  await page.getByRole('button', { name: tr(lang, 'storefront:auth.login_button'), exact: true }).click()
}

/** The side navigation, which a phone opens from the top bar (product.md §2.13). */
async function openMenu(page: Page, lang: Lang) {
  const menu = page.getByRole('complementary', { name: tr(lang, 'dashboard:nav.label') })
  const button = page.getByRole('button', { name: tr(lang, 'nav.open_menu') })
  // A tap while the dashboard is still settling after sign-in can be lost (the menu closes on navigation): tap again
  // until the menu shows its links.
  await expect
    .poll(
      async () => {
        if ((await button.getAttribute('aria-expanded')) === 'true') return true
        await button.click({ timeout: 2_000 }).catch(() => {})
        return (await button.getAttribute('aria-expanded')) === 'true'
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return menu
}

// Issue 30, decision 0196: the owner invites an order clerk from the team screen; the mail really goes over SMTP; the
// clerk sets a password from its link, lands in the dashboard, works on orders (confirms one by phone); their account
// is theirs (the team screen is the owner's). On a phone, in Arabic and in English.
describe('a team runs the shop: the owner invites an order clerk (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  let api: ShopApi
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    ;[shop, browser] = await Promise.all([startTestShop({ SMTP_URL: mailbox.url }), launchBrowser()])
    api = new ShopApi(shop.url)
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
    await mailbox?.close()
  })

  async function cashOrder(name: string): Promise<ApiOrder> {
    const product = (await api.products('active=true&in_stock=true&per_page=50')).find(
      (p) => p.stock >= 5 && !p.is_always_in_stock,
    )!
    const city = (await api.cities())[0]!
    return api.placeOrder([{ product_id: product.id, quantity: 1 }], city.id, {
      name,
      email: uniqueEmail('team-customer'),
    })
  }

  for (const lang of ['ar', 'en'] as const) {
    it(`${lang}: invite → mail → set password → the clerk confirms an order`, async () => {
      const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars)
      const clerkEmail = uniqueEmail(`clerk-${lang}`)
      const clerkName = lang === 'ar' ? 'خالد الموظف' : 'Khalid Clerk'
      const order = await cashOrder(lang === 'ar' ? 'هدى الفيتوري' : 'Huda Fituri')

      // The owner invites from the team screen.
      const owner = await newContext(browser, shop.url, { language: lang, ...PHONE })
      const ownerPage = await owner.newPage()
      explainFailure(ownerPage, `team-owner-${lang}`, shop.log)
      await signIn(ownerPage, lang, shop.adminEmail, shop.adminPassword)
      await waitForPath(ownerPage, /\/dashboard/)
      const nav = await openMenu(ownerPage, lang)
      await nav.getByRole('link', { name: t('dashboard:nav.team'), exact: true }).click()
      await waitForPath(ownerPage, '/dashboard/staff')
      await visible(ownerPage.getByRole('heading', { name: t('dashboard:staff.title') }))
      await ownerPage.getByRole('button', { name: t('dashboard:staff.invite'), exact: true }).click()
      const dialog = ownerPage.getByRole('dialog')
      await dialog.getByLabel(label(t('dashboard:staff.name'))).fill(clerkName)
      await dialog.getByLabel(label(t('dashboard:staff.email'))).fill(clerkEmail)
      await dialog
        .getByLabel(label(t('dashboard:staff.role')))
        .selectOption({ label: lang === 'ar' ? 'موظف الطلبات' : 'Order clerk' })
      await shot(ownerPage, `team-01-invite-${lang}-375`)
      await dialog.getByRole('button', { name: t('dashboard:staff.send_invitation') }).click()
      await visible(ownerPage.getByText(t('dashboard:staff.invited', { email: clerkEmail })))
      await visible(ownerPage.getByText(t('dashboard:staff.status_invited')).first())
      await fitsThePhone(ownerPage, 'the team screen')
      await shot(ownerPage, `team-02-invited-${lang}-375`)

      // The mail, through a real SMTP server: both languages, the shop, the role, the link.
      const mail = await mailbox.waitFor(clerkEmail)
      expect(mail.text).toContain('موظف الطلبات')
      expect(mail.text).toContain('Order clerk')
      const link = mail.text.match(/https?:\/\/[^\s"'<>]+\/invitation\/[A-Za-z0-9_-]+/)?.[0]
      expect(link, `no invitation link in:\n${mail.text.slice(0, 2000)}`).toBeTruthy()
      const url = new URL(link!)
      expect(url.origin).toBe(shop.url)

      // The clerk opens the link on their phone, sets a password and is in the dashboard.
      const clerk = await newContext(browser, shop.url, { language: lang, ...PHONE })
      const page = await clerk.newPage()
      explainFailure(page, `team-clerk-${lang}`, shop.log)
      await page.goto(url.pathname)
      await visible(page.getByText(clerkEmail))
      await page.getByLabel(label(t('storefront:auth.new_password'))).fill('olive-harvest-22')
      await page.getByLabel(label(t('storefront:auth.password_confirmation'))).fill('olive-harvest-22')
      await fitsThePhone(page, 'the invitation page')
      await shot(page, `team-03-invitation-${lang}-375`)
      await page.getByRole('button', { name: t('storefront:auth.invitation_button') }).click()
      // The overview is the shop's figures, not a clerk's: they land on the orders (decision 0190).
      await waitForPath(page, '/dashboard/orders')

      // The clerk's menu has the orders and nothing of products, sales, customers, team or settings.
      const clerkNav = await openMenu(page, lang)
      await visible(clerkNav.getByRole('link', { name: t('dashboard:nav.orders'), exact: true }))
      for (const item of ['products', 'sales', 'users', 'team', 'settings', 'audit', 'overview']) {
        expect(
          await clerkNav.getByRole('link', { name: t(`dashboard:nav.${item}`), exact: true }).count(),
          `the clerk's menu shows ${item}`,
        ).toBe(0)
      }
      // A typed URL of the products screen answers "no access", not the screen.
      await page.goto('/dashboard/products')
      await visible(page.getByRole('heading', { name: t('dashboard:no_access.title') }))
      expect(await page.getByRole('heading', { name: t('dashboard:products.title') }).count()).toBe(0)
      await shot(page, `team-035-clerk-no-access-${lang}-375`)
      await page.getByRole('link', { name: t('dashboard:no_access.back') }).click()
      await waitForPath(page, '/dashboard/orders')

      // Orders: the clerk confirms the customer's cash order by phone.
      await page.getByLabel(t('dashboard:orders.status_filter')).selectOption('awaiting')
      await page
        .getByRole('button', { name: t('dashboard:orders.edit_named', { number: order.order_number }) })
        .click()
      const orderDialog = page.getByRole('dialog')
      await orderDialog
        .getByRole('button', { name: t('dashboard:orders.confirm.confirmed_by_phone') })
        .click()
      await visible(page.getByText(t('dashboard:orders.confirm.done', { number: order.order_number })))
      await shot(page, `team-04-clerk-confirmed-${lang}-375`)

      // The team screen is the owner's: the clerk's session is refused there.
      const session = await page.evaluate(() => localStorage.getItem('token'))
      const refused = await fetch(`${shop.url}/api/staff`, {
        headers: { authorization: `Bearer ${session}`, 'accept-language': lang },
      })
      expect(refused.status).toBe(403)

      // The owner sees the clerk as an active member now, with their role.
      await ownerPage.reload()
      const row = ownerPage.getByRole('listitem').filter({ hasText: clerkEmail })
      await visible(row.getByText(t('dashboard:staff.status_active')))

      // The audit trail (decision 0192) says who did what: the owner's invitation, the clerk setting their password.
      const auditNav = await openMenu(ownerPage, lang)
      await auditNav.getByRole('link', { name: t('dashboard:nav.audit'), exact: true }).click()
      await waitForPath(ownerPage, '/dashboard/audit')
      const accepted = ownerPage
        .getByRole('listitem')
        .filter({ hasText: t('dashboard:audit.actions.staff_invitation_accepted') })
        .filter({ hasText: clerkName })
      await visible(accepted.first())
      await visible(
        ownerPage
          .getByRole('listitem')
          .filter({ hasText: t('dashboard:audit.actions.staff_invited') })
          .filter({ hasText: clerkEmail })
          .first(),
      )
      // …and the clerk confirming the order, by name, in the trail…
      await visible(
        ownerPage
          .getByRole('listitem')
          .filter({ hasText: t('dashboard:audit.actions.order_confirmed_by_phone') })
          .filter({ hasText: clerkName })
          .first(),
      )
      await fitsThePhone(ownerPage, 'the audit trail')
      await shot(ownerPage, `team-05-audit-${lang}-375`)
      // …and on the order: its history names the clerk who confirmed it.
      await ownerPage.goto(`/dashboard/orders?order=${order.id}`)
      await visible(ownerPage.getByRole('dialog').getByText(clerkName).first())
      await shot(ownerPage, `team-06-order-history-${lang}-375`)
      await owner.close()
      await clerk.close()
    })
  }
})
