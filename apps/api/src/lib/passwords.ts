import argon2 from 'argon2'
import { fork, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { apiRoot } from '../paths.ts'

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1 (minimum recommended configuration).
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Issue 7 sign-in flood: at most this many hashes run at once per process (1 on a 2-core machine, 2 from 3 cores,
 * never more than 4). Each hash takes ~20 MiB and a whole core for tens of milliseconds. Extra sign-ins wait their
 * turn in order.
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

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string }

/** In this process, on libuv's pool: the helper's fallback, and what tests that replace argon2 use. */
const inProcess = (job: Job): Promise<string | boolean> => (job.op === 'hash' ? argon2.hash(job.password, OPTIONS) : argon2.verify(job.hash, job.password))

/**
 * The hashing helper (password-hasher.mjs): a child process at the lowest CPU priority, started on the first hash and
 * again after it died. Its IPC channel keeps this process alive only while an answer is awaited.
 */
let helper: ChildProcess | null = null
let nextId = 0
const pending = new Map<number, { resolve: (value: string | boolean) => void; reject: (error: Error) => void }>()

function startHelper(): ChildProcess {
  const child = fork(join(apiRoot, 'src/lib/password-hasher.mjs'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  child.on('message', (message: { id: number; result?: string | boolean; error?: string }) => {
    const job = pending.get(message.id)
    pending.delete(message.id)
    if (pending.size === 0) child.channel?.unref()
    if (message.error !== undefined) job?.reject(new Error(message.error))
    else job?.resolve(message.result!)
  })
  const gone = () => {
    if (helper === child) helper = null
    for (const job of pending.values()) job.reject(new Error('password helper stopped'))
    pending.clear()
  }
  child.on('exit', gone)
  child.on('error', gone)
  child.unref()
  child.channel?.unref()
  return child
}

/** Runs `job` in the helper; if the helper cannot run it (failed to start, died meanwhile), here instead. */
async function run(job: Job): Promise<string | boolean> {
  if (useHelper) {
    try {
      helper ??= startHelper()
      const child = helper
      const id = nextId++
      return await new Promise<string | boolean>((resolve, reject) => {
        pending.set(id, { resolve, reject })
        child.channel?.ref()
        child.send({ id, ...job, options: OPTIONS }, (error) => {
          if (!error) return
          pending.delete(id)
          reject(error)
        })
      })
    } catch (error) {
      // argon2's own refusals (a hash that is not argon2) are answers, not helper failures
      if (error instanceof Error && error.message !== 'password helper stopped' && !/channel|EPIPE|ERR_IPC|spawn/i.test(error.message)) throw error
    }
  }
  return inProcess(job)
}

let useHelper = true
/** Tests: hash in this process (where they replace argon2 to watch the concurrency limit). */
export function hashInProcess() {
  useHelper = false
}

/** The helper's process id (tests: its priority, its restart); starts it if needed. */
export function passwordHelperPid(): number | undefined {
  helper ??= startHelper()
  return helper.pid
}

export function hashPassword(password: string): Promise<string> {
  return limited(async () => String(await run({ op: 'hash', password })))
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return (await limited(() => run({ op: 'verify', hash, password }))) === true
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
