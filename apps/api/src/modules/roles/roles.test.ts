import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  PERMISSIONS,
  type Permission,
} from '@shop/shared/permissions'
import { auditLog } from '../../db/schema/team.ts'
import { users } from '../../db/schema/users.ts'
import {
  createStaff,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'

let ctx: TestContext
let owner: TestUser
const en = { 'accept-language': 'en' }
/** Answers list permissions in PERMISSIONS order. */
const inOrder = (list: readonly Permission[]) => PERMISSIONS.filter((p) => list.includes(p))

beforeAll(async () => {
  ctx = await createTestApp()
  owner = await createStaff(ctx.app, 'owner', { name: 'Owner Olfa' })
})
afterAll(() => ctx.close())

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = owner.headers,
) => ctx.app.inject({ method, url, payload, headers })

describe('GET /api/me (decision 0190)', () => {
  it('tells a staff member their permissions and role, in the reader’s language; a shopper none', async () => {
    const clerk = await createStaff(ctx.app, 'order_clerk')
    const ar = await call('GET', '/api/me', undefined, clerk.headers)
    expect(ar.statusCode).toBe(200)
    expect(ar.json().permissions).toEqual(['orders.view', 'orders.process', 'delivery.manage'])
    expect(ar.json().staff_role).toMatchObject({ key: 'order_clerk', name: expect.any(String) })
    const enRes = await call('GET', '/api/me', undefined, { ...clerk.headers, ...en })
    expect(enRes.json().staff_role.name).not.toBe(ar.json().staff_role.name)

    const shopper = await createUser(ctx.app)
    const mine = await call('GET', '/api/me', undefined, shopper.headers)
    expect(mine.json()).toMatchObject({ permissions: [], staff_role: null })
    // The spec's roles keep working: a super admin is the owner, an admin without a staff role a manager.
    const boss = await createUser(ctx.app, 'super_admin')
    expect((await call('GET', '/api/me', undefined, boss.headers)).json().permissions).toEqual(
      inOrder(BUILT_IN_ROLE_PERMISSIONS.owner),
    )
    const admin = await createUser(ctx.app, 'admin')
    const adminMe = (await call('GET', '/api/me', undefined, admin.headers)).json()
    expect(adminMe.permissions).toEqual(inOrder(BUILT_IN_ROLE_PERMISSIONS.manager))
    expect(adminMe.permissions).not.toContain('staff.manage')
  })

  it('gives the same at sign-in', async () => {
    const accountant = await createStaff(ctx.app, 'accountant')
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: accountant.email, password: accountant.password },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.permissions).toEqual(inOrder(BUILT_IN_ROLE_PERMISSIONS.accountant))
    expect(res.json().user.staff_role.key).toBe('accountant')
  })
})

describe('/api/roles', () => {
  it('lists the built-in roles first with their permissions from the code and how many staff have each', async () => {
    const before = (await call('GET', '/api/roles')).json().data as { key: string; staff_count: number }[]
    const clerksBefore = before.find((r) => r.key === 'order_clerk')!.staff_count
    await createStaff(ctx.app, 'order_clerk')
    const res = await call('GET', '/api/roles', undefined, { ...owner.headers, ...en })
    expect(res.statusCode).toBe(200)
    const data = res.json().data as {
      key: string | null
      permissions: string[]
      is_built_in: boolean
      staff_count: number
      name: string
    }[]
    expect(data.slice(0, BUILT_IN_ROLES.length).map((r) => r.key)).toEqual([...BUILT_IN_ROLES])
    for (const role of data.filter((r) => r.key))
      expect(role.permissions).toEqual(
        inOrder(BUILT_IN_ROLE_PERMISSIONS[role.key as keyof typeof BUILT_IN_ROLE_PERMISSIONS]),
      )
    expect(data.find((r) => r.key === 'order_clerk')!.staff_count).toBe(clerksBefore + 1)
    expect(data.every((r) => r.name.length > 0)).toBe(true)
  })

  it('is the owner’s: a manager gets a translated 403, a guest 401', async () => {
    const manager = await createStaff(ctx.app, 'manager')
    const res = await call('GET', '/api/roles', undefined, { ...manager.headers, ...en })
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe('You do not have permission to do this')
    const ar = await call(
      'POST',
      '/api/roles',
      { name_ar: 'مغلف', name_en: 'Packer', permissions: ['stock.manage'] },
      manager.headers,
    )
    expect(ar.statusCode).toBe(403)
    expect(ar.json().message).toBe('ليست لديك صلاحية للقيام بذلك')
    expect((await call('GET', '/api/roles', undefined, {})).statusCode).toBe(401)
  })

  it('makes, changes and deletes a custom role, each in the audit trail; its staff act with the new permissions at once', async () => {
    const created = await call('POST', '/api/roles', {
      name_ar: 'مغلّف',
      name_en: 'Packer',
      permissions: ['orders.view', 'stock.manage', 'orders.view'],
    })
    expect(created.statusCode).toBe(201)
    const role = created.json()
    expect(role).toMatchObject({
      key: null,
      name: 'مغلّف',
      name_translations: { ar: 'مغلّف', en: 'Packer' },
      permissions: ['orders.view', 'stock.manage'],
      is_built_in: false,
      staff_count: 0,
    })
    const packer = await createStaff(ctx.app, role.id)
    expect((await call('GET', '/api/products/export/csv', undefined, packer.headers)).statusCode).toBe(403)

    const changed = await call('PATCH', `/api/roles/${role.id}`, {
      permissions: ['orders.view', 'imports.manage'],
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ permissions: ['orders.view', 'imports.manage'], staff_count: 1 })
    expect((await call('GET', '/api/products/export/csv', undefined, packer.headers)).statusCode).toBe(200)
    expect((await call('GET', '/api/me', undefined, packer.headers)).json().permissions).toEqual([
      'orders.view',
      'imports.manage',
    ])

    // Still given to the packer: refused, translated.
    const inUse = await call('DELETE', `/api/roles/${role.id}`, undefined, { ...owner.headers, ...en })
    expect(inUse.statusCode).toBe(409)
    expect(inUse.json()).toMatchObject({
      code: 'ROLE_IN_USE',
      message: 'Staff members still have this role. Give them another role first',
    })
    await ctx.app.db.update(users).set({ staffRoleId: null }).where(eq(users.id, packer.id))
    expect((await call('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(204)
    expect((await call('PATCH', `/api/roles/${role.id}`, { name_en: 'Gone' })).statusCode).toBe(404)

    const trail = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(role.id))))
      .orderBy(auditLog.id)
    expect(trail.map((r) => r.action)).toEqual(['role.created', 'role.updated', 'role.deleted'])
    expect(trail.every((r) => r.actorUserId === owner.id && r.actorKind === 'staff')).toBe(true)
    expect(trail[1]!.before).toEqual({ permissions: ['orders.view', 'stock.manage'] })
    expect(trail[1]!.after).toEqual({ permissions: ['orders.view', 'imports.manage'] })
  })

  it('never changes or deletes a built-in role (translated 409) and checks a custom role’s fields', async () => {
    const roles = (await call('GET', '/api/roles')).json().data as { id: number; key: string | null }[]
    const manager = roles.find((r) => r.key === 'manager')!
    const patch = await call('PATCH', `/api/roles/${manager.id}`, { permissions: ['staff.manage'] })
    expect(patch.statusCode).toBe(409)
    expect(patch.json()).toMatchObject({ code: 'ROLE_BUILT_IN', message: 'لا يمكن تعديل دور مدمج أو حذفه' })
    const del = await call('DELETE', `/api/roles/${manager.id}`, undefined, { ...owner.headers, ...en })
    expect(del.statusCode).toBe(409)
    expect(del.json().message).toBe('A built-in role cannot be changed or deleted')

    const bad = await call('POST', '/api/roles', {
      name_ar: 'x',
      name_en: 'Fine name',
      permissions: ['orders.fly'],
    })
    expect(bad.statusCode).toBe(422)
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['name_ar']))
    const none = await call('POST', '/api/roles', { name_ar: 'دور', name_en: 'Role', permissions: [] })
    expect(none.statusCode).toBe(422)
    expect(none.json().errors.permissions).toBeDefined()
    expect((await call('PATCH', '/api/roles/abc', { name_en: 'x' })).statusCode).toBe(422)
  })
})
