import type { Language } from './i18n/messages.ts'
import type { LocalizedText, StorefrontContent } from './schemas/content.ts'

/**
 * What the storefront's pages need of the storefront content (decision 0125) without its zod schema: the shoppers'
 * download stays free of the validation code (performance.md, storefront script budget).
 */
export type { ContentCard, ContentIcon, LocalizedText, StorefrontContent } from './schemas/content.ts'

/** A shop whose content was never written: nothing to claim, the shop's name is the hero's title. */
export const EMPTY_CONTENT: StorefrontContent = {
  logo_image_id: null,
  hero: { eyebrow: { ar: '', en: '' }, title: { ar: '', en: '' }, text: { ar: '', en: '' }, image_id: null },
  about: { title: { ar: '', en: '' }, text: { ar: '', en: '' }, stats: [], cards: [] },
  quality: { title: { ar: '', en: '' }, text: { ar: '', en: '' }, practices: [], badges: [] },
  footer_text: { ar: '', en: '' },
  hours: [],
  address: { ar: '', en: '' },
  featured_product_ids: [],
}

/** A text in the page's language, the Arabic where the English was left empty (decision 0056). */
export const inLanguage = (value: LocalizedText, lang: Language): string =>
  (lang === 'en' ? value.en || value.ar : value.ar) ?? ''

/** Where an uploaded logo is served: 64 px PNG for the favicon, the picture for the page, JPEG for link previews. */
export const logoUrls = (id: string) => ({
  icon: `/api/images/${id}/icon.png`,
  image: `/api/images/${id}/small.webp`,
  share: `/api/images/${id}/share.jpg`,
  print: `/api/images/${id}/large.webp`,
})

/** The words owners wrote for a closed day before the hours had a "closed" of their own (decision 0232). */
const CLOSED_WORDS = /^(مغلق|مقفل|مغلقة|closed)$/iu

/**
 * An opening-hours row says the shop is closed on its days (decision 0232): its hours are empty, or one of the words
 * owners wrote for it, which each page then says in its own language («مغلق» / "Closed").
 */
export const isClosedTime = (time: string): boolean => time.trim() === '' || CLOSED_WORDS.test(time.trim())
