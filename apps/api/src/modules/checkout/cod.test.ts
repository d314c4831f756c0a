import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCity, createProduct, createTestApp, type TestContext } from '../../../test/helpers.ts'
import { PLUTU_KEYS } from '../../../test/payments.ts'

// Decision 0071: cash on delivery per city; the API refuses what the checkout would not offer.
// Plutu is configured so that an online method ("massarat") is offered as the other choice.
let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestApp({ env: PLUTU_KEYS })
})
afterAll(() => ctx.close())

async function attempt(city: { id: number }, quantity: number, payment_method: string, lang = 'ar') {
  const product = await createProduct(ctx.app, {
    retailPrice: 100,
    wholesalePrice: null,
    wholesaleThreshold: null,
    stock: 100,
  })
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': lang },
    payload: {
      customer_name: 'علي',
      customer_email: 'ali@example.ly',
      customer_phone: '0912345678',
      shipping_address: 'x',
      city_id: city.id,
      payment_method,
      items: [{ product_id: product.id, quantity }],
    },
  })
}

describe('cash on delivery per city', () => {
  it('refuses cash where the city does not take it, with a translated 422 on payment_method; other methods are fine', async () => {
    const city = await createCity(ctx.app, {
      name: 'غات',
      translations: { en: { name: 'Ghat' } },
      codAllowed: false,
    })
    const ar = await attempt(city, 1, 'cash')
    expect(ar.statusCode).toBe(422)
    expect(ar.json()).toEqual({
      code: 'COD_NOT_AVAILABLE',
      message: 'الدفع عند الاستلام غير متاح في غات. يرجى اختيار طريقة دفع أخرى',
      errors: { payment_method: ['الدفع عند الاستلام غير متاح في غات. يرجى اختيار طريقة دفع أخرى'] },
    })
    expect((await attempt(city, 1, 'cash', 'en')).json().message).toBe(
      'Cash on delivery is not available in Ghat. Please choose another payment method',
    )
    expect((await attempt(city, 1, 'massarat')).statusCode).toBe(201)
  })

  it("refuses cash above the city's limit (delivery included) and takes it up to the limit", async () => {
    const city = await createCity(ctx.app, {
      name: 'سبها',
      translations: { en: { name: 'Sabha' } },
      deliveryPrice: 20,
      codMaxTotal: 320,
    })
    const over = await attempt(city, 4, 'cash', 'en')
    expect(over.statusCode).toBe(422)
    expect(over.json()).toMatchObject({
      code: 'COD_LIMIT_EXCEEDED',
      message:
        'Cash on delivery in Sabha is available for orders up to 320.00 LYD. Please choose another payment method',
    })
    const atLimit = await attempt(city, 3, 'cash')
    expect(atLimit.statusCode).toBe(201)
    expect(atLimit.json().total_amount).toBe(320)
    expect((await attempt(city, 4, 'massarat')).statusCode).toBe(201)
  })

  it('shows every city its cash rule in the public list (the checkout explains it)', async () => {
    const city = await createCity(ctx.app, { name: 'درنة', codMaxTotal: 150 })
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/cities' })).json().data
    expect(list.find((c: { id: number }) => c.id === city.id)).toMatchObject({
      cod_allowed: true,
      cod_max_total: 150,
    })
  })
})
