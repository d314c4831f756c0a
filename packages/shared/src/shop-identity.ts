// Decision 0122: the shop's name, description and money symbol as the owner set them, in a language. No zod here: the
// storefront's pages read these on every screen and must not carry the whole validation library for it.

/** The settings that name the shop and its money (any object with some of these keys: public settings, rows read). */
export type ShopIdentitySettings = Partial<
  Record<
    | 'site_name'
    | 'site_name_en'
    | 'site_description'
    | 'site_description_en'
    | 'currency'
    | 'currency_symbol',
    string
  >
>

/** What a shop that never set them reads (the registry's defaults, packages/shared/src/schemas/setting.ts). */
export const SHOP_IDENTITY_DEFAULTS = {
  site_name: 'مزارع النخيل الذهبية',
  site_name_en: 'Golden Palm Farms',
  site_description: 'تمور وفسائل نخيل وعسل وزيت زيتون من مزرعة عائلية ليبية إلى باب بيتك.',
  site_description_en:
    'Premium Libyan dates, palm offshoots, natural honey and olive oil from the farm to your home — retail and wholesale.',
  currency: 'LYD',
  currency_symbol: 'د.ل',
} as const

const filled = (...values: (string | undefined)[]) => values.map((v) => v?.trim()).find((v) => v) ?? ''

/**
 * The shop's name in `lang`: `site_name` in Arabic, `site_name_en` in English (the Arabic name when no English one is
 * set); the default when neither is.
 */
export function shopNameIn(s: ShopIdentitySettings, lang: 'ar' | 'en'): string {
  return lang === 'en'
    ? filled(s.site_name_en, s.site_name, SHOP_IDENTITY_DEFAULTS.site_name_en)
    : filled(s.site_name, SHOP_IDENTITY_DEFAULTS.site_name)
}

/** The shop's short description in `lang` (meta description, share texts), like its name. */
export function shopDescriptionIn(s: ShopIdentitySettings, lang: 'ar' | 'en'): string {
  return lang === 'en'
    ? filled(s.site_description_en, s.site_description, SHOP_IDENTITY_DEFAULTS.site_description_en)
    : filled(s.site_description, SHOP_IDENTITY_DEFAULTS.site_description)
}

/**
 * The money symbol in `lang`: Arabic pages and mails show `currency_symbol` («د.ل»), English ones the ISO code
 * `currency` ("LYD"), which reads better in a Latin line than an Arabic abbreviation.
 */
export function moneySymbolIn(s: ShopIdentitySettings, lang: 'ar' | 'en'): string {
  return lang === 'en'
    ? filled(s.currency, SHOP_IDENTITY_DEFAULTS.currency)
    : filled(s.currency_symbol, SHOP_IDENTITY_DEFAULTS.currency_symbol)
}
