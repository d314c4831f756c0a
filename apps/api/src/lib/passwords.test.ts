import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeArgon2 } from '../../test/fake-argon2.ts'
import { AppError } from './app-error.ts'

vi.mock('argon2', async () => (await import('../../test/fake-argon2.ts')).argon2Module)
const { hashingLoad, hashPassword, MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES, verifyPassword } =
  await import('./passwords.ts')

const settled = () => new Promise((resolve) => setTimeout(resolve, 5))

// Decision 0046: hashing runs in this process on argon2's threads, a bounded number at once, a bounded queue.
describe('password hashing under a sign-in flood', () => {
  afterEach(() => fakeArgon2.reset())

  it('runs at most MAX_CONCURRENT_HASHES computations at once and answers every caller in order', async () => {
    fakeArgon2.hold()
    const hash = '$fake$pw'
    const answers = Array.from({ length: 6 }, (_, i) => verifyPassword(hash, i % 2 ? 'pw' : 'wrong'))
    const hashed = hashPassword('new')
    for (let i = 0; i < 7; i++) {
      await expect.poll(() => fakeArgon2.held).toBeGreaterThan(0)
      await settled()
      expect(fakeArgon2.active).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES)
      fakeArgon2.releaseOne()
    }
    expect(await Promise.all(answers)).toEqual([false, true, false, true, false, true])
    expect(await hashed).toBe('$fake$new')
    expect(fakeArgon2.peak).toBe(MAX_CONCURRENT_HASHES)
  })

  it('refuses the caller beyond the queue at once with 503 SERVICE_BUSY and Retry-After, and takes callers again when a turn frees', async () => {
    fakeArgon2.hold()
    const accepted = Array.from({ length: MAX_CONCURRENT_HASHES + MAX_QUEUED_HASHES }, (_, i) =>
      hashPassword(`p${i}`),
    )
    await settled()
    expect(hashingLoad()).toEqual({ running: MAX_CONCURRENT_HASHES, waiting: MAX_QUEUED_HASHES })

    const refused = await verifyPassword('$fake$x', 'x').catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused).toMatchObject({
      code: 'SERVICE_BUSY',
      status: 503,
      options: { headers: { 'Retry-After': '1' } },
    })
    await expect(hashPassword('also refused')).rejects.toMatchObject({ code: 'SERVICE_BUSY' })
    expect(hashingLoad().waiting).toBe(MAX_QUEUED_HASHES)

    await expect.poll(() => fakeArgon2.held).toBe(MAX_CONCURRENT_HASHES)
    fakeArgon2.releaseOne()
    await expect.poll(() => hashingLoad().waiting).toBe(MAX_QUEUED_HASHES - 1)
    const next = hashPassword('after a turn freed')
    fakeArgon2.releaseAll()
    expect(await next).toBe('$fake$after a turn freed')
    expect(await Promise.all(accepted)).toEqual(accepted.map((_, i) => `$fake$p${i}`))
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 })
  })

  it('answers false for a stored value that is not an argon2 hash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false)
  })
})
