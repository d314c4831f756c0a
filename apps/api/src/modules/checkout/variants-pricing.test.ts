import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCity,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import {
  createPackedProduct,
  datePacks,
  order,
  quote,
  tag,
  type Line,
  type PackView,
} from '../../../test/variants.ts'

// Issue 28 (decision 0150): a pack's quantity breaks price a line at each break and retail one unit below it; the
// cart's quote and the placed order give the same figures (one pricing rule, packages/shared/src/pricing).

let ctx: TestContext
let admin: TestUser
let cityId: number
let small: PackView
let kilo: PackView
let carton: PackView
let productId: number
let t: string
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
  cityId = (await createCity(ctx.app, { deliveryPrice: 12.5 })).id
  t = tag()
  const made = await createPackedProduct(ctx.app, admin, datePacks(t, [1000, 1000, 1000]))
  productId = made.id
  ;[small, kilo, carton] = made.variants as [PackView, PackView, PackView]
})
afterAll(() => ctx.close())

const round = (n: number) => Math.round(n * 100) / 100

/** Quotes one line, places the same order, and checks both show `unit` a unit and agree to the cent. */
async function priceBoth(pack: () => PackView, quantity: number, unit: number, wholesale: boolean) {
  const line: Line = { product_id: productId, variant_id: pack().id, quantity }
  const q = await quote(ctx.app, cityId, [line])
  expect(q.statusCode, q.body).toBe(200)
  const ql = q.json().items
  expect(ql).toHaveLength(1)
  const expected = { unit_price: unit, line_total: round(unit * quantity), is_wholesale: wholesale, quantity }
  expect(ql[0], `quote ${pack().sku} × ${quantity}`).toMatchObject({
    product_id: productId,
    variant_id: pack().id,
    sku: pack().sku,
    ...expected,
  })
  expect(q.json()).toMatchObject({
    subtotal: expected.line_total,
    delivery_price: 12.5,
    total: round(expected.line_total + 12.5),
  })
  const o = await order(ctx.app, cityId, [line])
  expect(o.statusCode, o.body).toBe(201)
  expect(o.json().items).toHaveLength(1)
  expect(o.json().items[0], `order ${pack().sku} × ${quantity}`).toMatchObject({
    variant_id: pack().id,
    ...expected,
  })
  expect(o.json()).toMatchObject({
    subtotal: q.json().subtotal,
    delivery_price: q.json().delivery_price,
    total_amount: q.json().total,
  })
  return o.json()
}

describe('quantity breaks: quote and order agree at each break and one unit below it', () => {
  it('500 g box: 12.50 up to 4, 10 from 5 (wholesale), 9 from 20', async () => {
    await priceBoth(() => small, 1, 12.5, false)
    await priceBoth(() => small, 4, 12.5, false)
    await priceBoth(() => small, 5, 10, true)
    await priceBoth(() => small, 19, 10, true)
    await priceBoth(() => small, 20, 9, true)
    await priceBoth(() => small, 21, 9, true)
  })

  it('1 kg box: 23 up to 4, 21 from 5, 19.50 from 20; 5 kg carton: 105 up to 2, 99 from 3', async () => {
    await priceBoth(() => kilo, 4, 23, false)
    await priceBoth(() => kilo, 5, 21, true)
    await priceBoth(() => kilo, 19, 21, true)
    await priceBoth(() => kilo, 20, 19.5, true)
    await priceBoth(() => carton, 2, 105, false)
    await priceBoth(() => carton, 3, 99, true)
  })

  it('quotes each pack’s label, SKU and breaks in the reader’s language', async () => {
    const items: Line[] = [
      { product_id: productId, variant_id: carton.id, quantity: 1 },
      { product_id: productId, variant_id: small.id, quantity: 2 },
    ]
    const en = (await quote(ctx.app, cityId, items, 'en')).json().items
    expect(en).toHaveLength(2)
    expect(en).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          variant_id: carton.id,
          variant_label: '5 kg carton',
          sku: `TAS-5KG-${t}`,
          tiers: [{ min_quantity: 3, price: 99 }],
          retail_price: 105,
          wholesale_price: 99,
          wholesale_threshold: 3,
        }),
        expect.objectContaining({
          variant_id: small.id,
          variant_label: '500 g box',
          sku: `TAS-500-${t}`,
          tiers: [
            { min_quantity: 5, price: 10 },
            { min_quantity: 20, price: 9 },
          ],
          retail_price: 12.5,
          wholesale_price: 10,
          wholesale_threshold: 5,
        }),
      ]),
    )
    const ar = (await quote(ctx.app, cityId, items, 'ar')).json().items
    expect(ar.map((l: { variant_label: string }) => l.variant_label).sort()).toEqual(
      ['كرتونة 5 كغ', 'علبة 500 غ'].sort(),
    )
  })

  it('prices a cart of several packs as the sum of its lines, merging repeated lines of one pack first', async () => {
    const items: Line[] = [
      { product_id: productId, variant_id: small.id, quantity: 2 },
      { product_id: productId, variant_id: kilo.id, quantity: 4 },
      { product_id: productId, variant_id: small.id, quantity: 3 },
      { product_id: productId, variant_id: carton.id, quantity: 3 },
    ]
    // 500 g: 2 + 3 = 5 → 10 each = 50 (wholesale); 1 kg: 4 × 23 = 92 (retail); carton: 3 × 99 = 297 (wholesale).
    const q = await quote(ctx.app, cityId, items)
    expect(q.statusCode, q.body).toBe(200)
    expect(q.json()).toMatchObject({ subtotal: 439, delivery_price: 12.5, total: 451.5 })
    const o = await order(ctx.app, cityId, items)
    expect(o.statusCode, o.body).toBe(201)
    const byPack = Object.fromEntries(o.json().items.map((i: { variant_id: number }) => [i.variant_id, i]))
    expect(o.json().items).toHaveLength(3)
    expect(byPack[small.id]).toMatchObject({
      quantity: 5,
      unit_price: 10,
      line_total: 50,
      is_wholesale: true,
    })
    expect(byPack[kilo.id]).toMatchObject({
      quantity: 4,
      unit_price: 23,
      line_total: 92,
      is_wholesale: false,
    })
    expect(byPack[carton.id]).toMatchObject({
      quantity: 3,
      unit_price: 99,
      line_total: 297,
      is_wholesale: true,
    })
    expect(o.json()).toMatchObject({ subtotal: 439, delivery_price: 12.5, total_amount: 451.5 })

    // Staff see the profit from each pack's own buying prices: the wholesale buying price once a break applies.
    // 500 g: 5 × (10 − 7) = 15; 1 kg: 4 × (23 − 15) = 32; carton: 3 × (99 − 66) = 99.
    const staff = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${o.json().id}`,
      headers: admin.headers,
    })
    expect(staff.statusCode).toBe(200)
    expect(staff.json().profit).toBe(146)
  })
})
