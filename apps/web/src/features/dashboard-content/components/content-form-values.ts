import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form'
import { StorefrontContent } from '@shop/shared/schemas/content'
import { isClosedTime } from '@shop/shared/storefront-content'

type HoursRow = StorefrontContent['hours'][number]

/**
 * The content screen's form: the stored document, each opening-hours row with a "closed" of its own (decision 0232).
 * Closed is not stored: a closed row's hours are saved empty, and every page says «مغلق» / "Closed" in its language.
 */
export type ContentValues = Omit<StorefrontContent, 'hours'> & { hours: (HoursRow & { closed: boolean })[] }
export type ContentForm = UseFormReturn<ContentValues, unknown, StorefrontContent>

/** Hours are written in digits, the same on Arabic and English pages: no letters (no «صباحًا», no "am"). */
const HOURS_IN_DIGITS = /^[^\p{L}]+$/u

/** The stored document as the form edits it: a row whose hours were empty or a word for closed is a closed row. */
export function toFormValues(content: StorefrontContent): ContentValues {
  return {
    ...content,
    hours: content.hours.map((row) =>
      isClosedTime(row.time) ? { ...row, time: '', closed: true } : { ...row, closed: false },
    ),
  }
}

/** The message of a nested field (`about.cards.0.title.ar`) among the form's errors. */
export function errorAt(errors: FieldErrors<ContentValues>, path: string): string | undefined {
  let node: unknown = errors
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  return (node as { message?: string } | undefined)?.message
}

/**
 * The shared schema's checks (the same the API makes), then the hours' own: an open row's hours in digits. A closed
 * row is sent with empty hours. `hoursMessage` is the translated refusal.
 */
export function contentResolver(hoursMessage: string): Resolver<ContentValues, unknown, StorefrontContent> {
  const base = zodResolver(StorefrontContent) as unknown as Resolver<
    ContentValues,
    unknown,
    StorefrontContent
  >
  return async (values, context, options) => {
    const prepared = {
      ...values,
      hours: values.hours.map(({ closed, ...row }) => ({ ...row, time: closed ? '' : row.time, closed })),
    }
    const result = await base(prepared, context, options)
    const wrong = values.hours.flatMap((row, i) =>
      !row.closed && !HOURS_IN_DIGITS.test(row.time.trim()) ? [i] : [],
    )
    if (wrong.length === 0) return result
    const hours = [...((result.errors.hours as unknown as object[] | undefined) ?? [])]
    for (const i of wrong) hours[i] = { ...hours[i], time: { type: 'hours', message: hoursMessage } }
    return { values: {}, errors: { ...result.errors, hours } as FieldErrors<ContentValues> }
  }
}
