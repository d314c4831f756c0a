import { and, desc, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { trackingAttempts } from '../../db/schema/users.ts'
import { AppError } from '../../lib/app-error.ts'

// Decision 0068: wrong order number / phone pairs (and wrong link tokens) are limited as failed sign-ins are: after 10
// failures for an IP, or for an order number, within 15 minutes the look-up answers 429 with Retry-After. The counters
// live in the database, so every API process sees the same ones.
export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60_000

async function retryAfterSeconds(
  db: Db,
  column: typeof trackingAttempts.ip | typeof trackingAttempts.orderNumber,
  value: string,
  since: Date,
): Promise<number | null> {
  const [row] = await db
    .select({ createdAt: trackingAttempts.createdAt })
    .from(trackingAttempts)
    .where(and(eq(column, value), gt(trackingAttempts.createdAt, since)))
    .orderBy(desc(trackingAttempts.createdAt))
    .offset(MAX_FAILURES - 1)
    .limit(1)
  if (!row) return null
  return Math.max(1, Math.ceil((row.createdAt.getTime() + WINDOW_MS - Date.now()) / 1000))
}

/**
 * 429 when the IP is locked out, or (for a look-up by phone) the order number is. A signed link is checked against
 * the IP only: someone guessing phones for an order must not lock its owner out of the link in their mail.
 */
export async function assertNotThrottled(db: Db, ip: string, orderNumber: string | null): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS)
  const waits = await Promise.all([
    retryAfterSeconds(db, trackingAttempts.ip, ip, since),
    orderNumber ? retryAfterSeconds(db, trackingAttempts.orderNumber, orderNumber, since) : null,
  ])
  const seconds = Math.max(...waits.map((w) => w ?? 0))
  if (seconds > 0) {
    throw new AppError('TOO_MANY_REQUESTS', 429, {
      params: { minutes: Math.ceil(seconds / 60) },
      headers: { 'retry-after': String(seconds) },
    })
  }
}

export async function recordFailure(db: Db, ip: string, orderNumber: string): Promise<void> {
  await db.insert(trackingAttempts).values({ ip, orderNumber: orderNumber.slice(0, 40) })
  if (Math.random() < 0.05)
    await db.delete(trackingAttempts).where(lt(trackingAttempts.createdAt, new Date(Date.now() - WINDOW_MS)))
}
