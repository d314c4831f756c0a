// Screenshot pass for the search work (issue 27, not a test): the header's suggestions, the products page's box and
// "did you mean", in ar and en at 375 and 1280 px. Run from e2e/: node shots-search.mjs (after npm run build).
// Pictures go to ../test-output/shots-search/.
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { startShotShop } from './shots-shop.mjs'

const { out, url, server } = await startShotShop('shots-search')
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
})
const typed = { ar: ['دقله', 'عسل', 'دقلوس'], en: ['deglet', 'honey', 'deglooot nuuur'] }
try {
  for (const lang of ['ar', 'en']) {
    for (const width of [375, 1280]) {
      const tag = `${lang}-${width}`
      const ctx = await browser.newContext({
        baseURL: url,
        viewport: { width, height: width < 500 ? 800 : 900 },
        locale: lang === 'ar' ? 'ar-LY' : 'en-US',
      })
      await ctx.addCookies([{ name: 'language', value: lang, url }])
      await ctx.addInitScript((l) => localStorage.setItem('language', l), lang)
      const page = await ctx.newPage()
      const [word, other, nonsense] = typed[lang]
      await page.goto('/')
      const box = page.getByRole('banner').getByRole('combobox')
      await box.click()
      await box.pressSequentially(word, { delay: 30 })
      await page.getByRole('listbox').waitFor()
      await page.waitForTimeout(800)
      await box.press('ArrowDown')
      await box.press('ArrowDown')
      await page.screenshot({ path: join(out, `01-header-suggestions-${tag}.png`) })
      await page.goto('/products')
      await page.waitForSelector('main article')
      const pageBox = page.locator('main input[role="combobox"]')
      await pageBox.click()
      await pageBox.pressSequentially(other, { delay: 30 })
      await page.getByRole('listbox').waitFor()
      await page.waitForTimeout(800)
      await page.screenshot({ path: join(out, `02-products-page-suggestions-${tag}.png`) })
      await page.goto(`/products?search=${encodeURIComponent(nonsense)}`)
      await page.getByTestId('did-you-mean').waitFor()
      await page.screenshot({ path: join(out, `03-did-you-mean-${tag}.png`) })
      await ctx.close()
    }
  }
} finally {
  await browser.close()
  server.kill()
}
