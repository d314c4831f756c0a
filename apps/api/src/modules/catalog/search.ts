import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import { translatedText } from '@shop/shared/i18n/content'
import { editDistance, typosAllowed, withoutArticle, type ParsedSearch } from '@shop/shared/search/normalize'
import type { DbOrTx } from '../../db/client.ts'
import { categories, products } from '../../db/schema/catalog.ts'
import { escapeLike } from '../../db/like.ts'
import { readCatalogVersion } from './catalog-version.ts'
import { productInStock } from '../../domain/sellable.ts'

/**
 * The product search of decision 0140 (issue 27). Typed words are folded by the shared rule and looked for, each in
 * any of its forms (article, plural, broken plural), inside the folded texts the database keeps (migration 0015):
 * a product matches when every word is in its names, descriptions, weight or origin (any language) or in its
 * category's names. When nothing matches, words one or two letters off the shop's names are corrected (typo
 * tolerance); when still nothing matches, the answer carries the closest product and category names (did_you_mean).
 */

export interface SearchWordPlan {
  /** The word and its forms, any of which is a match (substring of the folded texts). */
  forms: string[]
  /** Corrections of a misspelt word: names' words one or two letters off (empty unless nothing matched). */
  typos: string[]
  /** The word as a whole word of a name (as typed, or without its article), for the ranking. */
  whole: string[]
}

export interface SearchPlan {
  folded: string
  words: SearchWordPlan[]
}

export function searchPlan(parsed: ParsedSearch): SearchPlan {
  return {
    folded: parsed.folded,
    words: parsed.words.map((w) => ({
      forms: w.forms,
      typos: [],
      whole: [...new Set([w.word, withoutArticle(w.word)])],
    })),
  }
}

const contains = (text: string) => `%${escapeLike(text)}%`

function anyLike(column: SQL | typeof products.searchText, patterns: string[]): SQL {
  return or(...patterns.map((p) => sql`${column} LIKE ${p}`))!
}

/**
 * The filter: every word, in one of its forms or corrections, in the product's texts or its category's names. The
 * categories a word finds come from an uncorrelated ARRAY(sub-select): PostgreSQL runs it once (an init plan) and
 * looks the ids up in the category index, so the trigram index still serves the texts (a sub-select as IN or a join
 * OR-ed with the text matches made it scan every product), and no separate round trip per word is needed.
 */
export function searchCondition(plan: SearchPlan): SQL | undefined {
  if (plan.words.length === 0) return undefined
  return and(
    ...plan.words.map((w) => {
      const patterns = [...w.forms, ...w.typos].map(contains)
      const texts = anyLike(products.searchText, patterns)
      const inCategories = sql`${products.categoryId} = ANY(ARRAY(SELECT c.id FROM categories c WHERE ${anyLike(sql`c.search_name`, patterns)}))`
      return or(texts, inCategories)!
    }),
  )
}

/**
 * Decision 0140's ranking, smaller first: the whole name (0), a name starting with the search as whole words (1) or
 * as typed (2), every word a whole word of a name (the last may be a beginning: the shopper is still typing) (3),
 * every word inside a name in one of its forms (4), every word in a name or the category's names (5), in the other
 * texts (6); corrections of misspelt words come last (7).
 */
export function searchRank(plan: SearchPlan): SQL {
  const name = sql`${products.searchName}`
  const q = escapeLike(plan.folded)
  const last = plan.words.length - 1
  const wholeWords = and(
    ...plan.words.map((w, i) =>
      anyLike(
        name,
        w.whole.flatMap((f) =>
          i === last ? [`% ${escapeLike(f)} %`, `% ${escapeLike(f)}%`] : [`% ${escapeLike(f)} %`],
        ),
      ),
    ),
  )
  const inName = and(...plan.words.map((w) => anyLike(name, w.forms.map(contains))))
  const inNameOrCategory = and(
    ...plan.words.map((w) =>
      or(
        anyLike(name, w.forms.map(contains)),
        anyLike(sql`coalesce(${categories.searchName}, '')`, w.forms.map(contains)),
      ),
    ),
  )
  const exact = and(
    ...plan.words.map((w) =>
      or(
        anyLike(products.searchText, w.forms.map(contains)),
        anyLike(sql`coalesce(${categories.searchName}, '')`, w.forms.map(contains)),
      ),
    ),
  )
  return sql`CASE
    WHEN ${name} LIKE ${`%\n ${q} \n%`} THEN 0
    WHEN ${name} LIKE ${`%\n ${q} %`} THEN 1
    WHEN ${name} LIKE ${`%\n ${q}%`} THEN 2
    WHEN ${wholeWords} THEN 3
    WHEN ${inName} THEN 4
    WHEN ${inNameOrCategory} THEN 5
    WHEN ${exact} THEN 6
    ELSE 7 END`
}

/** In stock first (decision 0140): what can be bought now before what cannot. */
export const inStockFirst = sql`CASE WHEN ${productInStock} THEN 0 ELSE 1 END`

/** Active categories whose names have every word in one of its forms, by name in `lang` (the suggestions). */
export async function matchingCategories(
  db: DbOrTx,
  plan: SearchPlan,
  lang: Language,
  limit = 4,
): Promise<{ id: number; slug: string; name: string }[]> {
  if (plan.words.length === 0) return []
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      translations: categories.translations,
    })
    .from(categories)
    .where(
      and(
        eq(categories.isActive, true),
        ...plan.words.map((w) => anyLike(sql`${categories.searchName}`, w.forms.map(contains))),
      ),
    )
    .limit(50)
  return rows
    .map((r) => ({
      id: r.id,
      slug: r.slug,
      name: translatedText(r.name, r.translations, 'name', lang) ?? r.name,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, lang) || a.id - b.id)
    .slice(0, limit)
}

// --- The shop's words: typo corrections and "did you mean" ---

interface LexiconEntry {
  ar: string
  en: string | null
  kind: 'category' | 'product'
}

/** Every word of the names of active products and categories (folded), with the names it is in. */
interface Lexicon {
  entries: LexiconEntry[]
  /** word (without its article) → entries whose names have it */
  words: Map<string, number[]>
  /** the words by their length in characters (a word n edits off has a length within n) */
  byLength: Map<number, string[]>
  /** closestWords answers already worked out (the same misspellings come back) */
  memo: Map<string, { word: string; distance: number }[]>
}

/** How many names per word the lexicon remembers (enough for three suggestions). */
const ENTRIES_PER_WORD = 8

async function loadLexicon(db: DbOrTx): Promise<Lexicon> {
  const select = { name: sql<string>`name`, en: sql<string | null>`translations -> 'en' ->> 'name'` }
  const [cats, prods] = await Promise.all([
    db
      .select({ ...select, searchName: categories.searchName })
      .from(categories)
      .where(eq(categories.isActive, true)),
    db
      .select({ ...select, searchName: products.searchName })
      .from(products)
      .where(and(eq(products.isActive, true), isNull(products.archivedAt))),
  ])
  const entries: LexiconEntry[] = []
  const words = new Map<string, number[]>()
  for (const [kind, rows] of [
    ['category', cats],
    ['product', prods],
  ] as const) {
    for (const row of rows) {
      const index = entries.push({ ar: row.name, en: row.en, kind }) - 1
      for (const raw of (row.searchName ?? '').split(/\s+/)) {
        const word = withoutArticle(raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
        // Numbers (sizes, "no. 123") are not misspelt: they stay out of corrections and suggestions.
        if (word.length < 3 || /^[\p{N}.,]+$/u.test(word)) continue
        const list = words.get(word)
        if (!list) words.set(word, [index])
        else if (list.length < ENTRIES_PER_WORD && list[list.length - 1] !== index) list.push(index)
      }
    }
  }
  const byLength = new Map<number, string[]>()
  for (const word of words.keys()) {
    const n = [...word].length
    const list = byLength.get(n)
    if (list) list.push(word)
    else byLength.set(n, [word])
  }
  return { entries, words, byLength, memo: new Map() }
}

const lexicons = new WeakMap<object, { version: number; checkedAt: number; value: Promise<Lexicon> }>()
/** How long a process answers corrections from its lexicon before it asks whether the catalogue changed. */
const LEXICON_RECHECK_MS = 1_000

/** The lexicon as of the catalogue version (read again after a catalogue write, on the next miss a second later). */
async function lexiconOf(db: DbOrTx): Promise<Lexicon> {
  const known = lexicons.get(db)
  if (known && performance.now() - known.checkedAt < LEXICON_RECHECK_MS) return known.value
  const version = await readCatalogVersion(db)
  if (known && known.version === version) {
    known.checkedAt = performance.now()
    return known.value
  }
  const value = loadLexicon(db)
  value.catch(() => lexicons.delete(db))
  lexicons.set(db, { version, checkedAt: performance.now(), value })
  return value
}

/** The shop's words closest to `word` (at most `max` edits), closest first. */
function closestWords(lexicon: Lexicon, word: string, max: number): { word: string; distance: number }[] {
  const key = `${max}|${word}`
  const known = lexicon.memo.get(key)
  if (known) return known
  const found: { word: string; distance: number }[] = []
  const n = [...word].length
  for (let length = Math.max(1, n - max); length <= n + max; length++)
    for (const candidate of lexicon.byLength.get(length) ?? []) {
      const distance = editDistance(word, candidate, max)
      if (distance <= max) found.push({ word: candidate, distance })
    }
  found.sort((a, b) => a.distance - b.distance || a.word.localeCompare(b.word))
  // Bounded: a flood of different misspellings starts the memo again rather than growing it.
  if (lexicon.memo.size >= 10_000) lexicon.memo.clear()
  lexicon.memo.set(key, found)
  return found
}

/** Corrections for the words of a search that found nothing: each word's closest names' words within its allowance. */
export async function withTypos(
  db: DbOrTx,
  plan: SearchPlan,
  parsed: ParsedSearch,
): Promise<SearchPlan | null> {
  const lexicon = await lexiconOf(db)
  let corrected = false
  const words = plan.words.map((w, i) => {
    const base = withoutArticle(parsed.words[i]!.word)
    const max = typosAllowed(base)
    if (max === 0 || lexicon.words.has(base)) return w
    const typos = closestWords(lexicon, base, max)
      .filter((c) => c.distance > 0)
      .slice(0, 8)
      .map((c) => c.word)
    if (typos.length) corrected = true
    return { ...w, typos }
  })
  return corrected ? { ...plan, words } : null
}

/** How far "did you mean" looks: about half the word. */
const suggestionReach = (word: string) => Math.max(2, Math.ceil([...word].length / 2))

/**
 * "Did you mean": up to three names of categories and products (in the reader's language) whose words are closest to
 * the searched words; the names that have the most of the searched words come first.
 */
export async function didYouMean(db: DbOrTx, parsed: ParsedSearch, lang: Language): Promise<string[]> {
  const lexicon = await lexiconOf(db)
  const scores = new Map<number, { hits: number; distance: number }>()
  for (const w of parsed.words) {
    const base = withoutArticle(w.word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    if (base.length < 2) continue
    const close = closestWords(lexicon, base, suggestionReach(base))
    if (close.length === 0) continue
    const best = close[0]!.distance
    const seen = new Set<number>()
    for (const c of close.filter((x) => x.distance === best).slice(0, 10)) {
      for (const entry of lexicon.words.get(c.word) ?? []) {
        if (seen.has(entry)) continue
        seen.add(entry)
        const s = scores.get(entry) ?? { hits: 0, distance: 0 }
        scores.set(entry, { hits: s.hits + 1, distance: s.distance + c.distance })
      }
    }
  }
  const name = (e: LexiconEntry) => (lang === 'ar' ? e.ar : e.en || e.ar)
  const ranked = [...scores]
    .map(([i, s]) => ({ entry: lexicon.entries[i]!, ...s }))
    .sort(
      (a, b) =>
        b.hits - a.hits ||
        a.distance - b.distance ||
        (a.entry.kind === b.entry.kind ? 0 : a.entry.kind === 'category' ? -1 : 1) ||
        name(a.entry).length - name(b.entry).length ||
        name(a.entry).localeCompare(name(b.entry)),
    )
  return [...new Set(ranked.map((r) => name(r.entry)))].slice(0, 3)
}
