import { z } from 'zod'

// Decision 0057: the admin API and the dashboard's forms carry each translatable field in every language explicitly,
// `<field>_ar` (Arabic, the main language) and `<field>_en` (English, optional). Clients written before content
// languages (sending `name`, `description`, `weight`, `origin`) still work: `<field>` alone is read as `<field>_ar`.

/** A text field given or not: undefined stays undefined (not given), null is an empty text. */
export const givenText = (max: number) =>
  z.preprocess(
    (v) => (v === null ? '' : v),
    z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.too_long').optional(),
  )

/** An optional text field: absent or null is ''. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.too_long'),
  )

/** The zod shape of translatable fields: `<f>_ar` and legacy `<f>` (either may be given), `<f>_en` (optional). */
export function translatableShape<F extends string>(fields: Record<F, number>) {
  const shape: Record<string, z.ZodType> = {}
  for (const [field, max] of Object.entries(fields) as [F, number][]) {
    shape[`${field}_ar`] = givenText(max)
    shape[field] = givenText(max)
    shape[`${field}_en`] = optionalText(max).default('')
  }
  return shape as { [K in F as `${K}_ar` | K]: ReturnType<typeof givenText> } & {
    [K in F as `${K}_en`]: z.ZodDefault<ReturnType<typeof optionalText>>
  }
}

/**
 * Arabic texts that must not be empty, with their message key. The error goes where the client put the text: on
 * `<f>_ar`, on `<f>` for a client that sends the old name only, and on both when neither was sent.
 */
export function requireArabic<F extends string>(required: Partial<Record<F, string>>) {
  return (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const [field, message] of Object.entries(required) as [F, string][]) {
      const arabic = v[`${field}_ar`]
      const legacy = v[field]
      if (arabic || (arabic === undefined && legacy)) continue
      const paths =
        arabic !== undefined ? [`${field}_ar`] : legacy !== undefined ? [field] : [`${field}_ar`, field]
      for (const path of paths) ctx.addIssue({ code: 'custom', message, path: [path] })
    }
  }
}

type Canonical<T, F extends string> = Omit<T, F | `${F}_ar`> & { [K in F as `${K}_ar`]: string }

/** Output with `<f>_ar` always a string (the legacy `<f>` copied in when `<f>_ar` was not given) and no `<f>` key. */
export function arabicFromLegacy<F extends string>(fields: readonly F[]) {
  return <T extends Record<string, unknown>>(v: T): Canonical<T, F> => {
    const out: Record<string, unknown> = { ...v }
    for (const field of fields) {
      out[`${field}_ar`] = (v[`${field}_ar`] as string | undefined) ?? (v[field] as string | undefined) ?? ''
      delete out[field]
    }
    return out as Canonical<T, F>
  }
}

/**
 * An update's fields over the stored ones (decision 0012: what is not sent keeps its value). A legacy `<f>` that is
 * sent replaces the stored Arabic text, as `<f>_ar` would.
 */
export function overStored(
  stored: Record<string, unknown>,
  given: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const merged = { ...stored, ...given }
  for (const field of fields) {
    if (given[field] !== undefined && given[`${field}_ar`] === undefined) delete merged[`${field}_ar`]
  }
  return merged
}
