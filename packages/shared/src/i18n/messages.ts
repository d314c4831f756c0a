// Texts of the keys that both sides produce: zod validation keys (validation.*) and API error codes (errors.*).
// The API answers in the language of Accept-Language; the web loads the same texts into i18next, one language's module
// at a time (messages-ar.ts, messages-en.ts).
import { ar } from './messages-ar.ts'
import { en } from './messages-en.ts'
import type { Messages } from './messages-types.ts'

export type { Messages }

export const LANGUAGES = ['ar', 'en'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'ar'

export const messages: Record<Language, Messages> = { ar, en }

/** i18next's plural suffixes: Arabic has all six, English `_one` and `_other`. */
export const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const

/**
 * A counted text the way i18next picks it (so the API and the web read alike): `name_<category>` for `count` by the
 * language's plural rules (Arabic: 0, 1, 2, 3–10, 11–99, 100+), then `name_other`, then `name`.
 */
function pluralText(
  lang: Language,
  table: Record<string, string>,
  name: string,
  count: string | number | undefined,
): string | undefined {
  if (typeof count !== 'number') return table[name] ?? table[`${name}_other`]
  const category = count === 0 && table[`${name}_zero`] ? 'zero' : new Intl.PluralRules(lang).select(count)
  return table[`${name}_${category}`] ?? table[`${name}_other`] ?? table[name]
}

/** Resolves "validation.x" / "errors.Y" with {{param}} interpolation; unknown keys come back unchanged. */
export function translate(lang: Language, key: string, params?: Record<string, string | number>): string {
  const [group, name] = key.split('.', 2) as [string, string | undefined]
  const table = group === 'validation' || group === 'errors' ? messages[lang][group] : undefined
  const text = name !== undefined && table ? pluralText(lang, table, name, params?.count) : undefined
  if (text === undefined) return key
  return params ? text.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? '')) : text
}

/** Picks ar or en from an Accept-Language header (ar is the default). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE
  const parts = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';')
      const q = rest.find((r) => r.trim().startsWith('q='))
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) || 0 : 1 }
    })
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const p of parts) if (p.tag === 'ar' || p.tag === 'en') return p.tag
  return DEFAULT_LANGUAGE
}
