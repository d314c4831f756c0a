// The one place that reads PostgreSQL errors (SQLSTATE codes, constraint names) for the rest of the API, on pg and
// PGlite alike. Drizzle wraps the driver's error in `cause`, sometimes twice, so every check looks through the wrappers.

export interface PgError {
  /** SQLSTATE, e.g. 23505 */
  code: string
  constraint?: string
  message?: string
}

/** The PostgreSQL error behind a Drizzle / driver error, or null when the error did not come from the database. */
export function pgErrorOf(error: unknown): PgError | null {
  let e = error as { code?: unknown; cause?: unknown } | undefined
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError
    e = e.cause as typeof e
  }
  return null
}

/** The SQLSTATE of a database error, looking through the driver wrappers. */
export const pgErrorCode = (error: unknown): string | undefined => pgErrorOf(error)?.code

export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'

/** A unique index refused the row; with `constraint`, only that index (pg names it; PGlite may only quote it). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error)
  if (pg?.code !== UNIQUE_VIOLATION) return false
  return !constraint || pg.constraint === constraint || (pg.message ?? '').includes(constraint)
}

/** A foreign key refused the row: what it points at was deleted meanwhile (or never existed). */
export const isForeignKeyViolation = (error: unknown): boolean => pgErrorCode(error) === FOREIGN_KEY_VIOLATION

/**
 * SQLSTATE class 22, data exception: a value the column cannot hold (numeric overflow 22003, NUL bytes 22021,
 * malformed text for its type 22P02 …). Input that got past validation; the caller's fault, never a 5xx.
 */
export const isDataException = (error: unknown): boolean => pgErrorCode(error)?.startsWith('22') ?? false

/** Errors after which retrying the same transaction is safe: serialization failure, deadlock. */
export const isRetryable = (error: unknown): boolean => ['40001', '40P01'].includes(pgErrorCode(error) ?? '')

/**
 * The database is unreachable or restarting (connection refused or cut, admin shutdown, too many connections,
 * a closed PGlite): the request may be retried later, so the answer is a 503.
 */
export function isDatabaseDown(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown }
  const code = e?.code ?? ''
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300'].includes(code))
    return true
  if (code.startsWith('08')) return true
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
      e?.message ?? '',
    )
  )
    return true
  return e?.cause ? isDatabaseDown(e.cause) : false
}
