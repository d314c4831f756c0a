import { phoneKey } from '../../domain/abuse-limits.ts'
import type { Db } from '../../db/client.ts'
import { releaseHits, takeHits, type Hits } from '../../lib/rate-limit.ts'

// Decisions 0068 and 0095: wrong look-ups are limited per client IP and per order number + phone pair: 10 misses in
// 15 minutes answer 429 with Retry-After and the minutes in the message. Never per order number alone: a stranger
// guessing phones for an order must not lock its owner out of it. Counted in the database (every API process sees
// them) before the order is read, so parallel guesses cannot slip past; a look-up that finds its order is not a miss.
export const MAX_FAILURES = 10
export const WINDOW_MS = 15 * 60_000

/** Counts the look-up as a miss until it finds its order, or throws 429 when its IP or its pair is locked. */
export async function beginLookup(
  db: Db,
  ip: string,
  lookup: { order_number: string; phone?: string; token?: string },
): Promise<Hits> {
  const limits = [{ scope: 'track:ip', key: ip, max: MAX_FAILURES, windowMs: WINDOW_MS }]
  // A look-up by the mail's link is checked against the IP only.
  if (lookup.token === undefined)
    limits.push({
      scope: 'track:pair',
      key: `${lookup.order_number.slice(0, 40)}|${phoneKey(lookup.phone ?? '').slice(0, 40)}`,
      max: MAX_FAILURES,
      windowMs: WINDOW_MS,
    })
  return takeHits(db, limits)
}

/** The look-up found its order: it was no miss. */
export const lookupFound = (db: Db, hits: Hits) => releaseHits(db, hits)
