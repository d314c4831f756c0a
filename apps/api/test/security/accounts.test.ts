import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq, sql } from 'drizzle-orm'
import { createCity, createProduct, createTestApp, createUser, type TestContext } from '../helpers.ts'
import { apiTokens, users } from '../../src/db/schema/users.ts'
import { mailOutbox } from '../../src/db/schema/settings.ts'
import { orders } from '../../src/db/schema/orders.ts'
import { rowsOf } from '../../src/db/client.ts'

// security.md "Access": tokens, password hashing, login throttling, mass assignment (product.md §6.2).
const en = { 'accept-language': 'en' }
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...en })

describe('accounts: tokens, passwords, throttling, mass assignment', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx?.close())

  async function register(email: string, extra: Record<string, unknown> = {}) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: en,
      payload: {
        name: 'Salma',
        email,
        password: 'sadu-palm-123',
        password_confirmation: 'sadu-palm-123',
        ...extra,
      },
    })
  }
  async function login(email: string, password = 'sadu-palm-123', ip = '10.0.0.1') {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: en,
      remoteAddress: ip,
      payload: { email, password },
    })
  }
  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })

  it('issues ≥128-bit random tokens and stores only their SHA-256 hash', async () => {
    expect((await register('tokens@example.ly')).statusCode).toBe(201)
    const tokens = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const res = await login('tokens@example.ly')
      expect(res.statusCode).toBe(200)
      tokens.add(res.json().token)
    }
    expect(tokens.size).toBe(3)
    for (const token of tokens) {
      // base64url or hex: at least 128 bits of alphabet × length.
      const bits = /^[0-9a-f]+$/i.test(token) ? token.length * 4 : token.length * 6
      expect(bits).toBeGreaterThanOrEqual(128)
    }
    const stored = rowsOf<Record<string, unknown>>(await ctx.app.db.execute(sql`select * from api_tokens`))
    const dump = JSON.stringify(stored)
    for (const token of tokens) {
      expect(dump).not.toContain(token)
      const { createHash } = await import('node:crypto')
      expect(dump).toContain(createHash('sha256').update(token).digest('hex'))
    }
  })

  it('refuses an expired token with 401', async () => {
    const user = await createUser(ctx.app)
    expect((await me(user.token)).statusCode).toBe(200)
    await ctx.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.userId, user.id))
    const res = await me(user.token)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe('UNAUTHENTICATED')
  })

  it('revokes the token on logout', async () => {
    const user = await createUser(ctx.app)
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: user.headers })).statusCode,
    ).toBe(200)
    expect((await me(user.token)).statusCode).toBe(401)
  })

  it('revokes every token on password reset', async () => {
    const user = await createUser(ctx.app, 'user', { email: 'reset-me@example.ly' })
    const second = (await login(user.email, user.password, '10.0.0.2')).json().token as string
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: en,
      payload: { email: user.email },
    })
    expect(forgot.statusCode).toBe(200)
    const [mail] = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
    const resetToken = decodeURIComponent(/token=([^&\s"<]+)/.exec(mail!.text)![1]!)
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: en,
      payload: {
        email: user.email,
        token: resetToken,
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
      },
    })
    expect(reset.statusCode).toBe(200)
    expect((await me(user.token)).statusCode).toBe(401)
    expect((await me(second)).statusCode).toBe(401)
    // Single use: the same link a second time is refused.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: en,
      payload: {
        email: user.email,
        token: resetToken,
        password: 'another-pass1',
        password_confirmation: 'another-pass1',
      },
    })
    expect(again.statusCode).toBe(422)
  })

  it('revokes the other tokens on password change', async () => {
    const user = await createUser(ctx.app)
    const other = (await login(user.email, user.password, '10.0.0.3')).json().token as string
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: user.headers,
      payload: {
        current_password: user.password,
        password: 'changed-pass1',
        password_confirmation: 'changed-pass1',
      },
    })
    expect(res.statusCode).toBe(200)
    expect((await me(other)).statusCode).toBe(401)
    expect((await login(user.email, user.password, '10.0.0.3')).statusCode).toBe(401)
    expect((await login(user.email, 'changed-pass1', '10.0.0.3')).statusCode).toBe(200)
  })

  it('hashes passwords with argon2id at OWASP parameters or stronger', async () => {
    await register('argon@example.ly')
    const [row] = await ctx.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'argon@example.ly'))
    // PHC string: $argon2id$v=19$m=…,t=…,p=…$salt$hash (the library may order the parameters differently).
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$/)
    const params = Object.fromEntries(
      row!.hash
        .split('$')[3]!
        .split(',')
        .map((kv) => kv.split('=') as [string, string]),
    )
    const [memory, time, parallel] = [Number(params.m), Number(params.t), Number(params.p)]
    // OWASP cheat sheet: m=19456 KiB, t=2, p=1 is the floor; more memory or time is stronger.
    expect(memory * time).toBeGreaterThanOrEqual(19_456 * 2)
    expect(memory).toBeGreaterThanOrEqual(19_456)
    expect(parallel).toBeGreaterThanOrEqual(1)
    expect(row!.hash).not.toContain('sadu-palm-123')
  })

  it('answers an unknown email and a wrong password identically', async () => {
    await register('known@example.ly')
    const unknown = await login('nobody-here@example.ly', 'sadu-palm-123', '10.0.1.1')
    const wrong = await login('known@example.ly', 'wrong-password', '10.0.1.2')
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.body).toBe(wrong.body)
  })

  it('answers 429 with Retry-After after repeated failures, even with the right password', async () => {
    await register('throttle@example.ly')
    const statuses: number[] = []
    for (let i = 0; i < 12; i++)
      statuses.push((await login('throttle@example.ly', 'wrong-password', `10.0.2.${i}`)).statusCode)
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    const locked = await login('throttle@example.ly', 'sadu-palm-123', '10.0.2.99')
    expect(locked.statusCode).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0)
    expect(locked.json().code).toBe('TOO_MANY_REQUESTS')
    // Per IP too: one address trying many accounts is stopped.
    for (let i = 0; i < 10; i++) await login(`spray-${i}@example.ly`, 'wrong-password', '10.0.3.3')
    expect((await login('known@example.ly', 'sadu-palm-123', '10.0.3.3')).statusCode).toBe(429)
  })

  it('ignores is_admin, role and user_id on registration', async () => {
    const res = await register('sneaky@example.ly', {
      is_admin: true,
      role: 'super_admin',
      roles: [{ name: 'admin' }],
      id: 1,
      user_id: 1,
      is_active: true,
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().user).toMatchObject({ is_admin: false, role: 'user' })
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, 'sneaky@example.ly'))
    expect(row!.role).toBe('user')
    const token = (await login('sneaky@example.ly', 'sadu-palm-123', '10.0.4.1')).json().token as string
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode,
    ).toBe(403)
  })

  it('ignores is_admin, role and user_id on profile and order updates', async () => {
    const shopper = await createUser(ctx.app)
    const victim = await createUser(ctx.app)
    // Every signed-in write a shopper can reach, with privilege fields added.
    const extra = { is_admin: true, role: 'super_admin', user_id: victim.id, id: victim.id }
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: shopper.headers,
      payload: {
        current_password: shopper.password,
        password: 'changed-pass1',
        password_confirmation: 'changed-pass1',
        ...extra,
      },
    })
    const after = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: shopper.headers })
    expect(after.json()).toMatchObject({ id: shopper.id, role: 'user', is_admin: false })
    const [victimRow] = await ctx.app.db.select().from(users).where(eq(users.id, victim.id))
    expect(victimRow!.role).toBe('user')
    // The victim's password is untouched.
    expect((await login(victim.email, victim.password, '10.0.4.2')).statusCode).toBe(200)
  })

  it('files an order under the token’s user (or none), never the user_id in the body', async () => {
    const product = await createProduct(ctx.app, { stock: 20 })
    const city = await createCity(ctx.app)
    const shopper = await createUser(ctx.app)
    const victim = await createUser(ctx.app)
    const payload = {
      customer_name: 'Mass Assign',
      customer_email: 'mass@example.ly',
      customer_phone: '0912345678',
      shipping_address: 'Tripoli',
      city_id: city.id,
      payment_method: 'cash',
      items: [{ product_id: product.id, quantity: 1 }],
      user_id: victim.id,
      order_status: 'completed',
      payment_status: 'paid',
    }
    const signed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...shopper.headers, 'idempotency-key': 'mass-assign-1' },
      payload,
    })
    expect(signed.statusCode).toBe(201)
    const asGuest = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'idempotency-key': 'mass-assign-2' },
      payload,
    })
    expect(asGuest.statusCode).toBe(201)
    const rows = await ctx.app.db.select().from(orders).where(eq(orders.customerEmail, 'mass@example.ly'))
    const byId = new Map(rows.map((r) => [r.id, r]))
    expect(byId.get(signed.json().id)).toMatchObject({
      userId: shopper.id,
      orderStatus: 'pending',
      paymentStatus: 'pending',
    })
    expect(byId.get(asGuest.json().id)).toMatchObject({
      userId: null,
      orderStatus: 'pending',
      paymentStatus: 'pending',
    })
    const victimOrders = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: victim.headers })
    expect(victimOrders.json().data).toEqual([])
  })
})
