import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../db/schema/orders.ts'
import { apiTokens, users } from '../db/schema/users.ts'
import { createCity, createProduct, createTestApp, createUser, type TestContext } from '../../test/helpers.ts'

// A route where signing in is optional (guest checkout) must not treat a bad bearer token as a guest: the caller
// meant to act as someone, so it is the same 401 as on a protected route, and nothing is created.
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
let keyCounter = 0

async function placeOrder(email: string, headers: Record<string, string> = {}) {
  const product = await createProduct(ctx.app, { stock: 20 })
  const city = await createCity(ctx.app)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': `optional-auth-${Date.now()}-${keyCounter++}`, ...headers },
    payload: {
      customer_name: 'Bad Token',
      customer_email: email,
      customer_phone: '0912345678',
      shipping_address: 'Tripoli',
      city_id: city.id,
      payment_method: 'cash',
      items: [{ product_id: product.id, quantity: 1 }],
    },
  })
}
const ordersFor = (email: string) => ctx.app.db.select().from(orders).where(eq(orders.customerEmail, email))

describe('a bearer token on a route where signing in is optional (POST /api/orders)', () => {
  const cases: [string, () => Promise<string>][] = [
    ['made up', async () => 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['malformed', async () => 'Bearer not a token!'],
    ['empty', async () => 'Bearer '],
    [
      'expired',
      async () => {
        const shopper = await createUser(ctx.app)
        await ctx.app.db
          .update(apiTokens)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(apiTokens.userId, shopper.id))
        return shopper.headers.authorization
      },
    ],
    [
      'revoked (signed out)',
      async () => {
        const shopper = await createUser(ctx.app)
        expect(
          (await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: shopper.headers })).statusCode,
        ).toBe(200)
        return shopper.headers.authorization
      },
    ],
    [
      'of a deactivated account',
      async () => {
        const shopper = await createUser(ctx.app)
        await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, shopper.id))
        return shopper.headers.authorization
      },
    ],
  ]

  it.each(cases)('answers 401 and creates no order: token %s', async (label, header) => {
    const email = `bad-token-${keyCounter}@example.ly`
    const res = await placeOrder(email, { authorization: await header(), ...en })
    expect(res.statusCode, label).toBe(401)
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue' })
    expect(await ordersFor(email)).toEqual([])
  })

  it('answers in Arabic by default, like a protected route', async () => {
    const res = await placeOrder('bad-token-ar@example.ly', {
      authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    })
    const protectedRoute = await ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(protectedRoute.json())
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'يرجى تسجيل الدخول للمتابعة' })
  })

  it('still takes a guest order without an Authorization header, and files a valid token’s order under its user', async () => {
    const guest = await placeOrder('guest-ok@example.ly')
    expect(guest.statusCode).toBe(201)
    const shopper = await createUser(ctx.app)
    const signed = await placeOrder('signed-ok@example.ly', shopper.headers)
    expect(signed.statusCode).toBe(201)
    expect((await ordersFor('guest-ok@example.ly'))[0]).toMatchObject({ userId: null })
    expect((await ordersFor('signed-ok@example.ly'))[0]).toMatchObject({ userId: shopper.id })
  })

  it('treats another scheme (e.g. Basic from a proxy) as no bearer token: a guest', async () => {
    const res = await placeOrder('basic-guest@example.ly', { authorization: 'Basic dXNlcjpwYXNz' })
    expect(res.statusCode).toBe(201)
    expect((await ordersFor('basic-guest@example.ly'))[0]).toMatchObject({ userId: null })
  })

  it('is the same on other optional routes (catalog)', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { authorization: 'Bearer aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', ...en },
    })
    expect(bad.statusCode).toBe(401)
    expect(bad.json().code).toBe('UNAUTHENTICATED')
    expect((await ctx.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200)
  })
})
