/** The SQLSTATE of a database error, looking through the driver wrappers (drizzle wraps pg/PGlite errors in `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  let e = error as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
    e = e.cause as typeof e
  }
  return undefined
}

export const UNIQUE_VIOLATION = '23505'
/** Errors after which retrying the same transaction is safe: serialization failure, deadlock. */
export const isRetryable = (error: unknown) => ['40001', '40P01'].includes(pgErrorCode(error) ?? '')
