import { formatMoney } from '@shop/shared/money/money'
import arCommon from '../../../apps/web/src/locales/ar/common.json'
import enCommon from '../../../apps/web/src/locales/en/common.json'
import arStore from '../../../apps/web/src/locales/ar/storefront.json'
import enStore from '../../../apps/web/src/locales/en/storefront.json'
import arDashboard from '../../../apps/web/src/locales/ar/dashboard.json'
import enDashboard from '../../../apps/web/src/locales/en/dashboard.json'
import { messages } from '@shop/shared/i18n/messages'

export type Lang = 'ar' | 'en'
type Ns = 'common' | 'storefront' | 'dashboard' | 'shared'

const bundles: Record<Lang, Record<Ns, unknown>> = {
  ar: { common: arCommon, storefront: arStore, dashboard: arDashboard, shared: messages.ar },
  en: { common: enCommon, storefront: enStore, dashboard: enDashboard, shared: messages.en },
}

/**
 * The screens' own texts (the locale files the web app ships), so the journeys find controls by what a
 * shopper reads without hard-coding translations. `key` is "ns:path.to.key"; {{vars}} are filled in.
 */
export function tr(lang: Lang, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':')
    ? (key.split(':', 2) as [Ns, string])
    : (['common', key] as [Ns, string])
  let parent: unknown = bundles[lang][ns]
  const parts = path.split('.')
  for (const part of parts.slice(0, -1)) parent = (parent as Record<string, unknown> | undefined)?.[part]
  const last = parts.at(-1)!
  const texts = parent as Record<string, unknown> | undefined
  let node: unknown = texts?.[last]
  // A counted text (i18next plural keys): the form Intl.PluralRules picks for the count, as the app's i18next does.
  if (node === undefined && typeof vars.count === 'number')
    node = texts?.[`${last}_${new Intl.PluralRules(lang).select(vars.count)}`] ?? texts?.[`${last}_other`]
  if (typeof node !== 'string') throw new Error(`missing text ${lang}:${key}`)
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, v: string) => String(vars[v] ?? `{{${v}}}`))
}

/** Arabic texts, the default language of the journeys. */
export const ar = (key: string, vars?: Record<string, string | number>) => tr('ar', key, vars)

export { formatMoney as money } from '@shop/shared/money/money'

/** Money as a page of this language shows it: «12.50 د.ل» in Arabic, "12.50 LYD" in English (decision 0122). */
export function moneyIn(lang: 'ar' | 'en', value: unknown): string {
  return lang === 'en' ? formatMoney(value, 'LYD') : formatMoney(value)
}

/** A regex matching a text exactly (for getByText/getByRole names that should not match longer texts). */
export function exact(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)
}

/** A form label as the screens render it: the text, then a '*' (aria-hidden) on required fields. */
export function label(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`)
}

/** The English field of a translatable text in the dashboard's forms: "Name in English (optional)" (decision 0057). */
export function optionalLabel(text: string, lang: Lang): RegExp {
  return new RegExp(
    `^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\(${tr(lang, 'dashboard:languages.optional')}\\)\\s*$`,
  )
}
