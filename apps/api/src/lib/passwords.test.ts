import { afterEach, describe, expect, it, vi } from 'vitest'

// A controllable argon2: each call waits until the test releases it, so concurrency can be observed.
const calls: { resolve: (v: unknown) => void }[] = []
let active = 0
let peak = 0
vi.mock('argon2', () => {
  const run = (value: unknown) =>
    new Promise((resolve) => {
      active++
      peak = Math.max(peak, active)
      calls.push({ resolve: (v) => (active--, resolve(v)) })
    }).then(() => value)
  return { default: { argon2id: 2, hash: (p: string) => run(`hash:${p}`), verify: (h: string, p: string) => run(h === `hash:${p}`) } }
})

const { hashInProcess, hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } = await import('./passwords.ts')
// The limit is the same whether argon2 runs in the helper process or here; here the test can hold each computation.
hashInProcess()
const tick = () => new Promise((r) => setTimeout(r, 5))

describe('password hashing under a sign-in flood (issue 7)', () => {
  afterEach(() => {
    calls.length = 0
    active = peak = 0
  })

  it('runs at most MAX_CONCURRENT_HASHES argon2 computations at once and still answers every caller in order', async () => {
    const results = Array.from({ length: 6 }, (_, i) => verifyPassword('hash:pw', i % 2 ? 'pw' : 'wrong'))
    const hashed = hashPassword('new')
    for (let released = 0; released < 7; released++) {
      await tick()
      expect(active).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES)
      calls[released]!.resolve(undefined)
    }
    expect(await Promise.all(results)).toEqual([false, true, false, true, false, true])
    expect(await hashed).toBe('hash:new')
    expect(peak).toBe(MAX_CONCURRENT_HASHES)
  })
})
