import argon2 from 'argon2'
import { availableParallelism } from 'node:os'
import pLimit from 'p-limit'
import { AppError } from './app-error.ts'

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1 (minimum recommended configuration).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Decision 0046. argon2 computes on libuv's thread pool, off the event loop; each hash takes ~20 MiB and a whole core
 * for tens of milliseconds. At most this many run at once (1 on a 2-core machine, 2 from 3 cores, never more than 4),
 * so the other core keeps serving the shop while sign-ins pile up.
 */
export const MAX_CONCURRENT_HASHES = Math.min(4, Math.max(1, availableParallelism() - 1))
/**
 * Sign-ins waiting for a turn, in order. Ten per hashing slot is about one second of waiting at this machine's
 * ~25–50 ms a hash and the rest after it (below): a caller beyond that is told at once to come back (503 SERVICE_BUSY
 * with Retry-After) instead of waiting many seconds, and a flood cannot grow the queue without bound.
 */
export const MAX_QUEUED_HASHES = 10 * MAX_CONCURRENT_HASHES
export const BUSY_RETRY_AFTER_SECONDS = 1

const limit = pLimit(MAX_CONCURRENT_HASHES)

/** Hashing work now (running and waiting), for tests and metrics. */
export const hashingLoad = () => ({ running: limit.activeCount, waiting: limit.pendingCount })

/**
 * After a hash of d ms the next one starts no earlier than d ms later: a flood of sign-ins takes at most half of a
 * hashing core, so the pages' event loop, the database and the rest of the machine keep the other half and the other
 * core (decision 0046; bench row "sign-in flood"). Only sign-ins that follow each other closely wait for it.
 */
let restUntil = 0
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function limited<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= MAX_QUEUED_HASHES) {
    return Promise.reject(
      new AppError('SERVICE_BUSY', 503, { headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) } }),
    )
  }
  return limit(async () => {
    const wait = restUntil - performance.now()
    if (wait >= 1) await pause(wait)
    const started = performance.now()
    try {
      return await work()
    } finally {
      const ended = performance.now()
      restUntil = ended + (ended - started)
    }
  })
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, OPTIONS))
}

/** False for a wrong password and for a stored value that is not an argon2 hash; 503 SERVICE_BUSY when the queue is full. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return limited(() => argon2.verify(hash, password).catch(() => false))
}

/** A hash to verify against when the email is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | null = null
export function dummyPasswordHash(): Promise<string> {
  if (!dummyHash) {
    dummyHash = hashPassword('not-a-real-password-used-for-timing')
    // A busy refusal is not kept: the next sign-in computes it again.
    dummyHash.catch(() => (dummyHash = null))
  }
  return dummyHash
}
