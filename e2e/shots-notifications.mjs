// Screenshot pass for the notifications work (not a test): every new screen in ar and en at 375 and 1280 px.
// Run from e2e/: node shots-notifications.mjs (after npm run build). Pictures go to ../test-output/shots-notifications/.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { SMTPServer } from 'smtp-server'

const root = new URL('../', import.meta.url).pathname
const out = join(root, 'test-output/shots-notifications')
mkdirSync(out, { recursive: true })

const mails = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, cb) {
    let raw = ''
    stream.on('data', (c) => (raw += c.toString('latin1')))
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
      cb()
    })
  },
})
await new Promise((r) => smtp.listen(0, '127.0.0.1', r))
const port = 3900 + Math.floor(Math.random() * 50)
const url = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shots-')),
    DATABASE_URL: '',
    SEED_DEMO_ORDERS: 'false',
    LOG_LEVEL: 'warn',
    APP_URL: url,
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    ADMIN_EMAIL: 'admin@shots.ly',
    ADMIN_PASSWORD: 'admin-shots-1',
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
const admin = await call('POST', '/api/auth/login', { email: 'admin@shots.ly', password: 'admin-shots-1' })
const auth = { authorization: `Bearer ${admin.token}` }
const products = (await call('GET', '/api/products?per_page=50&in_stock=true')).data.filter(
  (p) => p.stock > 5 && !p.is_always_in_stock,
)
const cities = (await call('GET', '/api/cities?per_page=100', null, auth)).data
const tripoli = cities.find((c) => c.name === 'طرابلس')
const ghat = cities.find((c) => c.name === 'غات')
await call(
  'PUT',
  `/api/cities/${ghat.id}`,
  {
    name_ar: 'غات',
    name_en: 'Ghat',
    delivery_price: ghat.delivery_price,
    is_active: true,
    cod_allowed: false,
    cod_max_total: '',
  },
  auth,
)
await call(
  'PUT',
  `/api/cities/${tripoli.id}`,
  {
    name_ar: 'طرابلس',
    name_en: 'Tripoli',
    delivery_price: tripoli.delivery_price,
    is_active: true,
    cod_allowed: true,
    cod_max_total: '150',
  },
  auth,
)

await call('POST', '/api/auth/register', {
  name: 'مريم',
  email: 'mariam@shots.ly',
  password: 'mariam-pass-1',
  password_confirmation: 'mariam-pass-1',
})
const shopper = await call('POST', '/api/auth/login', { email: 'mariam@shots.ly', password: 'mariam-pass-1' })
const place = (lang, headers = {}, extra = {}) =>
  call(
    'POST',
    '/api/orders',
    {
      customer_name: 'مريم الزوي',
      customer_email: 'mariam@shots.ly',
      customer_phone: '0925551234',
      shipping_address: 'شارع طرابلس, طرابلس, الأندلس',
      city_id: tripoli.id,
      payment_method: 'cash',
      notes: 'WhatsApp: 0925551234',
      items: [
        { product_id: products[0].id, quantity: 2 },
        { product_id: products[1].id, quantity: 1 },
      ],
      ...extra,
    },
    { 'accept-language': lang, ...headers },
  )
const orderAr = await place('ar', { authorization: `Bearer ${shopper.token}` })
await place('en', { authorization: `Bearer ${shopper.token}` })
await call('POST', `/api/orders/${orderAr.id}/confirm`, null, auth)
const third = await place('ar', { authorization: `Bearer ${shopper.token}` })
await call(
  'POST',
  `/api/orders/${third.id}/cancel`,
  { reason: 'طلبت بالخطأ' },
  { authorization: `Bearer ${shopper.token}` },
)
const guest = await place('ar')
await new Promise((r) => setTimeout(r, 1500))

const mailHtml = []
const qp = (s) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8')
for (const m of mails) {
  const idx = m.raw.search(/Content-Type: text\/html/i)
  if (idx < 0) continue
  const body = m.raw
    .slice(idx)
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
    .split(/\r?\n--/)[0]
  const enc = /Content-Transfer-Encoding: (\S+)/i.exec(m.raw.slice(idx))?.[1]?.toLowerCase()
  mailHtml.push({
    to: m.to[0],
    html: enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : qp(body),
  })
}
const guestMail = mailHtml.find((m) => m.html.includes(guest.order_number))
const token = /token=([A-Za-z0-9_-]+)/.exec(guestMail.html)[1]

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
})
async function open(lang, width, { token: bearer, user } = {}) {
  const ctx = await browser.newContext({
    baseURL: url,
    viewport: { width, height: width < 500 ? 800 : 900 },
    locale: lang === 'ar' ? 'ar-LY' : 'en-US',
  })
  await ctx.addCookies([{ name: 'language', value: lang, url }])
  await ctx.addInitScript(
    ([l, t, u]) => {
      localStorage.setItem('language', l)
      if (t) localStorage.setItem('token', t)
      if (u) localStorage.setItem('user', u)
    },
    [lang, bearer ?? null, user ? JSON.stringify(user) : null],
  )
  return ctx.newPage()
}
const snap = async (page, name) => page.screenshot({ path: join(out, `${name}.png`), fullPage: true })

for (const lang of ['ar', 'en']) {
  for (const width of [375, 1280]) {
    const tag = `${lang}-${width}`
    let page = await open(lang, width)
    await page.goto('/track')
    await page.waitForSelector('form')
    await snap(page, `01-track-form-${tag}`)
    await page.fill('input[autocomplete="off"]', guest.order_number)
    await page.fill('input[type="tel"]', '0920000000')
    await page.click('button[type="submit"]')
    await page.waitForSelector('[role="alert"]')
    await snap(page, `02-track-wrong-${tag}`)
    await page.goto(`/track?order=${guest.order_number}&token=${token}`)
    await page.waitForSelector('#tracked-order-title')
    await snap(page, `03-track-link-${tag}`)
    await page.locator('footer button').nth(1).click()
    await page.waitForSelector('[role="dialog"]')
    await snap(page, `04-cancel-dialog-${tag}`)
    await page.keyboard.press('Escape')
    await page.locator('footer button').first().click()
    await page.waitForURL('**/cart')
    await page.waitForSelector('[role="status"]')
    await snap(page, `05-cart-reorder-${tag}`)
    // Checkout with Tripoli over its cash limit, then Ghat (no cash).
    await page.goto('/checkout')
    await page.waitForSelector('select')
    await page.selectOption('select', String(tripoli.id))
    await page.waitForTimeout(800)
    await snap(page, `06-checkout-cod-limit-${tag}`)
    await page.selectOption('select', String(ghat.id))
    await page.waitForTimeout(800)
    await snap(page, `07-checkout-cod-off-${tag}`)
    await page.context().close()

    page = await open(lang, width, { token: shopper.token, user: shopper.user })
    await page.goto('/my-orders')
    await page.waitForSelector('article')
    await snap(page, `08-my-orders-${tag}`)
    await page.context().close()

    page = await open(lang, width, { token: admin.token, user: admin.user })
    await page.goto('/dashboard/orders')
    await page.waitForSelector('table')
    await page.selectOption('select >> nth=0', 'awaiting')
    await page.waitForTimeout(800)
    await snap(page, `09-dashboard-waiting-${tag}`)
    await page.goto(`/dashboard/orders?order=${guest.id}`)
    await page.waitForSelector('#confirm-by-phone-title')
    await snap(page, `10-dashboard-confirm-${tag}`)
    await page.goto(`/dashboard/orders?order=${third.id}`)
    await page.waitForSelector('#order-history-title')
    await page.waitForTimeout(500)
    await page.locator('#order-history-title').scrollIntoViewIfNeeded()
    await page.screenshot({ path: join(out, `11-dashboard-history-${tag}.png`) })
    await page.goto('/dashboard/cities')
    await page.waitForSelector('table')
    await snap(page, `12-dashboard-cities-${tag}`)
    await page
      .getByRole('searchbox')
      .fill(lang === 'ar' ? 'طرابلس' : 'Tripoli')
      .catch(() => page.locator('input[type="search"]').fill('Tripoli'))
    await page.waitForTimeout(800)
    await page
      .getByRole('button', { name: lang === 'ar' ? 'تعديل طرابلس' : 'Edit Tripoli' })
      .click()
      .catch(() => {})
    await page.waitForSelector('[role="dialog"]').catch(() => {})
    await page.waitForTimeout(300)
    await page.screenshot({ path: join(out, `13-dashboard-city-form-${tag}.png`) })
    await page.context().close()
  }
}
// The mails as a mail program shows them.
const shopperAr = mailHtml.find((m) => m.html.includes(guest.order_number) && m.to === 'mariam@shots.ly')
const shopperEn = mailHtml.find((m) => m.html.includes('lang="en"') && m.to === 'mariam@shots.ly')
const staff = mailHtml.find((m) => m.to === 'admin@shots.ly')
const confirmed = mailHtml.find((m) => m.html.includes('تم تأكيد طلبك'))
for (const [name, mail] of Object.entries({
  'mail-receipt-ar': shopperAr,
  'mail-receipt-en': shopperEn,
  'mail-staff-ar': staff,
  'mail-confirmed-ar': confirmed,
})) {
  if (!mail) {
    console.log('missing mail', name)
    continue
  }
  for (const width of [375, 1280]) {
    const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage()
    await page.setContent(mail.html)
    await snap(page, `14-${name}-${width}`)
    await page.context().close()
  }
}
await browser.close()
server.kill('SIGTERM')
smtp.close()
console.log('shots in', out)
