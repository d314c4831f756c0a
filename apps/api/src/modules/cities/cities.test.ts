import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { orders } from '../../db/schema/orders.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'

describe('cities', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
  })
  afterAll(() => ctx.close())

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    opts: { headers?: Record<string, string>; payload?: unknown } = {},
  ) => ctx.app.inject({ method, url, headers: opts.headers, payload: opts.payload as object })

  it('lists only active cities, by name, in one page for guests and shoppers', async () => {
    await createCity(ctx.app, { name: 'ي-آخر مدينة', deliveryPrice: 30 })
    await createCity(ctx.app, { name: 'أ-أول مدينة', deliveryPrice: 10 })
    const hidden = await createCity(ctx.app, { name: 'ب-مغلقة', isActive: false })
    for (const headers of [undefined, shopper.headers]) {
      const res = await call('GET', '/api/cities?per_page=1&page=3', { headers })
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(body.data.map((c: { id: number }) => c.id)).not.toContain(hidden.id)
      expect(body.data.every((c: { is_active: boolean }) => c.is_active)).toBe(true)
      expect(body).toMatchObject({
        last_page: 1,
        current_page: 1,
        total: body.data.length,
        per_page: body.data.length,
      })
      const names: string[] = body.data.map((c: { name: string }) => c.name)
      expect(names.indexOf('أ-أول مدينة')).toBeLessThan(names.indexOf('ي-آخر مدينة'))
      expect(names.indexOf('أ-أول مدينة')).toBeGreaterThanOrEqual(0)
    }
  })

  it('lets browsers cache the public list briefly and revalidate it with an ETag, never the admin list', async () => {
    const first = await call('GET', '/api/cities')
    expect(first.headers['cache-control']).toBe('public, max-age=30')
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"/)
    const same = await call('GET', '/api/cities', { headers: { 'if-none-match': etag } })
    expect(same.statusCode).toBe(304)
    expect(same.body).toBe('')
    await createCity(ctx.app, { name: 'مدينة جديدة للتخزين', deliveryPrice: 12 })
    const changed = await call('GET', '/api/cities', { headers: { 'if-none-match': etag } })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data.map((c: { name: string }) => c.name)).toContain('مدينة جديدة للتخزين')
    const staff = await call('GET', '/api/cities', { headers: { ...admin.headers, 'if-none-match': etag } })
    expect(staff.statusCode).toBe(200)
    expect(staff.headers['cache-control']).toBe('private, no-store')
    expect(staff.headers.etag).toBeUndefined()
  })

  it('gives admins a searchable, paginated list of all cities (default 10)', async () => {
    for (let i = 0; i < 12; i++) await createCity(ctx.app, { name: `بحث-${i}`, isActive: i % 2 === 0 })
    const res = await call('GET', '/api/cities?search=%D8%A8%D8%AD%D8%AB', { headers: admin.headers })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ total: 12, per_page: 10, last_page: 2, current_page: 1 })
    expect(res.json().data).toHaveLength(10)
    const page2 = await call('GET', '/api/cities?search=%D8%A8%D8%AD%D8%AB&page=2', {
      headers: admin.headers,
    })
    expect(page2.json().data).toHaveLength(2)
    const activeOnly = await call('GET', '/api/cities?active=true', { headers: admin.headers })
    expect(activeOnly.json().data.every((c: { is_active: boolean }) => c.is_active)).toBe(true)
    const bad = await call('GET', '/api/cities?per_page=500', { headers: admin.headers })
    expect(bad.statusCode).toBe(422)
  })

  it('creates, updates, toggles and deletes a city', async () => {
    const created = await call('POST', '/api/cities', {
      headers: admin.headers,
      payload: { name: 'سبها', delivery_price: '25.50' },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ name: 'سبها', delivery_price: 25.5, is_active: true })
    const id = created.json().id
    const updated = await call('PUT', `/api/cities/${id}`, {
      headers: admin.headers,
      payload: { name: 'سبها الجديدة', delivery_price: 30, is_active: true },
    })
    expect(updated.json()).toMatchObject({ id, name: 'سبها الجديدة', delivery_price: 30 })
    const toggled = await call('PATCH', `/api/cities/${id}/status`, {
      headers: admin.headers,
      payload: { is_active: false },
    })
    expect(toggled.json().is_active).toBe(false)
    const deleted = await call('DELETE', `/api/cities/${id}`, { headers: admin.headers })
    expect(deleted.statusCode).toBe(204)
    expect((await call('DELETE', `/api/cities/${id}`, { headers: admin.headers })).statusCode).toBe(404)
    expect(
      (
        await call('PUT', `/api/cities/${id}`, {
          headers: admin.headers,
          payload: { name: 'x', delivery_price: 1 },
        })
      ).statusCode,
    ).toBe(404)
  })

  it('keeps the cash-on-delivery rule of a city (decision 0071): allowed or not, and an optional limit', async () => {
    const created = await call('POST', '/api/cities', {
      headers: admin.headers,
      payload: { name_ar: 'أوباري', delivery_price: 45, cod_allowed: true, cod_max_total: '750.50' },
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ cod_allowed: true, cod_max_total: 750.5 })
    const id = created.json().id
    const off = await call('PUT', `/api/cities/${id}`, {
      headers: admin.headers,
      payload: { name_ar: 'أوباري', delivery_price: 45, cod_allowed: false, cod_max_total: '' },
    })
    expect(off.json()).toMatchObject({ cod_allowed: false, cod_max_total: null })
    const bad = await call('PUT', `/api/cities/${id}`, {
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { name_ar: 'أوباري', delivery_price: 45, cod_max_total: '-3' },
    })
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors.cod_max_total).toEqual(['Enter an amount such as 12.50'])
  })

  it('refuses a duplicate name whatever its case, on the name field, in the caller language', async () => {
    await createCity(ctx.app, { name: 'Misrata' })
    const res = await call('POST', '/api/cities', {
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { name: 'misrata', delivery_price: 5 },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().errors.name).toEqual(['A city with this name already exists'])
    const other = await createCity(ctx.app, { name: 'Zliten' })
    const rename = await call('PUT', `/api/cities/${other.id}`, {
      headers: admin.headers,
      payload: { name: 'MISRATA', delivery_price: 5 },
    })
    expect(rename.statusCode).toBe(422)
    expect(rename.json().errors.name).toEqual(['توجد مدينة بهذا الاسم مسبقًا'])
    // Keeping its own name is not a clash.
    const same = await call('PUT', `/api/cities/${other.id}`, {
      headers: admin.headers,
      payload: { name: 'zliten', delivery_price: 7 },
    })
    expect(same.statusCode).toBe(200)
  })

  it('validates the form: name and a non-negative price with two decimals', async () => {
    const res = await call('POST', '/api/cities', {
      headers: { ...admin.headers, 'accept-language': 'en' },
      payload: { name: ' ', delivery_price: '-3' },
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().code).toBe('VALIDATION_FAILED')
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['name', 'delivery_price']))
    for (const delivery_price of ['abc', 1.234, '', null]) {
      const r = await call('POST', '/api/cities', {
        headers: admin.headers,
        payload: { name: `x${String(delivery_price)}`, delivery_price },
      })
      expect(r.statusCode).toBe(422)
    }
    expect(
      (
        await call('PATCH', '/api/cities/abc/status', {
          headers: admin.headers,
          payload: { is_active: true },
        })
      ).statusCode,
    ).toBe(422)
    expect(
      (
        await call('PATCH', '/api/cities/1/status', {
          headers: admin.headers,
          payload: { is_active: 'maybe' },
        })
      ).statusCode,
    ).toBe(422)
  })

  it('keeps the city name on orders when a city is deleted', async () => {
    const city = await createCity(ctx.app, { name: 'غدامس', deliveryPrice: 40 })
    const product = await createProduct(ctx.app)
    const placed = await call('POST', '/api/orders', {
      payload: {
        customer_name: 'سالم',
        customer_email: 's@example.ly',
        customer_phone: '0912345678',
        shipping_address: 'شارع 1',
        city_id: city.id,
        items: [{ product_id: product.id, quantity: 1 }],
      },
    })
    expect(placed.statusCode).toBe(201)
    expect((await call('DELETE', `/api/cities/${city.id}`, { headers: admin.headers })).statusCode).toBe(204)
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, placed.json().id))
    expect(row).toMatchObject({ cityId: null, cityName: 'غدامس', deliveryPrice: 40 })
  })

  it('requires an admin for every write', async () => {
    const city = await createCity(ctx.app)
    const writes = [
      ['POST', '/api/cities', { name: 'n', delivery_price: 1 }],
      ['PUT', `/api/cities/${city.id}`, { name: 'n', delivery_price: 1 }],
      ['PATCH', `/api/cities/${city.id}/status`, { is_active: false }],
      ['DELETE', `/api/cities/${city.id}`, undefined],
    ] as const
    for (const [method, url, payload] of writes) {
      expect((await call(method, url, { payload })).statusCode).toBe(401)
      expect((await call(method, url, { headers: shopper.headers, payload })).statusCode).toBe(403)
    }
    const after = await call('GET', '/api/cities', {})
    expect(after.json().data.some((c: { id: number }) => c.id === city.id)).toBe(true)
  })
})
