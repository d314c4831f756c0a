import { describe, expect, it } from 'vitest'
import { normalizeSettingValue, parseEmailList, validateSettingValue } from './setting.ts'
import { TrackInput } from './order.ts'

describe('notify_emails (decision 0067)', () => {
  it('takes addresses separated by commas, semicolons, spaces or lines, each once, lower-cased', () => {
    expect(parseEmailList('Sales@Shop.ly, owner@shop.ly;\nsales@shop.ly  night@shop.ly')).toEqual([
      'sales@shop.ly',
      'owner@shop.ly',
      'night@shop.ly',
    ])
    expect(parseEmailList('')).toEqual([])
    expect(normalizeSettingValue('notify_emails', ' A@b.ly ;c@d.ly ')).toBe('a@b.ly, c@d.ly')
    expect(normalizeSettingValue('site_name', ' x ')).toBe(' x ')
  })

  it('refuses a list with a bad address or more than 10', () => {
    expect(validateSettingValue('notify_emails', 'a@b.ly, not-an-email')).toBe(
      'validation.setting_email_list',
    )
    expect(
      validateSettingValue('notify_emails', Array.from({ length: 11 }, (_, i) => `s${i}@shop.ly`).join(',')),
    ).toBe('validation.setting_email_list')
    expect(validateSettingValue('notify_emails', 'a@b.ly')).toBeNull()
    expect(validateSettingValue('notify_emails', '')).toBeNull()
  })
})

describe('usd_exchange_rate (decision 0079)', () => {
  it('takes dinars per dollar from 0.1 to 1000 with up to 6 decimals; empty turns PayPal off', () => {
    for (const ok of ['4.85', '0.1', '1000', '7.123456', ''])
      expect(validateSettingValue('usd_exchange_rate', ok)).toBeNull()
    for (const bad of ['0', '0.000001', '0.09', '1000.01', '12345', '4,85', '4.8500001', '-5', 'abc'])
      expect(validateSettingValue('usd_exchange_rate', bad)).toBe('validation.setting_exchange_rate')
  })
})

describe('tracking input (decision 0068)', () => {
  it('takes the number with its phone or its token, and asks for the phone when neither is given', () => {
    expect(TrackInput.parse({ order_number: ' ord-250301-00009 ', phone: '٠٩١٢٣٤٥٦٧٨' })).toEqual({
      order_number: 'ORD-250301-00009',
      phone: '0912345678',
    })
    expect(TrackInput.safeParse({ order_number: 'ORD-1', token: 'x'.repeat(32) }).success).toBe(true)
    const r = TrackInput.safeParse({ order_number: '' })
    expect(r.error?.issues.map((i) => i.message)).toEqual(
      expect.arrayContaining(['validation.order_number_required']),
    )
    expect(TrackInput.safeParse({ order_number: 'ORD-1' }).error?.issues.map((i) => i.message)).toEqual([
      'validation.phone_required',
    ])
  })
})
