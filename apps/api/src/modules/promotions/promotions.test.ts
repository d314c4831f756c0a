import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { promotions } from '../../db/schema/promotions.ts'
import {
  createCategory,
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'

// Issue 29: staff manage offers at /api/promotions (docs/api.md "Offers (promotions)").
describe('promotions (staff API)', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  let cityId: number
  let otherCityId: number
  let categoryId: number
  let product: Awaited<ReturnType<typeof createProduct>>
  let n = 0
  const tag = () => `${Date.now().toString(36).slice(-4)}${(n++).toString(36)}`.toUpperCase()

  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
    cityId = (await createCity(ctx.app, { deliveryPrice: 15 })).id
    otherCityId = (await createCity(ctx.app, { deliveryPrice: 20 })).id
    categoryId = (await createCategory(ctx.app)).id
    // The orders' product is in another category: the automatic offers on `categoryId` these tests create do not
    // apply to them.
    product = await createProduct(ctx.app, {
      categoryId: (await createCategory(ctx.app)).id,
      retailPrice: 50,
      wholesalePrice: null,
      wholesaleThreshold: null,
      stock: 500,
    })
  })
  afterAll(() => ctx.close())

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    o: { headers?: Record<string, string>; payload?: unknown; lang?: 'ar' | 'en' } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { 'accept-language': o.lang ?? 'ar', ...(o.headers ?? admin.headers) },
      payload: o.payload as object,
    })

  const eid = (over: Record<string, unknown> = {}) => ({
    name_ar: 'خصم العيد على التمور',
    name_en: 'Eid dates discount',
    code: null,
    value_type: 'percentage',
    value: 10,
    target: 'products',
    category_ids: [categoryId],
    ends_at: '2099-04-01T00:00:00+02:00',
    ...over,
  })

  const create = async (over: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/promotions', { payload: eid(over) })
    expect(res.statusCode, res.body).toBe(201)
    return res.json()
  }

  const order = (payload: Record<string, unknown> = {}, lang: 'ar' | 'en' = 'ar') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { 'accept-language': lang },
      payload: {
        customer_name: 'عميل العروض',
        customer_email: 'offers@example.ly',
        customer_phone: '0921234567',
        shipping_address: 'طرابلس، سوق الجمعة',
        city_id: cityId,
        items: [{ product_id: product.id, quantity: 2 }],
        ...payload,
      },
    })

  it('creates an offer: 201 with both names, its rules, status and zero figures', async () => {
    const code = `EID${tag()}`
    const offer = await create({ code, min_subtotal: '40', usage_limit: 5, per_customer_limit: 1 })
    expect(offer).toMatchObject({
      code,
      name: 'خصم العيد على التمور',
      name_ar: 'خصم العيد على التمور',
      name_en: 'Eid dates discount',
      value_type: 'percentage',
      value: 10,
      target: 'products',
      category_ids: [categoryId],
      product_ids: [],
      min_subtotal: 40,
      ends_at: '2099-03-31T22:00:00.000Z',
      usage_limit: 5,
      per_customer_limit: 1,
      is_active: true,
      status: 'active',
      uses: 0,
      discount_given: 0,
      revenue: 0,
      orders_count: 0,
    })
    const en = await call('GET', `/api/promotions/${offer.id}`, { lang: 'en' })
    expect(en.statusCode).toBe(200)
    expect(en.json().name).toBe('Eid dates discount')
    expect(en.headers['cache-control']).toBe('private, no-store')
  })

  it('keeps guests out (401) and shoppers out (403) of every route', async () => {
    const offer = await create()
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string][] = [
      ['GET', '/api/promotions'],
      ['GET', `/api/promotions/${offer.id}`],
      ['POST', '/api/promotions'],
      ['PATCH', `/api/promotions/${offer.id}`],
      ['DELETE', `/api/promotions/${offer.id}`],
    ]
    for (const [method, url] of routes) {
      const guest = await ctx.app.inject({ method, url, payload: method === 'GET' ? undefined : eid() })
      expect(guest.statusCode, `${method} ${url}`).toBe(401)
      const own = await call(method, url, {
        headers: shopper.headers,
        payload: method === 'GET' ? undefined : eid(),
      })
      expect(own.statusCode, `${method} ${url}`).toBe(403)
    }
    expect((await call('GET', `/api/promotions/${offer.id}`)).json().is_active).toBe(true)
  })

  it('refuses bad offers with translated field errors in Arabic and English', async () => {
    const bad = {
      name_ar: '',
      code: 'a b',
      value_type: 'percentage',
      value: 120,
      target: 'products',
      starts_at: '2099-02-01T00:00:00+02:00',
      ends_at: '2099-01-01T00:00:00+02:00',
      usage_limit: 0,
    }
    const ar = await call('POST', '/api/promotions', { payload: bad })
    expect(ar.statusCode).toBe(422)
    const errors = ar.json().errors
    expect(errors.name_ar).toEqual(['الاسم مطلوب'])
    expect(errors.code[0]).toContain('3 إلى 32')
    expect(errors.value).toEqual(['النسبة المئوية 100 على الأكثر'])
    expect(errors.product_ids).toEqual(['اختر منتجًا أو تصنيفًا أو حجمًا واحدًا على الأقل'])
    expect(errors.ends_at).toEqual(['يجب أن تكون النهاية بعد البداية'])
    expect(errors.usage_limit).toBeDefined()
    const en = await call('POST', '/api/promotions', { payload: bad, lang: 'en' })
    expect(en.json().errors).toMatchObject({
      value: ['A percentage is at most 100'],
      product_ids: ['Choose at least one product, category or size'],
      ends_at: ['The end must be after the start'],
    })
    const badType = await call('POST', '/api/promotions', {
      payload: eid({ value_type: 'half', target: 'everything', value: 0 }),
      lang: 'en',
    })
    expect(badType.statusCode).toBe(422)
    expect(badType.json().errors).toMatchObject({
      value_type: ['Choose a percentage or a fixed amount'],
      target: ['Choose what the offer applies to'],
    })
  })

  it('refuses unknown products, categories, sizes and cities on their field (422, translated)', async () => {
    const res = await call('POST', '/api/promotions', {
      payload: eid({
        product_ids: [product.id, 99_999_991],
        category_ids: [99_999_992],
        variant_ids: [99_999_993],
        city_ids: [cityId, 99_999_994],
      }),
      lang: 'en',
    })
    expect(res.statusCode).toBe(422)
    const msg = 'Some of the chosen items no longer exist. Choose again'
    expect(res.json().errors).toEqual({
      product_ids: [msg],
      category_ids: [msg],
      variant_ids: [msg],
      city_ids: [msg],
    })
    const ar = await call('PATCH', `/api/promotions/${(await create()).id}`, {
      payload: { city_ids: [99_999_994] },
    })
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors.city_ids).toEqual(['بعض العناصر المختارة لم تعد موجودة. اختر من جديد'])
  })

  it('keeps codes unique without case (409 PROMOTION_CODE_TAKEN on code), on create and update', async () => {
    const code = `Ramadan${tag()}`
    const first = await create({ code })
    const clash = await call('POST', '/api/promotions', { payload: eid({ code: code.toLowerCase() }) })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({
      code: 'PROMOTION_CODE_TAKEN',
      errors: { code: ['هذا الرمز مستخدم في عرض آخر'] },
    })
    const other = await create({ code: `OTHER${tag()}` })
    const moved = await call('PATCH', `/api/promotions/${other.id}`, {
      payload: { code: code.toUpperCase() },
      lang: 'en',
    })
    expect(moved.statusCode).toBe(409)
    expect(moved.json().errors.code).toEqual(['Another offer already uses this code'])
    // The offer itself may keep or re-case its code.
    const same = await call('PATCH', `/api/promotions/${first.id}`, { payload: { code: code.toUpperCase() } })
    expect(same.statusCode, same.body).toBe(200)
    expect(same.json().code).toBe(code.toUpperCase())
  })

  it('updates any fields merged over the stored offer, checked with the same rules', async () => {
    const offer = await create()
    const res = await call('PATCH', `/api/promotions/${offer.id}`, {
      payload: { value: 15, name_en: 'Eid 15%', city_ids: [cityId] },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({
      value: 15,
      name_ar: 'خصم العيد على التمور',
      name_en: 'Eid 15%',
      category_ids: [categoryId],
      city_ids: [cityId],
      ends_at: '2099-03-31T22:00:00.000Z',
    })
    // The merged offer must still be valid: a start after the stored end is refused on ends_at.
    const late = await call('PATCH', `/api/promotions/${offer.id}`, {
      payload: { starts_at: '2099-05-01T00:00:00+02:00' },
    })
    expect(late.statusCode).toBe(422)
    expect(Object.keys(late.json().errors)).toEqual(['ends_at'])
    // Moving to the whole order drops the choice of products.
    const whole = await call('PATCH', `/api/promotions/${offer.id}`, {
      payload: { target: 'order', is_active: false },
    })
    expect(whole.json()).toMatchObject({ target: 'order', category_ids: [], status: 'inactive' })
    expect((await call('PATCH', '/api/promotions/99999999', { payload: { value: 5 } })).statusCode).toBe(404)
    expect((await call('GET', '/api/promotions/99999999')).statusCode).toBe(404)
  })

  it('lists newest first with status filters and a search on names and code', async () => {
    const t = tag()
    const scheduled = await create({
      name_ar: `مجدول ${t}`,
      starts_at: '2098-01-01T00:00:00Z',
    })
    const ended = await create({
      name_ar: `منتهي ${t}`,
      starts_at: '2020-01-01T00:00:00Z',
      ends_at: '2020-02-01T00:00:00Z',
    })
    const off = await create({ name_ar: `موقوف ${t}`, is_active: false })
    const running = await create({ name_ar: `جار ${t}`, code: `LIST${t}` })
    const usedUp = await create({ name_ar: `نفد ${t}`, usage_limit: 1 })
    await ctx.app.db.update(promotions).set({ usedCount: 1 }).where(eq(promotions.id, usedUp.id))

    const all = await call('GET', `/api/promotions?search=${encodeURIComponent(t)}`)
    expect(all.statusCode).toBe(200)
    expect(all.json().data.map((p: { id: number }) => p.id)).toEqual(
      [usedUp, running, off, ended, scheduled].map((p) => p.id),
    )
    expect(
      Object.fromEntries(all.json().data.map((p: { id: number; status: string }) => [p.id, p.status])),
    ).toEqual({
      [scheduled.id]: 'scheduled',
      [ended.id]: 'ended',
      [off.id]: 'inactive',
      [running.id]: 'active',
      [usedUp.id]: 'used_up',
    })
    for (const [status, id] of [
      ['scheduled', scheduled.id],
      ['ended', ended.id],
      ['inactive', off.id],
      ['active', running.id],
      ['used_up', usedUp.id],
    ] as const) {
      const res = await call('GET', `/api/promotions?status=${status}&search=${encodeURIComponent(t)}`)
      expect(
        res.json().data.map((p: { id: number }) => p.id),
        status,
      ).toEqual([id])
    }
    const byCode = await call('GET', `/api/promotions?search=list${t.toLowerCase()}`)
    expect(byCode.json().data.map((p: { id: number }) => p.id)).toEqual([running.id])
    const page = await call('GET', `/api/promotions?search=${encodeURIComponent(t)}&per_page=2&page=3`)
    expect(page.json()).toMatchObject({ total: 5, last_page: 3, current_page: 3, per_page: 2 })
    expect(page.json().data).toHaveLength(1)
    const beyond = await call('GET', `/api/promotions?search=${encodeURIComponent(t)}&per_page=2&page=9`)
    expect(beyond.json()).toMatchObject({ total: 5, data: [] })
    const badStatus = await call('GET', '/api/promotions?status=soon', { lang: 'en' })
    expect(badStatus.statusCode).toBe(422)
  })

  it('counts uses of a code, and discount given, revenue and orders of its completed orders; a cancelled order gives its use back', async () => {
    const code = `STATS${tag()}`
    const offer = await create({
      code,
      target: 'order',
      category_ids: [],
      value_type: 'fixed',
      value: 10,
      usage_limit: 3,
    })
    const placed = []
    for (let i = 0; i < 2; i++) {
      const res = await order({ coupon_code: code.toLowerCase(), customer_phone: `09112345${60 + i}` })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json()).toMatchObject({ discount_total: 10, subtotal: 100, total_amount: 105 })
      placed.push(res.json())
    }
    // An order without the code does not count.
    expect((await order()).statusCode).toBe(201)
    // Decision 0229: pending orders hold their uses but are not yet the offer's orders, discount or revenue.
    const pending = (await call('GET', `/api/promotions/${offer.id}`)).json()
    expect(pending).toMatchObject({
      uses: 2,
      discount_given: 0,
      revenue: 0,
      orders_count: 0,
      status: 'active',
    })
    for (const p of placed) {
      const done = await ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${p.id}`,
        headers: admin.headers,
        payload: {
          customer_name: 'عميل العروض',
          customer_email: 'offers@example.ly',
          customer_phone: p.customer_phone,
          shipping_address: 'طرابلس، سوق الجمعة',
          order_status: 'completed',
          payment_status: 'paid',
        },
      })
      expect(done.statusCode, done.body).toBe(200)
    }
    const stats = (await call('GET', `/api/promotions/${offer.id}`)).json()
    expect(stats).toMatchObject({
      uses: 2,
      discount_given: 20,
      revenue: 210,
      orders_count: 2,
      status: 'active',
    })
    const listed = (await call('GET', `/api/promotions?search=${code}`)).json().data[0]
    expect(listed).toMatchObject({ id: offer.id, uses: 2, discount_given: 20, revenue: 210, orders_count: 2 })

    const cancel = await ctx.app.inject({
      method: 'PUT',
      url: `/api/orders/${placed[0].id}`,
      headers: admin.headers,
      payload: {
        customer_name: 'عميل العروض',
        customer_email: 'offers@example.ly',
        customer_phone: '0911234560',
        shipping_address: 'طرابلس، سوق الجمعة',
        order_status: 'cancelled',
        payment_status: 'pending',
      },
    })
    expect(cancel.statusCode, cancel.body).toBe(200)
    const after = (await call('GET', `/api/promotions/${offer.id}`)).json()
    expect(after).toMatchObject({ uses: 1, discount_given: 10, revenue: 105, orders_count: 1 })
    const [row] = await ctx.app.db.select().from(promotions).where(eq(promotions.id, offer.id))
    expect(row!.usedCount).toBe(1)
  })

  it('recounts used_count from the uses when a limit is set on an offer that had none (decision 0171)', async () => {
    const code = `LIMIT${tag()}`
    const offer = await create({ code, target: 'order', category_ids: [], value_type: 'fixed', value: 5 })
    for (let i = 0; i < 2; i++)
      expect((await order({ coupon_code: code, customer_phone: `09223344${70 + i}` })).statusCode).toBe(201)
    const [before] = await ctx.app.db.select().from(promotions).where(eq(promotions.id, offer.id))
    expect(before!.usedCount).toBe(0) // unlimited offers keep no counter
    const limited = await call('PATCH', `/api/promotions/${offer.id}`, { payload: { usage_limit: 2 } })
    expect(limited.statusCode, limited.body).toBe(200)
    expect(limited.json()).toMatchObject({ usage_limit: 2, uses: 2, status: 'used_up' })
    const [after] = await ctx.app.db.select().from(promotions).where(eq(promotions.id, offer.id))
    expect(after!.usedCount).toBe(2)
    const refused = await order({ coupon_code: code, customer_phone: '0922334479' }, 'en')
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('COUPON_USED_UP')
    const raised = await call('PATCH', `/api/promotions/${offer.id}`, { payload: { usage_limit: 3 } })
    expect(raised.json().status).toBe('active')
    expect((await order({ coupon_code: code, customer_phone: '0922334479' })).statusCode).toBe(201)
  })

  it('erases an offer never used (204) and keeps a used one, deactivated (200)', async () => {
    const unused = await create()
    const gone = await call('DELETE', `/api/promotions/${unused.id}`)
    expect(gone.statusCode).toBe(204)
    expect(gone.body).toBe('')
    expect((await call('GET', `/api/promotions/${unused.id}`)).statusCode).toBe(404)
    expect((await call('DELETE', `/api/promotions/${unused.id}`)).statusCode).toBe(404)

    const code = `KEEP${tag()}`
    const used = await create({ code, target: 'delivery', category_ids: [], city_ids: [otherCityId] })
    const res = await order({ coupon_code: code, city_id: otherCityId })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ delivery_price: 20, discount_total: 2 })
    const kept = await call('DELETE', `/api/promotions/${used.id}`)
    expect(kept.statusCode).toBe(200)
    expect(kept.json()).toMatchObject({ id: used.id, is_active: false, status: 'inactive', uses: 1 })
    expect((await call('GET', `/api/promotions/${used.id}`)).statusCode).toBe(200)
    // A switched-off code is refused at the checkout.
    const again = await order({ coupon_code: code, city_id: otherCityId })
    expect(again.statusCode).toBe(422)
    expect(again.json().errors.coupon_code).toBeDefined()
  })
})
