import type { z } from 'zod'
import { AppError } from '../../lib/app-error.ts'

/** zod issues → `{ field: [message key] }` (DESIGN.md error body; keys are translated by the error handler). */
export function fieldsFromZod(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_'
    const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid'
    const list = (fields[field] ??= [])
    if (!list.includes(key)) list.push(key)
  }
  return fields
}

/** Validates input that no route schema saw (multipart fields, merged updates, CSV rows): 422 naming each field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data)
  if (!result.success) throw new AppError('VALIDATION_FAILED', 422, { fields: fieldsFromZod(result.error) })
  return result.data
}

/** The PostgreSQL error behind a Drizzle error (code 23505 unique, 23503 foreign key …), on pg and PGlite. */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string; message?: string } | null {
  let e = err as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; constraint?: string; message?: string }
    e = e.cause as typeof e
  }
  return null
}

export const isUniqueViolation = (err: unknown, constraint?: string) => {
  const pg = pgErrorOf(err)
  if (pg?.code !== '23505') return false
  return !constraint || pg.constraint === constraint || (pg.message ?? '').includes(constraint)
}

/** `%` `_` and `\` are LIKE wildcards/escape; the shopper's text is matched literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
