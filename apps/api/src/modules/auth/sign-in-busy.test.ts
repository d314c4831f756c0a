import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loginAttempts } from '../../db/schema/users.ts'
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'
import { fakeArgon2 } from '../../../test/fake-argon2.ts'
import { hashingLoad, MAX_CONCURRENT_HASHES, MAX_QUEUED_HASHES } from '../../lib/passwords.ts'

// Decision 0046: a sign-in flood beyond the hashing queue is told to come back, in the shop's error body.
vi.mock('argon2', async () => (await import('../../../test/fake-argon2.ts')).argon2Module)

describe('sign-in when password hashing is saturated', () => {
  let ctx: TestContext
  let shoppers: TestUser[]
  const queue = MAX_CONCURRENT_HASHES + MAX_QUEUED_HASHES
  beforeAll(async () => {
    ctx = await createTestApp()
    shoppers = []
    for (let i = 0; i <= queue; i++) shoppers.push(await createUser(ctx.app))
  })
  afterAll(async () => {
    fakeArgon2.reset()
    await ctx.close()
  })

  // Decision 0092 counts a sign-in before its hash, so more than 10 at the very same moment for one account or from one
  // address would be refused (429): the flood comes from different shoppers at different addresses.
  const signIn = (lang: 'ar' | 'en', n = queue) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `10.0.0.${n + 1}`,
      headers: { 'accept-language': lang },
      payload: { email: shoppers[n]!.email, password: shoppers[n]!.password },
    })

  it('answers 503 SERVICE_BUSY with Retry-After in ar and en beyond the queue, and signs in everyone it queued', async () => {
    fakeArgon2.hold()
    const queued = Array.from({ length: queue }, (_, n) => signIn('ar', n))
    await expect
      .poll(() => hashingLoad())
      .toEqual({ running: MAX_CONCURRENT_HASHES, waiting: MAX_QUEUED_HASHES })

    const [ar, en] = await Promise.all([signIn('ar'), signIn('en')])
    for (const res of [ar, en]) {
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('1')
      expect(res.headers['content-type']).toMatch(/^application\/json/)
    }
    expect(ar.json()).toEqual({
      code: 'SERVICE_BUSY',
      message: 'المتجر مشغول جدًا الآن. حاول مرة أخرى بعد بضع ثوانٍ',
    })
    expect(en.json()).toEqual({
      code: 'SERVICE_BUSY',
      message: 'The shop is very busy right now. Please try again in a few seconds',
    })

    fakeArgon2.releaseAll()
    const answers = await Promise.all(queued)
    expect(answers.map((r) => r.statusCode)).toEqual(queued.map(() => 200))
    // A refused sign-in is not a failed password: the account is not a step closer to a lockout.
    expect(
      await ctx.app.db
        .select()
        .from(loginAttempts)
        .where(
          inArray(
            loginAttempts.email,
            shoppers.map((s) => s.email),
          ),
        ),
    ).toEqual([])
  })
})
