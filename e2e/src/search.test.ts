import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { launchBrowser, releaseBrowser, newContext, shot } from './support/browser.ts'
import { startTestShop } from './support/shop.ts'
import type { ShopServer } from './support/server.ts'
import { tr, type Lang } from './support/texts.ts'
import { explainFailure, visible, waitForPath } from './support/ui.ts'

// Issue 27 (decision 0140): the header's search as shoppers type on phones. «دقله» (ة written ه) suggests the
// Deglet Nour products, Enter lists them, and a word nothing matches offers "did you mean".
describe('search as people type it (375 px)', () => {
  let shop: ShopServer
  let browser: Browser
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startTestShop(), launchBrowser()])
  })
  afterAll(async () => {
    await releaseBrowser(browser)
    await shop?.stop()
  })

  const cases: { lang: Lang; typed: string; deglet: RegExp; nonsense: string }[] = [
    { lang: 'ar', typed: 'دقله', deglet: /دقلة نور/, nonsense: 'دقلوس' },
    { lang: 'en', typed: 'deglet nour', deglet: /Deglet Nour/, nonsense: 'deglooot nuuur' },
  ]

  it.each(cases)(
    '$lang: suggests as you type, Enter lists the results, nonsense offers "did you mean"',
    async (c) => {
      const t = (key: string, vars?: Record<string, string | number>) => tr(c.lang, key, vars)
      const context = await newContext(browser, shop.url, { language: c.lang, width: 375, height: 812 })
      const page = await context.newPage()
      explainFailure(page, `search-${c.lang}`, shop.log)
      await page.goto('/')
      const box = page.getByRole('banner').getByRole('combobox', { name: t('search.label') })
      await visible(box)
      await box.click()
      await box.pressSequentially(c.typed, { delay: 40 })
      const listbox = page.getByRole('listbox', { name: t('search.suggestions') })
      await visible(listbox)
      expect(await box.getAttribute('aria-expanded')).toBe('true')
      // The answer to the whole word (earlier answers, to its first letters, may show while typing).
      await visible(listbox.getByRole('option', { name: t('search.all_results', { term: c.typed }) }))
      const products = listbox.locator('[role="option"][data-kind="product"]')
      await expect.poll(() => products.count()).toBeGreaterThan(0)
      const suggested = await products.allInnerTexts()
      expect(suggested.length).toBeLessThanOrEqual(6)
      expect(suggested[0]).toMatch(c.deglet)
      // Price and picture come with each product.
      expect(suggested[0]).toMatch(/\d+\.\d\d/)
      await shot(page, `search-${c.lang}-01-suggestions-375`)

      // Arrow down then up again leaves nothing chosen: Enter runs the full search.
      // (An answer landing with the key press starts again with nothing chosen: press until one is.)
      await expect
        .poll(async () => {
          if (!(await box.getAttribute('aria-activedescendant'))) await box.press('ArrowDown')
          return box.getAttribute('aria-activedescendant')
        })
        .toBeTruthy()
      await box.press('ArrowUp')
      await box.press('Enter')
      await waitForPath(page, /\/products\?search=/)
      const cards = page.locator('main article h2')
      await expect.poll(() => cards.count(), { timeout: 60_000 }).toBeGreaterThan(0)
      const names = await cards.allInnerTexts()
      expect(names[0]).toMatch(c.deglet)
      expect(names.filter((n) => c.deglet.test(n)).length).toBeGreaterThanOrEqual(3)
      await shot(page, `search-${c.lang}-02-results-375`)

      // A word nothing matches: the page offers the closest names, and one of them searches again.
      await page.goto(`/products?search=${encodeURIComponent(c.nonsense)}`)
      const didYouMean = page.getByTestId('did-you-mean')
      await visible(didYouMean)
      expect(await didYouMean.innerText()).toContain(t('storefront:products.did_you_mean'))
      await shot(page, `search-${c.lang}-03-did-you-mean-375`)
      await didYouMean.getByRole('link').first().click()
      await expect.poll(() => cards.count(), { timeout: 60_000 }).toBeGreaterThan(0)
      await context.close()
    },
  )
})
