import { z } from 'zod'
import { boolish, money, nullableMoney, page, perPage, searchTerm } from './common.ts'
import { arabicFromLegacy, requireArabic, translatableShape } from './translatable.ts'

export const CITY_TEXT_FIELDS = ['name'] as const

/** Decision 0057: `name_ar` (required) and `name_en`; `name` alone is the Arabic name. */
export const CityInput = z
  .object({
    ...translatableShape({ name: 100 }),
    delivery_price: z
      .preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), money.optional())
      .refine((v) => v !== undefined, 'validation.delivery_price_required')
      .transform((v) => v as number),
    is_active: boolish.default(true),
    // Decision 0071: cash on delivery here, and the largest total it may pay (empty: no limit).
    cod_allowed: boolish.default(true),
    cod_max_total: nullableMoney.default(null),
  })
  .superRefine(requireArabic({ name: 'validation.name_required' }))
  .transform(arabicFromLegacy(CITY_TEXT_FIELDS))
export type CityInput = z.infer<typeof CityInput>
export type CityFormInput = z.input<typeof CityInput>

export const CityStatusInput = z.object({ is_active: boolish })

export const CityListQuery = z.object({
  search: searchTerm,
  page,
  per_page: perPage(10),
  active: z.enum(['true', 'false', '1', '0'], { error: 'validation.boolean_invalid' }).optional(),
})

export const City = z.object({
  id: z.number().int(),
  /** In the reader's language (Accept-Language), Arabic where English is missing (decision 0056). */
  name: z.string(),
  delivery_price: z.number(),
  is_active: z.boolean(),
  /** Decision 0071: whether cash on delivery is offered here, and up to which order total (delivery included). */
  cod_allowed: z.boolean(),
  cod_max_total: z.number().nullable(),
  // Staff only (decision 0057).
  name_ar: z.string().optional(),
  name_en: z.string().nullable().optional(),
})
export type City = z.infer<typeof City>
