import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestContext, TestUser } from '../helpers.ts'
import { createCity, createProduct, createUser } from '../helpers.ts'
import { orderItems, orders } from '../../src/db/schema/orders.ts'
import {
  createAppWithRoutes,
  fillPath,
  ROUTE_ACCESS,
  type Access,
  type RegisteredRoute,
} from './route-access.ts'

// security.md "Access": every registered route × guest, shopper, admin, super admin (product.md §6.1, §6.2).
type Caller = 'guest' | 'shopper' | 'admin' | 'super'

const ALLOWED: Record<Access, Caller[]> = {
  public: ['guest', 'shopper', 'admin', 'super'],
  user: ['shopper', 'admin', 'super'],
  admin: ['admin', 'super'],
  super: ['super'],
}

/** What the caller must get: through the guard (anything but 401/403), 401 or 403. */
function expected(access: Access, caller: Caller): 'through' | 401 | 403 {
  if (ALLOWED[access].includes(caller)) return 'through'
  return caller === 'guest' ? 401 : 403
}

async function insertOrder(ctx: TestContext, userId: number | null, name: string) {
  const product = await createProduct(ctx.app)
  const city = await createCity(ctx.app)
  const [order] = await ctx.app.db
    .insert(orders)
    .values({
      orderNumber: `ORD-TEST-${Math.random().toString(36).slice(2, 10)}`,
      userId,
      customerName: name,
      customerEmail: `${name.toLowerCase()}@example.ly`,
      customerPhone: '0912345678',
      shippingAddress: `${name} street, Tripoli`,
      cityId: city.id,
      cityName: city.name,
      subtotal: 20,
      deliveryPrice: 15,
      totalAmount: 35,
    })
    .returning()
  await ctx.app.db.insert(orderItems).values({
    orderId: order!.id,
    productId: product.id,
    productName: product.name,
    quantity: 1,
    unitPrice: 20,
    lineTotal: 20,
  })
  return order!
}

describe('permission matrix over every registered route', () => {
  let ctx: TestContext
  let routes: RegisteredRoute[]
  let callers: Record<Caller, Record<string, string>>
  let shopperA: TestUser
  let shopperB: TestUser

  beforeAll(async () => {
    ;({ ctx, routes } = await createAppWithRoutes())
    shopperA = await createUser(ctx.app, 'user', { name: 'Shopper A' })
    shopperB = await createUser(ctx.app, 'user', { name: 'Shopper B' })
    const admin = await createUser(ctx.app, 'admin')
    const superAdmin = await createUser(ctx.app, 'super_admin')
    callers = { guest: {}, shopper: shopperA.headers, admin: admin.headers, super: superAdmin.headers }
  })
  afterAll(() => ctx?.close())

  it('knows who may call every /api route (a new route must be added to ROUTE_ACCESS)', () => {
    const missing = routes.filter((r) => !(r.key in ROUTE_ACCESS)).map((r) => r.key)
    expect(missing, `routes without an access rule in test/security/route-access.ts`).toEqual([])
    expect(routes.length).toBeGreaterThan(10)
  })

  // The guard must run before body validation (onRequest/preValidation): a guest gets 401 and a shopper 403 whatever
  // they send, never the 422 field list of an admin form (product.md §8.1: 401 not signed in, 403 not allowed).
  it('lets each caller through exactly the routes of its class and refuses the rest with 401/403', async () => {
    const wrong: string[] = []
    // Logout revokes the caller's token, so it goes last.
    const ordered = [...routes].sort(
      (a, b) => Number(a.key === 'POST /api/logout') - Number(b.key === 'POST /api/logout'),
    )
    for (const route of ordered) {
      const access = ROUTE_ACCESS[route.key]
      if (!access) continue
      for (const caller of Object.keys(callers) as Caller[]) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: fillPath(route.url),
          headers: callers[caller],
        })
        const want = expected(access, caller)
        const ok =
          want === 'through'
            ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
            : res.statusCode === want
        if (!ok) wrong.push(`${caller} ${route.key} → ${res.statusCode} (want ${want})`)
        if (res.statusCode === 401 || res.statusCode === 403)
          expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) })
      }
    }
    expect(wrong).toEqual([])
  })

  it('never shows a shopper another shopper’s orders, whatever the query says', async () => {
    const orderA = await insertOrder(ctx, shopperA.id, 'Alia')
    const orderB = await insertOrder(ctx, shopperB.id, 'Bashir')
    const guestOrder = await insertOrder(ctx, null, 'Guest')

    for (const url of [
      '/api/orders',
      `/api/orders?user_id=${shopperA.id}`,
      '/api/orders?per_page=100&status=all',
      '/api/orders?search=Alia',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: shopperB.headers })
      expect(res.statusCode, url).toBe(200)
      const ids = (res.json().data as { id: number; user_id: number | null }[]).map((o) => o.id)
      expect(ids, url).not.toContain(orderA.id)
      expect(ids, url).not.toContain(guestOrder.id)
      expect(res.body, url).not.toContain('Alia')
    }
    const own = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: shopperB.headers })
    expect((own.json().data as { id: number }[]).map((o) => o.id)).toContain(orderB.id)

    for (const id of [orderA.id, guestOrder.id]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: shopperB.headers })
      expect([403, 404]).toContain(res.statusCode)
      expect(res.body).not.toContain('Alia')
    }
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${orderB.id}`,
      headers: shopperB.headers,
    })
    expect(mine.statusCode).toBe(200)
    expect(mine.json().customer_name).toBe('Bashir')
  })

  it('never shows a shopper another shopper’s profile', async () => {
    await insertOrder(ctx, shopperA.id, 'Alia')
    const fresh = await createUser(ctx.app, 'user', { name: 'Fresh shopper' })
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: fresh.headers })
    expect(profile.statusCode).toBe(200)
    expect(profile.json().user.id).toBe(fresh.id)
    // Autofill comes from the shopper's own last order only; this one has none.
    expect(profile.json().autofill).toBeNull()
    expect(profile.body).not.toContain('Alia')
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/${shopperA.id}`,
      headers: fresh.headers,
    })
    expect(other.statusCode).toBe(403)
  })
})
