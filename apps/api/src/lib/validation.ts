import type { z } from 'zod'
import { AppError } from './app-error.ts'

/** One problem with one field of the input: where (path) and which message key (`validation.*`). */
export interface FieldIssue {
  path: readonly PropertyKey[]
  message: string
}

/**
 * Issues → `{ field: [message key] }`, the `errors` of the error body (keys are translated by the error handler).
 * A nested field is named by its dotted path (`items.0.quantity`); a message that is not a `validation.*` key
 * (zod's own English) becomes `validation.invalid`, so nothing untranslated reaches a shopper.
 */
export function fieldErrorKeys(issues: Iterable<FieldIssue>): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_'
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid'
    const list = (fields[field] ??= [])
    if (!list.includes(key)) list.push(key)
  }
  return fields
}

export const fieldsFromZod = (error: z.ZodError): Record<string, string[]> => fieldErrorKeys(error.issues)

/** Validates input that no route schema saw (multipart fields, merged updates, CSV rows): 422 naming each field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) throw new AppError('VALIDATION_FAILED', 422, { fields: fieldsFromZod(result.error) })
  return result.data
}
