import { asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCategory,
  createProduct,
  createTestApp,
  createUser,
  packOf,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'
import { multipartForm } from '../../../test/multipart.ts'
import { products, productVariants, variantPriceTiers } from '../../db/schema/catalog.ts'

// Decision 0158: CSV import and export of products with pack sizes, one row per size.
describe('CSV import and export of products with sizes', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  const en = { 'accept-language': 'en' }
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
    await createCategory(ctx.app, { name: 'تمور الأحجام' })
  })
  afterAll(() => ctx.close())

  const send = (csv: string, headers: Record<string, string> = { ...admin.headers, ...en }) => {
    const form = multipartForm({}, [
      { field: 'file', filename: 'products.csv', contentType: 'text/csv', data: Buffer.from(csv, 'utf8') },
    ])
    return ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    })
  }
  const exportCsv = () =>
    ctx.app.inject({ method: 'GET', url: '/api/products/export/csv', headers: admin.headers })

  /** The packs of a product in the shop's order, with their breaks. */
  async function packsOf(productId: number) {
    const packs = await ctx.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position), asc(productVariants.id))
    const tiers = packs.length
      ? await ctx.app.db
          .select()
          .from(variantPriceTiers)
          .where(
            inArray(
              variantPriceTiers.variantId,
              packs.map((p) => p.id),
            ),
          )
          .orderBy(asc(variantPriceTiers.minQuantity))
      : []
    return packs.map((p) => ({
      ...p,
      tiers: tiers.filter((t) => t.variantId === p.id).map((t) => [t.minQuantity, t.price]),
    }))
  }
  const productNamed = async (name: string) =>
    (await ctx.app.db.select().from(products).where(eq(products.name, name)))[0]!

  const SIZED =
    'name,name_en,sku,size,size_en,category,price,wholesale_price,wholesale_threshold,more_tiers,stock,weight_grams\r\n' +
    'تمر تاسفرت,Tasfirt Dates,TAS-500,500 غ,500 g,تمور الأحجام,14,,,,80,500\r\n' +
    'تمر تاسفرت,,TAS-1KG,1 كغ,1 kg,,26,24,10,,60,1000\r\n' +
    'تمر تاسفرت,,TAS-5KG,كرتونة 5 كغ,5 kg carton,,120,110,5,"20:105.00; 50:99.50",25,5000\r\n'

  it('imports a product in three sizes: labels in Arabic and English, weights, stock and price breaks', async () => {
    const res = await send(SIZED)
    expect(res.statusCode).toBe(200)
    const { summary } = res.json()
    const product = await productNamed('تمر تاسفرت')
    expect(summary).toEqual({
      created: 3,
      updated: 0,
      errors: [],
      items: [
        { row: 2, action: 'created', id: product.id, name: 'تمر تاسفرت', matched_by: null, size: '500 غ' },
        { row: 3, action: 'created', id: product.id, name: 'تمر تاسفرت', matched_by: 'name', size: '1 كغ' },
        {
          row: 4,
          action: 'created',
          id: product.id,
          name: 'تمر تاسفرت',
          matched_by: 'name',
          size: 'كرتونة 5 كغ',
        },
      ],
    })
    const packs = await packsOf(product.id)
    expect(
      packs.map((p) => [p.sku, p.label, p.translations, p.retailPrice, p.stock, p.weightGrams, p.tiers]),
    ).toEqual([
      ['TAS-500', '500 غ', { en: { label: '500 g' } }, 14, 80, 500, []],
      ['TAS-1KG', '1 كغ', { en: { label: '1 kg' } }, 26, 60, 1000, [[10, 24]]],
      [
        'TAS-5KG',
        'كرتونة 5 كغ',
        { en: { label: '5 kg carton' } },
        120,
        25,
        5000,
        [
          [5, 110],
          [20, 105],
          [50, 99.5],
        ],
      ],
    ])
    // The shop shows one product with three sizes; its spec fields are the first size's.
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/products/${product.id}`, headers: en })
    expect(shown.json()).toMatchObject({
      name: 'Tasfirt Dates',
      price: 14,
      sku: 'TAS-500',
      price_from: 14,
      variants: [
        { label: '500 g', price: 14, tiers: [] },
        { label: '1 kg', price: 26, tiers: [{ min_quantity: 10, price: 24 }] },
        {
          label: '5 kg carton',
          price: 120,
          weight_grams: 5000,
          tiers: [
            { min_quantity: 5, price: 110 },
            { min_quantity: 20, price: 105 },
            { min_quantity: 50, price: 99.5 },
          ],
        },
      ],
    })
  })

  it('a new import updates each size by its SKU; empty cells keep what the size has; a new label adds a size', async () => {
    const product = await productNamed('تمر تاسفرت')
    const before = await packsOf(product.id)
    const res = await send(
      'sku,name,size,size_en,price,stock,more_tiers\n' +
        'tas-1kg,تمر تاسفرت,1 كغ,1 kg box,27,,\n' +
        'TAS-5KG,تمر تاسفرت,,,,7,20:104.00\n' +
        'TAS-10KG,تمر تاسفرت,كيس 10 كغ,10 kg sack,230,5,\n',
    )
    expect(res.json().summary).toMatchObject({
      created: 1,
      updated: 2,
      errors: [],
      items: [
        { row: 2, action: 'updated', id: product.id, matched_by: 'sku', size: '1 كغ' },
        { row: 3, action: 'updated', id: product.id, matched_by: 'sku', size: 'كرتونة 5 كغ' },
        { row: 4, action: 'created', id: product.id, matched_by: 'name', size: 'كيس 10 كغ' },
      ],
    })
    const after = await packsOf(product.id)
    expect(after.map((p) => p.id).slice(0, 3)).toEqual(before.map((p) => p.id))
    expect(after.map((p) => [p.sku, p.translations.en?.label, p.retailPrice, p.stock, p.tiers])).toEqual([
      ['TAS-500', '500 g', 14, 80, []],
      // The SKU as written; the wholesale pair kept.
      ['tas-1kg', '1 kg box', 27, 60, [[10, 24]]],
      [
        'TAS-5KG',
        '5 kg carton',
        120,
        7,
        [
          [5, 110],
          [20, 104],
        ],
      ],
      ['TAS-10KG', '10 kg sack', 230, 5, []],
    ])
  })

  it('a file in the format before sizes still writes the default size of a product with several', async () => {
    const product = await productNamed('تمر تاسفرت')
    const res = await send(`id,name,price,stock\n${product.id},تمر تاسفرت,15,90\n`)
    expect(res.json().summary).toMatchObject({ created: 0, updated: 1, errors: [] })
    const packs = await packsOf(product.id)
    expect(packs.map((p) => [p.sku, p.retailPrice, p.stock])).toEqual([
      ['TAS-500', 15, 90],
      ['tas-1kg', 27, 60],
      ['TAS-5KG', 120, 7],
      ['TAS-10KG', 230, 5],
    ])
    // `-` in more_tiers removes the breaks after the wholesale pair.
    const cleared = await send('sku,name,price,more_tiers\nTAS-5KG,,,-\n')
    expect(cleared.json().summary).toMatchObject({ created: 0, updated: 1, errors: [] })
    expect((await packsOf(product.id))[2]!.tiers).toEqual([[5, 110]])
  })

  it('an old product gains sizes: the first size row names its pack, the next ones add packs', async () => {
    const old = await createProduct(ctx.app, { name: 'عسل الزهور', sku: 'FLOWER-HONEY', retailPrice: 60 })
    const oldPack = await packOf(ctx.app, old.id)
    const res = await send(
      'id,name,sku,size,size_en,price,volume_ml\n' +
        `${old.id},,FLOWER-HONEY,جرة 500 مل,500 ml jar,60,500\n` +
        `${old.id},,FLOWER-HONEY-1L,جرة 1 لتر,1 l jar,110,1000\n`,
    )
    expect(res.json().summary).toMatchObject({ created: 1, updated: 1, errors: [] })
    const packs = await packsOf(old.id)
    expect(packs.map((p) => [p.id === oldPack.id, p.sku, p.label, p.volumeMl, p.retailPrice])).toEqual([
      [true, 'FLOWER-HONEY', 'جرة 500 مل', 500, 60],
      [false, 'FLOWER-HONEY-1L', 'جرة 1 لتر', 1000, 110],
    ])
  })

  it('names bad size cells by row and column in the reader language, and writes none of those rows', async () => {
    const product = await productNamed('تمر تاسفرت')
    const before = await packsOf(product.id)
    const csv =
      'id,name,sku,size,price,wholesale_price,wholesale_threshold,more_tiers,weight_grams,size_active\n' +
      `${product.id},,TAS-5KG,,120,110,5,twenty:104,,\n` +
      `${product.id},,TAS-5KG,,120,110,5,20:112.00,,\n` +
      `${product.id},,TAS-5KG,,120,110,5,3:100,,\n` +
      `${product.id},,TAS-NEW,,50,,,,2000,\n` +
      `${product.id},,TAS-1KG,,27,,,,half,\n` +
      ',جديد بحجم,,كيس,20,,,,,لا\n'
    const res = await send(csv)
    expect(res.statusCode).toBe(200)
    expect(res.json().summary.errors).toEqual([
      {
        row: 2,
        error:
          'more_tiers: Write each further price break as quantity:price, separated by ; (for example 20:39.00; 50:37.50)',
      },
      { row: 3, error: 'more_tiers: Each price break must be cheaper than the one before it' },
      { row: 4, error: 'more_tiers: Each price break needs a larger quantity than the one before it' },
      { row: 5, error: 'size: Name this size (for example 1 kg) so shoppers can choose it' },
      { row: 6, error: 'weight_grams: Enter a whole number of grams or millilitres (1 or more)' },
      { row: 7, error: 'size_active: At least one size must be on sale' },
    ])
    expect(res.json().summary).toMatchObject({ created: 0, updated: 0 })
    expect(await packsOf(product.id)).toEqual(before)
    const ar = await send(`id,name,price,sku,more_tiers\n${product.id},,,TAS-5KG,5:1;\n`, admin.headers)
    expect(ar.json().summary.errors).toEqual([
      { row: 2, error: 'more_tiers: يجب أن تكون كمية كل شريحة سعر أكبر من التي قبلها' },
    ])
    // A variant_id of another product is refused.
    const other = await createProduct(ctx.app, { name: 'منتج آخر للأحجام' })
    const otherPack = await packOf(ctx.app, other.id)
    const wrong = await send(`id,variant_id,name,price\n${product.id},${otherPack.id},,5\n`)
    expect(wrong.json().summary.errors).toEqual([
      { row: 2, error: 'variant_id: This product has no size with this variant_id' },
    ])
  })

  it('exports one row per size in the import format (BOM, formula-safe); export, import, export changes nothing', async () => {
    const cat = await createCategory(ctx.app, { name: 'زيوت الأحجام' })
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.headers,
      payload: {
        name_ar: '=زيت زيتون',
        name_en: 'Olive oil',
        description_ar: 'زيت بكر ممتاز, معصور على البارد\nمن ترهونة',
        category_id: cat.id,
        variants: [
          {
            label_ar: 'علبة 1 لتر',
            label_en: '1 l can',
            sku: 'OIL-1L',
            price: 45,
            tiers: [
              { min_quantity: 6, price: 42 },
              { min_quantity: 24, price: 40 },
            ],
            retail_buying_price: 30,
            stock: 12,
            volume_ml: 1000,
          },
          { label_ar: 'علبة 5 لتر', sku: 'OIL-5L', price: 200, stock: 0, is_active: false, volume_ml: 5000 },
          { label_ar: 'بلا رمز', price: 9.5, is_always_in_stock: true, stock: 3 },
        ],
      },
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id as number

    const first = await exportCsv()
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(first.headers['content-disposition']).toBe('attachment; filename=products.csv')
    expect([...first.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = first.rawPayload.toString('utf8')
    const lines = text.slice(1).split('\r\n')
    const sample = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/import/sample',
      headers: admin.headers,
    })
    expect(lines[0]).toBe(sample.rawPayload.toString('utf8').slice(1).split('\r\n')[0])
    const packIds = (await packsOf(id)).map((p) => p.id)
    // The text a spreadsheet would run as a formula starts with an apostrophe.
    expect(text).toContain(
      `${id},${packIds[0]},OIL-1L,'=زيت زيتون,Olive oil,علبة 1 لتر,1 l can,"زيت بكر ممتاز, معصور على البارد\nمن ترهونة",,زيوت الأحجام,45.00,42.00,6,24:40.00,30.00,,12,true,true,false,,1000,`,
    )
    expect(text).toContain(`${id},${packIds[1]},OIL-5L,'=زيت زيتون,Olive oil,علبة 5 لتر,,`)
    expect(text).toContain(',200.00,,,,,,0,true,false,false,,5000,')
    expect(text).toContain(',9.50,,,,,,3,true,true,true,,,')
    expect(lines.filter((l) => l.startsWith(`${id},`))).toHaveLength(3)

    const snapshot = async () => {
      const rows = await ctx.app.db.select().from(products).orderBy(products.id)
      const packs = await Promise.all(rows.map((r) => packsOf(r.id)))
      return rows.map(({ updatedAt: _u, ...r }, i) => ({
        ...r,
        packs: packs[i]!.map(({ updatedAt: _pu, ...p }) => p),
      }))
    }
    const before = await snapshot()
    const res = await send(text)
    expect(res.statusCode).toBe(200)
    expect(res.json().summary.errors).toEqual([])
    expect(res.json().summary.created).toBe(0)
    expect(res.json().summary.items.every((i: { matched_by: string }) => i.matched_by === 'id')).toBe(true)
    expect(await snapshot()).toEqual(before)
    const second = await exportCsv()
    expect(second.rawPayload.toString('utf8')).toBe(text)
  })

  it('keeps the export admin-only: guest 401, shopper 403', async () => {
    const url = '/api/products/export/csv'
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401)
    expect((await ctx.app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode).toBe(403)
  })
})
