import { and, desc, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { loginAttempts } from '../../db/schema/users.ts'
import { AppError } from '../../lib/app-error.ts'

// product.md §10.11: after 10 failures for an email OR an IP within 15 minutes, sign-in answers 429 with Retry-After.
// Counters live in the database so every API process sees the same ones (operations.md, scaling out).
export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60_000

async function retryAfterSeconds(
  db: Db,
  column: typeof loginAttempts.email | typeof loginAttempts.ip,
  value: string,
  since: Date,
): Promise<number | null> {
  // The MAX_FAILURES-th most recent failure in the window: once it leaves the window, the count drops below the limit.
  const [row] = await db
    .select({ createdAt: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(column, value), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt))
    .offset(MAX_FAILURES - 1)
    .limit(1)
  if (!row) return null
  return Math.max(1, Math.ceil((row.createdAt.getTime() + WINDOW_MS - Date.now()) / 1000))
}

/** Throws 429 (with Retry-After in seconds) when the email or the IP is locked out; checked before any password work. */
export async function assertNotThrottled(db: Db, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS)
  const waits = await Promise.all([
    retryAfterSeconds(db, loginAttempts.email, email, since),
    retryAfterSeconds(db, loginAttempts.ip, ip, since),
  ])
  const seconds = Math.max(...waits.map((w) => w ?? 0))
  if (seconds > 0) {
    throw new AppError('TOO_MANY_REQUESTS', 429, {
      params: { minutes: Math.ceil(seconds / 60) },
      headers: { 'retry-after': String(seconds) },
    })
  }
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip })
  // Keep the table small: anything older than the window no longer counts.
  if (Math.random() < 0.05)
    await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(Date.now() - WINDOW_MS)))
}

/** A successful sign-in clears that email's failures (product.md §10.11). */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email))
}
