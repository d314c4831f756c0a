import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailOutbox } from '../../db/schema/settings.ts'
import {
  createCity,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import {
  asInput,
  createPackedProduct,
  datePacks,
  order,
  packStocks,
  placed,
  putProduct,
  quote,
  shopper,
  tag,
  type PackView,
} from '../../../test/variants.ts'

// Issue 28 (decision 0150): orders are keyed by pack. An order line keeps the pack's label and SKU as sold through a
// rename, the pack's removal and the product's deletion; stock moves (sale, cancel, staff edit) touch the right pack.

let ctx: TestContext
let admin: TestUser
let cityId: number
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
  cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
})
afterAll(() => ctx.close())

const staffOrder = async (id: number, lang: 'ar' | 'en' = 'ar') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/orders/${id}`,
    headers: { ...admin.headers, 'accept-language': lang },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
const track = async (orderNumber: string, lang: 'ar' | 'en') => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/track',
    headers: { 'accept-language': lang },
    payload: { order_number: orderNumber, phone: shopper.customer_phone },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
type Item = { variant_id: number | null; variant_label: string; sku: string | null } & Record<string, unknown>
const lineOf = (o: { items: Item[] }, sku: string) => o.items.find((i) => i.sku === sku)!

describe('an order line keeps the pack as sold', () => {
  it('keeps label (ar/en) and SKU after the pack is renamed, then removed, then the product deleted', async () => {
    const t = tag()
    const made = await createPackedProduct(ctx.app, admin, datePacks(t))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const sold = await placed(
      ctx.app,
      cityId,
      [
        { product_id: made.id, variant_id: kilo.id, quantity: 2 },
        { product_id: made.id, variant_id: small.id, quantity: 1 },
      ],
      'en',
    )
    // The shopper's answer is in their language.
    expect(sold.items).toHaveLength(2)
    expect(lineOf(sold, `TAS-1KG-${t}`)).toMatchObject({
      product_id: made.id,
      variant_id: kilo.id,
      variant_label: '1 kg box',
      quantity: 2,
      unit_price: 23,
    })
    const asSold = {
      variant_label: 'علبة 1 كغ',
      variant_label_ar: 'علبة 1 كغ',
      variant_label_en: '1 kg box',
      sku: `TAS-1KG-${t}`,
      quantity: 2,
      unit_price: 23,
      line_total: 46,
    }
    expect(lineOf(await staffOrder(sold.id), `TAS-1KG-${t}`)).toMatchObject({
      variant_id: kilo.id,
      ...asSold,
    })

    // 1. Renamed, re-coded and re-priced.
    const renamed = await putProduct(ctx.app, admin, made.id, {
      variants: [
        asInput(small),
        { ...asInput(kilo), label_ar: 'علبة كيلو', label_en: 'Kilo box', sku: `NEW-1KG-${t}`, price: 25 },
        asInput(carton),
      ],
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(lineOf(await staffOrder(sold.id), `TAS-1KG-${t}`)).toMatchObject({
      variant_id: kilo.id,
      ...asSold,
    })
    expect(lineOf(await staffOrder(sold.id, 'en'), `TAS-1KG-${t}`)).toMatchObject({
      variant_label: '1 kg box',
    })

    // 2. Removed: a PUT of the packs without it.
    const removed = await putProduct(ctx.app, admin, made.id, { variants: [asInput(small), asInput(carton)] })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/products/${made.id}` })).json().variants,
    ).toHaveLength(2)
    const line = lineOf(await staffOrder(sold.id), `TAS-1KG-${t}`)
    expect(line).toMatchObject(asSold)
    // docs/api.md: variant_id is null once the pack is removed; the line still names the product.
    expect(line.variant_id).toBeNull()
    expect(line.product_id).toBe(made.id)
    // Its SKU is free again for a new pack of another product.
    const reuse = await createPackedProduct(ctx.app, admin, [{ sku: `TAS-1KG-${t}`, price: 9, stock: 1 }])
    expect(reuse.variants[0]!.sku).toBe(`TAS-1KG-${t}`)

    // 3. The product deleted (it has orders, so it is archived).
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${made.id}`,
      headers: admin.headers,
    })
    expect(deleted.statusCode).toBe(204)
    expect((await ctx.app.inject({ method: 'GET', url: `/api/products/${made.id}` })).statusCode).toBe(404)
    const after = await staffOrder(sold.id)
    expect(lineOf(after, `TAS-1KG-${t}`)).toMatchObject(asSold)
    expect(lineOf(after, `TAS-500-${t}`)).toMatchObject({
      variant_label: 'علبة 500 غ',
      variant_label_en: '500 g box',
      sku: `TAS-500-${t}`,
      quantity: 1,
      unit_price: 12.5,
    })
    expect(after).toMatchObject({ subtotal: 58.5, total_amount: 68.5 })
    // The shopper's tracking page too, in each language.
    const trackedEn = await track(sold.order_number, 'en')
    expect(trackedEn.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          variant_label: '1 kg box',
          sku: `TAS-1KG-${t}`,
          quantity: 2,
          unit_price: 23,
        }),
        expect.objectContaining({ variant_label: '500 g box', sku: `TAS-500-${t}`, quantity: 1 }),
      ]),
    )
    const trackedAr = await track(sold.order_number, 'ar')
    expect(trackedAr.items.map((i: Item) => i.variant_label).sort()).toEqual(
      ['علبة 1 كغ', 'علبة 500 غ'].sort(),
    )
  })

  it('restocks the packs an order took when staff cancel it, once, leaving the product’s other pack alone', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks(undefined, [40, 30, 20]))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const o = await placed(ctx.app, cityId, [
      { product_id: made.id, variant_id: kilo.id, quantity: 3 },
      { product_id: made.id, variant_id: carton.id, quantity: 2 },
    ])
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 27,
      [carton.id]: 18,
    })
    // Renaming the pack between sale and cancel changes nothing about which stock comes back.
    await putProduct(ctx.app, admin, made.id, {
      variants: [
        asInput(small),
        { ...asInput(kilo), stock: 27, label_ar: 'كيلو' },
        { ...asInput(carton), stock: 18 },
      ],
    })
    const edit = {
      ...shopper,
      order_status: 'cancelled',
      payment_status: 'pending',
    }
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${o.id}`,
        headers: admin.headers,
        payload: { ...edit, notes: `إلغاء ${i}` },
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 30,
      [carton.id]: 20,
    })
  })

  it('lets staff edit an order’s lines by pack (PUT /orders/:id/items): re-priced at the breaks, each pack’s stock moved', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks(undefined, [40, 30, 20]))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const o = await placed(ctx.app, cityId, [{ product_id: made.id, variant_id: kilo.id, quantity: 2 }])
    expect(o).toMatchObject({ subtotal: 46, total_amount: 56 })
    const edit = (items: object[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/orders/${o.id}/items`,
        headers: admin.headers,
        payload: { items },
      })

    const more = await edit([
      { product_id: made.id, variant_id: kilo.id, quantity: 5 },
      { product_id: made.id, variant_id: carton.id, quantity: 1 },
    ])
    expect(more.statusCode, more.body).toBe(200)
    const byPack = (body: { items: Item[] }) => Object.fromEntries(body.items.map((i) => [i.variant_id, i]))
    expect(more.json().items).toHaveLength(2)
    expect(byPack(more.json())[kilo.id]).toMatchObject({
      quantity: 5,
      unit_price: 21,
      is_wholesale: true,
      line_total: 105,
    })
    expect(byPack(more.json())[carton.id]).toMatchObject({
      quantity: 1,
      unit_price: 105,
      variant_label: 'كرتونة 5 كغ',
      line_total: 105,
    })
    expect(more.json()).toMatchObject({ subtotal: 210, total_amount: 220 })
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 25,
      [carton.id]: 19,
    })

    const swap = await edit([{ product_id: made.id, variant_id: small.id, quantity: 1 }])
    expect(swap.statusCode, swap.body).toBe(200)
    expect(swap.json().items).toEqual([
      expect.objectContaining({
        variant_id: small.id,
        quantity: 1,
        unit_price: 12.5,
        variant_label: 'علبة 500 غ',
      }),
    ])
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 39,
      [kilo.id]: 30,
      [carton.id]: 20,
    })

    // More than a pack has: 409 naming the pack, nothing moved.
    const tooMany = await edit([{ product_id: made.id, variant_id: carton.id, quantity: 21 }])
    expect(tooMany.statusCode).toBe(409)
    expect(tooMany.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      product_id: made.id,
      variant_id: carton.id,
      available: 20,
    })
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 39,
      [kilo.id]: 30,
      [carton.id]: 20,
    })
  })

  it('names the size, SKU and unit price of each line in the shopper’s order mail, in their language', async () => {
    const t = tag()
    const made = await createPackedProduct(ctx.app, admin, datePacks(t))
    const [small, kilo] = made.variants as [PackView, PackView]
    for (const [lang, size, money] of [
      ['en', '1 kg box', '21.00 LYD'],
      ['ar', 'علبة 1 كغ', '21.00 د.ل'],
    ] as const) {
      const email = `mail-${lang}-${t}@example.ly`
      const res = await order(
        ctx.app,
        cityId,
        [
          { product_id: made.id, variant_id: kilo.id, quantity: 5 },
          { product_id: made.id, variant_id: small.id, quantity: 1 },
        ],
        { lang, email },
      )
      expect(res.statusCode, res.body).toBe(201)
      const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
      const line = mail!.text.split('\n').find((l) => l.includes(size))
      expect(line, mail!.text).toBeDefined()
      expect(line).toContain(`TAS-1KG-${t}`)
      expect(line).toContain(money)
      expect(mail!.text).toContain(`TAS-500-${t}`)
      expect(mail!.html).toContain(size)
    }
  })
})

describe('cart lines and packs', () => {
  it('takes a line without variant_id (a cart saved before packs) as the default pack, in the quote and the order', async () => {
    const t = tag()
    const made = await createPackedProduct(ctx.app, admin, datePacks(t, [40, 30, 20]))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const q = await quote(ctx.app, cityId, [{ product_id: made.id, quantity: 5 }], 'en')
    expect(q.statusCode, q.body).toBe(200)
    expect(q.json().items).toEqual([
      expect.objectContaining({
        product_id: made.id,
        variant_id: small.id,
        variant_label: '500 g box',
        sku: `TAS-500-${t}`,
        unit_price: 10,
        is_wholesale: true,
      }),
    ])
    const o = await placed(ctx.app, cityId, [{ product_id: made.id, quantity: 5 }], 'en')
    expect(o.items).toEqual([
      expect.objectContaining({
        variant_id: small.id,
        variant_label: '500 g box',
        sku: `TAS-500-${t}`,
        unit_price: 10,
      }),
    ])
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 35,
      [kilo.id]: 30,
      [carton.id]: 20,
    })
    // A line naming the default pack and one naming none are the same line.
    const same = await placed(ctx.app, cityId, [
      { product_id: made.id, quantity: 2 },
      { product_id: made.id, variant_id: small.id, quantity: 3 },
    ])
    expect(same.items).toEqual([
      expect.objectContaining({ variant_id: small.id, quantity: 5, unit_price: 10 }),
    ])

    // Switched off, the first pack is no longer the default: the old cart line buys the next one.
    await putProduct(ctx.app, admin, made.id, {
      variants: [{ ...asInput(small), stock: 30, is_active: false }, asInput(kilo), asInput(carton)],
    })
    const next = await placed(ctx.app, cityId, [{ product_id: made.id, quantity: 1 }])
    expect(next.items).toEqual([
      expect.objectContaining({ variant_id: kilo.id, sku: `TAS-1KG-${t}`, unit_price: 23 }),
    ])
    // And the switched-off pack itself cannot be bought.
    const off = await order(ctx.app, cityId, [{ product_id: made.id, variant_id: small.id, quantity: 1 }])
    expect(off.statusCode).toBe(422)
    expect(await packStocks(ctx.app, [small.id])).toEqual({ [small.id]: 30 })
  })

  it('makes two packs of one product two lines', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks())
    const [small, kilo] = made.variants as [PackView, PackView]
    const o = await placed(ctx.app, cityId, [
      { product_id: made.id, variant_id: small.id, quantity: 1 },
      { product_id: made.id, variant_id: kilo.id, quantity: 1 },
    ])
    expect(o.items.map((i: Item) => [i.product_id, i.variant_id, i.unit_price])).toEqual(
      expect.arrayContaining([
        [made.id, small.id, 12.5],
        [made.id, kilo.id, 23],
      ]),
    )
    expect(o.items).toHaveLength(2)
    expect(o.subtotal).toBe(35.5)
  })

  it('answers 409 OUT_OF_STOCK naming the pack, and writes nothing, not even the lines that had stock', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks(undefined, [40, 3, 20]))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const res = await order(
      ctx.app,
      cityId,
      [
        { product_id: made.id, variant_id: small.id, quantity: 2 },
        { product_id: made.id, variant_id: kilo.id, quantity: 4 },
      ],
      { lang: 'en' },
    )
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({
      code: 'OUT_OF_STOCK',
      product_id: made.id,
      variant_id: kilo.id,
      available: 3,
    })
    // The message names the size, not only the product.
    expect(res.json().message).toContain('1 kg box')
    expect(await packStocks(ctx.app, [small.id, kilo.id, carton.id])).toEqual({
      [small.id]: 40,
      [kilo.id]: 3,
      [carton.id]: 20,
    })
    // The quote shows the pack's own availability.
    const q = (
      await quote(ctx.app, cityId, [{ product_id: made.id, variant_id: kilo.id, quantity: 4 }])
    ).json()
    expect(q.items[0]).toMatchObject({ variant_id: kilo.id, available: 3, is_available: false })
  })

  it('refuses a pack that belongs to another product, taking no stock from either', async () => {
    const a = await createPackedProduct(ctx.app, admin, datePacks(undefined, [10, 10, 10]))
    const b = await createPackedProduct(ctx.app, admin, datePacks(undefined, [10, 10, 10]))
    const res = await order(ctx.app, cityId, [
      { product_id: a.id, variant_id: b.variants[1]!.id, quantity: 1 },
    ])
    expect(res.statusCode).toBe(422)
    const ids = [...a.variants, ...b.variants].map((v) => v.id)
    expect(Object.values(await packStocks(ctx.app, ids))).toEqual([10, 10, 10, 10, 10, 10])
  })
})
