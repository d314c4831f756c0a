import { eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { settings } from '../db/schema/settings.ts'

// Dates in queries and reports are whole days in the shop's time zone (product.md §10.10; a Libyan shop, §1.1).
export const DEFAULT_TIMEZONE = 'Africa/Tripoli'

function isValidTimezone(tz: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(tz)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

/** The `timezone` setting when it names a real zone, else Africa/Tripoli. */
export async function shopTimezone(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'timezone'))
    .limit(1)
  const tz = row?.value.trim() ?? ''
  return tz && isValidTimezone(tz) ? tz : DEFAULT_TIMEZONE
}

/** Conditions on a timestamptz column for the days from..to (inclusive) in the shop's time zone. */
export function dayRange(column: SQL | SQL.Aliased | unknown, tz: string, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = []
  if (from) conditions.push(sql`${column} >= (${from}::date)::timestamp AT TIME ZONE ${tz}`)
  if (to) conditions.push(sql`${column} < (${to}::date + 1)::timestamp AT TIME ZONE ${tz}`)
  return conditions
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(tz: string, now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** First and last day of the current month in a time zone (product.md §2.15 default range). */
export function currentMonth(tz: string, now = new Date()): { from: string; to: string } {
  const today = todayIn(tz, now)
  const [y, m] = today.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const mm = String(m).padStart(2, '0')
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` }
}
