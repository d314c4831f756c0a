// Content languages (decision 0055): products, categories and cities keep their Arabic texts in their own columns
// (Arabic is the shop's main language and is required); every other language lives in one `translations` JSON
// column per row, `{ en: { name, description, … } }`. A third language is one more key, no migration per field.
// This module imports no values, so the storefront's first chunk does not grow when it uses it.
import type { Language } from './messages.ts'

/** The main language: the one stored in the tables' own columns, required, and the fallback of every other one. */
export const MAIN_LANGUAGE = 'ar' satisfies Language
/** The languages stored in `translations` (every language but Arabic). */
export const TRANSLATED_LANGUAGES = ['en'] as const satisfies readonly Exclude<Language, 'ar'>[]
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number]

/** The texts of one row in the languages other than Arabic, field by field: `{ en: { name: 'Deglet Nour dates' } }`. */
export type Translations<F extends string = string> = Partial<
  Record<TranslatedLanguage, Partial<Record<F, string>>>
>

/**
 * One field in the reader's language (decision 0056): the text in `lang` when it has one, else the Arabic text,
 * else the first other language that has it; null when no language has it. Field by field: a product with an
 * English name but no English description shows its English name and its Arabic description.
 */
export function translatedText<F extends string>(
  arabic: string | null | undefined,
  translations: Translations<F> | null | undefined,
  field: F,
  lang: Language,
): string | null {
  if (lang !== MAIN_LANGUAGE) {
    const own = translations?.[lang as TranslatedLanguage]?.[field]
    if (own) return own
  }
  if (arabic) return arabic
  for (const other of TRANSLATED_LANGUAGES) {
    const text = translations?.[other]?.[field]
    if (text) return text
  }
  return null
}

/** The stored text of one field in one language other than Arabic, or null (no fallback: what the staff typed). */
export const ownTranslation = <F extends string>(
  translations: Translations<F> | null | undefined,
  lang: TranslatedLanguage,
  field: F,
): string | null => translations?.[lang]?.[field] || null

/**
 * Translations built from texts per language (`{ en: { name: 'x', description: '' } }`): empty texts are left out and
 * so is a language without any text, so a row without English stores `{}` and reads "English missing".
 */
export function buildTranslations<F extends string>(
  texts: Partial<Record<TranslatedLanguage, Partial<Record<F, string | null | undefined>>>>,
): Translations<F> {
  const out: Translations<F> = {}
  for (const lang of TRANSLATED_LANGUAGES) {
    const fields: Partial<Record<F, string>> = {}
    for (const [field, text] of Object.entries(texts[lang] ?? {}) as [F, string | null | undefined][]) {
      const trimmed = text?.trim()
      if (trimmed) fields[field] = trimmed
    }
    if (Object.keys(fields).length > 0) out[lang] = fields
  }
  return out
}

/** One field of a row's translations under another name, e.g. a product's `name` as an order line's `product_name`. */
export function copyTranslated<T extends string>(
  translations: Translations | null | undefined,
  from: string,
  to: T,
): Translations<T> {
  const out: Translations<T> = {}
  for (const lang of TRANSLATED_LANGUAGES) {
    const text = translations?.[lang]?.[from]
    if (text) out[lang] = { [to]: text } as Partial<Record<T, string>>
  }
  return out
}
