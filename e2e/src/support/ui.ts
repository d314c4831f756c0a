import { expect, onTestFailed } from 'vitest'
import { shot } from './browser.ts'
import type { Locator, Page } from 'playwright-core'
import { ar, label, tr, type Lang } from './texts.ts'

/** Waits until the locator is visible (Playwright's auto-wait; vitest's expect does not wait by itself). */
export async function visible(locator: Locator, timeout = 15_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout })
  return locator
}

/** Polls the visible text of a locator until it contains every part. */
export async function textContains(locator: Locator, ...parts: string[]) {
  for (const part of parts) await expect.poll(() => locator.innerText(), { timeout: 60_000 }).toContain(part)
}

export async function waitForPath(page: Page, path: string | RegExp, timeout = 15_000) {
  await page.waitForURL(
    (url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname + url.search)),
    { timeout },
  )
}

/** Signs in through the real form (product.md §2.11 sign-in screen), in Arabic. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel(label(ar('storefront:auth.email'))).fill(email)
  await page.getByLabel(label(ar('storefront:auth.password'))).fill(password)
  await page.getByRole('button', { name: ar('storefront:auth.login_button'), exact: true }).click()
}

export interface CheckoutDetails {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  cityId: number
  state: string
}

/** Fills the checkout form (product.md §5.3 fields) by its labels in the page's language (Arabic unless told). */
export async function fillCheckout(page: Page, d: CheckoutDetails, lang: Lang = 'ar') {
  const field = (key: string) => page.getByLabel(label(tr(lang, `storefront:checkout.${key}`)))
  await field('first_name').fill(d.firstName)
  await field('last_name').fill(d.lastName)
  await field('email').fill(d.email)
  await field('phone').fill(d.phone)
  await field('address').fill(d.address)
  const city = field('city')
  await expect.poll(() => city.isEnabled(), { timeout: 60_000 }).toBe(true)
  await city.selectOption(String(d.cityId))
  await field('state').fill(d.state)
}

/** Collects what the browser logged as errors, so a journey can assert the page stayed healthy. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  return errors
}

/** On failure, a screenshot of the page as it was and the server log tail, to see why. Call inside a test. */
export function explainFailure(page: Page, name: string, serverLog?: () => string) {
  onTestFailed(async () => {
    await shot(page, `FAILED-${name}`).catch(() => {})
    if (serverLog) console.error(`server log (tail) for ${name}:\n${serverLog().slice(-3000)}`)
    console.error(`page at failure: ${page.url()}`)
  })
}

/** The value on an overview stat card, read next to its label (product.md §2.15). */
export async function statValue(page: Page, labelText: string): Promise<string> {
  return (
    await page.getByText(labelText, { exact: true }).locator('xpath=following-sibling::p').innerText()
  ).trim()
}
