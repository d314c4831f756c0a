import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../db/schema/orders.ts'
import { createCity, createTestApp, createUser, type TestContext } from '../../../test/helpers.ts'
import { parseShippingAddress } from './profile.service.ts'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

let seq = 0
/** An order as the checkout stores it (product.md §5.3 payload: "first last", "address, city, state"). */
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
    await placeOrder(shopper.id, {
      customerName: 'محمد أحمد الفيتوري',
      customerEmail: 'mohamed@example.ly',
      customerPhone: '+218 91 555 1234',
      shippingAddress: 'شارع جمال عبد الناصر, عمارة 5, بنغازي, الصابري',
      cityId: city.id,
      cityName: 'بنغازي',
    })
    const res = await profile(shopper.headers)
    expect(res.statusCode).toBe(200)
    expect(res.json().autofill).toEqual({
      name: 'محمد أحمد الفيتوري',
      first_name: 'محمد',
      last_name: 'أحمد الفيتوري',
      email: 'mohamed@example.ly',
      phone: '+218 91 555 1234',
      address: 'شارع جمال عبد الناصر, عمارة 5',
      city: 'بنغازي',
      city_id: city.id,
      state: 'الصابري',
    })
  })

  it('never shows another shopper’s order, whatever the query says', async () => {
    const alice = await createUser(ctx.app)
    const bob = await createUser(ctx.app)
    await placeOrder(alice.id, { customerName: 'Alice Private', customerPhone: '0921111111' })
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

describe('parseShippingAddress', () => {
  it('reads address, city and state back from the checkout’s joined text', () => {
    expect(parseShippingAddress('Street 9, Misrata, Center', null)).toEqual({
      address: 'Street 9',
      city: 'Misrata',
      state: 'Center',
    })
    expect(parseShippingAddress('Street 9, Block 2, Misrata, Center', null)).toEqual({
      address: 'Street 9, Block 2',
      city: 'Misrata',
      state: 'Center',
    })
    expect(parseShippingAddress('Street 9, Misrata', null)).toEqual({
      address: 'Street 9',
      city: 'Misrata',
      state: '',
    })
    expect(parseShippingAddress('Street 9', 'Sabha')).toEqual({
      address: 'Street 9',
      city: 'Sabha',
      state: '',
    })
    // A city name with a comma is found by the stored city name, not by counting commas.
    expect(parseShippingAddress('Road 1, Zawiya, West, Old Town', 'Zawiya, West')).toEqual({
      address: 'Road 1',
      city: 'Zawiya, West',
      state: 'Old Town',
    })
  })
})
