import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/settings.ts'
import { loginAttempts, passwordResets, users } from '../../db/schema/users.ts'
import { expectLockedOut, createTestApp, createUser, type TestContext } from '../../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
let ipCounter = 1
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: `10.1.0.${ipCounter++}`,
  })
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
const forgot = (email: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, headers })
const reset = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, headers })

async function mailsTo(email: string) {
  return ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id))
}

/** Requests a reset and reads the link back from the outbox, as the shopper would from their inbox. */
async function resetLinkFor(email: string): Promise<{ token: string; email: string; link: string }> {
  expect((await forgot(email)).statusCode).toBe(200)
  const [mail] = await mailsTo(email)
  const link = /http:\/\/shop\.test\/reset-password\?\S+/.exec(mail!.text)![0]
  const url = new URL(link)
  return { token: url.searchParams.get('token')!, email: url.searchParams.get('email')!, link }
}

describe('POST /api/auth/forgot-password', () => {
  it('mails a bilingual reset link with a URL-encoded token and email into the outbox', async () => {
    const shopper = await createUser(ctx.app, 'user', { email: `nour+shop-${Date.now()}@example.ly` })
    const { token, email, link } = await resetLinkFor(shopper.email)
    expect(email).toBe(shopper.email)
    expect(link).toContain(`email=${encodeURIComponent(shopper.email)}`)
    expect(link).toContain('%2B')
    expect(token.length).toBeGreaterThanOrEqual(40)
    const [mail] = await mailsTo(shopper.email)
    expect(mail!.text).toContain('كلمة المرور')
    expect(mail!.text).toContain('Password'.toLowerCase())
    expect(mail!.subject).toMatch(/Password reset/)
    // Stored hashed, expiring in 60 minutes.
    const [row] = await ctx.app.db.select().from(passwordResets).where(eq(passwordResets.userId, shopper.id))
    expect(row!.tokenHash).not.toBe(token)
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(59)
    expect(minutes).toBeLessThanOrEqual(60)
  })

  it('answers the same whether or not the email exists, and mails nobody for an unknown one', async () => {
    const shopper = await createUser(ctx.app)
    const unknownEmail = `ghost-${Date.now()}@example.ly`
    const known = await forgot(shopper.email)
    const unknown = await forgot(unknownEmail)
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.json()).toEqual(unknown.json())
    expect(await mailsTo(unknownEmail)).toHaveLength(0)
    expect(await mailsTo(shopper.email)).toHaveLength(1)
  })

  it('validates the email with translated messages', async () => {
    const ar = await forgot('nope')
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors).toEqual({ email: ['البريد الإلكتروني غير صالح'] })
    expect((await forgot('nope', en)).json().errors).toEqual({ email: ['Invalid email address'] })
  })

  it('answers a missing or non-string email with the email message, not a generic one', async () => {
    for (const payload of [{}, { email: 12 }, { email: null }, { email: { $ne: '' } }]) {
      const enRes = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload,
        headers: en,
      })
      expect(enRes.statusCode).toBe(422)
      expect(enRes.json().errors).toEqual({ email: ['Invalid email address'] })
      const ar = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload })
      expect(ar.json().errors).toEqual({ email: ['البريد الإلكتروني غير صالح'] })
    }
  })
})

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, signs the account out everywhere and works once', async () => {
    const shopper = await createUser(ctx.app)
    const { token, email } = await resetLinkFor(shopper.email)
    const payload = { email, token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }
    const res = await reset(payload)
    expect(res.statusCode).toBe(200)
    expect(typeof res.json().message).toBe('string')
    expect((await me(shopper.token)).statusCode).toBe(401)
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(401)
    expect((await login(shopper.email, 'brand-new-pass')).statusCode).toBe(200)
    const [row] = await ctx.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, shopper.id))
    expect(row!.hash).toMatch(/^\$argon2id\$/)

    const again = await reset(
      { ...payload, password: 'third-pass-1', password_confirmation: 'third-pass-1' },
      en,
    )
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'This reset link is invalid or has expired',
    })
    expect((await login(shopper.email, 'third-pass-1')).statusCode).toBe(401)
  })

  it('refuses an expired token', async () => {
    const shopper = await createUser(ctx.app)
    const { token, email } = await resetLinkFor(shopper.email)
    await ctx.app.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResets.userId, shopper.id))
    const res = await reset({
      email,
      token,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toMatchObject({
      code: 'INVALID_RESET_TOKEN',
      message: 'رابط إعادة التعيين غير صالح أو منتهي الصلاحية',
    })
    expect((await me(shopper.token)).statusCode).toBe(200)
  })

  it('refuses a token used with another email, and the token still works for its own account', async () => {
    const shopper = await createUser(ctx.app)
    const other = await createUser(ctx.app)
    const { token, email } = await resetLinkFor(shopper.email)
    const wrong = await reset({
      email: other.email,
      token,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    expect(wrong.statusCode).toBe(422)
    expect((await login(other.email, other.password)).statusCode).toBe(200)
    expect(
      (await reset({ email, token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }))
        .statusCode,
    ).toBe(200)
  })

  it('refuses a made-up token', async () => {
    const shopper = await createUser(ctx.app)
    const res = await reset({
      email: shopper.email,
      token: 'made-up-token',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('INVALID_RESET_TOKEN')
  })

  it('validates the body (product.md §5.2 reset rules) in both languages', async () => {
    const ar = await reset({ email: 'x', token: '', password: 'short', password_confirmation: 'short' })
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors).toMatchObject({
      email: ['البريد الإلكتروني غير صالح'],
      token: ['رمز إعادة التعيين مطلوب'],
      password: ['يجب أن تتكون كلمة المرور من 8 أحرف على الأقل'],
    })
    const enRes = await reset(
      { email: 'a@b.ly', token: 't', password: 'long-enough-1', password_confirmation: 'long-enough-2' },
      en,
    )
    expect(enRes.json().errors).toEqual({ password_confirmation: ["Passwords don't match"] })
  })

  it('refuses a new password of spaces only (or padded to the minimum), and the link still works', async () => {
    const shopper = await createUser(ctx.app)
    const { token, email } = await resetLinkFor(shopper.email)
    for (const password of ['        ', ' '.repeat(30), ' abc    ']) {
      const payload = { email, token, password, password_confirmation: password }
      const enRes = await reset(payload, en)
      expect(enRes.statusCode).toBe(422)
      expect(enRes.json().errors).toEqual({ password: ['Password must be at least 8 characters'] })
      expect((await reset(payload)).json().errors).toEqual({
        password: ['يجب أن تتكون كلمة المرور من 8 أحرف على الأقل'],
      })
    }
    expect(
      (await reset({ email, token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' }))
        .statusCode,
    ).toBe(200)
  })
})

describe('POST /api/auth/change-password', () => {
  let changeIp = 1
  /** Each call comes from its own address unless told, so the per-IP limit of one test never leaks into another. */
  const change = (
    token: string | null,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
    ip = `10.2.${Math.floor(changeIp / 250)}.${(changeIp++ % 250) + 1}`,
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload,
      remoteAddress: ip,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    })
  const wrong = {
    current_password: 'not-my-password',
    password: 'new-password',
    password_confirmation: 'new-password',
  }

  it('needs a signed-in user', async () => {
    const res = await change(null, {
      current_password: 'secret123',
      password: 'new-password',
      password_confirmation: 'new-password',
    })
    expect(res.statusCode).toBe(401)
  })

  it('refuses a wrong current password on current_password (422, not 401) and changes nothing', async () => {
    const shopper = await createUser(ctx.app)
    const ar = await change(shopper.token, {
      current_password: 'not-my-password',
      password: 'new-password',
      password_confirmation: 'new-password',
    })
    expect(ar.statusCode).toBe(422)
    expect(ar.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      errors: { current_password: ['كلمة المرور الحالية غير صحيحة'] },
    })
    const enRes = await change(
      shopper.token,
      {
        current_password: 'not-my-password',
        password: 'new-password',
        password_confirmation: 'new-password',
      },
      en,
    )
    expect(enRes.json().errors.current_password).toEqual(['The current password is incorrect'])
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200)
  })

  it('validates the body', async () => {
    const shopper = await createUser(ctx.app)
    const res = await change(
      shopper.token,
      { current_password: '', password: 'short', password_confirmation: 'x' },
      en,
    )
    expect(res.statusCode).toBe(422)
    const errors = res.json().errors
    expect(errors.current_password).toEqual(['Current password is required'])
    expect(errors.password).toEqual(['Password must be at least 8 characters'])
    expect(errors.password_confirmation).toContain('Password confirmation is required')
  })

  it('refuses a new password of spaces only (or padded to the minimum) and keeps the old one', async () => {
    const shopper = await createUser(ctx.app)
    for (const password of ['        ', ' '.repeat(30), '  abc   ']) {
      const payload = { current_password: shopper.password, password, password_confirmation: password }
      const res = await change(shopper.token, payload, en)
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ password: ['Password must be at least 8 characters'] })
      expect((await change(shopper.token, payload)).json().errors).toEqual({
        password: ['يجب أن تتكون كلمة المرور من 8 أحرف على الأقل'],
      })
    }
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200)
  })

  it('locks an account out after 10 wrong current passwords with 429 and Retry-After, even with the right one', async () => {
    const shopper = await createUser(ctx.app)
    // Each attempt from another address: the limit is per account as well as per IP.
    for (let i = 0; i < 10; i++) expect((await change(shopper.token, wrong)).statusCode).toBe(422)
    const right = {
      current_password: shopper.password,
      password: 'new-password',
      password_confirmation: 'new-password',
    }
    const blocked = await change(shopper.token, right, en)
    expectLockedOut(blocked)
    expect((await change(shopper.token, right)).json().message).toBe(
      'محاولات كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة',
    )
    // The password did not change; the failures count against signing in too (same counter as the sign-in form).
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(429)
    await ctx.app.db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginAttempts.email, shopper.email))
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(200)
  })

  it('locks an IP out after 10 wrong current passwords across accounts', async () => {
    const ip = '10.3.0.1'
    for (let i = 0; i < 10; i++) {
      const someone = await createUser(ctx.app)
      expect((await change(someone.token, wrong, {}, ip)).statusCode).toBe(422)
    }
    const shopper = await createUser(ctx.app)
    const right = {
      current_password: shopper.password,
      password: 'new-password',
      password_confirmation: 'new-password',
    }
    const blocked = await change(shopper.token, right, {}, ip)
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // The same shopper from another address is not blocked.
    expect((await change(shopper.token, right)).statusCode).toBe(200)
  })

  it('a successful change clears the account’s failures', async () => {
    const shopper = await createUser(ctx.app)
    for (let i = 0; i < 9; i++) await change(shopper.token, wrong)
    const first = {
      current_password: shopper.password,
      password: 'new-password',
      password_confirmation: 'new-password',
    }
    expect((await change(shopper.token, first)).statusCode).toBe(200)
    for (let i = 0; i < 9; i++) await change(shopper.token, wrong)
    const second = {
      current_password: 'new-password',
      password: 'newer-password',
      password_confirmation: 'newer-password',
    }
    expect((await change(shopper.token, second)).statusCode).toBe(200)
  })

  it('sets the new password, keeps this session and signs out the others', async () => {
    const shopper = await createUser(ctx.app)
    const other = (await login(shopper.email, shopper.password)).json().token as string
    const res = await change(shopper.token, {
      current_password: shopper.password,
      password: 'new-password',
      password_confirmation: 'new-password',
    })
    expect(res.statusCode).toBe(200)
    expect((await me(shopper.token)).statusCode).toBe(200)
    expect((await me(other)).statusCode).toBe(401)
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(401)
    expect((await login(shopper.email, 'new-password')).statusCode).toBe(200)
  })
})
