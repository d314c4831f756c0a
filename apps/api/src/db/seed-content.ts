/**
 * The demo shop's storefront content (decision 0125), seeded by `seed.ts`. It lives in packages/shared since decision
 * 0232: the dashboard marks what of the owner's content is still the demo's.
 */
import { DEMO_CONTENT } from '@shop/shared/demo-content'
import type { StorefrontContent } from '@shop/shared/schemas/content'

export const seedContent = DEMO_CONTENT

type Json = unknown
// The database (jsonb) keeps an object's keys in an order of its own: compare with the keys sorted.
const canonical = (value: Json): Json =>
  Array.isArray(value)
    ? value.map(canonical)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, Json>)[k])]),
        )
      : value
const sameJson = (a: Json, b: Json) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))
const isLocalized = (value: Json): value is Record<'ar' | 'en', string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((k) => k === 'ar' || k === 'en')

function strip(value: Json, demo: Json): Json {
  if (isLocalized(value) && isLocalized(demo))
    return Object.fromEntries(
      Object.entries(value).map(([lang, text]) => [lang, text === demo[lang as 'ar' | 'en'] ? '' : text]),
    )
  if (Array.isArray(value))
    return Array.isArray(demo) ? value.filter((item) => !demo.some((d) => sameJson(item, d))) : value
  if (typeof value === 'object' && value !== null && typeof demo === 'object' && demo !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, strip(v, (demo as Record<string, Json>)[key])]),
    )
  return value
}

/**
 * Decision 0225: the storefront content without the demo farm's texts: each text still exactly as the seed wrote it
 * (per language) is emptied, and each figure, card, practice, badge (ISO 22000, the award) and hours row still as
 * the seed wrote it is removed. What the owner wrote or changed, the logo and the hero picture stay. An empty hero
 * title shows the shop's name.
 */
export function withoutDemoContent(document: StorefrontContent): StorefrontContent {
  return strip(document, seedContent) as StorefrontContent
}

/** Whether the content still holds some of the demo farm's texts or claims (the dashboard's demo banner). */
export const hasDemoContent = (document: StorefrontContent) =>
  !sameJson(withoutDemoContent(document), document)
