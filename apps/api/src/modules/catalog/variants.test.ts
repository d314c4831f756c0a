import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'
import { multipartForm } from '../../../test/multipart.ts'
import {
  asInput,
  createPackedProduct,
  datePacks,
  putProduct,
  readProduct,
  tag,
  type PackView,
} from '../../../test/variants.ts'

// Issue 28 (decision 0150, docs/api.md "Pack sizes and price breaks"): a product is a family of packs. What an admin
// writes and what the staff and the public read back, through the API only.

let ctx: TestContext
let admin: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
})
afterAll(() => ctx.close())

const labels = (vs: PackView[]) => vs.map((v) => v.label)

describe('a product with three packs: what staff and the public read', () => {
  it('lists the packs in the shop order with labels in the reader’s language, price_from and the default pack’s spec fields', async () => {
    const t = tag()
    const made = await createPackedProduct(ctx.app, admin, datePacks(t))
    expect(made.variants).toHaveLength(3)
    const ids = made.variants.map((v) => v.id)

    const staffAr = (await readProduct(ctx.app, made.id, { staff: admin })).json()
    expect(staffAr.variants.map((v: PackView) => v.id)).toEqual(ids)
    expect(staffAr.variants).toEqual([
      expect.objectContaining({
        sku: `TAS-500-${t}`,
        label: 'علبة 500 غ',
        label_ar: 'علبة 500 غ',
        label_en: '500 g box',
        price: 12.5,
        tiers: [
          { min_quantity: 5, price: 10 },
          { min_quantity: 20, price: 9 },
        ],
        retail_buying_price: 8,
        wholesale_buying_price: 7,
        stock: 40,
        is_active: true,
        is_always_in_stock: false,
        weight_grams: 500,
        volume_ml: null,
      }),
      expect.objectContaining({
        sku: `TAS-1KG-${t}`,
        label: 'علبة 1 كغ',
        label_en: '1 kg box',
        price: 23,
        tiers: [
          { min_quantity: 5, price: 21 },
          { min_quantity: 20, price: 19.5 },
        ],
        stock: 30,
      }),
      expect.objectContaining({
        sku: `TAS-5KG-${t}`,
        label: 'كرتونة 5 كغ',
        price: 105,
        tiers: [{ min_quantity: 3, price: 99 }],
        stock: 20,
        weight_grams: 5000,
      }),
    ])
    // The spec's fields are the default pack's: the first active one.
    expect(staffAr).toMatchObject({
      price: 12.5,
      retail_price: 12.5,
      wholesale_price: 10,
      wholesale_threshold: 5,
      stock: 40,
      sku: `TAS-500-${t}`,
      is_always_in_stock: false,
      retail_buying_price: 8,
      wholesale_buying_price: 7,
      price_from: 12.5,
    })

    const publicEn = await readProduct(ctx.app, made.id, { lang: 'en' })
    expect(publicEn.statusCode).toBe(200)
    const pub = publicEn.json()
    expect(labels(pub.variants)).toEqual(['500 g box', '1 kg box', '5 kg carton'])
    expect(pub).toMatchObject({
      price: 12.5,
      wholesale_price: 10,
      wholesale_threshold: 5,
      stock: 40,
      price_from: 12.5,
    })
    // Buying prices and the stored texts of every language are staff-only, on the product and on each pack.
    expect(pub).not.toHaveProperty('retail_buying_price')
    expect(pub).not.toHaveProperty('wholesale_buying_price')
    for (const v of pub.variants) {
      expect(v).not.toHaveProperty('retail_buying_price')
      expect(v).not.toHaveProperty('wholesale_buying_price')
      expect(v).not.toHaveProperty('label_ar')
      expect(v).not.toHaveProperty('label_en')
    }
    expect(
      labels((await readProduct(ctx.app, made.id, { staff: admin, lang: 'en' })).json().variants),
    ).toEqual(['500 g box', '1 kg box', '5 kg carton'])

    // The public list carries the same packs and price_from.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/products?search=${encodeURIComponent(made.name)}`,
      headers: { 'accept-language': 'en' },
    })
    const row = list.json().data.find((p: { id: number }) => p.id === made.id)
    expect(row).toMatchObject({ price: 12.5, price_from: 12.5, stock: 40 })
    expect(labels(row.variants)).toEqual(['500 g box', '1 kg box', '5 kg carton'])
  })

  it('moves the default to the next active pack when the first is switched off, and hides it from the public', async () => {
    const t = tag()
    const made = await createPackedProduct(ctx.app, admin, datePacks(t))
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const res = await putProduct(ctx.app, admin, made.id, {
      variants: [{ ...asInput(small), is_active: false }, asInput(kilo), asInput(carton)],
    })
    expect(res.statusCode, res.body).toBe(200)

    const staff = (await readProduct(ctx.app, made.id, { staff: admin })).json()
    expect(staff.variants.map((v: PackView) => [v.id, v.is_active])).toEqual([
      [small.id, false],
      [kilo.id, true],
      [carton.id, true],
    ])
    const expected = {
      price: 23,
      retail_price: 23,
      wholesale_price: 21,
      wholesale_threshold: 5,
      stock: 30,
      sku: `TAS-1KG-${t}`,
      // The lowest price among the packs on sale, not the switched-off 12.50.
      price_from: 23,
    }
    expect(staff).toMatchObject({ ...expected, retail_buying_price: 15, wholesale_buying_price: 14 })
    const pub = (await readProduct(ctx.app, made.id)).json()
    expect(pub).toMatchObject(expected)
    expect(pub.variants.map((v: PackView) => v.id)).toEqual([kilo.id, carton.id])
    expect(JSON.stringify(pub)).not.toContain(`TAS-500-${t}`)

    // The order given is the shop's order: the carton first makes it the default pack.
    const reordered = await putProduct(ctx.app, admin, made.id, {
      variants: [asInput(carton), { ...asInput(small), is_active: false }, asInput(kilo)],
    })
    expect(reordered.statusCode, reordered.body).toBe(200)
    const after = (await readProduct(ctx.app, made.id, { lang: 'en' })).json()
    expect(labels(after.variants)).toEqual(['5 kg carton', '1 kg box'])
    expect(after).toMatchObject({
      price: 105,
      wholesale_price: 99,
      wholesale_threshold: 3,
      stock: 20,
      price_from: 23,
    })
  })

  it('refuses to switch off every pack of a product, changing nothing', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks())
    const [small, kilo, carton] = made.variants as [PackView, PackView, PackView]
    const none = await putProduct(
      ctx.app,
      admin,
      made.id,
      { variants: [small, kilo, carton].map((v) => ({ ...asInput(v), is_active: false })) },
      'en',
    )
    expect(none.statusCode).toBe(422)
    expect(none.json().errors).toEqual({ variants: ['At least one size must be on sale'] })
    expect((await readProduct(ctx.app, made.id)).json().variants).toHaveLength(3)
  })
})

describe('pack validation: 422 on the field, in Arabic and English', () => {
  const create = (variants: unknown[], lang: 'ar' | 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...admin.headers, 'accept-language': lang },
      payload: { name: `منتج ${tag()}`, description: 'وصف', variants },
    })

  it('refuses breaks out of order, not cheaper than the one before, or not below the pack’s price', async () => {
    const cases: {
      name: string
      edit: (p: ReturnType<typeof datePacks>) => void
      errors: Record<string, [string, string]>
    }[] = [
      {
        name: 'quantity not growing',
        edit: (p) =>
          (p[1]!.tiers = [
            { min_quantity: 5, price: 21 },
            { min_quantity: 5, price: 19.5 },
          ]),
        errors: {
          'variants.1.tiers.1.min_quantity': [
            'يجب أن تكون كمية كل شريحة سعر أكبر من التي قبلها',
            'Each price break needs a larger quantity than the one before it',
          ],
        },
      },
      {
        name: 'a larger quantity that is not cheaper',
        edit: (p) =>
          (p[1]!.tiers = [
            { min_quantity: 5, price: 21 },
            { min_quantity: 20, price: 21 },
          ]),
        errors: {
          'variants.1.tiers.1.price': [
            'يجب أن يكون سعر كل شريحة أقل من سعر التي قبلها',
            'Each price break must be cheaper than the one before it',
          ],
        },
      },
      {
        name: 'the first break not below the pack price',
        edit: (p) => (p[2]!.tiers = [{ min_quantity: 3, price: 105 }]),
        errors: {
          'variants.2.tiers.0.price': [
            'يجب أن يكون سعر الجملة أقل من سعر التجزئة',
            'The wholesale price must be below the retail price',
          ],
        },
      },
      {
        name: 'a break from one unit',
        edit: (p) => (p[0]!.tiers = [{ min_quantity: 1, price: 10 }]),
        errors: {
          'variants.0.tiers.0.min_quantity': [
            'يجب ألا يقل الحد الأدنى لكمية الجملة عن 2',
            'The wholesale minimum quantity must be 2 or more',
          ],
        },
      },
    ]
    for (const c of cases) {
      for (const [i, lang] of (['ar', 'en'] as const).entries()) {
        const packs = datePacks()
        c.edit(packs)
        const res = await create(packs, lang)
        expect(res.statusCode, `${c.name} (${lang})`).toBe(422)
        expect(res.json().code).toBe('VALIDATION_FAILED')
        expect(res.json().errors, `${c.name} (${lang})`).toEqual(
          Object.fromEntries(Object.entries(c.errors).map(([k, v]) => [k, [v[i]]])),
        )
      }
    }
  })

  it('refuses a bad PUT of the packs and leaves the product as it was', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks())
    const packs = made.variants.map(asInput)
    packs[0]!.tiers = [
      { min_quantity: 20, price: 9 },
      { min_quantity: 5, price: 10 },
    ]
    const res = await putProduct(ctx.app, admin, made.id, { variants: packs }, 'en')
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({
      'variants.0.tiers.1.min_quantity': ['Each price break needs a larger quantity than the one before it'],
      'variants.0.tiers.1.price': ['Each price break must be cheaper than the one before it'],
    })
    const after = (await readProduct(ctx.app, made.id, { staff: admin })).json()
    expect(after.variants).toEqual(made.variants)
  })

  it('needs a label on every pack once there are two, and none for a single pack', async () => {
    const two = datePacks().slice(0, 2)
    two[1]!.label_ar = ' '
    for (const [lang, message] of [
      ['ar', 'سمِّ هذا الحجم (مثلاً 1 كغ) ليختاره المتسوق'],
      ['en', 'Name this size (for example 1 kg) so shoppers can choose it'],
    ] as const) {
      const res = await create(two, lang)
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ 'variants.1.label_ar': [message] })
    }
    const one = await create([{ price: 30, stock: 4 }], 'en')
    expect(one.statusCode, one.body).toBe(201)
    expect(one.json().variants).toEqual([
      expect.objectContaining({ label: '', price: 30, stock: 4, tiers: [] }),
    ])
    expect(one.json()).toMatchObject({
      price: 30,
      price_from: 30,
      wholesale_price: null,
      wholesale_threshold: null,
    })
  })

  it('refuses a SKU that another product’s pack has (any case) or that two packs share, on the pack', async () => {
    const t = tag()
    await createPackedProduct(ctx.app, admin, datePacks(t))
    const other = datePacks()
    other[0]!.sku = `tas-1kg-${t}`
    for (const [lang, message] of [
      ['ar', 'لمنتج آخر رمز SKU نفسه'],
      ['en', 'Another product already has this SKU'],
    ] as const) {
      const res = await create(other, lang)
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ 'variants.0.sku': [message] })
    }
    // Within one request: the second holder is named, even when an earlier pack has no SKU at all.
    const twice = datePacks()
    twice[0]!.sku = null
    twice[2]!.sku = twice[1]!.sku!.toLowerCase()
    const res = await create(twice, 'en')
    expect(res.statusCode).toBe(422)
    expect(res.json().errors).toEqual({ 'variants.2.sku': ['Another product already has this SKU'] })
  })
})

describe('multipart writes and old clients', () => {
  const send = (url: string, fields: Record<string, string>, lang: 'ar' | 'en' = 'ar') => {
    const form = multipartForm(fields)
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...admin.headers, 'accept-language': lang, ...form.headers },
      payload: form.payload,
    })
  }

  it('takes `variants` as one multipart field holding the JSON array, and refuses bad JSON with a 422', async () => {
    const t = tag()
    const created = await send('/api/products', {
      name_ar: `عسل سدر ${t}`,
      name_en: `Sidr honey ${t}`,
      description_ar: 'عسل جبلي',
      variants: JSON.stringify([
        {
          label_ar: 'جرة 250 غ',
          label_en: '250 g jar',
          sku: `HON-250-${t}`,
          price: '35',
          stock: '12',
          weight_grams: '250',
        },
        {
          label_ar: 'جرة 1 كغ',
          label_en: '1 kg jar',
          sku: `HON-1KG-${t}`,
          price: '120',
          tiers: [{ min_quantity: '4', price: '110' }],
          stock: '6',
          weight_grams: '1000',
        },
      ]),
    })
    expect(created.statusCode, created.body).toBe(201)
    const p = created.json()
    expect(p.variants).toEqual([
      expect.objectContaining({
        label: 'جرة 250 غ',
        sku: `HON-250-${t}`,
        price: 35,
        stock: 12,
        weight_grams: 250,
        tiers: [],
      }),
      expect.objectContaining({
        label: 'جرة 1 كغ',
        sku: `HON-1KG-${t}`,
        price: 120,
        stock: 6,
        tiers: [{ min_quantity: 4, price: 110 }],
      }),
    ])
    expect(p).toMatchObject({ price: 35, price_from: 35, stock: 12, wholesale_price: null })

    // The dashboard's edit form: POST with _method=PUT, the packs again as a JSON string.
    const [jar, big] = p.variants as [PackView, PackView]
    const edited = await send(`/api/products/${p.id}`, {
      _method: 'PUT',
      name_ar: `عسل سدر ${t}`,
      description_ar: 'عسل جبلي',
      variants: JSON.stringify([{ ...asInput(big), stock: 9 }, asInput(jar)]),
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().variants.map((v: PackView) => [v.id, v.stock])).toEqual([
      [big.id, 9],
      [jar.id, 12],
    ])

    for (const bad of ['[{"label_ar": "جرة"', 'not json']) {
      const res = await send(
        '/api/products',
        { name_ar: `منتج ${tag()}`, description_ar: 'وصف', variants: bad },
        'en',
      )
      expect(res.statusCode, JSON.stringify(bad)).toBe(422)
      expect(Object.keys(res.json().errors), JSON.stringify(bad)).toEqual(['variants'])
    }
    const notJson = await send(
      `/api/products/${p.id}`,
      { _method: 'PUT', name_ar: 'x', description_ar: 'y', variants: '{oops' },
      'en',
    )
    expect(notJson.statusCode).toBe(422)
    expect(notJson.json().errors).toEqual({ variants: ['Invalid value'] })
    expect((await readProduct(ctx.app, p.id, { staff: admin })).json().variants).toHaveLength(2)
  })

  it('an update without `variants` (an old client) sets the default pack only and keeps the other packs and extra breaks', async () => {
    const t = tag()
    const made = await createPackedProduct(ctx.app, admin, datePacks(t))
    const [, kilo, carton] = made.variants as [PackView, PackView, PackView]

    const price = await putProduct(ctx.app, admin, made.id, { price: 13, stock: 35 })
    expect(price.statusCode, price.body).toBe(200)
    let now = (await readProduct(ctx.app, made.id, { staff: admin })).json()
    expect(now.variants.map((v: PackView) => v.id)).toEqual(made.variants.map((v) => v.id))
    expect(now.variants[0]).toMatchObject({
      label_ar: 'علبة 500 غ',
      label_en: '500 g box',
      sku: `TAS-500-${t}`,
      price: 13,
      stock: 35,
      // The break at 20 that an old client does not know stays.
      tiers: [
        { min_quantity: 5, price: 10 },
        { min_quantity: 20, price: 9 },
      ],
      weight_grams: 500,
    })
    expect(now.variants.slice(1)).toEqual([kilo, carton])
    expect(now).toMatchObject({ price: 13, stock: 35, wholesale_price: 10, wholesale_threshold: 5 })

    // The spec's wholesale pair replaces the first break; the cheaper break above it stays.
    const pair = await putProduct(ctx.app, admin, made.id, { wholesale_price: 11, wholesale_threshold: 4 })
    expect(pair.statusCode, pair.body).toBe(200)
    now = (await readProduct(ctx.app, made.id, { staff: admin })).json()
    expect(now.variants[0].tiers).toEqual([
      { min_quantity: 4, price: 11 },
      { min_quantity: 20, price: 9 },
    ])
    expect(now.variants.slice(1)).toEqual([kilo, carton])
    // The spec's rule still holds for an old client: the wholesale price below the retail price.
    const bad = await putProduct(ctx.app, admin, made.id, { price: 10 }, 'en')
    expect(bad.statusCode).toBe(422)
    expect(bad.json().errors).toEqual({
      wholesale_price: ['The wholesale price must be below the retail price'],
    })

    // PATCH stock: the default pack, or the pack named.
    const stock = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${made.id}/stock`,
      headers: admin.headers,
      payload: { stock: 3 },
    })
    expect(stock.statusCode, stock.body).toBe(200)
    expect(stock.json()).toMatchObject({ stock: 3 })
    const named = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/products/${made.id}/stock`,
      headers: admin.headers,
      payload: { stock: 7, variant_id: carton.id },
    })
    expect(named.statusCode, named.body).toBe(200)
    now = (await readProduct(ctx.app, made.id, { staff: admin })).json()
    expect(now.variants.map((v: PackView) => v.stock)).toEqual([3, kilo.stock, 7])
  })

  it('removes a pack left out of `variants` and adds a new one, keeping the ids of the others', async () => {
    const made = await createPackedProduct(ctx.app, admin, datePacks())
    const [small, , carton] = made.variants as [PackView, PackView, PackView]
    const res = await putProduct(ctx.app, admin, made.id, {
      variants: [
        asInput(small),
        asInput(carton),
        { label_ar: 'كرتونة 10 كغ', label_en: '10 kg carton', price: 195, stock: 4, weight_grams: 10000 },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const vs = (await readProduct(ctx.app, made.id, { staff: admin, lang: 'en' })).json()
      .variants as PackView[]
    expect(vs.map((v) => v.label)).toEqual(['500 g box', '5 kg carton', '10 kg carton'])
    expect(vs.slice(0, 2).map((v) => v.id)).toEqual([small.id, carton.id])
    expect(made.variants.map((v) => v.id)).not.toContain(vs[2]!.id)
  })
})
