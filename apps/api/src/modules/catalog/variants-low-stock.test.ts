import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, type TestContext, type TestUser } from '../../../test/helpers.ts'
import { createPackedProduct, datePacks, tag, type PackView } from '../../../test/variants.ts'

// Issue 28 (decision 0150): low stock is per pack. The dashboard's list names the low pack with its label, so the
// owner knows which size to restock; the product's well-stocked packs, switched-off packs and always-in-stock packs
// are not listed. (A fresh database: every product below is this file's.)

let ctx: TestContext
let admin: TestUser
beforeAll(async () => {
  ctx = await createTestApp()
  admin = await createUser(ctx.app, 'admin')
})
afterAll(() => ctx.close())

const stats = async (lang: 'ar' | 'en') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/dashboard/stats',
    headers: { ...admin.headers, 'accept-language': lang },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().low_stock_products as Record<string, unknown>[]
}

describe('dashboard low stock by pack', () => {
  it('lists each low pack with its product, label, price and stock, lowest first, in the reader’s language', async () => {
    const t = tag()
    const dates = await createPackedProduct(ctx.app, admin, datePacks(t, [40, 2, 5]), {
      name_ar: `تمر تاسفرت ${t}`,
      name_en: `Tasfirt dates ${t}`,
    })
    const [, kilo, carton] = dates.variants as [PackView, PackView, PackView]
    const oil = await createPackedProduct(ctx.app, admin, [{ price: 60, stock: 3, sku: `OIL-${t}` }], {
      name_ar: `زيت زيتون ${t}`,
      name_en: `Olive oil ${t}`,
    })
    // Not listed: a well-stocked pack, a switched-off pack and an always-in-stock pack of one product.
    await createPackedProduct(
      ctx.app,
      admin,
      [
        { label_ar: 'جرة 1 كغ', label_en: '1 kg jar', price: 120, stock: 50 },
        { label_ar: 'جرة 250 غ', label_en: '250 g jar', price: 35, stock: 1, is_active: false },
        { label_ar: 'جرة 500 غ', label_en: '500 g jar', price: 65, stock: 0, is_always_in_stock: true },
      ],
      { name_ar: `عسل ${t}`, name_en: `Honey ${t}` },
    )

    expect(await stats('ar')).toEqual([
      {
        id: dates.id,
        variant_id: kilo.id,
        variant_label: 'علبة 1 كغ',
        name: `تمر تاسفرت ${t}`,
        price: 23,
        stock: 2,
      },
      {
        id: oil.id,
        variant_id: oil.variants[0]!.id,
        variant_label: '',
        name: `زيت زيتون ${t}`,
        price: 60,
        stock: 3,
      },
      {
        id: dates.id,
        variant_id: carton.id,
        variant_label: 'كرتونة 5 كغ',
        name: `تمر تاسفرت ${t}`,
        price: 105,
        stock: 5,
      },
    ])
    const en = await stats('en')
    expect(en.map((r) => [r.name, r.variant_label])).toEqual([
      [`Tasfirt dates ${t}`, '1 kg box'],
      [`Olive oil ${t}`, ''],
      [`Tasfirt dates ${t}`, '5 kg carton'],
    ])
  })
})
