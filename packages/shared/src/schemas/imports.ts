import { z } from 'zod'
import { checkWholesale, PRODUCT_TEXT_FIELDS, ProductFields } from './product.ts'
import { arabicFromLegacy, requireArabic } from './translatable.ts'

export const ImportRowError = z.object({ row: z.number().int(), error: z.string() })
/**
 * One written row (decision 0116): what it created or updated, and how an updated row found its record (`id`, `sku`,
 * or `name` only; cities always match by name).
 */
export const ImportResultItem = z.object({
  row: z.number().int(),
  action: z.enum(['created', 'updated']),
  id: z.number().int(),
  name: z.string(),
  matched_by: z.enum(['id', 'sku', 'name']).nullable(),
})
export type ImportResultItem = z.infer<typeof ImportResultItem>
export const ImportResult = z.object({
  message: z.string(),
  summary: z.object({
    created: z.number().int(),
    updated: z.number().int(),
    errors: z.array(ImportRowError),
    items: z.array(ImportResultItem),
  }),
})
export type ImportResult = z.infer<typeof ImportResult>

/** Body of a 422 MISSING_COLUMNS answer. */
export const ImportMissingColumns = z.object({
  code: z.literal('MISSING_COLUMNS'),
  message: z.string(),
  missing_columns: z.array(z.string()),
  found_columns: z.array(z.string()),
  required_columns: z.array(z.string()),
  help: z.string(),
})
export type ImportMissingColumns = z.infer<typeof ImportMissingColumns>

/** Body of a 422 TOO_MANY_ROWS answer (decision 0115). */
export const ImportTooManyRows = z.object({
  code: z.literal('TOO_MANY_ROWS'),
  message: z.string(),
  max_rows: z.number().int(),
})

export const PRODUCT_IMPORT_REQUIRED = ['name', 'price'] as const
/**
 * Decision 0060: `name`, `description`, `weight`, `origin` are the Arabic texts (files made before content languages
 * import as they did); `name_en`, `description_en`, `weight_en`, `origin_en` the English ones, all optional.
 */
export const PRODUCT_IMPORT_COLUMNS = [
  'id',
  'sku',
  'name',
  'name_en',
  'description',
  'description_en',
  'category',
  'price',
  'wholesale_price',
  'wholesale_threshold',
  'retail_buying_price',
  'wholesale_buying_price',
  'stock',
  'is_active',
  'is_always_in_stock',
  'weight',
  'weight_en',
  'origin',
  'origin_en',
  /** Decision 0118: an http(s) address of the product's picture, fetched by the server. */
  'image_url',
] as const
export const CITY_IMPORT_REQUIRED = ['name', 'delivery_price'] as const
export const CITY_IMPORT_COLUMNS = [
  'name',
  'name_en',
  'delivery_price',
  'is_active',
  'cod_allowed',
  'cod_max_total',
] as const
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
/** Data rows one CSV file may hold (decision 0115); more is 422 TOO_MANY_ROWS before anything is written. */
export const IMPORT_MAX_ROWS = 5_000

/**
 * One CSV row of a products import. Like ProductInput, except that an empty description is allowed:
 * the required columns are only name and price (product.md §10.6).
 */
export const ProductImportRow = ProductFields.superRefine(requireArabic({ name: 'validation.name_required' }))
  .superRefine(checkWholesale)
  .transform(arabicFromLegacy(PRODUCT_TEXT_FIELDS))
export type ProductImportRow = z.infer<typeof ProductImportRow>
