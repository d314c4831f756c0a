import { describe, expect, it } from 'vitest'
import {
  checkRegisteredSetting,
  normalizeSettingValue,
  normalizeShopPhone,
  parseEmailList,
  REGISTERED_SETTING_KEYS,
  SETTING_GROUPS,
  settingDefinition,
  settingValueSchema,
  validateSettingValue,
} from './setting.ts'
import { moneySymbolIn, shopDescriptionIn, shopNameIn } from '../shop-identity.ts'
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
    expect(normalizeSettingValue('site_name', ' x ')).toBe('x')
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

describe('the shop phone rule (decision 0121)', () => {
  it('stores Libyan numbers as typed the local or international way in one form', () => {
    for (const typed of [
      '0912345678',
      '091 234 5678',
      '091-234-5678',
      '912345678',
      '+218 91 234 5678',
      '00218912345678',
      '218912345678',
      '٠٩١٢٣٤٥٦٧٨',
    ])
      expect(normalizeShopPhone(typed), typed).toBe('+218912345678')
    expect(normalizeShopPhone('021 333 4444')).toBe('+218213334444')
    expect(normalizeShopPhone('+20 100 123 4567')).toBe('+201001234567')
  })

  it('refuses what wa.me and tel: could not call', () => {
    for (const bad of [
      'call me',
      '091234',
      '09123456789',
      '+218 91 234 567',
      '12345678',
      '+0 123 456 789',
      '+1',
    ])
      expect(normalizeShopPhone(bad), bad).toBeNull()
  })

  it('is the rule of every phone setting: 0912345678 is saved as +218912345678', () => {
    expect(normalizeSettingValue('whatsapp_number', '0912345678')).toBe('+218912345678')
    expect(normalizeSettingValue('contact_phone', ' 091 234 5678 ')).toBe('+218912345678')
    expect(validateSettingValue('whatsapp_number', '091')).toBe('validation.setting_phone')
    expect(validateSettingValue('whatsapp_number', '')).toBeNull()
    // A key the registry does not know keeps the suffix rule.
    expect(normalizeSettingValue('branch_phone', '0923456789')).toBe('+218923456789')
  })
})

describe('the settings registry (decision 0120)', () => {
  it('gives every known key a group and a kind, and its default passes its own rule', () => {
    for (const key of REGISTERED_SETTING_KEYS) {
      const def = settingDefinition(key)!
      expect(SETTING_GROUPS).toContain(def.group)
      expect(checkRegisteredSetting(def, def.default), key).toEqual({ value: def.default })
    }
    expect(settingDefinition('toString')).toBeUndefined()
    expect(settingDefinition('no_such_key')).toBeUndefined()
  })

  it('checks by kind: numbers with their bounds, money with decimals, selects, switches, required texts', () => {
    expect(validateSettingValue('payment_expiry_minutes', '4')).toBe('validation.setting_minutes')
    expect(normalizeSettingValue('payment_expiry_minutes', ' ٤٥ ')).toBe('45')
    expect(validateSettingValue('usd_exchange_rate', '4.85')).toBeNull()
    expect(validateSettingValue('language', 'fr')).toBe('validation.invalid')
    expect(validateSettingValue('site_name', '  ')).toBe('validation.value_required')
    expect(validateSettingValue('site_name_en', '')).toBeNull()
    expect(validateSettingValue('site_name', 'x'.repeat(101))).toBe('validation.too_long')
    expect(validateSettingValue('max_pending_cash_orders_per_phone', '2')).toBeNull()
    expect(checkRegisteredSetting({ group: 'shop', kind: 'switch', default: 'false' }, 'yes').error).toBe(
      'validation.boolean_invalid',
    )
  })

  it('gives the dashboard a zod schema with the same rule and the tidied value', () => {
    expect(settingValueSchema('whatsapp_number').parse('0912345678')).toBe('+218912345678')
    expect(settingValueSchema('contact_email').safeParse('nope').error?.issues[0]?.message).toBe(
      'validation.setting_email',
    )
  })
})

describe('the shop identity in a language (decision 0122)', () => {
  it('names the shop as the owner set it, the English name on English pages', () => {
    const s = { site_name: 'مزارع الواحة', site_name_en: 'Oasis Farms' }
    expect(shopNameIn(s, 'ar')).toBe('مزارع الواحة')
    expect(shopNameIn(s, 'en')).toBe('Oasis Farms')
    expect(shopNameIn({ site_name: 'مزارع الواحة', site_name_en: ' ' }, 'en')).toBe('مزارع الواحة')
    expect(shopNameIn({}, 'ar')).toBe('مزارع النخيل الذهبية')
    expect(shopDescriptionIn({ site_description: 'وصف', site_description_en: 'About' }, 'en')).toBe('About')
  })

  it('shows money with «د.ل» in Arabic and the ISO code in English, or what the owner set', () => {
    expect(moneySymbolIn({}, 'ar')).toBe('د.ل')
    expect(moneySymbolIn({}, 'en')).toBe('LYD')
    expect(moneySymbolIn({ currency: 'TND', currency_symbol: 'د.ت' }, 'ar')).toBe('د.ت')
    expect(moneySymbolIn({ currency: 'TND', currency_symbol: 'د.ت' }, 'en')).toBe('TND')
  })
})
