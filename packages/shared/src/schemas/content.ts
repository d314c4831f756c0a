import { z } from 'zod'

/**
 * The storefront's content (decision 0125): what the landing page and the footer say about the shop, written by the
 * owner in the dashboard in Arabic and English. One document, stored whole (`GET/PUT /api/content`); the demo seed
 * fills it with the texts the landing page carried in code until then.
 */

/** The pictures a highlight card, a practice or a badge may show (lucide icons, drawn by the web app). */
export const CONTENT_ICONS = [
  'leaf',
  'sprout',
  'truck',
  'handshake',
  'sun',
  'snowflake',
  'microscope',
  'shield',
  'badge',
  'droplet',
  'award',
  'star',
  'heart',
  'package',
] as const
export type ContentIcon = (typeof CONTENT_ICONS)[number]

/** How many cards, practices, badges, figures and opening-hour rows the page has room for. */
export const CONTENT_LIMITS = { cards: 8, practices: 8, badges: 8, stats: 4, hours: 7, featured: 8 } as const

const text = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.too_long'),
  )

/** A text in both languages; English may be empty (the page then shows the Arabic, decision 0056). */
const texts = (max: number) => z.object({ ar: text(max), en: text(max) })
/** A text whose Arabic is required (Arabic is the shop's main language). */
const requiredTexts = (max: number) =>
  z.object({ ar: text(max).refine((v) => v.length > 0, 'validation.required'), en: text(max) })

export const LocalizedText = texts(2000)
export type LocalizedText = z.infer<typeof LocalizedText>

/** Image ids are made by the upload (hex content hash). */
const imageId = z
  .string({ error: 'validation.invalid' })
  .regex(/^[a-f0-9]{8,64}$/, 'validation.invalid')
  .nullable()
  .default(null)

export const ContentCard = z.object({
  icon: z.enum(CONTENT_ICONS, { error: 'validation.invalid' }),
  title: requiredTexts(80),
  text: texts(300),
})
export type ContentCard = z.infer<typeof ContentCard>

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: 'validation.invalid' }).max(max, 'validation.too_many').default([])

export const StorefrontContent = z.object({
  /** The shop's logo (header, favicon, link previews, invoice); null: the shop's own mark (public/logo.svg). */
  logo_image_id: imageId,
  hero: z.object({
    eyebrow: texts(80),
    title: requiredTexts(120),
    text: texts(400),
    /** The hero's picture; null: the drawn farm (public/hero.svg). */
    image_id: imageId,
  }),
  about: z.object({
    title: texts(120),
    text: texts(1000),
    /** Figures under the about text ("2018 — Founded"). */
    stats: list(
      z.object({ value: text(12).refine((v) => v.length > 0, 'validation.required'), label: texts(40) }),
      CONTENT_LIMITS.stats,
    ),
    cards: list(ContentCard, CONTENT_LIMITS.cards),
  }),
  quality: z.object({
    title: texts(120),
    text: texts(400),
    practices: list(ContentCard, CONTENT_LIMITS.practices),
    badges: list(ContentCard, CONTENT_LIMITS.badges),
  }),
  /** The footer's few words about the shop. */
  footer_text: texts(300),
  /** Opening hours, one row per group of days ("Saturday – Thursday", "8:00 – 20:00"). */
  hours: list(z.object({ days: requiredTexts(60), time: text(40) }), CONTENT_LIMITS.hours),
  /** The shop's address in each language (English pages show the English one). */
  address: texts(300),
  /** Products the landing page shows, in this order (decision 0127); none: the newest four. */
  featured_product_ids: z
    .array(z.number({ error: 'validation.invalid' }).int().positive(), { error: 'validation.invalid' })
    .max(CONTENT_LIMITS.featured, 'validation.too_many')
    .default([])
    .transform((ids) => [...new Set(ids)]),
})
export type StorefrontContent = z.infer<typeof StorefrontContent>
export type StorefrontContentInput = z.input<typeof StorefrontContent>

// Kept for callers that read the schema's module; the storefront reads them from `../storefront-content.ts`, which
// does not bring zod into the shoppers' download.
export { EMPTY_CONTENT, inLanguage, logoUrls } from '../storefront-content.ts'
