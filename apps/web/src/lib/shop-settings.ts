import { useTranslation } from 'react-i18next'
import { useRouteLoaderData } from 'react-router'
import { formatMoney } from '@shop/shared/money/money'
import type { PublicSettings } from '@shop/shared/schemas/setting'
import { moneySymbolIn, shopDescriptionIn, shopNameIn } from '@shop/shared/shop-identity'
import type { Language } from '@shop/shared/i18n/messages'
import type { loader as rootLoader } from '../root.tsx'

/** The shop's public settings (contact details, social links): the root route loads them with every page. */
export function useShopSettings(): Partial<PublicSettings> {
  return useRouteLoaderData<typeof rootLoader>('root')?.settings ?? {}
}

/**
 * Decision 0122: the shop's name, description and money as the owner set them (Dashboard → Settings), in the page's
 * language; never the translation files' brand.
 */
export function useShopBrand() {
  const settings = useShopSettings()
  const { i18n } = useTranslation()
  const lang: Language = i18n.language === 'en' ? 'en' : 'ar'
  const symbol = moneySymbolIn(settings, lang)
  return {
    lang,
    name: shopNameIn(settings, lang),
    description: shopDescriptionIn(settings, lang),
    /** The name in Arabic, for texts that are always Arabic (the invoice, the WhatsApp message to a customer). */
    arabicName: shopNameIn(settings, 'ar'),
    moneySymbol: symbol,
    arabicMoneySymbol: moneySymbolIn(settings, 'ar'),
    /** «12.50 د.ل» on Arabic pages, "12.50 LYD" on English ones. */
    formatMoney: (value: unknown) => formatMoney(value, symbol),
  }
}

/** `formatMoney` in the page's language (decision 0122). */
export function useFormatMoney(): (value: unknown) => string {
  return useShopBrand().formatMoney
}

/**
 * Decision 0230: the shop's clock (its `timezone` setting, public): every time the dashboard shows is on it, whatever
 * the browser's, so one event reads one time on every screen.
 */
export function useShopTimeZone(): string {
  return useShopSettings().timezone || 'Africa/Tripoli'
}

/** YYYY-MM-DD of an instant on a time zone's clock. */
export function dayIn(timeZone: string, at = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at)
  } catch {
    return at.toISOString().slice(0, 10)
  }
}
