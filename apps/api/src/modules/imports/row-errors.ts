import type { z } from 'zod'
import { fieldsFromZod } from '../../lib/validation.ts'

export type Translate = (key: string, params?: Record<string, string | number>) => string

export interface RowError {
  row: number
  error: string
}

/** "price: Enter an amount such as 12.50; stock: …" in the importer's language. */
export function describeRowErrors(fields: Record<string, string[]>, t: Translate): string {
  return Object.entries(fields)
    .map(([field, keys]) => `${field}: ${keys.map((k) => t(k)).join(', ')}`)
    .join('; ')
}

/**
 * A row's validation errors by column. The Arabic texts' columns are `name`, `description`… (decision 0060) while
 * the shared schemas name them `name_ar`…, so those errors are told under the file's column.
 */
export function zodRowError(error: z.ZodError, t: Translate): string {
  return describeRowErrors(zodColumnErrors(error), t)
}

/**
 * A row's validation errors by column, without the text: the Arabic texts' `<field>_ar` are told under `<field>`, and
 * `rename` names other fields by their file column (decision 0158: a size's `label_ar` is the `size` column).
 */
export function zodColumnErrors(
  error: z.ZodError,
  rename: Record<string, string> = {},
  into: Record<string, string[]> = {},
): Record<string, string[]> {
  for (const [field, keys] of Object.entries(fieldsFromZod(error))) {
    const column = rename[field] ?? (field.endsWith('_ar') ? field.slice(0, -3) : field)
    const list = (into[column] ??= [])
    for (const key of keys) if (!list.includes(key)) list.push(key)
  }
  return into
}

/** Empty cells mean "not given": a new row takes the defaults, an update keeps the stored value. */
export function givenCells(
  cells: Record<string, string>,
  columns: readonly string[],
): Record<string, string> {
  const given: Record<string, string> = {}
  for (const column of columns) {
    const value = cells[column]
    if (value !== undefined && value !== '') given[column] = value
  }
  return given
}

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y', 'on', 'نعم', 'فعال', 'نشط'])
const FALSE_WORDS = new Set(['false', '0', 'no', 'n', 'off', 'لا', 'غير فعال', 'غير نشط'])

/** Spreadsheets write TRUE/FALSE, yes/no or نعم/لا; the shared boolish takes true/false/1/0. */
export function normaliseBoolean(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const v = value.trim().toLowerCase()
  if (TRUE_WORDS.has(v)) return 'true'
  if (FALSE_WORDS.has(v)) return 'false'
  return value
}
