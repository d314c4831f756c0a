import { z } from 'zod'
import { boolish, money, page, perPage, searchTerm } from './common.ts'

export const CityInput = z.object({
  name: z.string({ error: 'validation.name_required' }).trim().min(1, 'validation.name_required').max(100, 'validation.too_long'),
  delivery_price: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : v),
    money.optional(),
  ).refine((v) => v !== undefined, 'validation.delivery_price_required').transform((v) => v as number),
  is_active: boolish.default(true),
})
export type CityInput = z.infer<typeof CityInput>

export const CityStatusInput = z.object({ is_active: boolish })

export const CityListQuery = z.object({
  search: searchTerm,
  page,
  per_page: perPage(10),
  active: z.enum(['true', 'false', '1', '0'], { error: 'validation.boolean_invalid' }).optional(),
})

export const City = z.object({
  id: z.number().int(),
  name: z.string(),
  delivery_price: z.number(),
  is_active: z.boolean(),
})
export type City = z.infer<typeof City>
