import Fastify, { type RouteOptions } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productVariants } from '../../db/schema/catalog.ts'
import { auditLog, staffRoles } from '../../db/schema/team.ts'
import { settings } from '../../db/schema/settings.ts'
import { users } from '../../db/schema/users.ts'
import { recordAudit } from '../../domain/audit.ts'
import { authPlugin } from '../../plugins/auth.ts'
import { auditCheckPlugin, isStaffRoute, routeName } from '../../plugins/audit-check.ts'
import { errorsPlugin } from '../../plugins/errors.ts'
import { systemActor } from '../../domain/actor.ts'
import {
  createProduct,
  createTestApp,
  createUser,
  packOf,
  withStockReason,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { pruneAuditLog } from './audit.service.ts'

// Decision 0192: every staff write leaves a row (who, from where, what, the fields before and after), the trail is
// read with filters by those allowed to, and old rows go by age only.

let ctx: TestContext
let manager: TestUser
let clerk: TestUser
let shopper: TestUser
const routes: RouteOptions[] = []
const en = { 'accept-language': 'en' }

beforeAll(async () => {
  ctx = await createTestApp({ onRoute: (route) => void routes.push(route) })
  manager = await createUser(ctx.app, 'admin', { name: 'Mona Manager' })
  clerk = await createUser(ctx.app, 'admin', { name: 'Omar Clerk' })
  const [role] = await ctx.app.db.select().from(staffRoles).where(eq(staffRoles.key, 'order_clerk'))
  await ctx.app.db.update(users).set({ staffRoleId: role!.id }).where(eq(users.id, clerk.id))
  shopper = await createUser(ctx.app, 'user')
})
afterAll(() => ctx.close())

const trail = (query: string, user: TestUser = manager, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: { ...user.headers, ...headers } })

describe('a staff write and its row', () => {
  it('names the staff member, their address and only the fields that changed', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: manager.headers,
      payload: { name_ar: 'تمور مجدولة', description_ar: 'وصف', is_active: true },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id as number
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/categories/${id}`,
      headers: manager.headers,
      payload: { name_ar: 'تمور مجدولة', description_ar: 'وصف جديد', is_active: false },
    })
    expect(updated.statusCode).toBe(200)

    const res = await trail(`entity=category&entity_id=${id}`)
    expect(res.statusCode).toBe(200)
    const { data, total } = res.json()
    expect(total).toBe(2)
    // Newest first.
    expect(data.map((e: { action: string }) => e.action)).toEqual(['category.updated', 'category.created'])
    expect(data[0]).toMatchObject({
      actor: { kind: 'staff', user_id: manager.id, name: 'Mona Manager' },
      entity: 'category',
      entity_id: String(id),
      before: { description: 'وصف', is_active: true },
      after: { description: 'وصف جديد', is_active: false },
    })
    expect(data[0].ip).toBeTruthy()
    // Unchanged fields are not repeated.
    expect(data[0].before).not.toHaveProperty('name')
    expect(data[1].after).toMatchObject({ name: 'تمور مجدولة', slug: expect.any(String) })
  })

  it('never stores a secret: a setting holding one is written as hidden', async () => {
    await ctx.app.db.insert(settings).values({ key: 'smtp_password', value: 'old-secret' })
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: manager.headers,
      payload: { key: 'smtp_password', value: 'new-secret-value' },
    })
    expect(res.statusCode).toBe(200)
    const { data } = (await trail('entity=setting&entity_id=smtp_password')).json()
    expect(data).toHaveLength(1)
    expect(JSON.stringify(data[0])).not.toContain('secret-value')
    expect(JSON.stringify(data[0])).not.toContain('old-secret')
  })

  it('records the sales export, a read of every customer’s phone, with its filters and row count', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders/export/csv?status=all&from=2026-01-01&to=2026-01-31',
      headers: manager.headers,
    })
    expect(res.statusCode).toBe(200)
    const { data } = (await trail('action=orders.exported')).json()
    expect(data[0]).toMatchObject({
      actor: { user_id: manager.id },
      entity: 'order',
      after: { from: '2026-01-01', to: '2026-01-31', status: 'all', rows: 0 },
    })
  })
})

describe('GET /api/audit', () => {
  it('is for audit.view: 401 for a guest, 403 for a shopper and an order clerk, translated', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401)
    const asShopper = await trail('', shopper, en)
    expect(asShopper.statusCode).toBe(403)
    expect(asShopper.json().message).toBe('You do not have permission to do this')
    expect((await trail('', clerk)).statusCode).toBe(403)
  })

  it('filters by who, by a family of actions and by days in the shop’s time zone; pages', async () => {
    const other = await createUser(ctx.app, 'admin', { name: 'Other' })
    const at = (iso: string) => new Date(iso)
    const rows = [
      // 23:30 UTC on 9 March is 01:30 on 10 March in Tripoli (UTC+2).
      { createdAt: at('2025-03-09T23:30:00Z'), action: 'city.updated', actorUserId: other.id },
      { createdAt: at('2025-03-10T12:00:00Z'), action: 'city.created', actorUserId: other.id },
      { createdAt: at('2025-03-10T22:30:00Z'), action: 'product.updated', actorUserId: other.id },
    ]
    for (const r of rows)
      await ctx.app.db.insert(auditLog).values({
        ...r,
        actorKind: 'staff',
        actorName: 'Other',
        entity: r.action.split('.')[0]!,
        entityId: '1',
      })
    const day = (await trail(`actor_id=${other.id}&from=2025-03-10&to=2025-03-10`)).json()
    expect(day.data.map((e: { action: string }) => e.action)).toEqual(['city.created', 'city.updated'])
    const family = (await trail(`actor_id=${other.id}&action=city.`)).json()
    expect(family.total).toBe(2)
    const paged = (await trail(`actor_id=${other.id}&per_page=1&page=2`)).json()
    expect(paged).toMatchObject({ total: 3, last_page: 3, current_page: 2 })
    expect(paged.data[0].action).toBe('city.created')
  })

  it('answers bad filters with a translated 422', async () => {
    const res = await trail('from=2025-02-10&to=2025-02-01&entity=Bad!', manager, en)
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toMatchObject({
      from: ['The start date must not be after the end date'],
      entity: ['Choose what the entries are about from the list'],
    })
  })

  it('offers no way to change or remove a row', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/audit', headers: manager.headers })
      expect(res.statusCode).toBe(404)
    }
    const methods = routes.filter((r) => r.url.startsWith('/api/audit')).flatMap((r) => [r.method].flat())
    expect(methods.filter((m) => m !== 'HEAD')).toEqual(['GET'])
  })
})

describe('retention', () => {
  it('refuses a retention under 30 days with a translated message', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { ...manager.headers, ...en },
      payload: { key: 'audit_retention_days', value: '29' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.value).toEqual(['Enter a whole number of days from 30 to 3650'])
  })

  it('prunes rows older than the setting, by age only, and says so in the trail', async () => {
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: manager.headers,
      payload: { key: 'audit_retention_days', value: '30' },
    })
    expect(set.statusCode).toBe(200)
    const now = new Date('2026-06-01T00:00:00Z')
    const old = new Date(now.getTime() - 31 * 86_400_000)
    const recent = new Date(now.getTime() - 29 * 86_400_000)
    const [a] = await ctx.app.db
      .insert(auditLog)
      .values({ createdAt: old, actorKind: 'system', action: 'test.old', entity: 'retention' })
      .returning()
    const [b] = await ctx.app.db
      .insert(auditLog)
      .values({ createdAt: recent, actorKind: 'system', action: 'test.recent', entity: 'retention' })
      .returning()
    const pruned = await pruneAuditLog(ctx.app.db, now)
    expect(pruned).toBeGreaterThanOrEqual(1)
    const left = await ctx.app.db.select().from(auditLog).where(eq(auditLog.entity, 'retention'))
    expect(left.map((r) => r.id)).toEqual([b!.id])
    expect(a).toBeDefined()
    const { data } = (await trail('action=audit.pruned')).json()
    expect(data[0]).toMatchObject({
      actor: { kind: 'system', name: 'audit_retention' },
      after: { retention_days: 30 },
    })
  })
})

describe('the names of what a row points at (decision 0230)', () => {
  it('names the staff role and the pack a row holds by id, in the reader’s language', async () => {
    const product = await createProduct(ctx.app, {
      name: 'عجوة المدينة',
      translations: { en: { name: 'Madina ajwa' } },
      stock: 10,
    })
    const pack = await packOf(ctx.app, product.id)
    await withStockReason(ctx.app, (tx) =>
      tx
        .update(productVariants)
        .set({ label: '1 كغ', translations: { en: { label: '1 kg' } } })
        .where(eq(productVariants.id, pack.id)),
    )
    const adjusted = await ctx.app.inject({
      method: 'POST',
      url: '/api/stock-movements',
      headers: manager.headers,
      payload: { product_id: product.id, variant_id: pack.id, delta: -2, reason: 'count_correction' },
    })
    expect(adjusted.statusCode, adjusted.body).toBe(201)
    const [role] = await ctx.app.db.select().from(staffRoles).where(eq(staffRoles.key, 'order_clerk'))
    await recordAudit(ctx.app.db, systemActor('test'), {
      action: 'staff.role_changed',
      entity: 'staff',
      entityId: clerk.id,
      before: { staff_role_id: null },
      after: { staff_role_id: role!.id },
    })

    const read = async (lang: 'ar' | 'en', query: string) =>
      (await trail(query, manager, { 'accept-language': lang })).json().data[0]
    const stockEn = await read('en', `entity=product&entity_id=${product.id}`)
    expect(stockEn).toMatchObject({
      action: 'stock.adjusted',
      after: { variant_id: pack.id, stock: 8, reason: 'count_correction' },
      names: { [`variant_id:${pack.id}`]: 'Madina ajwa – 1 kg' },
    })
    expect((await read('ar', `entity=product&entity_id=${product.id}`)).names).toEqual({
      [`variant_id:${pack.id}`]: 'عجوة المدينة – 1 كغ',
    })
    await recordAudit(ctx.app.db, systemActor('test'), {
      action: 'promotion.updated',
      entity: 'promotion',
      entityId: 99_999,
      before: { product_ids: [] },
      after: { product_ids: [product.id] },
    })
    expect((await read('en', 'entity=promotion&entity_id=99999')).names).toEqual({
      [`product_id:${product.id}`]: 'Madina ajwa',
    })
    const staffEn = await read('en', `entity=staff&entity_id=${clerk.id}`)
    expect(staffEn.names).toEqual({ [`staff_role_id:${role!.id}`]: 'Order clerk' })
    expect((await read('ar', `entity=staff&entity_id=${clerk.id}`)).names).toEqual({
      [`staff_role_id:${role!.id}`]: 'موظف الطلبات',
    })
  })
})

describe('the enforcement (decision 0192)', () => {
  it('checks every staff write of the shop, the order routes included', () => {
    const writes = routes.filter(
      (r) => isStaffRoute(r) && [r.method].flat().some((m) => !['GET', 'HEAD'].includes(m)),
    )
    expect(writes.length).toBeGreaterThan(20)
    const unchecked = writes
      .filter((r) => !r.config?.auditedWrite)
      .map((r) => routeName([r.method].flat()[0]!, r.url))
    expect(unchecked).toEqual([])
  })

  it('fails a staff write that wrote no audit row loudly (500 AUDIT_MISSING with the route)', async () => {
    const app = Fastify()
    app.decorate('db', ctx.app.db)
    await app.register(errorsPlugin)
    await app.register(authPlugin)
    await app.register(auditCheckPlugin, { enabled: true })
    app.post('/forgot', { config: { access: 'settings.manage' } }, async () => ({ ok: true }))
    app.post('/remembers', { config: { access: 'settings.manage' } }, async (request) => {
      await recordAudit(ctx.app.db, app.actorOf(request), { action: 'test.done', entity: 'test' })
      return { ok: true }
    })
    app.post('/refused', { config: { access: 'settings.manage' } }, async (_request, reply) =>
      reply.code(409).send({ code: 'CONFLICT' }),
    )
    await app.ready()
    try {
      const forgot = await app.inject({ method: 'POST', url: '/forgot', headers: manager.headers })
      expect(forgot.statusCode).toBe(500)
      expect(forgot.json()).toMatchObject({
        code: 'AUDIT_MISSING',
        message: expect.stringContaining('POST /forgot'),
      })
      const remembers = await app.inject({ method: 'POST', url: '/remembers', headers: manager.headers })
      expect(remembers.statusCode).toBe(200)
      // A refused write changed nothing: no row needed.
      expect(
        (await app.inject({ method: 'POST', url: '/refused', headers: manager.headers })).statusCode,
      ).toBe(409)
    } finally {
      await app.close()
    }
  })
})
