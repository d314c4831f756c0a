import argon2 from 'argon2'
import { availableParallelism } from 'node:os'

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1 (minimum recommended configuration).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Issue 7 sign-in flood: at most this many hashes run at once per process, leaving a core to the event loop
 * (1 on a 2-core machine, 2 from 3 cores, never more than 4). Each hash takes ~20 MiB and a whole core for
 * tens of milliseconds; unbounded sign-ins would starve every other request and fill libuv's 4-thread pool
 * that file and DNS work share. Extra sign-ins wait their turn in order.
 */
export const MAX_CONCURRENT_HASHES = Math.min(4, Math.max(1, availableParallelism() - 1))
let running = 0
const waiting: (() => void)[] = []

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve))
  else running++
  try {
    return await work()
  } finally {
    // Hand the slot straight to the next waiter, so `running` never drops and a newcomer cannot jump the queue.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => argon2.hash(password, OPTIONS))
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => argon2.verify(hash, password))
  } catch {
    return false
  }
}

/** A hash to verify against when the email is unknown, so both answers take the same time. */
let dummyHash: Promise<string> | null = null
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-used-for-timing')
  return dummyHash
}
