import { z } from 'zod'
import { westernDigits } from './common.ts'
import { SHOP_IDENTITY_DEFAULTS } from '../shop-identity.ts'

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

/** Decision 0192: days the audit trail keeps a row (at least a month, ten years at most). */
export const AUDIT_RETENTION_KEY = 'audit_retention_days'
export const DEFAULT_AUDIT_RETENTION_DAYS = 730
export const AUDIT_RETENTION_MIN_DAYS = 30

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

/** The return window the owner set (`return_policy_days`): whole days from 1 to 365, or null for none (empty, 0). */
export function parseReturnPolicyDays(value: string | null | undefined): number | null {
  const v = (value ?? '').trim()
  if (!/^\d{1,3}$/.test(v)) return null
  const n = Number(v)
  return n >= 1 && n <= 365 ? n : null
}

/** Whole minutes from 5 to 1440 (a day); anything else null. */
export function parsePaymentExpiryMinutes(value: string | null | undefined): number | null {
  const v = (value ?? '').trim()
  if (!/^\d{1,4}$/.test(v)) return null
  const n = Number(v)
  return n >= 5 && n <= 1440 ? n : null
}

const isEmail = (v: string) => z.email().safeParse(v).success
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

/**
 * Decision 0121: the shop's own phone numbers (contact phone, WhatsApp) are stored in one international form,
 * `+218912345678`. A Libyan number is taken as people type it (0912345678, 091-234-5678, 912345678, 00218…, +218…,
 * Arabic-Indic digits); a foreign one needs its country code (+ or 00 first). null when it is not a number
 * wa.me and tel: can call.
 */
export function normalizeShopPhone(value: string): string | null {
  const typed = westernDigits(value).trim()
  if (!/^\+?[\d\s\-().]+$/.test(typed)) return null
  let digits = typed.replace(/\D/g, '')
  const international = typed.startsWith('+') || digits.startsWith('00')
  if (digits.startsWith('00')) digits = digits.slice(2)
  if (!international) {
    // Libyan numbers: 0 + 9 digits (0912345678, 021 3334444), or the 9 digits of a mobile without the 0.
    if (/^0[1-9]\d{8}$/.test(digits)) return `+218${digits.slice(1)}`
    if (/^9[1-6]\d{7}$/.test(digits)) return `+218${digits}`
    if (/^218[1-9]\d{8}$/.test(digits)) return `+${digits}`
    return null
  }
  if (digits.startsWith('218')) return /^218[1-9]\d{8}$/.test(digits) ? `+${digits}` : null
  // E.164: a country code (not 0) and at most 15 digits in all.
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null
}

/**
 * Decision 0120: every setting the shop knows, in one registry both sides read. The API checks and tidies a value with
 * it (PUT /api/settings), the dashboard's settings screen draws the group, the input and the unit from it and checks
 * the value as it is typed with the same rule. A row whose key is not here (an older shop's own) still works under the
 * older suffix rules and shows in the screen's "other" group.
 */
export const SETTING_GROUPS = [
  'shop',
  'contact',
  'checkout',
  'payments',
  'notifications',
  'whatsapp',
  'languages',
] as const
export type SettingGroup = (typeof SETTING_GROUPS)[number]

export const SETTING_KINDS = [
  'text',
  'textarea',
  'email',
  'email_list',
  'phone',
  'url',
  'number',
  'money',
  'switch',
  'select',
] as const
export type SettingKind = (typeof SETTING_KINDS)[number]

export interface SettingDefinition {
  group: SettingGroup
  kind: SettingKind
  /** The value a shop without the row reads. */
  default: string
  /** Empty is refused (otherwise empty clears the setting: the storefront then leaves it out). */
  required?: boolean
  /** Text kinds: most characters. */
  maxLength?: number
  /** number and money kinds: the smallest and largest value, and the message of a value outside them. */
  min?: number
  max?: number
  /** Most decimals of a money value (0 for number). */
  decimals?: number
  /** The unit shown next to a number (a key of the dashboard's `settings.units`). */
  unit?: 'minutes' | 'orders' | 'units' | 'dinars' | 'days' | 'hours'
  /** select: the values to choose from. */
  options?: readonly string[]
  /** Shown to anyone (GET /api/settings/public). */
  public?: boolean
  /** The message key of a value outside the rule (default: the kind's message). */
  message?: string
  /** A rule of this key beyond its kind (returns a message key, or null). */
  check?: (value: string) => string | null
}

const limit = (value: number): SettingDefinition => ({
  group: 'checkout',
  kind: 'number',
  default: String(value),
  required: true,
  min: 0,
  max: 10_000,
  unit: 'orders',
  message: 'validation.setting_limit',
})

/** Decision 0236: the shopper hears of an order event by mail, on WhatsApp, or both (WhatsApp only when it can reach them). */
export const NOTIFY_CHANNELS = ['both', 'mail', 'whatsapp'] as const
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number]
const channel = (): SettingDefinition => ({
  group: 'whatsapp',
  kind: 'select',
  default: 'both',
  required: true,
  options: NOTIFY_CHANNELS,
})
/** A template's name as Meta allows it: lower-case letters, digits and underscores. */
const template = (name: string): SettingDefinition => ({
  group: 'whatsapp',
  kind: 'text',
  default: name,
  required: true,
  maxLength: 512,
  message: 'validation.setting_template_name',
  check: (v) => (/^[a-z0-9_]+$/.test(v) ? null : 'validation.setting_template_name'),
})

export const SETTINGS_REGISTRY = {
  // shop
  site_name: {
    group: 'shop',
    kind: 'text',
    default: SHOP_IDENTITY_DEFAULTS.site_name,
    required: true,
    maxLength: 100,
    public: true,
  },
  site_name_en: {
    group: 'shop',
    kind: 'text',
    default: SHOP_IDENTITY_DEFAULTS.site_name_en,
    maxLength: 100,
    public: true,
  },
  site_description: {
    group: 'shop',
    kind: 'textarea',
    default: SHOP_IDENTITY_DEFAULTS.site_description,
    maxLength: 300,
    public: true,
  },
  site_description_en: {
    group: 'shop',
    kind: 'textarea',
    default: SHOP_IDENTITY_DEFAULTS.site_description_en,
    maxLength: 300,
    public: true,
  },
  currency: {
    group: 'shop',
    kind: 'text',
    default: SHOP_IDENTITY_DEFAULTS.currency,
    required: true,
    maxLength: 3,
    public: true,
    message: 'validation.setting_currency',
    check: (v) => (/^[A-Z]{3}$/.test(v) ? null : 'validation.setting_currency'),
  },
  currency_symbol: {
    group: 'shop',
    kind: 'text',
    default: SHOP_IDENTITY_DEFAULTS.currency_symbol,
    required: true,
    maxLength: 10,
    public: true,
  },
  timezone: {
    group: 'shop',
    kind: 'text',
    default: 'Africa/Tripoli',
    required: true,
    maxLength: 64,
    public: true,
    message: 'validation.setting_timezone',
    check: (v) => (isTimezone(v) ? null : 'validation.setting_timezone'),
  },
  // contact
  contact_email: { group: 'contact', kind: 'email', default: '', public: true },
  contact_phone: { group: 'contact', kind: 'phone', default: '', public: true },
  whatsapp_number: { group: 'contact', kind: 'phone', default: '', public: true },
  address: { group: 'contact', kind: 'textarea', default: '', maxLength: 300, public: true },
  facebook_url: { group: 'contact', kind: 'url', default: '', public: true },
  instagram_url: { group: 'contact', kind: 'url', default: '', public: true },
  // checkout and delivery (decision 0091)
  orders_per_ip_per_hour: limit(ORDER_LIMIT_DEFAULTS.orders_per_ip_per_hour),
  orders_per_phone_per_hour: limit(ORDER_LIMIT_DEFAULTS.orders_per_phone_per_hour),
  orders_per_email_per_hour: limit(ORDER_LIMIT_DEFAULTS.orders_per_email_per_hour),
  max_pending_cash_orders_per_phone: limit(ORDER_LIMIT_DEFAULTS.max_pending_cash_orders_per_phone),
  // Decision 0111: days a shopper has to return a product, told to search engines with each offer; empty or 0: none.
  return_policy_days: {
    group: 'checkout',
    kind: 'number',
    default: '',
    min: 0,
    max: 365,
    unit: 'days',
    message: 'validation.setting_return_days',
  },
  // payments (decisions 0076, 0079)
  usd_exchange_rate: {
    group: 'payments',
    kind: 'money',
    default: '',
    min: EXCHANGE_RATE_MIN,
    max: EXCHANGE_RATE_MAX,
    decimals: 6,
    unit: 'dinars',
    message: 'validation.setting_exchange_rate',
  },
  payment_expiry_minutes: {
    group: 'payments',
    kind: 'number',
    default: String(DEFAULT_PAYMENT_EXPIRY_MINUTES),
    required: true,
    min: 5,
    max: 1440,
    unit: 'minutes',
    message: 'validation.setting_minutes',
  },
  // Decision 0105: a mailed tracking link ends this many days after its order was completed or cancelled.
  tracking_link_days_after_close: {
    group: 'checkout',
    kind: 'number',
    default: '30',
    required: true,
    min: 0,
    max: 3650,
    message: 'validation.setting_number',
  },
  // notifications (decision 0067)
  notify_emails: { group: 'notifications', kind: 'email_list', default: '' },
  low_stock_threshold: {
    group: 'notifications',
    kind: 'number',
    default: '5',
    required: true,
    min: 0,
    max: 999_999_999,
    unit: 'units',
    message: 'validation.setting_number',
  },
  // Decision 0192: the audit trail keeps its rows this many days, then the retention job prunes them (by age only).
  audit_retention_days: {
    group: 'shop',
    kind: 'number',
    default: String(DEFAULT_AUDIT_RETENTION_DAYS),
    required: true,
    min: AUDIT_RETENTION_MIN_DAYS,
    max: 3650,
    unit: 'days',
    message: 'validation.audit_retention_days',
  },
  // Issue 41 (decision 0236): which channel tells the shopper of each order event, the templates' names as approved in
  // WhatsApp Manager, and how long a confirmation request waits for an answer before the order is for a call.
  channel_order_received: channel(),
  channel_order_confirmed: channel(),
  channel_order_shipped: channel(),
  channel_order_completed: channel(),
  channel_order_cancelled: channel(),
  whatsapp_template_confirm_request: template('order_confirm_request'),
  whatsapp_template_received: template('order_received'),
  whatsapp_template_confirmed: template('order_confirmed'),
  whatsapp_template_shipped: template('order_out_for_delivery'),
  whatsapp_template_completed: template('order_completed'),
  whatsapp_template_cancelled: template('order_cancelled'),
  whatsapp_answer_hours: {
    group: 'whatsapp',
    kind: 'number',
    default: '12',
    required: true,
    min: 1,
    max: 168,
    unit: 'hours',
    message: 'validation.setting_number',
  },
  // languages
  language: { group: 'languages', kind: 'select', default: 'ar', required: true, options: ['ar', 'en'] },
} as const satisfies Record<string, SettingDefinition>

export type RegisteredSettingKey = keyof typeof SETTINGS_REGISTRY
export const REGISTERED_SETTING_KEYS = Object.keys(SETTINGS_REGISTRY) as RegisteredSettingKey[]

export function settingDefinition(key: string): SettingDefinition | undefined {
  return Object.hasOwn(SETTINGS_REGISTRY, key)
    ? (SETTINGS_REGISTRY as Record<string, SettingDefinition>)[key]
    : undefined
}

const KIND_MESSAGES: Record<SettingKind, string> = {
  text: 'validation.too_long',
  textarea: 'validation.too_long',
  email: 'validation.setting_email',
  email_list: 'validation.setting_email_list',
  phone: 'validation.setting_phone',
  url: 'validation.setting_url',
  number: 'validation.setting_number',
  money: 'validation.setting_number',
  switch: 'validation.boolean_invalid',
  select: 'validation.invalid',
}

/** A registered setting's value checked and tidied: `{ value }` to store, or `{ error }` (a message key). */
export function checkRegisteredSetting(
  def: SettingDefinition,
  raw: string,
): { value: string; error?: undefined } | { error: string; value?: undefined } {
  const trimmed = raw.trim()
  const bad = { error: def.message ?? KIND_MESSAGES[def.kind] }
  if (trimmed === '') return def.required ? { error: 'validation.value_required' } : { value: '' }
  let value = trimmed
  switch (def.kind) {
    case 'text':
    case 'textarea':
      if (def.maxLength !== undefined && value.length > def.maxLength) return { error: 'validation.too_long' }
      break
    case 'email':
      value = value.toLowerCase()
      if (!isEmail(value)) return bad
      break
    case 'email_list': {
      const emails = parseEmailList(value)
      if (!emails) return bad
      value = emails.join(', ')
      break
    }
    case 'phone': {
      const phone = normalizeShopPhone(value)
      if (!phone) return bad
      value = phone
      break
    }
    case 'url':
      if (!isUrl(value) || value.length > 500) return bad
      break
    case 'number':
    case 'money': {
      value = westernDigits(value)
      const decimals = def.decimals ?? 0
      const pattern = decimals > 0 ? new RegExp(`^\\d{1,10}(\\.\\d{1,${decimals}})?$`) : /^\d{1,10}$/
      if (!pattern.test(value)) return bad
      const n = Number(value)
      if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) return bad
      value = decimals > 0 ? value : String(n)
      break
    }
    case 'switch':
      if (value !== 'true' && value !== 'false') return bad
      break
    case 'select':
      if (!def.options?.includes(value)) return bad
      break
  }
  const problem = def.check?.(value)
  return problem ? { error: problem } : { value }
}

/** A setting the registry does not know (an older shop's own row): the suffix rules it always had. */
function legacyProblem(key: string, value: string): string | null {
  if (key.endsWith('email')) return isEmail(value) ? null : 'validation.setting_email'
  if (key.endsWith('phone') || key.endsWith('whatsapp'))
    return normalizeShopPhone(value) ? null : 'validation.setting_phone'
  if (key.endsWith('_url')) return value === '' || isUrl(value) ? null : 'validation.setting_url'
  return null
}

/** Per-key validation (registry first, decision 0120). Returns a validation key or null. */
export function validateSettingValue(key: string, value: string): string | null {
  const def = settingDefinition(key)
  if (def) return checkRegisteredSetting(def, value).error ?? null
  return legacyProblem(key, value.trim())
}

/** The value stored for a setting: tidied by its kind (a list `a@x.ly, b@y.ly`, a phone `+218…`); others as typed. */
export function normalizeSettingValue(key: string, value: string): string {
  const def = settingDefinition(key)
  if (def) return checkRegisteredSetting(def, value).value ?? value
  if ((key.endsWith('phone') || key.endsWith('whatsapp')) && normalizeShopPhone(value))
    return normalizeShopPhone(value)!
  return value
}

/** A zod schema of one setting's value (the dashboard's form): the registry's rule, the tidied value as output. */
export function settingValueSchema(key: string) {
  const def = settingDefinition(key)
  return z.string().transform((raw, ctx) => {
    if (!def) {
      const problem = legacyProblem(key, raw.trim())
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
      return raw.trim()
    }
    const result = checkRegisteredSetting(def, raw)
    if (result.error !== undefined) {
      ctx.addIssue({ code: 'custom', message: result.error })
      return z.NEVER
    }
    return result.value
  })
}

/** docs/api.md GET /settings/public: the settings a storefront may show to anyone. */
export const PUBLIC_SETTING_KEYS = [
  'site_name',
  'site_name_en',
  'site_description',
  'site_description_en',
  'contact_email',
  'contact_phone',
  'whatsapp_number',
  'address',
  'facebook_url',
  'instagram_url',
  'currency',
  'currency_symbol',
  // Decision 0230: the shop's clock, so every screen shows one time per event (the trail, the stock history).
  'timezone',
] as const
export const PublicSettings = z
  .object(
    Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, z.string()])) as Record<
      (typeof PUBLIC_SETTING_KEYS)[number],
      z.ZodString
    >,
  )
  // Issue 39: whether the shop's mail leaves it (SMTP_URL), so no page promises a mail that will not come.
  .extend({
    mail_enabled: z.boolean(),
    // Issue 41: whether WhatsApp messages are set up (the checkout then says the order is confirmed on WhatsApp).
    whatsapp_enabled: z.boolean(),
  })
export type PublicSettings = z.infer<typeof PublicSettings>
