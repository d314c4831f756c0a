import { z } from 'zod'
import { boolish, searchTerm } from './common.ts'

export const CategoryInput = z.object({
  name: z.string({ error: 'validation.name_required' }).trim().min(1, 'validation.name_required').max(100, 'validation.too_long'),
  description: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(1000, 'validation.too_long')),
  is_active: boolish.default(true),
})
export type CategoryInput = z.infer<typeof CategoryInput>

export const CategoryListQuery = z.object({
  search: searchTerm,
  active: z.enum(['true', 'false', '1', '0'], { error: 'validation.boolean_invalid' }).optional(),
})

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  slug: z.string(),
  is_active: z.boolean(),
  products_count: z.number().int(),
})
export type Category = z.infer<typeof Category>
