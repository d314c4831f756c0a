import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/orders.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

let seq = 0
/**
 * An order as the checkout stores it (product.md §5.3 payload: "first last", "address, city, state"), with its parts
 * (decision 0214).
 */
async function placeOrder(userId: number | null, fields: Partial<typeof orders.$inferInsert> = {}) {
  seq++
  const [row] = await ctx.app.db
    .insert(orders)
    .values({
      orderNumber: `TEST-PROFILE-${Date.now()}-${seq}`,
      userId,
      customerName: 'Test Buyer',
      customerEmail: 'buyer@example.ly',
      customerPhone: '0910000000',
      shippingAddress: 'Street 1, Tripoli, Tripoli',
      firstName: 'Test',
      lastName: 'Buyer',
      addressLine: 'Street 1',
      state: 'Tripoli',
      subtotal: 40,
      deliveryPrice: 10,
      totalAmount: 50,
      ...fields,
    })
    .returning()
  return row!
}

const profile = (headers?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/profile', headers })

describe('GET /api/profile', () => {
  it('needs a signed-in user (translated 401)', async () => {
    const ar = await profile()
    expect(ar.statusCode).toBe(401)
    expect(ar.json().message).toBe('يرجى تسجيل الدخول للمتابعة')
    expect((await profile({ 'accept-language': 'en' })).json().message).toBe('Please sign in to continue')
  })

  it('has no autofill before the first order', async () => {
    const shopper = await createUser(ctx.app, 'user', { name: 'هدى' })
    const res = await profile(shopper.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id: shopper.id, name: 'هدى', is_admin: false }),
      autofill: null,
    })
  })

  it('prefills the checkout from the shopper’s latest order', async () => {
    const shopper = await createUser(ctx.app)
    const city = await createCity(ctx.app, { name: 'بنغازي' })
    await placeOrder(shopper.id, { customerName: 'Old Name', createdAt: new Date(Date.now() - 86_400_000) })
    // Decision 0214: the parts as the order keeps them (a two-word first name the joined text cannot tell).
    await placeOrder(shopper.id, {
      customerName: 'عبد الله أحمد الفيتوري',
      customerEmail: 'mohamed@example.ly',
      customerPhone: '+218 91 555 1234',
      shippingAddress: 'شارع جمال عبد الناصر, عمارة 5, بنغازي, الصابري',
      cityId: city.id,
      cityName: 'بنغازي',
      notes: 'WhatsApp: 0925551234',
      firstName: 'عبد الله',
      lastName: 'أحمد الفيتوري',
      whatsapp: '0925551234',
      addressLine: 'شارع جمال عبد الناصر, عمارة 5',
      state: 'الصابري',
    })
    const res = await profile(shopper.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().autofill).toEqual({
      name: 'عبد الله أحمد الفيتوري',
      first_name: 'عبد الله',
      last_name: 'أحمد الفيتوري',
      email: 'mohamed@example.ly',
      phone: '+218 91 555 1234',
      whatsapp: '0925551234',
      address: 'شارع جمال عبد الناصر, عمارة 5',
      city: 'بنغازي',
      city_id: city.id,
      state: 'الصابري',
    })
  })

  it('prefills from an order placed with `customer` through the checkout, in the reader’s language', async () => {
    const shopper = await createUser(ctx.app)
    const city = await createCity(ctx.app, {
      name: `زليتن ${seq}`,
      translations: { en: { name: `Zliten ${seq}` } },
      deliveryPrice: 5,
    })
    const product = await createProduct(ctx.app, { stock: 5 })
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...shopper.headers, 'accept-language': 'en' },
      payload: {
        customer: {
          first_name: 'عبد الله',
          last_name: 'بن علي',
          phone: '0915550000',
          whatsapp: '0925550000',
          email: 'abdallah@example.ly',
          address_line: 'Street 4, Block 2',
          city_id: city.id,
          state: 'Center',
        },
        items: [{ product_id: product.id, quantity: 1 }],
      },
    })
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json()).toMatchObject({
      customer_name: 'عبد الله بن علي',
      shipping_address: `Street 4, Block 2, Zliten ${seq}, Center`,
      notes: 'WhatsApp: 0925550000',
    })
    for (const [lang, cityName] of [
      ['en', `Zliten ${seq}`],
      ['ar', `زليتن ${seq}`],
    ] as const) {
      const res = await profile({ ...shopper.headers, 'accept-language': lang })
      expect(res.json().autofill).toEqual({
        name: 'عبد الله بن علي',
        first_name: 'عبد الله',
        last_name: 'بن علي',
        email: 'abdallah@example.ly',
        phone: '0915550000',
        whatsapp: '0925550000',
        address: 'Street 4, Block 2',
        city: cityName,
        city_id: city.id,
        state: 'Center',
      })
    }
  })

  it('never shows another shopper’s order, whatever the query says', async () => {
    const alice = await createUser(ctx.app)
    const bob = await createUser(ctx.app)
    await placeOrder(alice.id, {
      customerName: 'Alice Private',
      firstName: 'Alice',
      lastName: 'Private',
      customerPhone: '0921111111',
    })
    await placeOrder(null, { customerName: 'Guest Order' })
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/profile?user_id=${alice.id}`,
      headers: bob.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().user.id).toBe(bob.id)
    expect(res.json().autofill).toBeNull()
    expect(res.body).not.toContain('Alice')
    expect((await profile(alice.headers)).json().autofill).toMatchObject({
      first_name: 'Alice',
      last_name: 'Private',
      phone: '0921111111',
    })
  })
})
