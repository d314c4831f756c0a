import { z } from 'zod'
import { boolish, searchTerm } from './common.ts'
import { arabicFromLegacy, requireArabic, translatableShape } from './translatable.ts'

export const CATEGORY_TEXT_FIELDS = ['name', 'description'] as const

/** Decision 0057: `name_ar` (required), `name_en`, `description_ar`, `description_en`; `name`/`description` alone are Arabic. */
export const CategoryInput = z
  .object({ ...translatableShape({ name: 100, description: 1000 }), is_active: boolish.default(true) })
  .superRefine(requireArabic({ name: 'validation.name_required' }))
  .transform(arabicFromLegacy(CATEGORY_TEXT_FIELDS))
export type CategoryInput = z.infer<typeof CategoryInput>
export type CategoryFormInput = z.input<typeof CategoryInput>

export const CategoryListQuery = z.object({
  search: searchTerm,
  active: z.enum(['true', 'false', '1', '0'], { error: 'validation.boolean_invalid' }).optional(),
})

export const Category = z.object({
  id: z.number().int(),
  /** In the reader's language (Accept-Language), Arabic where English is missing (decision 0056). */
  name: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  is_active: z.boolean(),
  products_count: z.number().int(),
  // Staff only (decision 0057): every language as stored.
  name_ar: z.string().optional(),
  name_en: z.string().nullable().optional(),
  description_ar: z.string().nullable().optional(),
  description_en: z.string().nullable().optional(),
})
export type Category = z.infer<typeof Category>
