import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCategory,
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
  packOf,
  productsWithPack,
} from '../../../test/helpers.ts'
import { products, productVariants } from '../../db/schema/catalog.ts'
import { cities } from '../../db/schema/cities.ts'
import { multipartForm } from '../../../test/multipart.ts'

const BOM = '\uFEFF'

describe('CSV imports', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  const en = { 'accept-language': 'en' }
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
  })
  afterAll(() => ctx.close())

  const send = (
    url: string,
    data: Buffer | string,
    filename = 'data.csv',
    headers: Record<string, string> = { ...admin.headers, ...en },
  ) => {
    const form = multipartForm({}, [
      {
        field: 'file',
        filename,
        contentType: 'text/csv',
        data: Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'),
      },
    ])
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    })
  }

  it('downloads sample files as UTF-8 CSV with a BOM and Arabic and English example rows', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/import/sample',
      headers: admin.headers,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename=products_sample.csv')
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = res.rawPayload.toString('utf8')
    expect(text.slice(1).split('\r\n')[0]).toBe(
      'id,variant_id,sku,name,name_en,size,size_en,description,description_en,category,price,wholesale_price,wholesale_threshold,more_tiers,retail_buying_price,wholesale_buying_price,stock,is_active,size_active,is_always_in_stock,weight_grams,volume_ml,weight,weight_en,origin,origin_en,image_url',
    )
    // Decision 0158: the dates come in three sizes, one row each.
    expect(text).toContain(',DATES-DN-500G,تمر دقلة نور,Deglet Nour Dates,500 غ,500 g,')
    expect(text).toContain(',DATES-DN-5KG,تمر دقلة نور,Deglet Nour Dates,كرتونة 5 كغ,5 kg carton,')
    expect(text).toContain(',20:100.00; 50:95.00,')
    const cities = await ctx.app.inject({
      method: 'GET',
      url: '/api/cities/import/sample',
      headers: admin.headers,
    })
    expect(cities.headers['content-disposition']).toBe('attachment; filename=cities_sample.csv')
    expect(cities.rawPayload.toString('utf8')).toMatch(
      /^\uFEFFname,name_en,delivery_price,is_active,cod_allowed,cod_max_total\r\nطرابلس,Tripoli,/,
    )
  })

  it('the products sample imports cleanly once its categories exist', async () => {
    for (const name of ['تمور', 'عسل', 'فسائل']) await createCategory(ctx.app, { name })
    const sample = await ctx.app.inject({
      method: 'GET',
      url: '/api/products/import/sample',
      headers: admin.headers,
    })
    const res = await send('/api/products/import', sample.rawPayload, 'products_sample.csv')
    expect(res.statusCode).toBe(200)
    // Three products; the dates' second and third rows each created a size of the product the first row created.
    expect(res.json().summary).toMatchObject({ created: 5, updated: 0, errors: [] })
    const [dates] = await productsWithPack(ctx.app, eq(products.name, 'تمر دقلة نور'))
    const packs = await ctx.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, dates!.id))
      .orderBy(productVariants.position)
    expect(packs.map((p) => [p.sku, p.label, p.weightGrams, p.retailPrice])).toEqual([
      ['DATES-DN-500G', '500 غ', 500, 14],
      ['DATES-DN-1KG', '1 كغ', 1000, 25],
      ['DATES-DN-5KG', 'كرتونة 5 كغ', 5000, 115],
    ])
  })

  it('reports missing required columns with found, required and help', async () => {
    const res = await send('/api/products/import', 'Name,Stock\nتمر,3\n')
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      code: 'MISSING_COLUMNS',
      message: 'The file is missing required columns',
      missing_columns: ['price'],
      found_columns: ['name', 'stock'],
      required_columns: ['name', 'price'],
      help: 'Please download the sample CSV file to see the correct format',
    })
  })

  it('imports BOM + Arabic text, applies good rows and names bad rows by their line', async () => {
    const cat = await createCategory(ctx.app, { name: 'زيوت' })
    const existing = await createProduct(ctx.app, { name: 'Olive Oil 1L', stock: 5 })
    const csv =
      BOM +
      ' NAME ,Price,Category,Stock,Description,wholesale_price,wholesale_threshold,is_active\r\n' +
      'زيت زيتون بكر,45.5,زيوت,12,"زيت معصور على البارد, من ترهونة",,,نعم\r\n' +
      'olive oil 1l,30,,,,,,\r\n' +
      'سعر سالب,-4,,,,,,\r\n' +
      '\r\n' +
      'فئة مجهولة,10,فئة غير موجودة,,,,,\r\n' +
      'جملة غالية,10,,,,12,5,\r\n' +
      '=HYPERLINK("http://evil"),9,,,,,,\r\n'
    const res = await send('/api/products/import', csv)
    expect(res.statusCode).toBe(200)
    const { summary, message } = res.json()
    expect(summary.created).toBe(2)
    expect(summary.updated).toBe(1)
    expect(summary.errors).toEqual([
      { row: 4, error: 'price: Enter an amount such as 12.50' },
      { row: 6, error: 'category: This category does not exist' },
      { row: 7, error: 'wholesale_price: The wholesale price must be below the retail price' },
    ])
    expect(message).toBe('Import finished: 2 created, 1 updated, 3 rows with errors')

    const [oil] = await productsWithPack(ctx.app, eq(products.name, 'زيت زيتون بكر'))
    expect(oil).toMatchObject({
      retailPrice: 45.5,
      stock: 12,
      categoryId: cat.id,
      description: 'زيت معصور على البارد, من ترهونة',
      isActive: true,
    })
    const [updated] = await productsWithPack(ctx.app, eq(products.id, existing.id))
    expect(updated).toMatchObject({ retailPrice: 30, stock: 5, name: 'olive oil 1l' })
    // Text is stored as given; exports are the ones that neutralise formulas.
    const [formula] = await ctx.app.db
      .select()
      .from(products)
      .where(sql`${products.name} LIKE '=HYPERLINK%'`)
    expect(formula?.name).toBe('=HYPERLINK("http://evil")')
  })

  it('imports English names, descriptions, weights and origins; an empty English cell keeps the stored text', async () => {
    const cat = await createCategory(ctx.app, { name: 'تمور مستوردة' })
    const csv =
      BOM +
      'name,name_en,description,description_en,category,price,weight,weight_en,origin,origin_en\r\n' +
      'تمر خلط,Khalt Dates,تمر خلط من أصناف الجنوب,A mix of southern varieties,تمور مستوردة,18,1 كغ,1 kg,سبها,Sabha\r\n' +
      'تمر بلا ترجمة,,تمر فقط,,,12,,,,\r\n'
    const res = await send('/api/products/import', csv)
    expect(res.json().summary).toMatchObject({ created: 2, updated: 0, errors: [] })
    const [khalt] = await productsWithPack(ctx.app, eq(products.name, 'تمر خلط'))
    expect(khalt).toMatchObject({
      categoryId: cat.id,
      description: 'تمر خلط من أصناف الجنوب',
      attributes: { weight: '1 كغ', origin: 'سبها' },
      translations: {
        en: {
          name: 'Khalt Dates',
          description: 'A mix of southern varieties',
          weight: '1 kg',
          origin: 'Sabha',
        },
      },
    })
    const [plain] = await productsWithPack(ctx.app, eq(products.name, 'تمر بلا ترجمة'))
    expect(plain!.translations).toEqual({})
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/products/${khalt!.id}`, headers: en })
    expect(shown.json()).toMatchObject({
      name: 'Khalt Dates',
      attributes: { weight: '1 kg', origin: 'Sabha' },
    })

    // An update by name: the English name given changes, the empty English cells keep what is stored.
    const update = await send(
      '/api/products/import',
      'name,name_en,description_en,price\nتمر خلط,Khalt Dates (Mixed),,19\n',
    )
    expect(update.json().summary).toMatchObject({ created: 0, updated: 1, errors: [] })
    const [after] = await productsWithPack(ctx.app, eq(products.id, khalt!.id))
    expect(after).toMatchObject({
      retailPrice: 19,
      translations: {
        en: {
          name: 'Khalt Dates (Mixed)',
          description: 'A mix of southern varieties',
          weight: '1 kg',
          origin: 'Sabha',
        },
      },
    })

    const tooLong = await send(
      '/api/products/import',
      `name,name_en,price\nتمر طويل,${'x'.repeat(201)},5\n,Nameless,5\n`,
    )
    expect(tooLong.json().summary.errors).toEqual([
      { row: 2, error: 'name_en: This text is too long' },
      { row: 3, error: 'name: Name is required' },
    ])
  })

  it('imports English city names and refuses one another city already has', async () => {
    await createCity(ctx.app, { name: 'يفرن', translations: { en: { name: 'Yefren' } }, deliveryPrice: 25 })
    const res = await send(
      '/api/cities/import',
      'name,name_en,delivery_price\nنالوت,Nalut,35\nيفرن,,26\nجادو,YEFREN,30\n',
    )
    expect(res.json().summary).toMatchObject({
      created: 1,
      updated: 1,
      errors: [{ row: 4, error: 'name_en: A city with this name already exists' }],
    })
    const [nalut] = await ctx.app.db.select().from(cities).where(eq(cities.name, 'نالوت'))
    expect(nalut!.translations).toEqual({ en: { name: 'Nalut' } })
    const [yefren] = await ctx.app.db.select().from(cities).where(eq(cities.name, 'يفرن'))
    expect(yefren).toMatchObject({ deliveryPrice: 26, translations: { en: { name: 'Yefren' } } })
  })

  it('numbers rows as a spreadsheet does when a quoted cell spans several lines', async () => {
    const csv =
      'name,price,description\r\n' +
      'وصف طويل,10,"السطر الأول\r\nالسطر الثاني\r\nالسطر الثالث"\r\n' +
      'سعر غير صالح,abc,\r\n' +
      '\r\n' +
      'وصف آخر,11,"أ\n\nب"\r\n' +
      'سعر سالب ثان,-1,\r\n'
    const res = await send('/api/products/import', csv)
    expect(res.statusCode).toBe(200)
    expect(res.json().summary).toMatchObject({
      created: 2,
      updated: 0,
      errors: [
        { row: 3, error: 'price: Enter an amount such as 12.50' },
        { row: 6, error: 'price: Enter an amount such as 12.50' },
      ],
    })
    const [long] = await productsWithPack(ctx.app, eq(products.name, 'وصف طويل'))
    expect(long?.description).toBe('السطر الأول\nالسطر الثاني\nالسطر الثالث')
  })

  it('refuses a row whose name matches several stored products and changes neither', async () => {
    const first = await createProduct(ctx.app, { name: 'تمر مزدوج', stock: 3, retailPrice: 20 })
    const second = await createProduct(ctx.app, { name: 'تمر مزدوج', stock: 4, retailPrice: 21 })
    const res = await send('/api/products/import', 'name,price,stock\nتمر فريد جديد,5,1\nتمر مزدوج,99,50\n')
    expect(res.statusCode).toBe(200)
    expect(res.json().summary).toMatchObject({
      created: 1,
      updated: 0,
      errors: [{ row: 3, error: 'name: Several products have this name; add the id column to choose one' }],
    })
    const stored = await ctx.app.db
      .select()
      .from(products)
      .where(eq(products.name, 'تمر مزدوج'))
      .orderBy(products.id)
    const packs = await Promise.all(stored.map((p) => packOf(ctx.app, p.id)))
    expect(stored.map((p, i) => [p.id, packs[i]!.retailPrice, packs[i]!.stock])).toEqual([
      [first.id, 20, 3],
      [second.id, 21, 4],
    ])
    const ar = await send('/api/products/import', 'name,price\nتمر مزدوج,99\n', 'a.csv', admin.headers)
    expect(ar.json().summary.errors).toEqual([
      { row: 2, error: 'name: يوجد أكثر من منتج بهذا الاسم؛ أضف عمود id لاختيار أحدها' },
    ])

    // A row with an id still updates the product it names.
    const byId = await send('/api/products/import', `id,name,price\n${second.id},تمر مزدوج,30\n`)
    expect(byId.json().summary).toMatchObject({ created: 0, updated: 1, errors: [] })
    const [kept] = await productsWithPack(ctx.app, eq(products.id, first.id))
    const [changed] = await productsWithPack(ctx.app, eq(products.id, second.id))
    expect(kept).toMatchObject({ retailPrice: 20, stock: 3 })
    expect(changed).toMatchObject({ retailPrice: 30, stock: 4 })
  })

  it('a name repeated in the file updates the product its first row created', async () => {
    const res = await send('/api/products/import', 'name,price,stock\nتمر مكرر,10,1\nتمر مكرر,12,9\n')
    expect(res.json().summary).toMatchObject({ created: 1, updated: 1, errors: [] })
    const rows = await productsWithPack(ctx.app, eq(products.name, 'تمر مكرر'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ retailPrice: 12, stock: 9 })
  })

  it('updates a product matched by id', async () => {
    const p = await createProduct(ctx.app, { name: 'قديم' })
    const res = await send('/api/products/import', `id,name,price\n${p.id},جديد,21\n`)
    expect(res.json().summary).toMatchObject({ created: 0, updated: 1 })
    const [row] = await productsWithPack(ctx.app, eq(products.id, p.id))
    expect(row).toMatchObject({ name: 'جديد', retailPrice: 21 })
  })

  it('refuses Windows-1256 bytes with 422 CSV_INVALID and writes nothing', async () => {
    // "name,price\nتمر,5" encoded as Windows-1256 (Excel's Arabic "CSV" on Windows).
    const cp1256 = Buffer.concat([
      Buffer.from('name,price\n'),
      Buffer.from([0xca, 0xe3, 0xd1]),
      Buffer.from(',5\n'),
    ])
    const res = await send('/api/products/import', cp1256)
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ code: 'CSV_INVALID', message: 'The file could not be read as UTF-8 CSV' })
  })

  it('refuses a non-.csv file with 415 and a file over 5 MB with 413', async () => {
    const wrongName = await send('/api/products/import', 'name,price\nx,1\n', 'products.xlsx')
    expect(wrongName.statusCode).toBe(415)
    expect(wrongName.json().message).toBe('Only .csv files can be imported')
    const binary = await send(
      '/api/products/import',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'image.csv',
    )
    expect(binary.statusCode).toBe(415)
    const big = await send('/api/products/import', 'name,price\n' + 'x,1\n'.repeat(1_400_000))
    expect(big.statusCode).toBe(413)
    expect(big.json().code).toBe('PAYLOAD_TOO_LARGE')
    const notMultipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: admin.headers,
      payload: { file: 'x' },
    })
    expect(notMultipart.statusCode).toBe(415)
    const fieldsOnly = multipartForm({ a: 'b' })
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/products/import',
      headers: { ...admin.headers, ...en, ...fieldsOnly.headers },
      payload: fieldsOnly.payload,
    })
    expect(noFile.statusCode).toBe(422)
    expect(noFile.json().errors).toEqual({ file: ['This field is required'] })
  })

  it('imports cities by name (case-insensitive) and reports bad rows', async () => {
    await createCity(ctx.app, { name: 'Misrata', deliveryPrice: 15 })
    const csv =
      BOM + 'name,delivery_price,is_active\nمصراتة الجديدة,20,true\nMISRATA,18.5,\nزليتن,abc,\nغات,30,false\n'
    const res = await send('/api/cities/import', csv)
    expect(res.statusCode).toBe(200)
    expect(res.json().summary).toMatchObject({
      created: 2,
      updated: 1,
      errors: [{ row: 4, error: 'delivery_price: Enter an amount such as 12.50' }],
    })
    const [misrata] = await ctx.app.db
      .select()
      .from(cities)
      .where(sql`lower(${cities.name}) = 'misrata'`)
    expect(misrata).toMatchObject({ deliveryPrice: 18.5, isActive: true })
    expect(
      await ctx.app.db
        .select()
        .from(cities)
        .where(sql`lower(${cities.name}) = 'misrata'`),
    ).toHaveLength(1)
    const [ghat] = await ctx.app.db.select().from(cities).where(eq(cities.name, 'غات'))
    expect(ghat).toMatchObject({ deliveryPrice: 30, isActive: false })
    const missing = await send('/api/cities/import', 'name\nسرت\n')
    expect(missing.json()).toMatchObject({ code: 'MISSING_COLUMNS', missing_columns: ['delivery_price'] })
  })

  it('imports the cash-on-delivery columns; an empty cell keeps what the city had (decision 0071)', async () => {
    await createCity(ctx.app, { name: 'زوارة', deliveryPrice: 20, codAllowed: true, codMaxTotal: 400 })
    const res = await send(
      '/api/cities/import',
      'name,delivery_price,cod_allowed,cod_max_total\nزوارة,22,,\nالكفرة,60,لا,\nنالوت الجديدة,30,yes,900\n',
    )
    expect(res.json().summary).toMatchObject({ created: 2, updated: 1, errors: [] })
    const byName = async (name: string) =>
      (await ctx.app.db.select().from(cities).where(eq(cities.name, name)))[0]
    expect(await byName('زوارة')).toMatchObject({ deliveryPrice: 22, codAllowed: true, codMaxTotal: 400 })
    expect(await byName('الكفرة')).toMatchObject({ codAllowed: false, codMaxTotal: null })
    expect(await byName('نالوت الجديدة')).toMatchObject({ codAllowed: true, codMaxTotal: 900 })
  })

  it('answers in Arabic by default', async () => {
    const res = await send('/api/cities/import', 'name,delivery_price\nدرنة,x\n', 'c.csv', admin.headers)
    expect(res.json().summary.errors[0].error).toBe('delivery_price: أدخل مبلغًا مثل 12.50')
  })

  it('keeps every import endpoint admin-only: guest 401, shopper 403', async () => {
    for (const url of ['/api/products/import/sample', '/api/cities/import/sample']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401)
      expect((await ctx.app.inject({ method: 'GET', url, headers: shopper.headers })).statusCode).toBe(403)
    }
    for (const url of ['/api/products/import', '/api/cities/import']) {
      expect((await send(url, 'name,price\nx,1\n', 'a.csv', {})).statusCode).toBe(401)
      expect((await send(url, 'name,price\nx,1\n', 'a.csv', shopper.headers)).statusCode).toBe(403)
    }
  })

  it('matches by id, else SKU, else name; lists each created and updated product and how it was found (decision 0116)', async () => {
    const bySku = await createProduct(ctx.app, { name: 'تمر بالرمز', sku: 'IMP-A1', stock: 7 })
    const byName = await createProduct(ctx.app, { name: 'تمر بلا رمز', stock: 4 })
    const otherSku = await createProduct(ctx.app, { name: 'تمر برمز آخر', sku: 'IMP-C1', retailPrice: 40 })
    const csv =
      'sku,name,price\n' +
      'imp-a1,تمر بالرمز الجديد,30\n' +
      ',تمر بلا رمز,32\n' +
      'IMP-N9,منتج جديد برمز,5\n' +
      'imp-n9,منتج جديد برمز,6\n' +
      'IMP-D1,تمر برمز آخر,8\n'
    const res = await send('/api/products/import', csv)
    expect(res.statusCode).toBe(200)
    const { summary } = res.json()
    const [fresh] = await productsWithPack(ctx.app, eq(products.name, 'منتج جديد برمز'))
    const [secondPack] = await ctx.app.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.sku, 'IMP-D1'))
    const [second] = await productsWithPack(ctx.app, eq(products.id, secondPack!.productId))
    expect(summary).toEqual({
      created: 2,
      updated: 3,
      errors: [],
      items: [
        { row: 2, action: 'updated', id: bySku.id, name: 'تمر بالرمز الجديد', matched_by: 'sku' },
        { row: 3, action: 'updated', id: byName.id, name: 'تمر بلا رمز', matched_by: 'name' },
        { row: 4, action: 'created', id: fresh!.id, name: 'منتج جديد برمز', matched_by: null },
        { row: 5, action: 'updated', id: fresh!.id, name: 'منتج جديد برمز', matched_by: 'sku' },
        // A product with another SKU is another product, even under the same name.
        { row: 6, action: 'created', id: second!.id, name: 'تمر برمز آخر', matched_by: null },
      ],
    })
    const [a] = await productsWithPack(ctx.app, eq(products.id, bySku.id))
    expect(a).toMatchObject({ name: 'تمر بالرمز الجديد', retailPrice: 30, sku: 'imp-a1', stock: 7 })
    const [c] = await productsWithPack(ctx.app, eq(products.id, otherSku.id))
    expect(c).toMatchObject({ retailPrice: 40, sku: 'IMP-C1' })
    // The last row wins, its SKU as written.
    expect(fresh).toMatchObject({ retailPrice: 6, sku: 'imp-n9' })

    // Giving a product another product's SKU is a row error; an id row can add a SKU; old files without sku still work.
    const clash = await send(
      '/api/products/import',
      `id,sku,name,price\n${byName.id},imp-a1,تمر بلا رمز,32\n${byName.id},IMP-B2,تمر بلا رمز,33\n`,
    )
    expect(clash.json().summary).toMatchObject({
      errors: [{ row: 2, error: 'sku: Another product already has this SKU' }],
      items: [{ row: 3, action: 'updated', id: byName.id, matched_by: 'id' }],
    })
    const [b] = await productsWithPack(ctx.app, eq(products.id, byName.id))
    expect(b).toMatchObject({ sku: 'IMP-B2', retailPrice: 33 })
    const old = await send('/api/products/import', 'name,price\nتمر بلا رمز,34\n')
    expect(old.json().summary.items).toEqual([
      { row: 2, action: 'updated', id: byName.id, name: 'تمر بلا رمز', matched_by: 'name' },
    ])
    expect(
      (await send('/api/products/import', 'sku,name,price\nbad sku,x,1\n')).json().summary.errors,
    ).toEqual([{ row: 2, error: 'sku: Use letters, digits and - _ . / only (64 at most, no spaces)' }])
  })
})
