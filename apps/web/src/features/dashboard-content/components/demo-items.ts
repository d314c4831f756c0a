import { DEMO_CONTENT } from '@shop/shared/demo-content'
import type { ContentCard, StorefrontContent } from '@shop/shared/storefront-content'
import type { ContentValues } from './content-form-values.ts'

type Lists = Pick<StorefrontContent, 'about' | 'quality'>
type Stat = StorefrontContent['about']['stats'][number]

const same = (a: string, b: string) => a.trim() !== '' && a.trim() === b.trim()
const sameCard = (a: ContentCard, b: ContentCard) =>
  same(a.title.ar, b.title.ar) || same(a.title.en, b.title.en)
const sameStat = (a: Stat, b: Stat) =>
  same(a.value, b.value) && (same(a.label.ar, b.label.ar) || same(a.label.en, b.label.en))

/** The lists whose rows can be the demo farm's claims (decision 0232), how to read one and how to tell a demo row. */
const LISTS = {
  'about.stats': { rows: (c: Lists) => c.about.stats, same: sameStat },
  'about.cards': { rows: (c: Lists) => c.about.cards, same: sameCard },
  'quality.practices': { rows: (c: Lists) => c.quality.practices, same: sameCard },
  'quality.badges': { rows: (c: Lists) => c.quality.badges, same: sameCard },
} as const
export type ClaimList = keyof typeof LISTS

/**
 * A row is still the demo farm's when its title (a figure: its number and label) is the demo's, in either language:
 * "ISO 22000", "Local quality award", "2018 — Founded". The owner sees it marked and can remove it, so a claim of the
 * demo farm is not left on the page as if it were the owner's.
 */
export function isDemoItem(list: ClaimList, values: Lists, index: number): boolean {
  const { rows, same: alike } = LISTS[list]
  const row = rows(values)[index]
  const demo = rows(DEMO_CONTENT) as (ContentCard & Stat)[]
  return row !== undefined && demo.some((d) => (alike as (a: typeof row, b: typeof d) => boolean)(row, d))
}

/** How many rows of the four lists are still the demo's. */
export function demoItemCount(values: Lists): number {
  let count = 0
  for (const list of Object.keys(LISTS) as ClaimList[])
    LISTS[list].rows(values).forEach((_, i) => (count += isDemoItem(list, values, i) ? 1 : 0))
  return count
}

/** The four lists without the demo's rows (the owner's own rows kept, in their order). */
export function withoutDemoItems(values: ContentValues) {
  const keep = <T>(list: ClaimList, rows: T[]) => rows.filter((_, i) => !isDemoItem(list, values, i))
  return {
    about: {
      stats: keep('about.stats', values.about.stats),
      cards: keep('about.cards', values.about.cards),
    },
    quality: {
      practices: keep('quality.practices', values.quality.practices),
      badges: keep('quality.badges', values.quality.badges),
    },
  }
}
