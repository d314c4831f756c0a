import { z } from 'zod'
import { SEARCH_MAX_LENGTH } from '../constants.ts'
import { MAX_MONEY_CENTS } from '../money/money.ts'

// Query-string and multipart friendly primitives. Every message is a key (validation.*), translated by each side.

const intString = (key: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/, key),
      ],
      { error: key },
    )
    .transform(Number)

/** A positive int id as a number or a string of decimal digits ("0x10", "1e3" and " " are not ids). */
export const idNumber = intString('validation.id_invalid').pipe(
  z
    .number()
    .int('validation.id_invalid')
    .positive('validation.id_invalid')
    .max(2_147_483_647, 'validation.id_invalid'),
)

export const idParam = z.object({ id: idNumber })

export const page = intString('validation.page_invalid')
  .pipe(
    z
      .number()
      .int('validation.page_invalid')
      .min(1, 'validation.page_invalid')
      .max(1_000_000, 'validation.page_invalid'),
  )
  .default(1)

export const perPage = (defaultSize: number) =>
  intString('validation.per_page_invalid')
    .pipe(z.number().int().min(1, 'validation.per_page_invalid').max(100, 'validation.per_page_invalid'))
    .default(defaultSize)

// NUL bytes cannot be stored or searched in PostgreSQL text; a search drops them.
export const searchTerm = z
  .string()
  .transform((s) => s.replaceAll(String.fromCharCode(0), ''))
  .pipe(z.string().trim().max(SEARCH_MAX_LENGTH, 'validation.too_long'))
  .optional()

/** A positive int id given as number or string; '' and null become undefined. */
export const optionalId = z.preprocess(
  (v) => (v === '' || v === null || v === 'null' ? undefined : v),
  idNumber.optional(),
)

/** true/false from JSON, query strings and multipart ('true'|'false'|'1'|'0'|'on'). */
export const boolish = z.preprocess(
  (v) => {
    if (v === 'true' || v === '1' || v === 'on' || v === 1) return true
    if (v === 'false' || v === '0' || v === 0) return false
    return v
  },
  z.boolean({ error: 'validation.boolean_invalid' }),
)

export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date_invalid')
  .refine(
    (s) =>
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'validation.date_invalid',
  )

export const DateRangeQuery = z
  .object({ from: dateString.optional(), to: dateString.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'validation.date_range_invalid',
    path: ['from'],
  })
export type DateRangeQuery = z.infer<typeof DateRangeQuery>

/**
 * Money as given by a form, JSON or CSV: a number or a decimal string with at most two decimals.
 * Returns the number; a separate `nullableMoney` maps ''/null to null.
 */
export const money = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, 'validation.price_invalid'),
    ],
    { error: 'validation.price_invalid' },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .finite('validation.price_invalid')
      .min(0, 'validation.price_min_0')
      .max(MAX_MONEY_CENTS / 100, 'validation.price_invalid'),
  )
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'validation.price_invalid')

export const nullableMoney = z.preprocess(
  (v) => (v === '' || v === 'null' || v === undefined ? null : v),
  money.nullable(),
)

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    last_page: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
  })
export interface Paginated<T> {
  data: T[]
  total: number
  last_page: number
  current_page: number
  per_page: number
}

export { ADMIN_PAGE_SIZES, STOREFRONT_PAGE_SIZES } from '../constants.ts'

/** Arabic-Indic and Persian digits as 0–9 (digits.ts: zod-free, so the storefront's footer can use it). */
export { westernDigits } from '../digits.ts'
