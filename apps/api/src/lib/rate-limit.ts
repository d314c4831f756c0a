import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { rateLimitHits } from '../db/schema/users.ts'
import { AppError } from './app-error.ts'

// Decision 0091: per-client limits counted in the database, so every API process shares them. A request first
// inserts one row per limit, then counts the rows in the window (its own included): of N parallel requests, the
// k-th to commit its row sees at least k rows, so no more than `max` get through, on PGlite and PostgreSQL alike and
// without locks. A refused request deletes its rows again (a refusal is not counted against the client).

export interface Limit {
  /** What is counted, e.g. `order:ip`. */
  scope: string
  /** Whose count, e.g. the client's address. */
  key: string
  /** Requests allowed in the window; 0 or less: no limit. */
  max: number
  windowMs: number
}

/** The rows a request counted; give them back with releaseHits when what they counted did not happen. */
export interface Hits {
  ids: number[]
}

const NO_HITS: Hits = { ids: [] }

/** Seconds until the `max`-th most recent row in the window leaves it (then one more request fits). */
async function retryAfterSeconds(db: DbOrTx, limit: Limit): Promise<number> {
  const since = new Date(Date.now() - limit.windowMs)
  const [row] = await db
    .select({ createdAt: rateLimitHits.createdAt })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.scope, limit.scope),
        eq(rateLimitHits.key, limit.key),
        gt(rateLimitHits.createdAt, since),
      ),
    )
    .orderBy(desc(rateLimitHits.createdAt))
    .offset(limit.max - 1)
    .limit(1)
  if (!row) return 1
  return Math.max(1, Math.ceil((row.createdAt.getTime() + limit.windowMs - Date.now()) / 1000))
}

/** The shop's 429: translated, with the wait in minutes in the message and in seconds in `Retry-After`. */
export function tooManyRequests(seconds: number, extra?: Record<string, unknown>): AppError {
  return new AppError('TOO_MANY_REQUESTS', 429, {
    params: { count: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
    ...(extra ? { extra } : {}),
  })
}

/**
 * Counts one request against every limit, or throws 429 (with Retry-After: the longest wait of the limits it is over)
 * and counts nothing. `ref` names what is counted (an order's Idempotency-Key): the same ref under one key counts once,
 * however often and however parallel it comes.
 */
export async function takeHits(db: DbOrTx, limits: Limit[], ref?: string): Promise<Hits> {
  const active = limits.filter((l) => l.max > 0 && l.key !== '')
  if (active.length === 0) return NO_HITS
  const inserted = await db
    .insert(rateLimitHits)
    .values(active.map((l) => ({ scope: l.scope, key: l.key, ref: ref ?? null })))
    .onConflictDoNothing()
    .returning({ id: rateLimitHits.id })
  const hits: Hits = { ids: inserted.map((r) => r.id) }
  const over: Limit[] = []
  for (const limit of active) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(rateLimitHits)
      .where(
        and(
          eq(rateLimitHits.scope, limit.scope),
          eq(rateLimitHits.key, limit.key),
          gt(rateLimitHits.createdAt, new Date(Date.now() - limit.windowMs)),
        ),
      )
    if ((row?.n ?? 0) > limit.max) over.push(limit)
  }
  if (over.length === 0) {
    // Keep the table small: rows older than a day count for no limit (the longest window is an hour).
    if (Math.random() < 0.02)
      await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - 86_400_000)))
    return hits
  }
  await releaseHits(db, hits)
  const wait = Math.max(...(await Promise.all(over.map((l) => retryAfterSeconds(db, l)))))
  // The seconds in the body too, for a page that counts down (the payment step's "send a new code in …").
  throw tooManyRequests(wait, { retry_after: wait })
}

/** Gives back what takeHits counted (the order was not placed, the code was not sent). */
export async function releaseHits(db: DbOrTx, hits: Hits): Promise<void> {
  if (hits.ids.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hits.ids))
}

/** Forgets every row of one key (a shopper who found their order stops counting as guessing). */
export async function clearHits(db: DbOrTx, scope: string, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key)))
}
