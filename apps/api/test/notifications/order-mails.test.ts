import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailOutbox, settings } from '../../src/db/schema/settings.ts'
import { createCity, createProduct, createTestApp, createUser, type TestContext } from '../helpers.ts'
import { placeTestOrder } from '../orders.ts'
import LinkifyIt from 'linkify-it'
import { decodeMail, mailHeader, startSmtp } from '../smtp.ts'

// Decision 0065/0066 through the API: the mails an order's life sends, read from a real SMTP server.
let ctx: TestContext
let smtp: Awaited<ReturnType<typeof startSmtp>>
let admin: Awaited<ReturnType<typeof createUser>>
let counter = 0
const STAFF = ['staff-a@shop.ly', 'staff-b@shop.ly']

beforeAll(async () => {
  smtp = await startSmtp()
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url }, mail: { backoffMs: 200, pollMs: 60_000 } })
  await ctx.app.db.insert(settings).values([
    { key: 'notify_emails', value: STAFF.join(', ') },
    { key: 'contact_email', value: 'hello@golden-palm.ly' },
    { key: 'site_name', value: 'واحة النخيل' },
    { key: 'site_name_en', value: 'Palm Oasis' },
  ])
  admin = await createUser(ctx.app, 'admin')
})
afterAll(async () => {
  await ctx.close()
  await smtp.close()
})

const buyer = () => `buyer-${Date.now()}-${counter++}@example.ly`
const waitForMails = (to: string, count = 1) =>
  vi.waitFor(
    () => {
      expect(smtp.to(to).length).toBeGreaterThanOrEqual(count)
      return smtp.to(to)
    },
    { timeout: 45_000, interval: 50 },
  )

async function order(email: string, lang = 'ar', extra: { headers?: Record<string, string> } = {}) {
  const city = await createCity(ctx.app, {
    name: `مصراتة ${counter++}`,
    translations: { en: { name: `Misrata ${counter++}` } },
  })
  const product = await createProduct(ctx.app, {
    name: 'تمر مجهول',
    translations: { en: { name: 'Medjool dates' } },
  })
  return placeTestOrder(ctx.app, {
    cityId: city.id,
    items: [{ product_id: product.id, quantity: 2 }],
    customer: { customer_email: email, customer_name: 'سارة <b>علي</b>' },
    headers: { 'accept-language': lang, ...extra.headers },
  })
}

const edit = (id: number, patch: Record<string, string>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/orders/${id}`,
    headers: admin.headers,
    payload: {
      customer_name: 'سارة علي',
      customer_email: patch.email ?? 'x@example.ly',
      customer_phone: '0921234567',
      shipping_address: 'مصراتة',
      payment_status: 'pending',
      notes: '',
      ...patch,
    },
  })

describe('order mails through the outbox', () => {
  it("a guest's order mails the shopper in the order's language (with the tracking link) and every staff address", async () => {
    const email = buyer()
    const placed = await order(email, 'ar')
    const [mail] = await waitForMails(email)
    const text = decodeMail(mail!.raw)
    expect(text).toContain(`استلمنا طلبك ${placed.order_number}`.slice(0, 10))
    expect(text).toContain('تمر مجهول')
    expect(text).toContain('dir="rtl"')
    expect(text).toContain('سارة &lt;b&gt;علي&lt;/b&gt;')
    const link = /http:\/\/shop\.test\/track\?order=[^\s"&]+&(?:amp;)?token=[A-Za-z0-9_-]+/.exec(text)?.[0]
    expect(link, text.slice(0, 3000)).toBeTruthy()
    for (const staff of STAFF) {
      const mails = await waitForMails(staff)
      const staffText = decodeMail(mails.at(-1)!.raw)
      expect(staffText).toContain(placed.order_number)
      expect(staffText).toContain(`http://shop.test/dashboard/orders?order=${placed.id}`)
      expect(staffText).toContain('0921234567')
    }
  })

  it('an English order is mailed in English', async () => {
    const email = buyer()
    await order(email, 'en')
    const text = decodeMail((await waitForMails(email))[0]!.raw)
    expect(text).toContain('We have received your order')
    expect(text).toContain('Medjool dates')
    expect(text).toContain('Delivery to Misrata')
    expect(text).toContain('dir="ltr"')
  })

  it("links carry the order's language, the sender's name follows it, answers go to the contact address (decision 0104)", async () => {
    for (const [lang, name] of [
      ['en', 'Palm Oasis'],
      ['ar', 'واحة النخيل'],
    ] as const) {
      const email = buyer()
      const placed = await order(email, lang)
      const [mail] = await waitForMails(email)
      const text = decodeMail(mail!.raw)
      // An English order's link opens the English page on a phone whose cookie says Arabic (web-plugin.ts: ?lang=).
      const links = [...text.matchAll(/http:\/\/shop\.test\/track\?[^\s"<]+/g)].map((m) =>
        m[0].replace(/&amp;/g, '&'),
      )
      expect(links.length).toBeGreaterThanOrEqual(2)
      for (const link of links) {
        const url = new URL(link)
        expect(url.searchParams.get('order')).toBe(placed.order_number)
        expect(url.searchParams.get('lang'), link).toBe(lang)
      }
      expect(mailHeader(mail!.raw, 'From')).toBe(`${name} <no-reply@golden-palm.ly>`)
      expect(mailHeader(mail!.raw, 'Reply-To')).toBe('hello@golden-palm.ly')
    }
    // Staff mails: the shop's language (Arabic here) and the contact address too.
    const staffMail = smtp.to(STAFF[0]!).at(-1)!
    expect(mailHeader(staffMail.raw, 'From')).toBe('واحة النخيل <no-reply@golden-palm.ly>')
    expect(mailHeader(staffMail.raw, 'Reply-To')).toBe('hello@golden-palm.ly')
  })

  it("staff mails make none of the shopper's free text a link (decision 0096): only the dashboard and the shopper's address", async () => {
    const email = buyer()
    const city = await createCity(ctx.app)
    const product = await createProduct(ctx.app)
    const placed = await placeTestOrder(ctx.app, {
      cityId: city.id,
      items: [{ product_id: product.id, quantity: 1 }],
      customer: {
        customer_email: email,
        customer_name: 'Win a prize at http://prize.example.com/claim',
        shipping_address: 'www.free-gift.ly, claim@prize.com, طرابلس',
      },
    })
    const [receipt] = await waitForMails(email)
    const token = /[?&](?:amp;)?token=([A-Za-z0-9_-]+)/.exec(decodeMail(receipt!.raw))![1]
    // The shopper cancels through the mail's link, with a reason that reads like links.
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/track/cancel',
      headers: { 'accept-language': 'en' },
      payload: {
        order_number: placed.order_number,
        token,
        reason: 'see https://evil.example.org/x or mail me@evil.example.org',
      },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    for (const staff of STAFF)
      await vi.waitFor(
        () =>
          expect(smtp.to(staff).some((m) => decodeMail(m.raw).includes('evil[.]example[.]org'))).toBe(true),
        { timeout: 45_000, interval: 50 },
      )
    const linkify = new LinkifyIt()
    const mails = smtp.mails.filter(
      (m) => m.to.some((t) => STAFF.includes(t)) && decodeMail(m.raw).includes(placed.order_number),
    )
    // The new-order mail and the cancellation mail, to each staff address.
    expect(mails.length).toBe(2 * STAFF.length)
    for (const mail of mails) {
      const text = decodeMail(mail.raw)
      expect(text).toContain('http[:]//prize[.]example[.]com/claim')
      for (const match of linkify.match(text.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&')) ?? [])
        expect(
          [`http://shop.test/dashboard/orders?order=${placed.id}`, `mailto:${email}`],
          match.url,
        ).toContain(match.url)
    }
  })

  it('a checkout retried with its Idempotency-Key mails once', async () => {
    const email = buyer()
    const city = await createCity(ctx.app)
    const product = await createProduct(ctx.app)
    const headers = { 'idempotency-key': `retry-${Date.now()}-${counter++}` }
    const body = {
      cityId: city.id,
      items: [{ product_id: product.id, quantity: 1 }],
      customer: { customer_email: email },
      headers,
    }
    const first = await placeTestOrder(ctx.app, body)
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: {
        customer_name: 'عميل تجريبي',
        customer_email: email,
        customer_phone: '0921234567',
        shipping_address: 'مصراتة',
        city_id: city.id,
        items: body.items,
      },
    })
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(first.id)
    await waitForMails(email)
    await ctx.app.mailer.deliverDue()
    expect(smtp.to(email)).toHaveLength(1)
    expect(await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(1)
  })

  it('mails the statuses that matter (confirmed, completed), not a payment-only edit', async () => {
    const email = buyer()
    const placed = await order(email, 'ar')
    await waitForMails(email, 1)
    expect(
      (await edit(placed.id, { email, order_status: 'pending', payment_status: 'paid' })).statusCode,
    ).toBe(200)
    expect((await edit(placed.id, { email, order_status: 'processing' })).statusCode).toBe(200)
    await waitForMails(email, 2)
    expect(decodeMail(smtp.to(email)[1]!.raw)).toContain(`تم تأكيد طلبك ${placed.order_number}`.slice(0, 8))
    expect((await edit(placed.id, { email, order_status: 'completed' })).statusCode).toBe(200)
    await waitForMails(email, 3)
    expect(decodeMail(smtp.to(email)[2]!.raw)).toContain('اكتمل طلبك')
    await ctx.app.mailer.deliverDue()
    expect(smtp.to(email)).toHaveLength(3)
  })

  it('SMTP down: the order is placed at once, its mail goes out when the server is back', async () => {
    const email = buyer()
    smtp.state.down = true
    try {
      const placed = await order(email, 'ar')
      expect(placed.order_number).toMatch(/^ORD-/)
      await vi.waitFor(
        async () => {
          const [row] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
          expect(row!.error).toMatch(/busy/)
          expect(row!.sentAt).toBeNull()
        },
        { timeout: 45_000 },
      )
    } finally {
      smtp.state.down = false
    }
    await vi.waitFor(
      async () => {
        await ctx.app.mailer.deliverDue()
        expect(smtp.to(email)).toHaveLength(1)
      },
      { timeout: 45_000, interval: 250 },
    )
    const [row] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
    expect(row!.sentAt).toBeInstanceOf(Date)
    expect(row!.attempts).toBeGreaterThanOrEqual(2)
  })

  it("carries the shop's name and money as the owner set them: receipt, sender and reset mail (decision 0122)", async () => {
    const put = (key: string, value: string) =>
      ctx.app.inject({ method: 'PUT', url: '/api/settings', headers: admin.headers, payload: { key, value } })
    expect((await put('site_name', 'مزارع الواحة')).statusCode).toBe(200)
    expect((await put('site_name_en', 'Oasis Farms')).statusCode).toBe(200)
    try {
      const arabic = buyer()
      await order(arabic, 'ar')
      const arMail = (await waitForMails(arabic))[0]!
      expect(decodeMail(arMail.raw)).toContain('مزارع الواحة')
      expect(decodeMail(arMail.raw)).not.toContain('النخيل الذهبية')
      expect(decodeMail(arMail.raw)).toContain('د.ل')
      expect(senderOf(arMail.raw)).toMatch(/^مزارع الواحة\s*<no-reply@golden-palm.ly>$/)

      const english = buyer()
      await order(english, 'en')
      const enText = decodeMail((await waitForMails(english))[0]!.raw)
      expect(enText).toContain('Oasis Farms')
      expect(enText).not.toContain('Golden Palm')
      expect(enText).toMatch(/\d+\.\d\d LYD/)
      expect(enText).not.toContain('د.ل')

      const user = await createUser(ctx.app)
      const forgot = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      })
      expect(forgot.statusCode).toBe(200)
      const [reset] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))
      expect(reset!.text).toContain('متجر مزارع الواحة')
      expect(reset!.fromName).toBe('مزارع الواحة')
      expect(reset!.text).toContain('your Oasis Farms shop account')
      expect(reset!.text).not.toMatch(/Golden Palm|النخيل الذهبية/)
    } finally {
      await put('site_name', 'مزارع النخيل الذهبية')
      await put('site_name_en', 'Golden Palm Farms')
    }
  })
})

/** The From header with its encoded words (RFC 2047) decoded. */
function senderOf(raw: string): string {
  const header = /^From: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    )
    .trim()
}
