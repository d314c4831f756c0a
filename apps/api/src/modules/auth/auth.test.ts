import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTokens, loginAttempts, users } from '../../db/schema/users.ts'
import { expectLockedOut, createTestApp, createUser, type TestContext } from '../../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

let ipCounter = 1
/** Each test signs in from its own address so the per-IP lockout of one test never leaks into another. */
const freshIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`
const en = { 'accept-language': 'en' }

const login = (email: string, password: string, ip = '10.9.9.9', headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers,
  })
const me = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
const uniqueEmail = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}@example.ly`

describe('POST /api/auth/register', () => {
  it('creates a shopper and signs them in at once: the answer carries a working token (decision 0138)', async () => {
    const email = uniqueEmail('Sara')
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'سارة علي', email, password: 'sadu-palm-12', password_confirmation: 'sadu-palm-12' },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body.user).toMatchObject({
      name: 'سارة علي',
      email: email.toLowerCase(),
      role: 'user',
      is_admin: false,
      roles: [{ name: 'user' }],
    })
    expect(typeof body.token).toBe('string')
    expect((await me(body.token)).json()).toMatchObject({ email: email.toLowerCase(), role: 'user' })
    expect(body.message).toBe('تم إنشاء حسابك، وأنت مسجَّل الدخول الآن.')
    const signIn = await login(email, 'sadu-palm-12', freshIp())
    expect(signIn.statusCode).toBe(200)
  })

  it('refuses a duplicate email, whatever its case, on the email field in Arabic and English', async () => {
    const email = uniqueEmail('dup')
    const payload = { name: 'Ali', email, password: 'sadu-palm-12', password_confirmation: 'sadu-palm-12' }
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(
      201,
    )
    const ar = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...payload, email: email.toUpperCase() },
    })
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors.email).toEqual(['هذا البريد الإلكتروني مسجل مسبقًا'])
    const enRes = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: en })
    expect(enRes.json().errors.email).toEqual(['This email is already registered'])
  })

  it('answers bad input with translated field errors (product.md §5.2)', async () => {
    const payload = { name: 'A', email: 'not-an-email', password: '123', password_confirmation: '321' }
    const ar = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload })
    expect(ar.statusCode).toBe(422)
    expect(ar.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'بعض الحقول غير صالحة' })
    expect(ar.json().errors).toMatchObject({
      name: ['يجب أن يتكون الاسم من حرفين على الأقل'],
      email: ['البريد الإلكتروني غير صالح'],
      password: ['يجب أن تتكون كلمة المرور من 6 أحرف على الأقل'],
    })
    const enRes = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Ali',
        email: uniqueEmail('x'),
        password: 'sadu-palm-12',
        password_confirmation: 'secret13',
      },
      headers: en,
    })
    expect(enRes.statusCode).toBe(422)
    expect(enRes.json().errors).toEqual({ password_confirmation: ["Passwords don't match"] })
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: 'null',
      headers: { 'content-type': 'application/json' },
    })
    expect(empty.statusCode).toBeGreaterThanOrEqual(400)
    expect(empty.statusCode).toBeLessThan(500)
  })

  it('answers a missing or non-string email with the email message, not a generic one', async () => {
    for (const email of [undefined, 42, null, ['a@b.ly']]) {
      const payload = { name: 'Ali', email, password: 'sadu-palm-12', password_confirmation: 'sadu-palm-12' }
      const enRes = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: en })
      expect(enRes.statusCode).toBe(422)
      expect(enRes.json().errors).toEqual({ email: ['Invalid email address'] })
      const ar = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload })
      expect(ar.json().errors).toEqual({ email: ['البريد الإلكتروني غير صالح'] })
    }
  })

  it('refuses a password of spaces only (or padded with spaces to the minimum) and creates nobody', async () => {
    for (const password of ['      ', ' '.repeat(40), '  ab  ', '\t abc \n ']) {
      const email = uniqueEmail('blank')
      const payload = { name: 'Ali', email, password, password_confirmation: password }
      const enRes = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: en })
      expect(enRes.statusCode).toBe(422)
      expect(enRes.json().errors).toEqual({ password: ['Password must be at least 6 characters'] })
      const ar = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload })
      expect(ar.json().errors).toEqual({ password: ['يجب أن تتكون كلمة المرور من 6 أحرف على الأقل'] })
      expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toEqual([])
    }
    // Spaces inside or around a long enough password are kept as typed.
    const email = uniqueEmail('spaced')
    const password = '  my pass  '
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ali', email, password, password_confirmation: password },
    })
    expect(ok.statusCode).toBe(201)
    expect((await login(email, password, freshIp())).statusCode).toBe(200)
    expect((await login(email, 'my pass', freshIp())).statusCode).toBe(401)
  })

  it('ignores is_admin, role and user_id in the body (mass assignment)', async () => {
    const email = uniqueEmail('sneaky')
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Sneaky',
        email,
        password: 'sadu-palm-12',
        password_confirmation: 'sadu-palm-12',
        is_admin: true,
        role: 'super_admin',
        user_id: 1,
        roles: [{ name: 'admin' }],
      },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().user).toMatchObject({ role: 'user', is_admin: false })
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email))
    expect(row!.role).toBe('user')
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/)
  })
})

describe('POST /api/auth/login', () => {
  it('gives a token and the user with is_admin, role and roles', async () => {
    const admin = await createUser(ctx.app, 'admin')
    const res = await login(admin.email, admin.password, freshIp())
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.user).toMatchObject({
      id: admin.id,
      email: admin.email,
      is_admin: true,
      role: 'admin',
      roles: [{ name: 'admin' }],
    })
    // Only the hash is stored, with an expiry about TOKEN_TTL_DAYS (30) ahead.
    const [stored] = await ctx.app.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, admin.id))
      .orderBy(sql`${apiTokens.id} desc`)
      .limit(1)
    expect(stored!.tokenHash).not.toBe(body.token)
    const days = (stored!.expiresAt.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThan(30.1)
    expect((await me(body.token)).json()).toMatchObject({ id: admin.id, is_admin: true })
  })

  it('a super admin reads as admin first and super_admin second', async () => {
    const boss = await createUser(ctx.app, 'super_admin')
    const res = await login(boss.email, boss.password, freshIp())
    expect(res.json().user).toMatchObject({
      is_admin: true,
      role: 'super_admin',
      roles: [{ name: 'admin' }, { name: 'super_admin' }],
    })
  })

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const shopper = await createUser(ctx.app)
    const wrong = await login(shopper.email, 'wrong-password', freshIp())
    const unknown = await login(uniqueEmail('nobody'), 'wrong-password', freshIp())
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    })
    expect((await login(shopper.email, 'nope-nope', freshIp(), en)).json().message).toBe(
      'The email or password is incorrect',
    )
  })

  it('validates the body with translated messages', async () => {
    const ar = await login('bad', '12', freshIp())
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors).toEqual({
      email: ['البريد الإلكتروني غير صالح'],
      password: ['يجب أن تتكون كلمة المرور من 6 أحرف على الأقل'],
    })
    const enRes = await login('bad', '12', freshIp(), en)
    expect(enRes.json().errors.password).toEqual(['Password must be at least 6 characters'])
  })

  it('answers a missing or non-string email with the email message', async () => {
    for (const payload of [{ password: 'sadu-palm-12' }, { email: 7, password: 'sadu-palm-12' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload,
        headers: en,
        remoteAddress: freshIp(),
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ email: ['Invalid email address'] })
    }
  })

  it('refuses a deactivated account with 403, but only to someone who knows the password', async () => {
    const shopper = await createUser(ctx.app)
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, shopper.id))
    const right = await login(shopper.email, shopper.password, freshIp(), en)
    expect(right.statusCode).toBe(403)
    expect(right.json()).toEqual({ code: 'ACCOUNT_DISABLED', message: 'This account has been deactivated' })
    expect((await login(shopper.email, 'wrong-password', freshIp())).statusCode).toBe(401)
  })

  it('locks an email out after 10 failures in 15 minutes with 429 and Retry-After, even with the right password', async () => {
    const shopper = await createUser(ctx.app)
    for (let i = 0; i < 10; i++)
      expect((await login(shopper.email, 'wrong-password', freshIp())).statusCode).toBe(401)
    const blocked = await login(shopper.email, shopper.password, freshIp(), en)
    expectLockedOut(blocked)
    expect((await login(shopper.email, shopper.password, freshIp())).json().message).toBe(
      'محاولات كثيرة جدًا. حاول مرة أخرى بعد 15 دقيقة',
    )

    // Failures older than the window no longer count.
    await ctx.app.db
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(loginAttempts.email, shopper.email))
    expect((await login(shopper.email, shopper.password, freshIp())).statusCode).toBe(200)
  })

  it('locks an IP out after 10 failures across different emails', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++)
      expect((await login(uniqueEmail(`spray${i}`), 'wrong-password', ip)).statusCode).toBe(401)
    const shopper = await createUser(ctx.app)
    const blocked = await login(shopper.email, shopper.password, ip)
    expect(blocked.statusCode).toBe(429)
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0)
    // The same shopper from another address is not blocked.
    expect((await login(shopper.email, shopper.password, freshIp())).statusCode).toBe(200)
  })

  it('a successful sign-in clears that email’s failures', async () => {
    const shopper = await createUser(ctx.app)
    for (let i = 0; i < 9; i++) await login(shopper.email, 'wrong-password', freshIp())
    expect((await login(shopper.email, shopper.password, freshIp())).statusCode).toBe(200)
    for (let i = 0; i < 9; i++) await login(shopper.email, 'wrong-password', freshIp())
    expect((await login(shopper.email, shopper.password, freshIp())).statusCode).toBe(200)
  })
})

describe('GET /api/me and POST /api/logout', () => {
  it('needs a valid token (translated 401)', async () => {
    const guest = await ctx.app.inject({ method: 'GET', url: '/api/me' })
    expect(guest.statusCode).toBe(401)
    expect(guest.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'يرجى تسجيل الدخول للمتابعة' })
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', ...en },
    })
    expect(forged.statusCode).toBe(401)
    expect(forged.json().message).toBe('Please sign in to continue')
  })

  it('returns the signed-in user', async () => {
    const shopper = await createUser(ctx.app, 'user', { name: 'منى' })
    const res = await me(shopper.token)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: shopper.id,
      name: 'منى',
      email: shopper.email,
      is_admin: false,
      is_active: true,
      role: 'user',
      roles: [{ name: 'user' }],
    })
    expect(res.json()).not.toHaveProperty('passwordHash')
    expect(res.json()).not.toHaveProperty('password_hash')
  })

  it('logout revokes this token only', async () => {
    const shopper = await createUser(ctx.app)
    const second = (await login(shopper.email, shopper.password, freshIp())).json().token as string
    const res = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: shopper.headers })
    expect(res.statusCode).toBe(200)
    expect((await me(shopper.token)).statusCode).toBe(401)
    expect((await me(second)).statusCode).toBe(200)
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: shopper.headers })).statusCode,
    ).toBe(401)
    expect((await ctx.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401)
  })

  it('an expired token is refused', async () => {
    const shopper = await createUser(ctx.app)
    await ctx.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.userId, shopper.id))
    expect((await me(shopper.token)).statusCode).toBe(401)
  })
})
