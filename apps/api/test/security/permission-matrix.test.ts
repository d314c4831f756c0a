import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUILT_IN_ROLE_PERMISSIONS, type Permission } from '@shop/shared/permissions'
import type { TestContext, TestUser } from '../helpers.ts'
import { createCity, createProduct, createStaff, createUser } from '../helpers.ts'
import { orderItems, orders } from '../../src/db/schema/orders.ts'
import { authPlugin, type RouteAccess } from '../../src/plugins/auth.ts'
import { createAppWithRoutes, fillPath, isDocsRoute, type RegisteredRoute } from './route-access.ts'

// security.md "Access" (decision 0190): every registered route × guest, shopper, the spec's admin (no staff role: a
// manager) and super admin (the owner), one staff member of each built-in role and one of a custom role.
const CALLERS = [
  'guest',
  'shopper',
  'admin',
  'super_admin',
  'owner',
  'manager',
  'order_clerk',
  'catalogue_editor',
  'accountant',
  'custom',
] as const
type Caller = (typeof CALLERS)[number]

const CUSTOM_ROLE: Permission[] = ['orders.view', 'stock.manage', 'audit.view']

/** What each caller's role allows, from the roles' data (not from the code under test). */
const PERMISSIONS_OF: Record<Caller, readonly Permission[] | null> = {
  guest: null,
  shopper: [],
  admin: BUILT_IN_ROLE_PERMISSIONS.manager,
  super_admin: BUILT_IN_ROLE_PERMISSIONS.owner,
  owner: BUILT_IN_ROLE_PERMISSIONS.owner,
  manager: BUILT_IN_ROLE_PERMISSIONS.manager,
  order_clerk: BUILT_IN_ROLE_PERMISSIONS.order_clerk,
  catalogue_editor: BUILT_IN_ROLE_PERMISSIONS.catalogue_editor,
  accountant: BUILT_IN_ROLE_PERMISSIONS.accountant,
  custom: CUSTOM_ROLE,
}

/** Public routes that check a secret of their own (not a session): refused alike to every caller without it. */
const SECRET_CHECKED: Record<string, 401 | 403> = {
  'GET /api/whatsapp/webhook': 403,
  'POST /api/whatsapp/webhook': 401,
  // Issue 42: the driver's link is its own key (a made-up one is refused alike; its PATCH checks the body first).
  'GET /api/driver/:token': 401,
}

/** What the caller must get: through the guard (anything but 401/403), 401 or 403. */
function expected(access: RouteAccess, caller: Caller): 'through' | 401 | 403 {
  if (access === 'public') return 'through'
  const permissions = PERMISSIONS_OF[caller]
  if (permissions === null) return 401
  if (access === 'signed_in') return 'through'
  // Issue 42: one of several permissions.
  if (typeof access === 'object') return access.anyOf.some((p) => permissions.includes(p)) ? 'through' : 403
  // Any staff member, whatever their role; a shopper is refused (issue 39).
  if (access === 'staff') return caller === 'shopper' ? 403 : 'through'
  return permissions.includes(access) ? 'through' : 403
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
    const staff = async (role: Parameters<typeof createStaff>[1]) =>
      (await createStaff(ctx.app, role)).headers
    callers = {
      guest: {},
      shopper: shopperA.headers,
      admin: admin.headers,
      super_admin: superAdmin.headers,
      owner: await staff('owner'),
      manager: await staff('manager'),
      order_clerk: await staff('order_clerk'),
      catalogue_editor: await staff('catalogue_editor'),
      accountant: await staff('accountant'),
      custom: await staff({ permissions: CUSTOM_ROLE }),
    }
  })
  afterAll(() => ctx?.close())

  it('finds a declared access on every /api route (config.access; the documentation alone is public)', () => {
    const missing = routes.filter((r) => !r.access && !isDocsRoute(r.url)).map((r) => r.key)
    expect(missing, 'routes without config: { access } (decision 0190)').toEqual([])
    expect(routes.length).toBeGreaterThan(10)
  })

  it('refuses to register an /api route that declares no access, or an unknown one', async () => {
    const app = Fastify()
    await app.register(authPlugin)
    expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow(/declares no access/)
    expect(() =>
      app.get('/api/typo', { config: { access: 'orders.fly' as Permission } }, async () => ({ ok: true })),
    ).toThrow(/unknown access/)
    // Outside /api (the storefront's pages, /metrics) nothing is required.
    expect(() => app.get('/page', async () => 'ok')).not.toThrow()
    await app.close()
  })

  // The guard runs first (onRequest): a guest gets 401 and a caller without the permission 403 whatever they send,
  // never the 422 field list of a form (product.md §8.1: 401 not signed in, 403 not allowed).
  it('lets each caller through exactly the routes its role allows and refuses the rest with 401/403', async () => {
    const wrong: string[] = []
    // Logout revokes the caller's token, so it goes last.
    const ordered = [...routes].sort(
      (a, b) => Number(a.key === 'POST /api/logout') - Number(b.key === 'POST /api/logout'),
    )
    let checked = 0
    for (const route of ordered) {
      const access: RouteAccess = route.access ?? 'public'
      for (const caller of CALLERS) {
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: fillPath(route.url),
          headers: callers[caller],
        })
        // Issue 41: Meta's webhook is public, but its own secret (the verify token, the body's signature) decides:
        // without it every caller, signed in or not, gets the same 403 / 401.
        const want = SECRET_CHECKED[route.key] ?? expected(access, caller)
        const ok =
          want === 'through'
            ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
            : res.statusCode === want
        if (!ok) wrong.push(`${caller} ${route.key} [${access}] → ${res.statusCode} (want ${want})`)
        if (res.statusCode === 401 || res.statusCode === 403)
          expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) })
        checked++
      }
    }
    expect(wrong).toEqual([])
    expect(checked).toBe(routes.length * CALLERS.length)
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
