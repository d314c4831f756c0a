// Screenshot pass for decision 0105 (not a test): the order dialog's "New tracking link" (before, asking, renewed) and
// the tracking page opened by a renewed-away link and by an ended one, in ar and en at 375 and 1280 px.
// Run from e2e/: node shots-tracking-link.mjs (after npm run build). Pictures go to ../test-output/shots-tracking-link/.
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { startShotShop } from './shots-shop.mjs'

const { out, url, server } = await startShotShop('shots-tracking-link')
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
// Many orders from one phone and one address: the owner's order limits off, as an owner may (decision 0091).
for (const key of [
  'orders_per_ip_per_hour',
  'orders_per_phone_per_hour',
  'orders_per_email_per_hour',
  'max_pending_cash_orders_per_phone',
])
  await call('PUT', '/api/settings', { key, value: '0' }, auth)
const products = (await call('GET', '/api/products?per_page=50&in_stock=true')).data.filter(
  (p) => p.stock > 5,
)
const city = (await call('GET', '/api/cities?per_page=100', null, auth)).data.find((c) => c.name === 'طرابلس')
const place = (lang) =>
  call(
    'POST',
    '/api/orders',
    {
      customer_name: 'مريم الزوي',
      customer_email: 'mariam@shots.ly',
      customer_phone: '0925551234',
      shipping_address: 'شارع طرابلس, طرابلس, الأندلس',
      city_id: city.id,
      payment_method: 'cash',
      items: [{ product_id: products[0].id, quantity: 1 }],
    },
    { 'accept-language': lang },
  )
// The mail's link: the order's new tracking link, made once through the staff endpoint.
const linkOf = async (id) =>
  new URL((await call('POST', `/api/orders/${id}/tracking-link`, null, auth)).tracking_url)

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
})
async function open(lang, width, signedIn) {
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
    [lang, signedIn ? admin.token : null, signedIn ? JSON.stringify(admin.user) : null],
  )
  return ctx.newPage()
}
const snap = (page, name) => page.screenshot({ path: join(out, `${name}.png`) })
const texts = {
  en: { title: 'Tracking link', open: 'New tracking link', renew: 'Make the new link' },
  ar: { title: 'رابط التتبع', open: 'رابط تتبع جديد', renew: 'أنشئ الرابط الجديد' },
}

const only = process.env.SHOTS_ONLY // e.g. en-1280: one language and width of the dialog shots
for (const lang of ['ar', 'en']) {
  for (const width of [375, 1280]) {
    if (only && only !== `${lang}-${width}`) continue
    const tag = `${lang}-${width}`
    const order = await place(lang)
    const old = await linkOf(order.id)
    let page = await open(lang, width, true)
    await page.goto(`/dashboard/orders?order=${order.id}`)
    const heading = page.getByRole('heading', { name: texts[lang].title, exact: true })
    await heading.waitFor()
    await heading.scrollIntoViewIfNeeded()
    await snap(page, `01-dialog-link-${tag}`)
    await page.getByRole('button', { name: texts[lang].open }).click()
    await page.getByRole('button', { name: texts[lang].renew }).scrollIntoViewIfNeeded()
    await snap(page, `02-dialog-asking-${tag}`)
    await page.getByRole('button', { name: texts[lang].renew }).click()
    await page.locator('input[readonly][dir="ltr"]').waitFor()
    await page.locator('input[readonly][dir="ltr"]').scrollIntoViewIfNeeded()
    await snap(page, `03-dialog-renewed-${tag}`)
    await page.context().close()

    // The link from before the renewal, opened by whoever holds it.
    page = await open(lang, width, false)
    await page.goto(old.pathname + old.search)
    await page.waitForSelector('[role="alert"]')
    await snap(page, `04-track-old-link-${tag}`)
    await page.context().close()
  }
}

// An ended link: the order cancelled through its link, the setting at 0 days.
const ended = await place('en')
const link = await linkOf(ended.id)
await call('POST', '/api/track/cancel', {
  order_number: ended.order_number,
  token: link.searchParams.get('token'),
  reason: 'ordered twice',
})
await call('PUT', '/api/settings', { key: 'tracking_link_days_after_close', value: '0' }, auth)
for (const lang of ['ar', 'en']) {
  for (const width of [375, 1280]) {
    const page = await open(lang, width, false)
    await page.goto(`/track?order=${ended.order_number}&token=${link.searchParams.get('token')}&lang=${lang}`)
    await page.waitForSelector('[role="alert"]')
    await snap(page, `05-track-ended-${lang}-${width}`)
    await page.context().close()
  }
}
await browser.close()
server.kill('SIGTERM')
console.log('shots in', out)
