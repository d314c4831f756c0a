// Screenshot pass for the owner's settings screen (not a test): ar and en at 375 and 1280 px, with the default-password
// banner, a row being edited, and the storefront after a rename. Run from e2e/: node shots-settings.mjs (after npm run
// build). Pictures go to ../test-output/shots-settings/.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const root = new URL('../', import.meta.url).pathname
const out = join(root, 'test-output/shots-settings')
mkdirSync(out, { recursive: true })
const port = 3950 + Math.floor(Math.random() * 40)
const url = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shots-settings-')),
    DATABASE_URL: '',
    SEED_DEMO_ORDERS: 'false',
    LOG_LEVEL: 'warn',
    APP_URL: url,
    ADMIN_EMAIL: 'admin@golden-palm.ly',
    ADMIN_PASSWORD: 'admin12345',
  },
  stdio: 'inherit',
})
try {
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  const login = await (
    await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@golden-palm.ly', password: 'admin12345' }),
    })
  ).json()
  const put = (key, value) =>
    fetch(`${url}/api/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
      body: JSON.stringify({ key, value }),
    })
  await put('site_name', 'مزارع الواحة')
  await put('site_name_en', 'Oasis Farms')

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  })
  for (const lang of ['ar', 'en']) {
    for (const width of [375, 1280]) {
      const tag = `${lang}-${width}`
      const ctx = await browser.newContext({
        baseURL: url,
        viewport: { width, height: width < 500 ? 800 : 900 },
        locale: lang === 'ar' ? 'ar-LY' : 'en-US',
      })
      await ctx.addCookies([{ name: 'language', value: lang, url }])
      await ctx.addInitScript(
        ([l, t, u]) => {
          localStorage.setItem('language', l)
          localStorage.setItem('token', t)
          localStorage.setItem('user', u)
        },
        [lang, login.token, JSON.stringify(login.user)],
      )
      const page = await ctx.newPage()
      await page.goto('/dashboard/settings')
      await page.waitForSelector('h3')
      await page.waitForSelector('[role="alert"]')
      await page.screenshot({ path: join(out, `01-settings-${tag}.png`), fullPage: true })
      const edit = lang === 'ar' ? 'تعديل رقم واتساب' : 'Edit WhatsApp number'
      await page.getByRole('button', { name: edit }).click()
      await page.locator('input[type="tel"]').fill('091')
      await page.getByRole('button', { name: lang === 'ar' ? 'حفظ' : 'Save' }).click()
      await page.waitForTimeout(300)
      await page
        .locator('input[type="tel"]')
        .screenshot({ path: join(out, `02-phone-input-${tag}.png`) })
        .catch(() => {})
      await page.locator('form').first().scrollIntoViewIfNeeded()
      await page.screenshot({ path: join(out, `02-settings-editing-${tag}.png`) })
      await page.goto('/')
      await page.waitForSelector('header')
      await page.screenshot({ path: join(out, `03-landing-${tag}.png`) })
      await ctx.close()
    }
  }
  await browser.close()
} finally {
  server.kill('SIGTERM')
}
