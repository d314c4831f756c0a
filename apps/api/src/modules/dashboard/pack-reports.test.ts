import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productVariants, variantPriceTiers } from '../../db/schema/catalog.ts'
import {
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
  withStockReason,
} from '../../../test/helpers.ts'
import { placeTestOrder, type PlaceOptions } from '../../../test/orders.ts'

/**
 * Decisions 0150 and 0159: reports with packs and quantity breaks, hand-computed for June 2024. Dates D come as
 * 500 g (20; from 10: 16; costs 12 / 10), 1 kg (38; from 5: 35, from 20: 32; costs 25 / 22) and 5 kg (180; cost 120);
 * honey H has one unnamed pack (50; cost 30). Delivery 10.
 *   O1 completed 3 June: 500 g×2 (40) + 1 kg×5 (35 each: 175) + H×1 (50) → subtotal 265, total 275, cost 164, profit 101
 *   O2 completed 4 June: 1 kg×20 (32 each: 640) + 5 kg×1 (180) → subtotal 820, total 830, cost 560, profit 260
 *   O3 completed 5 June: 1 kg×4 (below the break: 152) + 500 g×10 (16 each: 160) → total 322, cost 200, profit 112
 *   O4 pending 6 June (5 kg×2) and O5 completed 1 July (5 kg×1): not June's revenue.
 * June: revenue 1427, profit 473; D sold 42 units for 1347 (1 kg 29 for 967, 500 g 12 for 200, 5 kg 1 for 180).
 */
describe('reports per product and per pack, with quantity breaks', () => {
  let ctx: TestContext
  let admin: TestUser
  const ids: Record<string, number> = {}
  const june = 'from=2024-06-01&to=2024-06-30'

  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    const cityId = (await createCity(ctx.app, { deliveryPrice: 10 })).id
    const d = await createProduct(ctx.app, {
      name: 'تمر تاسفرت',
      translations: { en: { name: 'Tasfirt dates' } },
      sku: 'TAS-500',
      retailPrice: 20,
      wholesalePrice: 16,
      wholesaleThreshold: 10,
      retailBuyingPrice: 12,
      wholesaleBuyingPrice: 10,
      stock: 100,
    })
    await ctx.app.db
      .update(productVariants)
      .set({ label: '500 غ', translations: { en: { label: '500 g' } }, weightGrams: 500 })
      .where(eq(productVariants.id, d.variantId))
    const pack = async (position: number, fields: Partial<typeof productVariants.$inferInsert>) => {
      const [row] = await withStockReason(ctx.app, (tx) =>
        tx
          .insert(productVariants)
          .values({ productId: d.id, position, retailPrice: 0, stock: 100, ...fields })
          .returning(),
      )
      return row!.id
    }
    ids.d = d.id
    ids.d500 = d.variantId
    ids.d1kg = await pack(1, {
      label: '1 كغ',
      translations: { en: { label: '1 kg' } },
      sku: 'TAS-1K',
      retailPrice: 38,
      retailBuyingPrice: 25,
      wholesaleBuyingPrice: 22,
    })
    await ctx.app.db.insert(variantPriceTiers).values([
      { variantId: ids.d1kg, minQuantity: 5, price: 35 },
      { variantId: ids.d1kg, minQuantity: 20, price: 32 },
    ])
    ids.d5kg = await pack(2, {
      label: '5 كغ',
      translations: { en: { label: '5 kg' } },
      sku: 'TAS-5K',
      retailPrice: 180,
      retailBuyingPrice: 120,
    })
    const h = await createProduct(ctx.app, {
      name: 'عسل سدر',
      retailPrice: 50,
      wholesalePrice: null,
      wholesaleThreshold: null,
      retailBuyingPrice: 30,
      wholesaleBuyingPrice: null,
      stock: 100,
    })
    ids.h = h.id
    ids.hPack = h.variantId

    const place = async (
      name: string,
      lines: [productId: number, variantId: number | undefined, quantity: number][],
      status: 'pending' | 'completed',
      at: string,
    ) => {
      // An order item names its pack (decision 0150); none is the default pack.
      const items: PlaceOptions['items'] = lines.map(([product_id, variant_id, quantity]) =>
        variant_id === undefined ? { product_id, quantity } : { product_id, variant_id, quantity },
      )
      ids[name] = (
        await placeTestOrder(ctx.app, {
          cityId,
          items,
          status,
          createdAt: new Date(at),
          customer: { customer_name: name },
        })
      ).id
    }
    await place(
      'O1',
      [
        [d.id, undefined, 2],
        [d.id, ids.d1kg, 5],
        [h.id, undefined, 1],
      ],
      'completed',
      '2024-06-03T10:00:00Z',
    )
    await place(
      'O2',
      [
        [d.id, ids.d1kg, 20],
        [d.id, ids.d5kg, 1],
      ],
      'completed',
      '2024-06-04T10:00:00Z',
    )
    await place(
      'O3',
      [
        [d.id, ids.d1kg, 4],
        [d.id, ids.d500, 10],
      ],
      'completed',
      '2024-06-05T10:00:00Z',
    )
    await place('O4', [[d.id, ids.d5kg, 2]], 'pending', '2024-06-06T10:00:00Z')
    await place('O5', [[d.id, ids.d5kg, 1]], 'completed', '2024-07-01T10:00:00Z')
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers: Record<string, string> = admin.headers) =>
    ctx.app.inject({ method: 'GET', url, headers })

  /** The completed orders' rows of the sales file for June, by header. */
  async function csvRows(lang?: string) {
    const res = await get(`/api/orders/export/csv?${june}`, {
      ...admin.headers,
      ...(lang ? { 'accept-language': lang } : {}),
    })
    expect(res.statusCode).toBe(200)
    const [header, ...rows] = res.rawPayload
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','))
    return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]!])))
  }

  it('agrees on revenue and profit across the dashboard, the sales screen and the sales file', async () => {
    const stats = (await get(`/api/dashboard/stats?${june}`)).json()
    expect(stats).toMatchObject({
      total_revenue: 1427,
      total_profit: 473,
      total_orders: 4,
      completed_orders: 3,
    })
    const sales = (await get(`/api/orders?status=completed&${june}`)).json()
    expect(sales.total).toBe(3)
    expect(sales.totals).toMatchObject({ total_amount: 1427, profit: 473 })

    const rows = await csvRows('en')
    expect(rows.map((r) => r['Customer name'])).toEqual(['O3', 'O2', 'O1'])
    expect(rows.map((r) => [r.Subtotal, r.Total, r.Profit])).toEqual([
      ['312.00', '322.00', '112.00'],
      ['820.00', '830.00', '260.00'],
      ['265.00', '275.00', '101.00'],
    ])
    const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key]), 0)
    expect(sum('Total')).toBe(stats.total_revenue)
    expect(sum('Profit')).toBe(stats.total_profit)
    // One row per order, its columns as before packs (decision 0159); the discount columns follow them (decision 0179).
    expect(Object.keys(rows[0]!)).toHaveLength(18)
  })

  it('keeps the top products per product, the packs of a product summed', async () => {
    const stats = (await get(`/api/dashboard/stats?${june}`)).json()
    expect(stats.top_products).toEqual([
      { product_id: ids.d, product: { name: 'تمر تاسفرت' }, total_quantity: 42, total_revenue: 1347 },
      { product_id: ids.h, product: { name: 'عسل سدر' }, total_quantity: 1, total_revenue: 50 },
    ])
    // Only asked for: the per-pack list.
    expect(stats.top_variants).toBeUndefined()
  })

  it('reads the top sellers per pack with by=variant, labels and SKUs in the reader’s language', async () => {
    const stats = (await get(`/api/dashboard/stats?${june}&by=variant`)).json()
    expect(stats.top_variants).toEqual([
      {
        product_id: ids.d,
        variant_id: ids.d1kg,
        product: { name: 'تمر تاسفرت' },
        variant_label: '1 كغ',
        sku: 'TAS-1K',
        total_quantity: 29,
        total_revenue: 967,
      },
      {
        product_id: ids.d,
        variant_id: ids.d500,
        product: { name: 'تمر تاسفرت' },
        variant_label: '500 غ',
        sku: 'TAS-500',
        total_quantity: 12,
        total_revenue: 200,
      },
      {
        product_id: ids.d,
        variant_id: ids.d5kg,
        product: { name: 'تمر تاسفرت' },
        variant_label: '5 كغ',
        sku: 'TAS-5K',
        total_quantity: 1,
        total_revenue: 180,
      },
      {
        product_id: ids.h,
        variant_id: ids.hPack,
        product: { name: 'عسل سدر' },
        variant_label: '',
        sku: null,
        total_quantity: 1,
        total_revenue: 50,
      },
    ])
    // The per-product figures are the same whichever way they are read.
    expect(stats.top_products).toEqual((await get(`/api/dashboard/stats?${june}`)).json().top_products)
    const en = (
      await get(`/api/dashboard/stats?${june}&by=variant`, { ...admin.headers, 'accept-language': 'en' })
    )
      .json()
      .top_variants.slice(0, 2)
    expect(
      en.map((v: { product: { name: string }; variant_label: string }) => [v.product.name, v.variant_label]),
    ).toEqual([
      ['Tasfirt dates', '1 kg'],
      ['Tasfirt dates', '500 g'],
    ])
    expect((await get(`/api/dashboard/stats?${june}&by=size`)).statusCode).toBe(422)
  })

  it('shows staff each line’s size, SKU, unit price and break as sold (what the invoice prints)', async () => {
    const order = (await get(`/api/orders/${ids.O1}`)).json()
    type Line = Record<string, unknown>
    const lines = (order.items as Line[]).map((i) => [
      i.variant_id,
      i.variant_label,
      i.sku,
      i.quantity,
      i.unit_price,
      i.is_wholesale,
    ])
    expect(lines).toHaveLength(3)
    expect(lines).toEqual(
      expect.arrayContaining([
        [ids.d500, '500 غ', 'TAS-500', 2, 20, false],
        [ids.d1kg, '1 كغ', 'TAS-1K', 5, 35, true],
        [ids.hPack, '', null, 1, 50, false],
      ]),
    )
    const oneKg = (order.items as Line[]).find((i) => i.variant_id === ids.d1kg)!
    expect(oneKg).toMatchObject({ variant_label_ar: '1 كغ', variant_label_en: '1 kg', line_total: 175 })
    const en = (await get(`/api/orders/${ids.O1}`, { ...admin.headers, 'accept-language': 'en' })).json()
    expect((en.items as Line[]).find((i) => i.variant_id === ids.d1kg)).toMatchObject({
      variant_label: '1 kg',
    })
  })

  it('names a removed pack as it was sold, and leaves every figure unchanged', async () => {
    await ctx.app.db.delete(productVariants).where(eq(productVariants.id, ids.d5kg!))
    await ctx.app.db
      .update(productVariants)
      .set({ label: '1 كيلو', sku: 'TAS-1000' })
      .where(eq(productVariants.id, ids.d1kg!))
    // The same range as before: a pack change makes the cached answer stale (catalog_version).
    const stats = (await get(`/api/dashboard/stats?${june}&by=variant`)).json()
    expect(stats).toMatchObject({ total_revenue: 1427, total_profit: 473 })
    expect(stats.top_products[0]).toEqual({
      product_id: ids.d,
      product: { name: 'تمر تاسفرت' },
      total_quantity: 42,
      total_revenue: 1347,
    })
    expect(stats.top_variants[0]).toMatchObject({
      variant_id: ids.d1kg,
      variant_label: '1 كيلو',
      sku: 'TAS-1000',
    })
    expect(stats.top_variants[2]).toEqual({
      product_id: ids.d,
      variant_id: null,
      product: { name: 'تمر تاسفرت' },
      variant_label: '5 كغ',
      sku: 'TAS-5K',
      total_quantity: 1,
      total_revenue: 180,
    })
    const rows = await csvRows()
    expect(rows.reduce((s, r) => s + Number(r['الإجمالي']), 0)).toBe(1427)
    expect(rows.reduce((s, r) => s + Number(r['الربح']), 0)).toBe(473)
  })
})
