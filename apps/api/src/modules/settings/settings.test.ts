import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_SETTING_KEYS } from '@shop/shared/permissions'
import { SETTINGS_REGISTRY, settingDefinition } from '@shop/shared/schemas/setting'
import { seedSettings } from '../../db/seed-data.ts'
import { settings } from '../../db/schema/settings.ts'
import {
  createStaff,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'

let ctx: TestContext
let admin: TestUser
let shopper: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  await ctx.app.db
    .insert(settings)
    .values(seedSettings.map((s) => ({ key: s.key, description: s.description, value: s.value })))
  admin = await createUser(ctx.app, 'admin')
  shopper = await createUser(ctx.app)
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
const put = (payload: unknown, headers: Record<string, string> = admin.headers) =>
  ctx.app.inject({ method: 'PUT', url: '/api/settings', payload: payload as object, headers })
const valueOf = async (key: string) =>
  (await ctx.app.db.select().from(settings).where(eq(settings.key, key)))[0]!

describe('permissions', () => {
  it('keeps payment settings to the owner (settings.payments): a manager gets a translated 403, the value stays', async () => {
    // Every key of the registry's payments group is a payment setting.
    const paymentsGroup = Object.entries(SETTINGS_REGISTRY)
      .filter(([, def]) => def.group === 'payments')
      .map(([key]) => key)
    expect(PAYMENT_SETTING_KEYS).toEqual(expect.arrayContaining(paymentsGroup))
    const manager = await createStaff(ctx.app, 'manager')
    const owner = await createStaff(ctx.app, 'owner')
    for (const key of PAYMENT_SETTING_KEYS) {
      const before = (await valueOf(key))?.value
      const ar = await put({ key, value: '30' }, manager.headers)
      expect(ar.statusCode, key).toBe(403)
      expect(ar.json().message).toBe('لا يغيّر إعدادات الدفع إلا مالك المتجر')
      const enRes = await put({ key, value: '30' }, { ...manager.headers, ...en })
      expect(enRes.json().message).toBe('Only the shop owner can change payment settings')
      expect((await valueOf(key))?.value, key).toBe(before)
    }
    // The manager still runs the shop's other settings; the owner changes payment ones.
    expect((await put({ key: 'low_stock_threshold', value: '7' }, manager.headers)).statusCode).toBe(200)
    const ok = await put({ key: 'payment_expiry_minutes', value: '30' }, owner.headers)
    expect(ok.statusCode).toBe(200)
    expect((await valueOf('payment_expiry_minutes')).value).toBe('30')
    // A role without settings.manage does not reach the screen's calls at all.
    const clerk = await createStaff(ctx.app, 'order_clerk')
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: clerk.headers })).statusCode,
    ).toBe(403)
  })

  it('guests get 401 and shoppers 403 on the admin settings calls', async () => {
    for (const call of [
      { method: 'GET' as const, url: '/api/settings' },
      { method: 'PUT' as const, url: '/api/settings', payload: { key: 'site_name', value: 'Hacked' } },
    ]) {
      const guest = await ctx.app.inject(call)
      expect(guest.statusCode).toBe(401)
      expect(guest.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'يرجى تسجيل الدخول للمتابعة' })
      const asShopper = await ctx.app.inject({ ...call, headers: { ...shopper.headers, ...en } })
      expect(asShopper.statusCode).toBe(403)
      expect(asShopper.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'You do not have permission to do this',
      })
    }
    expect((await put({ key: 'site_name' }, shopper.headers)).statusCode).toBe(403)
    expect((await valueOf('site_name')).value).toBe('مزارع النخيل الذهبية')
  })
})

describe('GET /api/settings', () => {
  it('lists every setting ordered by key', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })
    expect(res.statusCode).toBe(200)
    const keys = res.json().data.map((s: { key: string }) => s.key)
    expect(keys).toEqual([...seedSettings.map((s) => s.key)].sort())
    expect(res.json().data.find((s: { key: string }) => s.key === 'currency')).toMatchObject({
      id: expect.any(Number),
      value: 'LYD',
      description: 'رمز العملة (ISO 4217)',
    })
  })
})

describe('GET /api/settings/public', () => {
  it('gives the storefront keys to anyone, cacheable for a minute, and nothing else', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=60')
    expect(res.json()).toEqual({
      site_name: 'مزارع النخيل الذهبية',
      site_name_en: 'Golden Palm Farms',
      site_description: expect.any(String),
      site_description_en: expect.any(String),
      contact_email: 'info@golden-palm.ly',
      contact_phone: '+218 91 234 5678',
      whatsapp_number: '+218912345678',
      address: 'طرابلس، ليبيا',
      facebook_url: 'https://www.facebook.com/goldenpalm.ly',
      instagram_url: 'https://www.instagram.com/goldenpalm.ly',
      currency: 'LYD',
      currency_symbol: 'د.ل',
      timezone: 'Africa/Tripoli',
      // Issue 39: no SMTP_URL in the tests' shop: the storefront promises no mail.
      mail_enabled: false,
      // Issue 41: no WHATSAPP_* secrets: the checkout says nothing of WhatsApp messages.
      whatsapp_enabled: false,
    })
  })
})

describe('GET /api/settings/public revalidation (performance.md)', () => {
  it('answers If-None-Match with 304 until a setting changes', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"/)
    const same = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      headers: { 'if-none-match': etag },
    })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')
    expect((await put({ key: 'contact_phone', value: '092 000 0000' })).statusCode).toBe(200)
    const changed = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/public',
      headers: { 'if-none-match': etag },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().contact_phone).toBe('+218920000000')
    const admins = await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: admin.headers })
    expect(admins.headers.etag).toBeUndefined()
  })
})

describe('PUT /api/settings', () => {
  it('updates the row found by key and keeps its description unless one is given', async () => {
    const before = await valueOf('contact_email')
    const res = await put({
      id: before.id,
      key: 'contact_email',
      description: undefined,
      value: '  sales@golden-palm.ly ',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      id: before.id,
      key: 'contact_email',
      description: before.description,
      value: 'sales@golden-palm.ly',
    })
    expect((await valueOf('contact_email')).value).toBe('sales@golden-palm.ly')
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(pub.json().contact_email).toBe('sales@golden-palm.ly')

    const described = await put({
      key: 'low_stock_threshold',
      value: 7,
      description: 'Low stock alert level',
    })
    expect(described.statusCode).toBe(200)
    expect(described.json()).toMatchObject({ value: '7', description: 'Low stock alert level' })
  })

  it('finds the row by key even if the id in the body belongs to another row', async () => {
    const other = await valueOf('site_name')
    const res = await put({ id: other.id, key: 'timezone', value: 'Africa/Cairo' })
    expect(res.statusCode).toBe(200)
    expect(res.json().key).toBe('timezone')
    expect((await valueOf('site_name')).value).toBe('مزارع النخيل الذهبية')
  })

  it('checks the value per key with translated messages on errors.value', async () => {
    const cases: [string, string, string, string][] = [
      ['contact_email', 'not-an-email', 'أدخل بريدًا إلكترونيًا صحيحًا', 'Enter a valid email address'],
      [
        'contact_phone',
        'call me',
        'أدخل رقمًا ليبيًا مثل 0912345678، أو رقمًا أجنبيًا يبدأ بـ + ورمز الدولة',
        'Enter a Libyan number such as 0912345678, or a foreign one starting with + and its country code',
      ],
      [
        'whatsapp_number',
        '091234',
        'أدخل رقمًا ليبيًا مثل 0912345678، أو رقمًا أجنبيًا يبدأ بـ + ورمز الدولة',
        'Enter a Libyan number such as 0912345678, or a foreign one starting with + and its country code',
      ],
      [
        'payment_expiry_minutes',
        '3',
        'أدخل عددًا صحيحًا من الدقائق من 5 إلى 1440',
        'Enter a whole number of minutes from 5 to 1440',
      ],
      ['language', 'fr', 'قيمة غير صالحة', 'Invalid value'],
      [
        'currency',
        'lyd',
        'أدخل رمز عملة من ثلاثة أحرف مثل LYD',
        'Enter a three-letter currency code such as LYD',
      ],
      [
        'timezone',
        'Mars/Base',
        'أدخل منطقة زمنية مثل Africa/Tripoli',
        'Enter a time zone such as Africa/Tripoli',
      ],
      ['low_stock_threshold', '-1', 'أدخل عددًا صحيحًا من 0 فأكثر', 'Enter a whole number of 0 or more'],
      [
        'facebook_url',
        'javascript:alert(1)',
        'أدخل عنوانًا كاملًا يبدأ بـ https://',
        'Enter a full address starting with https://',
      ],
    ]
    // Payment keys are the owner's (decision 0190): the owner checks every key here.
    const owner = await createUser(ctx.app, 'super_admin')
    for (const [key, value, arText, enText] of cases) {
      const before = (await valueOf(key)).value
      const ar = await put({ key, value }, owner.headers)
      expect(ar.statusCode, key).toBe(422)
      expect(ar.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'بعض الحقول غير صالحة',
        errors: { value: [arText] },
      })
      const enRes = await put({ key, value }, { ...owner.headers, ...en })
      expect(enRes.json().errors.value).toEqual([enText])
      expect((await valueOf(key)).value, key).toBe(before)
    }
  })

  it('answers 404 for an unknown key and 422 for a malformed body', async () => {
    const unknown = await put({ key: 'no_such_setting', value: 'x' }, { ...admin.headers, ...en })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
    const noKey = await put({ value: 'x' })
    expect(noKey.statusCode).toBe(422)
    expect(noKey.json().errors.key).toEqual(['هذا الحقل مطلوب'])
    const noValue = await put({ key: 'site_name' }, { ...admin.headers, ...en })
    expect(noValue.statusCode).toBe(422)
    expect(noValue.json().errors.value).toEqual(['A value is required'])
    const tooLong = await put({ key: 'site_description', value: 'x'.repeat(2001) })
    expect(tooLong.statusCode).toBe(422)
    const notJson = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: '{"key":',
      headers: { ...admin.headers, 'content-type': 'application/json' },
    })
    expect(notJson.statusCode).toBe(400)
  })
})

describe('notify_emails (decision 0067)', () => {
  it('takes a list of staff addresses, stores it tidied, and refuses a bad one in the caller language', async () => {
    const ok = await put({ key: 'notify_emails', value: 'Sales@Shop.ly; owner@shop.ly\nsales@shop.ly' })
    expect(ok.statusCode).toBe(200)
    expect(ok.json().value).toBe('sales@shop.ly, owner@shop.ly')
    const bad = await put(
      { key: 'notify_emails', value: 'sales@shop.ly, not-an-email' },
      { ...admin.headers, ...en },
    )
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({ value: ['Enter email addresses separated by commas (10 at most)'] })
    expect((await valueOf('notify_emails')).value).toBe('sales@shop.ly, owner@shop.ly')
    expect((await put({ key: 'notify_emails', value: '' })).statusCode).toBe(200)
  })
})

describe('phone settings (decision 0121)', () => {
  it('saves a WhatsApp number typed the local way in the international form wa.me takes', async () => {
    const res = await put({ key: 'whatsapp_number', value: '0912345678' })
    expect(res.statusCode).toBe(200)
    expect(res.json().value).toBe('+218912345678')
    expect((await put({ key: 'whatsapp_number', value: '٠٩٢ ١٢٣ ٤٥٦٧' })).json().value).toBe('+218921234567')
    const pub = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(pub.json().whatsapp_number).toBe('+218921234567')
    // Empty takes the number off the storefront.
    expect((await put({ key: 'contact_phone', value: '' })).json().value).toBe('')
  })
})

describe('return_policy_days (decision 0111)', () => {
  it('takes whole days from 0 to 365 or nothing, and refuses anything else in the caller language', async () => {
    for (const value of ['abc', '-3', '366', '7.5']) {
      const ar = await put({ key: 'return_policy_days', value })
      expect(ar.statusCode, value).toBe(422)
      expect(ar.json().errors.value).toEqual(['أدخل عددًا صحيحًا من الأيام من 0 (بلا إرجاع) إلى 365'])
      const enRes = await put({ key: 'return_policy_days', value }, { ...admin.headers, ...en })
      expect(enRes.json().errors.value).toEqual(['Enter a whole number of days from 0 (no returns) to 365'])
    }
    for (const [value, stored] of [
      ['14', '14'],
      ['٣٠', '30'],
      ['0', '0'],
      ['', ''],
    ])
      expect((await put({ key: 'return_policy_days', value })).json(), value).toMatchObject({
        key: 'return_policy_days',
        value: stored,
      })
  })
})

describe('the settings registry (decision 0120)', () => {
  it('knows every seeded key (the owner screen draws each from the registry)', () => {
    for (const s of seedSettings) expect(settingDefinition(s.key), s.key).toBeDefined()
  })

  it('sets a known key an older shop has no row for, and reads a missing one as its default', async () => {
    await ctx.app.db.delete(settings).where(eq(settings.key, 'site_name_en'))
    const before = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(before.json().site_name_en).toBe('Golden Palm Farms')
    const res = await put({ key: 'site_name_en', value: '  Oasis Farms ' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ key: 'site_name_en', value: 'Oasis Farms', id: expect.any(Number) })
    const after = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })
    expect(after.json().site_name_en).toBe('Oasis Farms')
    expect((await put({ key: 'site_name_en', value: 'Golden Palm Farms' })).statusCode).toBe(200)
  })

  it('keeps a legacy row the registry does not know working under the suffix rules', async () => {
    await ctx.app.db.insert(settings).values({ key: 'branch_phone', description: 'فرع', value: '' })
    expect((await put({ key: 'branch_phone', value: '0923456789' })).json().value).toBe('+218923456789')
    expect((await put({ key: 'branch_phone', value: 'x' })).statusCode).toBe(422)
    await ctx.app.db.delete(settings).where(eq(settings.key, 'branch_phone'))
  })
})
