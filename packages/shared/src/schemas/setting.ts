import { z } from 'zod'

export const Setting = z.object({
  id: z.number().int(),
  key: z.string(),
  description: z.string().nullable(),
  value: z.string(),
})
export type Setting = z.infer<typeof Setting>

export const UpdateSettingInput = z.object({
  id: z.number().int().positive().optional(),
  key: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(100, 'validation.too_long'),
  description: z.string().max(500, 'validation.too_long').nullable().optional(),
  value: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error: 'validation.value_required' }).trim().max(2000, 'validation.too_long'),
  ),
})
export type UpdateSettingInput = z.infer<typeof UpdateSettingInput>

/** Settings of online payments (decisions 0076, 0079). */
export const USD_EXCHANGE_RATE_KEY = 'usd_exchange_rate'
export const PAYMENT_EXPIRY_KEY = 'payment_expiry_minutes'
export const DEFAULT_PAYMENT_EXPIRY_MINUTES = 30

/**
 * Decision 0091: how many orders one client may place, and how many cash orders one phone may have waiting for
 * confirmation. Whole numbers; 0 turns a limit off. A missing row reads as its default (shops seeded earlier).
 */
export const ORDER_LIMIT_DEFAULTS = {
  orders_per_ip_per_hour: 10,
  orders_per_phone_per_hour: 5,
  orders_per_email_per_hour: 5,
  max_pending_cash_orders_per_phone: 3,
} as const
export type OrderLimitKey = keyof typeof ORDER_LIMIT_DEFAULTS
export const ORDER_LIMIT_KEYS = Object.keys(ORDER_LIMIT_DEFAULTS) as OrderLimitKey[]
const isOrderLimitKey = (key: string): key is OrderLimitKey => key in ORDER_LIMIT_DEFAULTS

/** A limit setting's value: a whole number from 0 (no limit) to 10,000; anything else null. */
export function parseOrderLimit(value: string | null | undefined): number | null {
  const v = (value ?? '').trim()
  if (!/^\d{1,5}$/.test(v)) return null
  const n = Number(v)
  return n <= 10_000 ? n : null
}

/** "4.85" → 4.85: dinars for one US dollar, from 0.1 to 1000 with at most 6 decimals; anything else null. */
export const EXCHANGE_RATE_MIN = 0.1
export const EXCHANGE_RATE_MAX = 1000

export function parseExchangeRate(value: string | null | undefined): number | null {
  const v = (value ?? '').trim()
  if (!/^\d{1,4}(\.\d{1,6})?$/.test(v)) return null
  const n = Number(v)
  // Decision 0079: a dinar buys far less than a dollar and never a thousandth of one; outside 0.1–1000 is a typo
  // that would charge the shopper an absurd amount.
  return n >= EXCHANGE_RATE_MIN && n <= EXCHANGE_RATE_MAX ? n : null
}

/** Whole minutes from 5 to 1440 (a day); anything else null. */
export function parsePaymentExpiryMinutes(value: string | null | undefined): number | null {
  const v = (value ?? '').trim()
  if (!/^\d{1,4}$/.test(v)) return null
  const n = Number(v)
  return n >= 5 && n <= 1440 ? n : null
}

const isEmail = (v: string) => z.email().safeParse(v).success
const isPhone = (v: string) => /^\+?[\d\s\-()]{6,30}$/.test(v)
const isUrl = (v: string) => /^https?:\/\/[^\s]+$/.test(v)
function isTimezone(v: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v })
    return /\//.test(v) || v === 'UTC'
  } catch {
    return false
  }
}

/** Most addresses `notify_emails` takes (decision 0067). */
export const MAX_NOTIFY_EMAILS = 10

/**
 * The addresses of a list setting (`notify_emails`): separated by commas, semicolons, spaces or new lines, lower-cased,
 * each once; null when one of them is not an email or there are too many.
 */
export function parseEmailList(value: string): string[] | null {
  const emails = [
    ...new Set(
      value
        .split(/[\s,;،]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ]
  if (emails.length > MAX_NOTIFY_EMAILS || !emails.every(isEmail)) return null
  return emails
}

/** Per-key validation (issue: email, phone, currency, timezone, number). Returns a validation key or null. */
export function validateSettingValue(key: string, value: string): string | null {
  if (key === 'notify_emails') return parseEmailList(value) ? null : 'validation.setting_email_list'
  // Before the suffix rules: `max_pending_cash_orders_per_phone` is a number, not a phone (decision 0091).
  if (isOrderLimitKey(key)) return parseOrderLimit(value) !== null ? null : 'validation.setting_limit'
  if (key.endsWith('email')) return isEmail(value) ? null : 'validation.setting_email'
  if (key.endsWith('phone') || key === 'whatsapp_number')
    return isPhone(value) ? null : 'validation.setting_phone'
  if (key === 'currency') return /^[A-Z]{3}$/.test(value) ? null : 'validation.setting_currency'
  if (key === 'timezone') return isTimezone(value) ? null : 'validation.setting_timezone'
  if (key === 'language') return value === 'ar' || value === 'en' ? null : 'validation.setting_language'
  if (key === 'low_stock_threshold') return /^\d{1,9}$/.test(value) ? null : 'validation.setting_number'
  // Decision 0079: dinars for one US dollar (PayPal charges USD); empty turns PayPal off.
  if (key === USD_EXCHANGE_RATE_KEY)
    return value === '' || parseExchangeRate(value) !== null ? null : 'validation.setting_exchange_rate'
  // Decision 0076: how long an online-paid order holds its stock while the shopper pays.
  if (key === PAYMENT_EXPIRY_KEY)
    return parsePaymentExpiryMinutes(value) !== null ? null : 'validation.setting_minutes'
  if (key.endsWith('_url')) return value === '' || isUrl(value) ? null : 'validation.setting_url'
  if (key === 'site_name' || key === 'currency_symbol')
    return value.length > 0 ? null : 'validation.value_required'
  return null
}

/** The value stored for a setting: a list setting is kept as `a@x.ly, b@y.ly` (decision 0067); others as typed. */
export function normalizeSettingValue(key: string, value: string): string {
  if (key === 'notify_emails') return (parseEmailList(value) ?? []).join(', ')
  return value
}

/** docs/api.md GET /settings/public: the settings a storefront may show to anyone. */
export const PUBLIC_SETTING_KEYS = [
  'site_name',
  'site_description',
  'contact_email',
  'contact_phone',
  'whatsapp_number',
  'address',
  'facebook_url',
  'instagram_url',
  'currency',
  'currency_symbol',
] as const
export const PublicSettings = z.object(
  Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, z.string()])) as Record<
    (typeof PUBLIC_SETTING_KEYS)[number],
    z.ZodString
  >,
)
export type PublicSettings = z.infer<typeof PublicSettings>
