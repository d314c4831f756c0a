import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { orders } from '../../db/schema/orders.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'

// Decision 0214: an order's contact in parts. Placed with `customer`, the order answers the parts and the spec's
// joined texts made from them; placed the spec way, it answers the texts as before and the parts split from them;
// staff's edit keeps both in step; bad parts are a translated 422 on the field, never a 500.

describe('checkout: the customer’s contact in parts (decision 0214)', () => {
  let ctx: TestContext
  let staff: TestUser
  let shopper: TestUser
  let city: { id: number; name: string }
  let productId: number
  beforeAll(async () => {
    ctx = await createTestApp()
    staff = await createUser(ctx.app, 'super_admin')
    shopper = await createUser(ctx.app)
    const n = Date.now() % 100_000
    city = await createCity(ctx.app, {
      name: `الزاوية ${n}`,
      translations: { en: { name: `Zawiya ${n}` } },
      deliveryPrice: 10,
    })
    productId = (await createProduct(ctx.app, { stock: 500, retailPrice: 20 })).id
  })
  afterAll(() => ctx.close())

  const post = (payload: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders', payload, headers })
  const get = (id: number, headers: Record<string, string>, lang = 'ar') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${id}`,
      headers: { ...headers, 'accept-language': lang },
    })
  const items = () => [{ product_id: productId, quantity: 1 }]
  const parts = () => ({
    first_name: 'عبد الله',
    last_name: 'بن علي',
    phone: '+218 91 555 0000',
    // Arabic digits, as a phone keyboard may type them: stored in western digits.
    whatsapp: '٠٩٢٥٥٥٠٠٠٠',
    email: 'Abdallah@Example.ly',
    address_line: 'شارع الجمهورية, عمارة 4',
    city_id: city.id,
    state: 'الحرشة',
  })
  const orderCount = async () =>
    Number((await ctx.app.db.select({ n: sql<number>`count(*)` }).from(orders))[0]!.n)

  it('places an order with `customer`: the parts and the spec’s texts joined from them, for staff and the shopper', async () => {
    const res = await post(
      {
        customer: parts(),
        // Sent alongside `customer`: ignored (the parts win).
        customer_name: 'Someone Else',
        notes: 'اتصل قبل الوصول',
        items: items(),
      },
      { ...shopper.headers, 'accept-language': 'en' },
    )
    expect(res.statusCode, res.body).toBe(201)
    const en = city.name.replace('الزاوية', 'Zawiya')
    const expected = {
      customer: {
        first_name: 'عبد الله',
        last_name: 'بن علي',
        phone: '+218 91 555 0000',
        whatsapp: '0925550000',
        email: 'abdallah@example.ly',
        address_line: 'شارع الجمهورية, عمارة 4',
        city_id: city.id,
        city_name: en,
        state: 'الحرشة',
      },
      // As the checkout joined them before (product.md §5.3), the city as the shopper saw it.
      customer_name: 'عبد الله بن علي',
      customer_email: 'abdallah@example.ly',
      customer_phone: '+218 91 555 0000',
      shipping_address: `شارع الجمهورية, عمارة 4, ${en}, الحرشة`,
      city_id: city.id,
      city_name: en,
      notes: 'WhatsApp: 0925550000\nاتصل قبل الوصول',
      delivery_price: 10,
    }
    expect(res.json()).toMatchObject(expected)
    const id = res.json().id as number
    expect((await get(id, staff.headers, 'en')).json()).toMatchObject(expected)
    expect((await get(id, shopper.headers, 'en')).json()).toMatchObject(expected)
    // In Arabic the city's Arabic name; the texts stay as placed.
    expect((await get(id, shopper.headers)).json()).toMatchObject({
      customer: { ...expected.customer, city_name: city.name },
      city_name: city.name,
      shipping_address: expected.shipping_address,
    })
    const list = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: shopper.headers })
    expect(list.json().data.find((o: { id: number }) => o.id === id)).toMatchObject({
      customer: { first_name: 'عبد الله', whatsapp: '0925550000', state: 'الحرشة' },
    })
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id))
    expect(row).toMatchObject({
      firstName: 'عبد الله',
      lastName: 'بن علي',
      whatsapp: '0925550000',
      addressLine: 'شارع الجمهورية, عمارة 4',
      state: 'الحرشة',
      customerNotes: 'اتصل قبل الوصول',
    })
  })

  it('places an order the spec way: the texts answered exactly as sent, the parts split from them', async () => {
    const spec = {
      customer_name: 'سالم الزوي',
      customer_email: 'salem@example.ly',
      customer_phone: '0912345678',
      shipping_address: `شارع عمر المختار, ${city.name}, سوق الجمعة`,
      city_id: city.id,
      notes: 'WhatsApp: 0923334444',
      items: items(),
    }
    const res = await post(spec)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      customer_name: spec.customer_name,
      customer_email: spec.customer_email,
      customer_phone: spec.customer_phone,
      shipping_address: spec.shipping_address,
      notes: spec.notes,
      city_id: city.id,
      customer: {
        first_name: 'سالم',
        last_name: 'الزوي',
        phone: '0912345678',
        whatsapp: '0923334444',
        email: 'salem@example.ly',
        address_line: 'شارع عمر المختار',
        city_id: city.id,
        city_name: city.name,
        state: 'سوق الجمعة',
      },
    })

    // One word, no state, no WhatsApp number, no city_id (the city found in the address, decision 0027).
    const plain = await post({
      customer_name: 'هدى',
      customer_email: 'huda@example.ly',
      customer_phone: '0915551111',
      shipping_address: `حي الأندلس, ${city.name}`,
      items: items(),
    })
    expect(plain.statusCode, plain.body).toBe(201)
    expect(plain.json()).toMatchObject({
      customer_name: 'هدى',
      shipping_address: `حي الأندلس, ${city.name}`,
      notes: '',
      city_id: city.id,
      customer: { first_name: 'هدى', last_name: '', whatsapp: '', address_line: 'حي الأندلس', state: '' },
    })
  })

  it('refuses bad parts with 422 and translated field errors (ar and en), writing nothing', async () => {
    const before = await orderCount()
    const bad = {
      customer: {
        ...parts(),
        first_name: '  ',
        last_name: '',
        whatsapp: 'not a number',
        email: 'nope',
        state: '',
      },
      items: items(),
    }
    const en = await post(bad, { 'accept-language': 'en' })
    expect(en.statusCode).toBe(422)
    expect(en.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: {
        'customer.first_name': ['First name is required'],
        'customer.last_name': ['Last name is required'],
        'customer.whatsapp': ['Enter a valid phone number'],
        'customer.email': ['Invalid email address'],
        'customer.state': ['State is required'],
      },
    })
    const ar = await post(bad, { 'accept-language': 'ar' })
    expect(ar.statusCode).toBe(422)
    expect(ar.json().errors['customer.first_name']).toEqual(['الاسم الأول مطلوب'])
    expect(ar.json().errors['customer.state']).toEqual(['المنطقة مطلوبة'])

    const { city_id: _c, address_line: _a, ...noCity } = parts()
    const missing = await post({ customer: noCity, items: items() }, { 'accept-language': 'en' })
    expect(missing.statusCode).toBe(422)
    expect(missing.json().errors).toEqual({
      'customer.address_line': ['Address is required'],
      'customer.city_id': ['City is required'],
    })
    // A city that does not exist: the city field, as for the spec's city_id.
    const unknown = await post({ customer: { ...parts(), city_id: 2_000_000_000 }, items: items() })
    expect(unknown.statusCode).toBe(422)
    // Neither form: the spec's fields are named, as before.
    const neither = await post({ items: items() }, { 'accept-language': 'en' })
    expect(neither.statusCode).toBe(422)
    expect(neither.json().errors).toEqual({
      customer_name: ['Name is required'],
      customer_email: ['Invalid email address'],
      customer_phone: ['Phone number is required'],
      shipping_address: ['Address is required'],
    })
    for (const customer of ['a string', 42, [], null]) {
      const res = await post({ customer, items: items() })
      expect(res.statusCode, JSON.stringify(customer)).toBe(422)
    }
    expect(await orderCount()).toBe(before)
  })

  it('places one order for a retry with the same key and parts, and refuses the key with other parts', async () => {
    const key = `contact-${Date.now()}`
    const first = await post({ customer: parts(), items: items() }, { 'idempotency-key': key })
    const again = await post({ customer: parts(), items: items() }, { 'idempotency-key': key })
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(200)
    expect(again.json().id).toBe(first.json().id)
    const other = await post(
      { customer: { ...parts(), state: 'أبو عيسى' }, items: items() },
      { 'idempotency-key': key },
    )
    expect(other.statusCode).toBe(422)
    expect(other.json().code).toBe('IDEMPOTENCY_MISMATCH')
  })

  it('keeps the texts and the parts in step when staff edit either', async () => {
    const placed = (await post({ customer: parts(), items: items() })).json()
    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${placed.id}`,
        headers: staff.headers,
        payload: {
          customer_name: placed.customer_name,
          customer_email: placed.customer_email,
          customer_phone: placed.customer_phone,
          shipping_address: placed.shipping_address,
          notes: placed.notes,
          order_status: 'pending',
          payment_status: 'pending',
          ...payload,
        },
      })
    // The spec's edit dialog changes a text: its parts follow.
    const texts = await put({
      customer_name: 'فاطمة الورفلي',
      shipping_address: `شارع النصر, ${city.name}, الحرشة`,
      notes: 'WhatsApp: 0927778888\nالباب الخلفي',
    })
    expect(texts.statusCode, texts.body).toBe(200)
    expect(texts.json()).toMatchObject({
      customer_name: 'فاطمة الورفلي',
      shipping_address: `شارع النصر, ${city.name}, الحرشة`,
      notes: 'WhatsApp: 0927778888\nالباب الخلفي',
      customer: {
        first_name: 'فاطمة',
        last_name: 'الورفلي',
        whatsapp: '0927778888',
        address_line: 'شارع النصر',
        state: 'الحرشة',
      },
    })
    // Parts given: they win, and their texts are joined again (the others stay as they were).
    const now = texts.json()
    const partsEdit = await put({
      customer_name: now.customer_name,
      shipping_address: now.shipping_address,
      notes: now.notes,
      customer: { first_name: 'عبد الرحمن', address_line: 'طريق الشط 7' },
    })
    expect(partsEdit.statusCode, partsEdit.body).toBe(200)
    expect(partsEdit.json()).toMatchObject({
      customer_name: 'عبد الرحمن الورفلي',
      shipping_address: `طريق الشط 7, ${city.name}, الحرشة`,
      notes: 'WhatsApp: 0927778888\nالباب الخلفي',
      customer: { first_name: 'عبد الرحمن', last_name: 'الورفلي', address_line: 'طريق الشط 7' },
    })
    const refused = await put({ customer: { first_name: '', whatsapp: '12' } })
    expect(refused.statusCode).toBe(422)
    expect(Object.keys(refused.json().errors).sort()).toEqual(['customer.first_name', 'customer.whatsapp'])
  })
})
