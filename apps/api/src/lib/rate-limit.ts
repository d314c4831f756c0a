import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../db/client.ts'
import { rateLimitHits } from '../db/schema/users.ts'
import { AppError } from './app-error.ts'

// Decision 0091: per-client limits counted in the database, so every API process shares them. A request counts and
// records itself in one short transaction holding an advisory lock on each of its keys (always taken in the same
// order): two requests for one key are counted one after the other, so parallel requests cannot slip past a limit
// and none is refused while there is room, on PGlite and PostgreSQL alike. A refused request records nothing.

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

/** Advisory locks, released at the end of the transaction, on every key in one order (no deadlock between two). */
export async function lockKeys(tx: DbOrTx, keys: string[]): Promise<void> {
  for (const key of [...new Set(keys)].sort())
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`)
}

/**
 * Counts one request against every limit, or throws 429 (with Retry-After: the longest wait of the limits it is over)
 * and counts nothing. `ref` names what is counted (an order's Idempotency-Key): the same ref under one key counts once,
 * however often and however parallel it comes.
 */
export async function takeHits(db: Db, limits: Limit[], ref?: string): Promise<Hits> {
  const active = limits.filter((l) => l.max > 0 && l.key !== '')
  if (active.length === 0) return NO_HITS
  const { hits, wait } = await db.transaction(async (tx) => {
    await lockKeys(
      tx,
      active.map((l) => `rate:${l.scope}:${l.key}`),
    )
    const over: Limit[] = []
    for (const limit of active) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(
          and(
            eq(rateLimitHits.scope, limit.scope),
            eq(rateLimitHits.key, limit.key),
            gt(rateLimitHits.createdAt, new Date(Date.now() - limit.windowMs)),
            // The same order again is not one more.
            ref === undefined ? undefined : or(isNull(rateLimitHits.ref), ne(rateLimitHits.ref, ref)),
          ),
        )
      if ((row?.n ?? 0) >= limit.max) over.push(limit)
    }
    if (over.length > 0) {
      const waits = await Promise.all(over.map((l) => retryAfterSeconds(tx, l)))
      return { hits: NO_HITS, wait: Math.max(...waits) }
    }
    const inserted = await tx
      .insert(rateLimitHits)
      .values(active.map((l) => ({ scope: l.scope, key: l.key, ref: ref ?? null })))
      .onConflictDoNothing()
      .returning({ id: rateLimitHits.id })
    return { hits: { ids: inserted.map((r) => r.id) }, wait: 0 }
  })
  // The seconds in the body too, for a page that counts down (the payment step's "send a new code in …").
  if (wait > 0) throw tooManyRequests(wait, { retry_after: wait })
  // Keep the table small: rows older than a day count for no limit (the longest window is an hour).
  if (Math.random() < 0.02)
    await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, new Date(Date.now() - 86_400_000)))
  return hits
}

/** Gives back what takeHits counted (the order was not placed, the code was not sent). */
export async function releaseHits(db: DbOrTx, hits: Hits): Promise<void> {
  if (hits.ids.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hits.ids))
}

/** Forgets every row of one key (a shopper who found their order stops counting as guessing). */
export async function clearHits(db: DbOrTx, scope: string, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key)))
}
