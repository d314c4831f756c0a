import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client.ts'
import { loginAttempts } from '../../db/schema/users.ts'
import { lockKeys, tooManyRequests } from '../../lib/rate-limit.ts'

// product.md §10.11: after 10 failures for an email OR an IP within 15 minutes, sign-in answers 429 with Retry-After.
// Counters live in the database so every API process sees the same ones (operations.md, scaling out).
// Decision 0092: an attempt is counted before its password is checked, so parallel guesses cannot all be checked while
// the counter still reads low; a right password then forgives the account's failures.
export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60_000

/** One sign-in (or change-password) attempt in progress: its row counts as a failure until it is forgiven. */
export interface Attempt {
  id: number
  email: string
}

async function retryAfterSeconds(
  db: DbOrTx,
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

/**
 * Counts an attempt for the email and the IP before any password work, or throws 429 (with Retry-After in seconds)
 * when either already has MAX_FAILURES failures in the window; a refused attempt is not counted. Counted under locks on
 * the email and the IP (lib/rate-limit.ts lockKeys), so of N parallel guesses exactly the first MAX_FAILURES are checked.
 */
export async function beginAttempt(db: Db, email: string, ip: string): Promise<Attempt> {
  const since = new Date(Date.now() - WINDOW_MS)
  const outcome = await db.transaction(async (tx): Promise<{ refused: number } | { attempt: Attempt }> => {
    await lockKeys(tx, [`login:email:${email}`, `login:ip:${ip}`])
    const [counts] = await tx
      .select({
        byEmail: sql<number>`count(*) filter (where ${loginAttempts.email} = ${email})::int`,
        byIp: sql<number>`count(*) filter (where ${loginAttempts.ip} = ${ip})::int`,
      })
      .from(loginAttempts)
      .where(
        and(or(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)), gt(loginAttempts.createdAt, since)),
      )
    if ((counts?.byEmail ?? 0) >= MAX_FAILURES || (counts?.byIp ?? 0) >= MAX_FAILURES) {
      const waits = await Promise.all([
        retryAfterSeconds(tx, loginAttempts.email, email, since),
        retryAfterSeconds(tx, loginAttempts.ip, ip, since),
      ])
      return { refused: Math.max(1, ...waits.map((w) => w ?? 0)) }
    }
    const [row] = await tx.insert(loginAttempts).values({ email, ip }).returning({ id: loginAttempts.id })
    return { attempt: { id: row!.id, email } }
  })
  if ('refused' in outcome) throw tooManyRequests(outcome.refused)
  // Keep the table small: anything older than the window no longer counts.
  if (Math.random() < 0.05) await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, since))
  return outcome.attempt
}

/** The attempt was not judged (the server was too busy to hash): it does not count as a failure. */
export async function dropAttempt(db: Db, attempt: Attempt): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.id, [attempt.id]))
}

/** A successful sign-in clears that email's failures, this attempt's row too (product.md §10.11). */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.email, email))
}
