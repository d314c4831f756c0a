import { sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { MAIN_LANGUAGE } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'

// SQL over the content languages of decision 0055: the Arabic text in its own column, the other languages in the
// row's `translations` JSON (`{ "en": { "name": … } }`).

/** A row's `field` in `lang`, the Arabic text where that language has none (decision 0056), e.g. for ORDER BY. */
export function textIn(arabic: AnyPgColumn, translations: AnyPgColumn, field: string, lang: Language): SQL {
  if (lang === MAIN_LANGUAGE) return sql`${arabic}`
  return sql`coalesce(nullif(${translations} -> ${lang}::text ->> ${field}::text, ''), ${arabic})`
}

/** Whether `field` matches an ILIKE pattern in any language (small tables: categories, cities; no index needed). */
export function anyTextLike(
  arabic: AnyPgColumn,
  translations: AnyPgColumn,
  field: string,
  pattern: string,
): SQL {
  return sql`(${arabic} ILIKE ${pattern} OR EXISTS (SELECT 1 FROM jsonb_each(${translations}) AS l WHERE l.value ->> ${field}::text ILIKE ${pattern}))`
}

/** `lower(translations -> lang ->> field) = lower(text)`: the expression of the per-language unique name indexes. */
export function translatedTextIs(
  translations: AnyPgColumn,
  lang: Exclude<Language, 'ar'>,
  field: string,
  text: string,
): SQL {
  return sql`lower(${translations} -> ${sql.raw(`'${lang}'`)} ->> ${sql.raw(`'${field}'`)}) = lower(${text})`
}
