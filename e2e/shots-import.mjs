// Screenshot pass for the products import result (not a test): ar and en at 375 and 1280 px, a file that creates,
// updates by SKU and by name only, and has a bad row. Run from e2e/: node shots-import.mjs (after npm run build).
// Pictures go to ../test-output/shots-import/.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const root = new URL('../', import.meta.url).pathname
const out = join(root, 'test-output/shots-import')
mkdirSync(out, { recursive: true })
const port = 3990 + Math.floor(Math.random() * 9)
const url = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shots-import-')),
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
  const auth = { authorization: `Bearer ${login.token}` }
  const first = (await (await fetch(`${url}/api/products?per_page=2`, { headers: auth })).json()).data
  await fetch(`${url}/api/products/${first[0].id}`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ sku: 'DATES-01' }),
  })
  const csvPath = join(mkdtempSync(join(tmpdir(), 'shots-import-csv-')), 'products.csv')
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  })
  for (const lang of ['ar', 'en']) {
    for (const width of [375, 1280]) {
      const tag = `${lang}-${width}`
      writeFileSync(
        csvPath,
        'sku,name,price\n' +
          `DATES-01,${first[0].name_ar ?? first[0].name},${first[0].price}\n` +
          `,${first[1].name_ar ?? first[1].name},${first[1].price}\n` +
          `NEW-${tag},منتج جديد ${tag},12\n` +
          `,سعر خاطئ,abc\n`,
      )
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
      await page.goto('/dashboard/products')
      await page.getByTestId('csv-file-input').setInputFiles(csvPath)
      await page.getByTestId('import-items').waitFor()
      await page.screenshot({ path: join(out, `import-result-${tag}.png`) })
      await ctx.close()
    }
  }
  await browser.close()
} finally {
  server.kill('SIGTERM')
}
