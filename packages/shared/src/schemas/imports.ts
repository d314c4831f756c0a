import { z } from 'zod'
import {
  checkWholesale,
  PriceTierInput,
  PRODUCT_TEXT_FIELDS,
  ProductFields,
  VariantInput,
} from './product.ts'
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
  /**
   * Decision 0158: the size (pack) the row wrote, as its Arabic label, when it has one; a row that created a new size
   * of a product is `created`.
   */
  size: z.string().optional(),
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
 *
 * Decision 0158: one row per size (pack) of a product, in this order in the sample and the export (an import reads
 * columns by name, in any order). `id` is the product's and `variant_id` the size's; `sku`, `price`, the wholesale pair
 * (the size's first price break), `more_tiers` (the breaks after it, "20:39.00; 50:37.50"), the buying prices,
 * `stock`, `size_active`, `is_always_in_stock`, `weight_grams` and `volume_ml` are the size's; `size` / `size_en` its
 * label. A row with none of the size columns (a file in the format before sizes) writes the product's default size.
 */
export const PRODUCT_IMPORT_COLUMNS = [
  'id',
  'variant_id',
  'sku',
  'name',
  'name_en',
  'size',
  'size_en',
  'description',
  'description_en',
  'category',
  'price',
  'wholesale_price',
  'wholesale_threshold',
  'more_tiers',
  'retail_buying_price',
  'wholesale_buying_price',
  'stock',
  'is_active',
  'size_active',
  'is_always_in_stock',
  'weight_grams',
  'volume_ml',
  'weight',
  'weight_en',
  'origin',
  'origin_en',
  /** Decision 0118: an http(s) address of the product's picture, fetched by the server. */
  'image_url',
] as const
/** Decision 0216: the columns only someone with costs.view exports and imports. */
export const PRODUCT_COST_COLUMNS = ['retail_buying_price', 'wholesale_buying_price'] as const

/** The columns that make a row a size row (decision 0158); without any, a row writes the product's default size. */
export const PRODUCT_IMPORT_SIZE_COLUMNS = [
  'variant_id',
  'size',
  'size_en',
  'weight_grams',
  'volume_ml',
  'more_tiers',
  'size_active',
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

/**
 * Decision 0158: the `more_tiers` cell, the price breaks after the wholesale pair: `quantity:price` entries separated
 * by `;` (or the Arabic `؛`), e.g. "20:39.00; 50:37.50". `-` removes the stored ones (an empty cell keeps them).
 * Each entry is checked like a break of the product form; the order is checked with the pack's other breaks.
 */
export function parseTierList(cell: string): PriceTierInput[] | 'invalid' {
  if (cell.trim() === '-') return []
  const tiers: PriceTierInput[] = []
  for (const part of cell.split(/[;؛]/)) {
    if (part.trim() === '') continue
    const pair = part.split(':')
    if (pair.length !== 2) return 'invalid'
    const parsed = PriceTierInput.safeParse({ min_quantity: pair[0]!.trim(), price: pair[1]!.trim() })
    if (!parsed.success) return 'invalid'
    tiers.push(parsed.data)
  }
  return tiers.length > 0 ? tiers : 'invalid'
}

/** The `more_tiers` cell of an export: the inverse of parseTierList. */
export const formatTierList = (tiers: readonly { min_quantity: number; price: number }[]) =>
  tiers.map((t) => `${t.min_quantity}:${t.price.toFixed(2)}`).join('; ')

/** The size columns of a row as the import checks them (decision 0158), with the product form's rules. */
export const ImportSizeRow = VariantInput.pick({
  label_ar: true,
  label_en: true,
  weight_grams: true,
  volume_ml: true,
  is_active: true,
})
