// Screenshot pass for issue 26 "Shoppers" (not a test): tracking dates, the signed-in top bar (change password) and a
// new account's first checkout, in ar and en at 375 and 1280 px. Run from e2e/: node shots-shoppers.mjs (after npm run
// build). Pictures go to ../test-output/shots-shoppers/.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const root = new URL('../', import.meta.url).pathname
const out = join(root, 'test-output/shots-shoppers')
mkdirSync(out, { recursive: true })
const port = 3950 + Math.floor(Math.random() * 40)
const url = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shots-shoppers-')),
    DATABASE_URL: '',
    SEED_DEMO_ORDERS: 'false',
    LOG_LEVEL: 'warn',
    APP_URL: url,
  },
  stdio: 'inherit',
})
for (;;) {
  try {
    if ((await fetch(`${url}/api/health/ready`)).ok) break
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 300))
}
const call = async (method, path, body, headers = {}) => {
  const res = await fetch(url + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} ${res.status} ${text}`)
  return text ? JSON.parse(text) : null
}
const products = (await call('GET', '/api/products?per_page=20&in_stock=true')).data.filter(
  (p) => p.stock > 5,
)
const city = (await call('GET', '/api/cities?active=true')).data[0]
const order = await call(
  'POST',
  '/api/orders',
  {
    customer_name: 'مريم الزوي',
    customer_email: 'mariam@shots.ly',
    customer_phone: '0925551234',
    shipping_address: 'شارع طرابلس, طرابلس, الأندلس',
    city_id: city.id,
    payment_method: 'cash',
    notes: 'WhatsApp: 0925551234',
    items: [{ product_id: products[0].id, quantity: 2 }],
  },
  { 'idempotency-key': 'shots-shoppers-1' },
)
const reg = await call('POST', '/api/auth/register', {
  name: 'سالم الورفلي',
  email: 'salem@shots.ly',
  password: 'salem-pass-77',
  password_confirmation: 'salem-pass-77',
})

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
})
for (const lang of ['ar', 'en'])
  for (const width of [375, 1280]) {
    const context = await browser.newContext({
      baseURL: url,
      viewport: { width, height: 900 },
      timezoneId: 'Africa/Tripoli',
    })
    await context.addCookies([{ name: 'language', value: lang, url }])
    await context.addInitScript(
      (v) => {
        localStorage.setItem('language', v.lang)
        localStorage.setItem('token', v.token)
        localStorage.setItem('user', JSON.stringify(v.user))
        localStorage.setItem('cart', JSON.stringify([{ ...v.item, quantity: 3 }]))
      },
      {
        lang,
        token: reg.token,
        user: reg.user,
        item: {
          id: products[1].id,
          name: products[1].name,
          price: products[1].price,
          stock: products[1].stock,
        },
      },
    )
    const page = await context.newPage()
    const hydrated = () =>
      page.waitForFunction(() => window.__shopHydrated === true, undefined, { timeout: 30_000 })
    // Tracking: the guest's order by number and phone.
    await page.goto('/track')
    await hydrated()
    await page.locator('input').nth(0).fill(order.order_number)
    await page.locator('input').nth(1).fill('0925551234')
    await page.locator('form button[type=submit]').click()
    await page.getByText('0925551234'.slice(0, 3), { exact: false }).first().waitFor()
    await page.screenshot({ path: join(out, `track-${lang}-${width}.png`), fullPage: true })
    // The signed-in top bar (the menu opened on a phone) and the first checkout prefilled from the account.
    await page.goto('/checkout')
    await hydrated()
    await page.waitForTimeout(1500)
    if (width < 768) await page.locator('button[aria-controls="mobile-menu"]').click()
    await page.screenshot({
      path: join(out, `checkout-signed-in-${lang}-${width}.png`),
      fullPage: width >= 768,
    })
    await context.close()
  }
await browser.close()
server.kill('SIGTERM')
console.log('shots in', out)
