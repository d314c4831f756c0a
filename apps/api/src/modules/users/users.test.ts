import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderItems, orders } from '../../db/schema/orders.ts'
import { users } from '../../db/schema/users.ts'
import {
  createProduct,
  createStaff,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'

let ctx: TestContext
let admin: TestUser
let boss: TestUser
let shopper: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
  boss = await createUser(ctx.app, 'super_admin')
  shopper = await createUser(ctx.app)
})
afterAll(() => ctx.close())

const en = { 'accept-language': 'en' }
const tag = () => Math.random().toString(36).slice(2, 10)
const me = (u: TestUser) => ctx.app.inject({ method: 'GET', url: '/api/me', headers: u.headers })

let seq = 0
async function placeOrder(
  userId: number,
  totalAmount: number,
  orderStatus: 'pending' | 'completed' | 'cancelled' = 'completed',
) {
  const product = await createProduct(ctx.app, { name: `عسل سدر ${tag()}` })
  const [order] = await ctx.app.db
    .insert(orders)
    .values({
      orderNumber: `TEST-USERS-${Date.now()}-${seq++}`,
      userId,
      customerName: 'Buyer',
      customerEmail: 'b@example.ly',
      customerPhone: '0910000000',
      shippingAddress: 'a, b, c',
      subtotal: totalAmount - 10,
      deliveryPrice: 10,
      totalAmount,
      totalCost: 5,
      orderStatus,
    })
    .returning()
  await ctx.app.db.insert(orderItems).values({
    orderId: order!.id,
    productId: product.id,
    productName: product.name,
    quantity: 1,
    unitPrice: totalAmount - 10,
    unitCost: 5,
    lineTotal: totalAmount - 10,
  })
  return { order: order!, product }
}

describe('permissions', () => {
  const calls = () => [
    { method: 'GET' as const, url: '/api/users' },
    { method: 'GET' as const, url: `/api/users/${shopper.id}` },
    { method: 'PATCH' as const, url: `/api/users/${shopper.id}/role`, payload: { role: 'admin' } },
    { method: 'PATCH' as const, url: `/api/users/${shopper.id}/status`, payload: { is_active: false } },
  ]

  it('guests get 401 and shoppers 403 on every users call, even with a bad body', async () => {
    for (const call of calls()) {
      const guest = await ctx.app.inject({ ...call, payload: call.payload ?? undefined })
      expect(guest.statusCode, call.url).toBe(401)
      expect(guest.json().code).toBe('UNAUTHENTICATED')
      const asShopper = await ctx.app.inject({ ...call, headers: { ...shopper.headers, ...en } })
      expect(asShopper.statusCode, call.url).toBe(403)
      expect(asShopper.json()).toMatchObject({ code: 'FORBIDDEN' })
      const junk = await ctx.app.inject({
        ...call,
        url: call.url.replace(String(shopper.id), 'abc'),
        payload: call.payload ? { role: 1, is_active: 'x' } : undefined,
        headers: shopper.headers,
      })
      expect(junk.statusCode, call.url).toBe(403)
    }
    expect((await me(shopper)).statusCode).toBe(200)
  })

  it('only the owner (staff.manage) changes roles: an admin is a manager (decision 0190)', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${shopper.id}/role`,
      payload: { role: 'admin' },
      headers: { ...admin.headers, ...en },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('You do not have permission to do this')
    expect((await me(shopper)).json().role).toBe('user')
  })
})

describe('GET /api/users', () => {
  it('searches name and email case-insensitively and counts each user’s orders', async () => {
    const t = tag()
    const khadija = await createUser(ctx.app, 'user', {
      name: `Khadija ${t}`,
      email: `khadija-${t}@example.ly`,
    })
    await createUser(ctx.app, 'user', { name: `Someone ${t}`, email: `other-${t}@example.ly` })
    await placeOrder(khadija.id, 50)
    await placeOrder(khadija.id, 30.5, 'pending')
    await placeOrder(khadija.id, 999, 'cancelled')

    const byName = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?search=KHADIJA%20${t}`,
      headers: admin.headers,
    })
    expect(byName.statusCode).toBe(200)
    expect(byName.json()).toMatchObject({ total: 1, last_page: 1, current_page: 1, per_page: 10 })
    expect(byName.json().data[0]).toMatchObject({
      id: khadija.id,
      role: 'user',
      is_admin: false,
      is_active: true,
      orders_count: 3,
      orders_total: 80.5,
    })

    const byEmail = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?search=OTHER-${t.toUpperCase()}%40EXAMPLE`,
      headers: admin.headers,
    })
    expect(byEmail.json().total).toBe(1)
    expect(byEmail.json().data[0].email).toBe(`other-${t}@example.ly`)
  })

  it('searches for % and _ literally', async () => {
    const t = tag()
    await createUser(ctx.app, 'user', { name: `percent_${t}` })
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?search=${encodeURIComponent('%')}${t}`,
      headers: admin.headers,
    })
    expect(res.json().total).toBe(0)
    const under = await ctx.app.inject({
      method: 'GET',
      url: `/api/users?search=${encodeURIComponent(`_${t}`)}`,
      headers: admin.headers,
    })
    expect(under.json().total).toBe(1)
  })

  it('filters by role (admin means staff) and paginates', async () => {
    const staff = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?role=admin&per_page=100',
      headers: admin.headers,
    })
    const roles = new Set(staff.json().data.map((u: { role: string }) => u.role))
    expect([...roles].sort()).toEqual(['admin', 'super_admin'])
    const supers = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?role=super_admin&per_page=100',
      headers: admin.headers,
    })
    expect(supers.json().data.every((u: { role: string }) => u.role === 'super_admin')).toBe(true)
    const shoppers = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?role=user&per_page=100',
      headers: admin.headers,
    })
    expect(
      shoppers
        .json()
        .data.every((u: { role: string; is_admin: boolean }) => u.role === 'user' && !u.is_admin),
    ).toBe(true)
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?role=all&per_page=2&page=2',
      headers: admin.headers,
    })
    const body = all.json()
    expect(body.data).toHaveLength(2)
    expect(body).toMatchObject({ current_page: 2, per_page: 2, last_page: Math.ceil(body.total / 2) })
    expect(body.total).toBe(shoppers.json().total + staff.json().total)
  })

  it('refuses bad queries with translated messages', async () => {
    const ar = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?per_page=1000&role=owner',
      headers: admin.headers,
    })
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors).toMatchObject({
      per_page: ['يجب أن يكون حجم الصفحة بين 1 و100'],
      role: ['اختر دورًا من القائمة'],
    })
    const enRes = await ctx.app.inject({
      method: 'GET',
      url: '/api/users?page=0',
      headers: { ...admin.headers, ...en },
    })
    expect(enRes.json().errors).toEqual({ page: ['Page must be a whole number of 1 or more'] })
  })
})

describe('GET /api/users/:id', () => {
  it('shows the user with their latest orders and items', async () => {
    const buyer = await createUser(ctx.app, 'user', { name: 'Salem' })
    const { order, product } = await placeOrder(buyer.id, 60)
    const res = await ctx.app.inject({ method: 'GET', url: `/api/users/${buyer.id}`, headers: admin.headers })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.user).toMatchObject({ id: buyer.id, name: 'Salem', orders_count: 1, orders_total: 60 })
    expect(body.orders).toHaveLength(1)
    expect(body.orders[0]).toMatchObject({
      id: order.id,
      order_number: order.orderNumber,
      total_amount: 60,
      profit: 45,
      order_status: 'completed',
    })
    expect(body.orders[0].items[0]).toMatchObject({
      product_id: product.id,
      quantity: 1,
      unit_price: 50,
      product: { id: product.id, name: product.name },
    })
  })

  it('answers 404 for an unknown user and 422 for a bad id', async () => {
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/999999',
      headers: { ...admin.headers, ...en },
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' })
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/users/abc', headers: admin.headers })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.id).toEqual(['يجب أن يكون المعرّف عددًا صحيحًا'])
  })
})

describe('PATCH /api/users/:id/role', () => {
  it('a super admin promotes a shopper, who then reads as staff', async () => {
    const target = await createUser(ctx.app)
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}/role`,
      payload: { role: 'admin' },
      headers: boss.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: target.id,
      role: 'admin',
      is_admin: true,
      roles: [{ name: 'admin' }],
    })
    expect((await me(target)).json()).toMatchObject({ is_admin: true })
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users', headers: target.headers })).statusCode,
    ).toBe(200)
  })

  it('refuses changing your own role and bad roles', async () => {
    const self = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${boss.id}/role`,
      payload: { role: 'user' },
      headers: { ...boss.headers, ...en },
    })
    expect(self.statusCode).toBe(403)
    expect(self.json().message).toBe('You cannot change your own account here')
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${shopper.id}/role`,
      payload: { role: 'owner' },
      headers: boss.headers,
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.role).toEqual(['اختر دورًا من القائمة'])
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/users/999999/role',
      payload: { role: 'user' },
      headers: boss.headers,
    })
    expect(missing.statusCode).toBe(404)
  })

  it('two super admins demoting each other at once leave one super admin', async () => {
    const a = await createUser(ctx.app, 'super_admin')
    const b = await createUser(ctx.app, 'super_admin')
    // Leave only a and b as active super admins for this test.
    await ctx.app.db.update(users).set({ isActive: false }).where(eq(users.id, boss.id))
    try {
      const [ra, rb] = await Promise.all([
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/users/${b.id}/role`,
          payload: { role: 'user' },
          headers: a.headers,
        }),
        ctx.app.inject({
          method: 'PATCH',
          url: `/api/users/${a.id}/role`,
          payload: { role: 'user' },
          headers: b.headers,
        }),
      ])
      expect([ra.statusCode, rb.statusCode].filter((s) => s === 200)).toHaveLength(1)
      expect([ra.statusCode, rb.statusCode].every((s) => s === 200 || s === 403 || s === 409)).toBe(true)
      const left = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.role, 'super_admin'))
      expect(left.map((r) => r.id).filter((id) => id === a.id || id === b.id)).toHaveLength(1)
    } finally {
      await ctx.app.db.update(users).set({ isActive: true }).where(eq(users.id, boss.id))
    }
  })
})

describe('PATCH /api/users/:id/status', () => {
  it('deactivation signs the user out at once and blocks sign-in; reactivation lets them back in', async () => {
    const target = await createUser(ctx.app)
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}/status`,
      payload: { is_active: false },
      headers: admin.headers,
    })
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ id: target.id, is_active: false })
    expect((await me(target)).statusCode).toBe(401)
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password },
      remoteAddress: '10.2.0.1',
    })
    expect(signIn.statusCode).toBe(403)
    expect(signIn.json().code).toBe('ACCOUNT_DISABLED')

    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.id}/status`,
      payload: { is_active: 'true' },
      headers: admin.headers,
    })
    expect(on.json().is_active).toBe(true)
    // The old token stays revoked; a fresh sign-in works.
    expect((await me(target)).statusCode).toBe(401)
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password },
      remoteAddress: '10.2.0.2',
    })
    expect(again.statusCode).toBe(200)
  })

  it('refuses deactivating yourself, and an admin cannot switch off a super admin', async () => {
    const self = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}/status`,
      payload: { is_active: false },
      headers: admin.headers,
    })
    expect(self.statusCode).toBe(403)
    expect(self.json().message).toBe('لا يمكنك تغيير حسابك من هنا')
    expect((await me(admin)).statusCode).toBe(200)
    const up = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${boss.id}/status`,
      payload: { is_active: false },
      headers: admin.headers,
    })
    expect(up.statusCode).toBe(403)
    expect(up.json().message).toBe('لا يغيّر حسابات الموظفين إلا مالك المتجر')
    expect((await me(boss)).statusCode).toBe(200)
  })

  it('switches a staff account on or off only with staff.manage (the owner); customers with customers.manage', async () => {
    const manager = await createStaff(ctx.app, 'manager')
    const clerk = await createStaff(ctx.app, 'order_clerk')
    const owner = await createStaff(ctx.app, 'owner')
    const customer = await createUser(ctx.app)
    const call = (id: number, headers: Record<string, string>, isActive: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}/status`,
        payload: { is_active: isActive },
        headers: { ...headers, ...en },
      })
    const byManager = await call(clerk.id, manager.headers, false)
    expect(byManager.statusCode).toBe(403)
    expect(byManager.json().message).toBe('Only the shop owner can change a staff account')
    expect((await me(clerk)).statusCode).toBe(200)
    // The clerk has no customers.manage at all.
    expect((await call(customer.id, clerk.headers, false)).statusCode).toBe(403)
    expect((await call(customer.id, manager.headers, false)).statusCode).toBe(200)
    expect((await call(customer.id, manager.headers, true)).statusCode).toBe(200)
    expect((await call(clerk.id, owner.headers, false)).statusCode).toBe(200)
    expect((await me(clerk)).statusCode).toBe(401)
  })

  it('validates the body in both languages', async () => {
    const ar = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${shopper.id}/status`,
      payload: { is_active: 'maybe' },
      headers: admin.headers,
    })
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors.is_active).toEqual(['يجب أن تكون القيمة true أو false'])
    const enRes = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${shopper.id}/status`,
      payload: {},
      headers: { ...admin.headers, ...en },
    })
    expect(enRes.json().errors.is_active).toEqual(['Must be true or false'])
    expect((await me(shopper)).statusCode).toBe(200)
  })
})
