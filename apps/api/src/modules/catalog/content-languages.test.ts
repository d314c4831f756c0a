import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createCategory,
  createCity,
  createProduct,
  createTestApp,
  createUser,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts'

// Decisions 0055–0059: content in Arabic and English, read in the reader's language, kept with each order as sold.
describe('content languages', () => {
  let ctx: TestContext
  let admin: TestUser
  let shopper: TestUser
  const ar = { 'accept-language': 'ar' }
  const en = { 'accept-language': 'en-GB,en;q=0.9' }
  beforeAll(async () => {
    ctx = await createTestApp()
    admin = await createUser(ctx.app, 'admin')
    shopper = await createUser(ctx.app, 'user')
  })
  afterAll(() => ctx.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers })
  const send = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload: object | undefined,
    headers: Record<string, string>,
  ) => ctx.app.inject({ method, url, payload, headers })

  /** A product created through the admin API with both languages (the dashboard's form). */
  async function bilingualProduct(extra: Record<string, unknown> = {}) {
    const category = await send(
      'POST',
      '/api/categories',
      { name_ar: `تمور ${Math.random()}`, name_en: `Dates ${Math.random()}` },
      admin.headers,
    )
    expect(category.statusCode).toBe(201)
    const res = await send(
      'POST',
      '/api/products',
      {
        name_ar: 'تمر دقلة نور الذهبي',
        name_en: 'Golden Deglet Nour Dates',
        description_ar: 'تمر طري من واحات الجفرة',
        description_en: 'Soft dates from the oases of Al Jufrah',
        weight_ar: '1 كغ',
        weight_en: '1 kg',
        origin_ar: 'الجفرة',
        origin_en: 'Al Jufrah',
        category_id: category.json().id,
        price: '35.00',
        stock: 40,
        ...extra,
      },
      admin.headers,
    )
    expect(res.statusCode, res.body).toBe(201)
    return {
      product: res.json() as { id: number },
      category: category.json() as { id: number; name_ar: string; name_en: string },
    }
  }

  it('answers the same product in English and in Arabic, list and detail, category and attributes included', async () => {
    const { product, category } = await bilingualProduct()
    const inEnglish = await get(`/api/products/${product.id}`, en)
    expect(inEnglish.json()).toMatchObject({
      name: 'Golden Deglet Nour Dates',
      description: 'Soft dates from the oases of Al Jufrah',
      category: { id: category.id, name: category.name_en },
      attributes: { weight: '1 kg', origin: 'Al Jufrah' },
    })
    expect(inEnglish.json()).not.toHaveProperty('name_ar')
    const inArabic = await get(`/api/products/${product.id}`, ar)
    expect(inArabic.json()).toMatchObject({
      name: 'تمر دقلة نور الذهبي',
      description: 'تمر طري من واحات الجفرة',
      category: { name: category.name_ar },
      attributes: { weight: '1 كغ', origin: 'الجفرة' },
    })
    // No Accept-Language: Arabic, the shop's default.
    expect((await get(`/api/products/${product.id}`)).json().name).toBe('تمر دقلة نور الذهبي')

    const listed = async (headers: Record<string, string>) =>
      (await get(`/api/products?category_id=${category.id}&active=true`, headers))
        .json()
        .data.map((p: { name: string }) => p.name)
    // Twice each, alternating: the per-process list cache keeps one answer per language (decision 0059).
    expect(await listed(en)).toEqual(['Golden Deglet Nour Dates'])
    expect(await listed(ar)).toEqual(['تمر دقلة نور الذهبي'])
    expect(await listed(en)).toEqual(['Golden Deglet Nour Dates'])
    expect(await listed(ar)).toEqual(['تمر دقلة نور الذهبي'])
    const res = await get(`/api/products?category_id=${category.id}`, en)
    expect(res.headers.vary).toMatch(/Accept-Language/)
    expect((await get(`/api/products/${product.id}`, en)).headers.vary).toMatch(/Accept-Language/)
  })

  it('falls back to the Arabic text field by field where English is missing', async () => {
    const cat = await createCategory(ctx.app, { name: 'فئة بلا ترجمة' })
    const partial = await createProduct(ctx.app, {
      categoryId: cat.id,
      name: 'عسل سدر',
      description: 'عسل جبلي خام',
      attributes: { weight: '500 غ', origin: 'الجبل الأخضر' },
      translations: { en: { name: 'Sidr Honey', origin: 'Green Mountain' } },
    })
    const none = await createProduct(ctx.app, {
      categoryId: cat.id,
      name: 'زيت زيتون بكر',
      description: 'معصور على البارد',
    })
    expect((await get(`/api/products/${partial.id}`, en)).json()).toMatchObject({
      name: 'Sidr Honey',
      description: 'عسل جبلي خام',
      category: { name: 'فئة بلا ترجمة' },
      attributes: { weight: '500 غ', origin: 'Green Mountain' },
    })
    expect((await get(`/api/products/${none.id}`, en)).json()).toMatchObject({
      name: 'زيت زيتون بكر',
      description: 'معصور على البارد',
    })
    const staff = (await get(`/api/products/${partial.id}`, { ...admin.headers, ...en })).json()
    expect(staff).toMatchObject({
      name: 'Sidr Honey',
      name_ar: 'عسل سدر',
      name_en: 'Sidr Honey',
      description_ar: 'عسل جبلي خام',
      description_en: null,
      weight_ar: '500 غ',
      weight_en: null,
      origin_en: 'Green Mountain',
    })
  })

  it('finds a product by an English word and by an Arabic word, whatever the reader language', async () => {
    const { product } = await bilingualProduct({
      name_en: 'Zephyrine Oasis Dates',
      name_ar: 'تمر واحة الزفيرين',
      description_en: 'Harvested at dawn in Ghadames',
    })
    const ids = async (term: string, headers: Record<string, string>) =>
      (await get(`/api/products?active=true&search=${encodeURIComponent(term)}`, headers))
        .json()
        .data.map((p: { id: number }) => p.id)
    for (const headers of [ar, en, shopper.headers, admin.headers]) {
      expect(await ids('zephyrine', headers)).toEqual([product.id])
      expect(await ids('الزفيرين', headers)).toEqual([product.id])
      expect(await ids('AT DAWN in ghadames', headers)).toEqual([product.id])
    }
    const found = await get(`/api/products?search=${encodeURIComponent('الزفيرين')}`, en)
    expect(found.json()).toMatchObject({ total: 1, data: [{ name: 'Zephyrine Oasis Dates' }] })
  })

  it('takes both languages explicitly from the admin, keeps what an update leaves out and clears an emptied English text', async () => {
    const { product } = await bilingualProduct()
    const renamed = await send(
      'PUT',
      `/api/products/${product.id}`,
      { name_en: 'Deglet Nour Dates, Gold Grade' },
      admin.headers,
    )
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json()).toMatchObject({
      name_ar: 'تمر دقلة نور الذهبي',
      name_en: 'Deglet Nour Dates, Gold Grade',
      description_en: 'Soft dates from the oases of Al Jufrah',
      weight_en: '1 kg',
    })
    const cleared = await send(
      'PUT',
      `/api/products/${product.id}`,
      { description_en: '', weight_en: null },
      admin.headers,
    )
    expect(cleared.json()).toMatchObject({
      description_en: null,
      weight_en: null,
      name_en: 'Deglet Nour Dates, Gold Grade',
    })
    expect((await get(`/api/products/${product.id}`, en)).json()).toMatchObject({
      description: 'تمر طري من واحات الجفرة',
      attributes: { weight: '1 كغ' },
    })
  })

  it('still takes the fields of clients written before content languages (name, description, weight, origin as Arabic)', async () => {
    const created = await send(
      'POST',
      '/api/products',
      { name: 'تين مجفف', description: 'تين غريان', weight: '1 كغ', price: 38 },
      admin.headers,
    )
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      name: 'تين مجفف',
      name_ar: 'تين مجفف',
      name_en: null,
      description_ar: 'تين غريان',
      weight_ar: '1 كغ',
    })
    const updated = await send(
      'PUT',
      `/api/products/${created.json().id}`,
      { name: 'تين مجفف بالشمس' },
      admin.headers,
    )
    expect(updated.json()).toMatchObject({ name_ar: 'تين مجفف بالشمس', description_ar: 'تين غريان' })

    // Errors are told under the field the client sent; with neither, under both.
    const legacy = await send(
      'POST',
      '/api/products',
      { name: '', description: 'x', price: 1 },
      { ...admin.headers, ...en },
    )
    expect(legacy.statusCode).toBe(422)
    expect(legacy.json().errors).toEqual({ name: ['Name is required'] })
    const current = await send(
      'POST',
      '/api/products',
      { name_ar: ' ', name_en: 'Figs', description_ar: 'x', price: 1 },
      { ...admin.headers, ...en },
    )
    expect(current.json().errors).toEqual({ name_ar: ['Name is required'] })
    const neither = await send(
      'POST',
      '/api/products',
      { name_en: 'Figs', price: 1 },
      { ...admin.headers, ...en },
    )
    expect(neither.json().errors).toEqual({
      name_ar: ['Name is required'],
      name: ['Name is required'],
      description_ar: ['Description is required'],
      description: ['Description is required'],
    })
    const tooLong = await send(
      'POST',
      '/api/products',
      { name_ar: 'x', name_en: 'y'.repeat(201), description_ar: 'x', price: 1 },
      { ...admin.headers, ...en },
    )
    expect(tooLong.json().errors).toEqual({ name_en: ['This text is too long'] })
  })

  it('keeps category and city names per language: public lists in the reader language, staff see both, names unique per language', async () => {
    const cat = await send(
      'POST',
      '/api/categories',
      { name_ar: 'زيت الزيتون البكر', name_en: 'Virgin Olive Oil', description_ar: 'من ترهونة' },
      admin.headers,
    )
    expect(cat.statusCode).toBe(201)
    expect(cat.json()).toMatchObject({
      name_ar: 'زيت الزيتون البكر',
      name_en: 'Virgin Olive Oil',
      description_ar: 'من ترهونة',
      description_en: null,
      slug: 'zyt-alzytwn-albkr',
    })
    const publicList = async (headers: Record<string, string>) =>
      (await get('/api/categories?active=true', headers)).json().data
    const inEnglish = (await publicList(en)).find((c: { id: number }) => c.id === cat.json().id)
    expect(inEnglish).toEqual({
      id: cat.json().id,
      name: 'Virgin Olive Oil',
      description: 'من ترهونة',
      slug: 'zyt-alzytwn-albkr',
      is_active: true,
      products_count: 0,
    })
    expect((await publicList(ar)).find((c: { id: number }) => c.id === cat.json().id).name).toBe(
      'زيت الزيتون البكر',
    )

    const clash = await send(
      'POST',
      '/api/categories',
      { name_ar: 'زيت آخر', name_en: 'VIRGIN olive oil' },
      { ...admin.headers, ...en },
    )
    expect(clash.statusCode).toBe(422)
    expect(clash.json().errors).toEqual({ name_en: ['A category with this name already exists'] })
    const legacyClash = await send(
      'POST',
      '/api/categories',
      { name: 'زيت الزيتون البكر' },
      { ...admin.headers, ...en },
    )
    expect(legacyClash.json().errors).toMatchObject({ name: ['A category with this name already exists'] })

    const city = await send(
      'POST',
      '/api/cities',
      { name_ar: 'هون', name_en: 'Hun', delivery_price: 30 },
      admin.headers,
    )
    expect(city.statusCode).toBe(201)
    expect(city.json()).toMatchObject({ name: 'هون', name_ar: 'هون', name_en: 'Hun' })
    const cities = async (headers: Record<string, string>) =>
      (await get('/api/cities?active=true', headers)).json().data
    expect((await cities(en)).find((c: { id: number }) => c.id === city.json().id)).toEqual({
      id: city.json().id,
      name: 'Hun',
      delivery_price: 30,
      is_active: true,
      cod_allowed: true,
      cod_max_total: null,
    })
    expect((await cities(ar)).find((c: { id: number }) => c.id === city.json().id).name).toBe('هون')
    const cityClash = await send(
      'POST',
      '/api/cities',
      { name_ar: 'هون الجديدة', name_en: 'hun', delivery_price: 30 },
      { ...admin.headers, ...en },
    )
    expect(cityClash.json().errors).toEqual({ name_en: ['A city with this name already exists'] })
    // Staff search finds a city by its English name.
    const search = await get('/api/cities?search=hu', admin.headers)
    expect(search.json().data.map((c: { id: number }) => c.id)).toContain(city.json().id)
  })

  it('keeps with an order the names it was sold under, in both languages, after the product is renamed and after it is archived', async () => {
    const { product } = await bilingualProduct({ stock: 10 })
    const city = await createCity(ctx.app, {
      name: 'مصراتة',
      translations: { en: { name: 'Misrata' } },
      deliveryPrice: 20,
    })
    const quote = await send(
      'POST',
      '/api/orders/quote',
      { items: [{ product_id: product.id, quantity: 2 }] },
      en,
    )
    expect(quote.json().items[0].name).toBe('Golden Deglet Nour Dates')
    const placed = await send(
      'POST',
      '/api/orders',
      {
        customer_name: 'Sara Ali',
        customer_email: 'sara@example.ly',
        customer_phone: '0912345678',
        shipping_address: 'Street 1, Misrata, Misrata',
        city_id: city.id,
        items: [{ product_id: product.id, quantity: 2 }],
      },
      { ...shopper.headers, ...en },
    )
    expect(placed.statusCode, placed.body).toBe(201)
    expect(placed.json()).toMatchObject({
      city_name: 'Misrata',
      items: [{ product_name: 'Golden Deglet Nour Dates', product: { name: 'Golden Deglet Nour Dates' } }],
    })
    const orderId = placed.json().id as number

    const sold = async () => {
      const mine = async (headers: Record<string, string>) =>
        (await get('/api/orders', { ...shopper.headers, ...headers }))
          .json()
          .data.find((o: { id: number }) => o.id === orderId)
      const staff = (await get(`/api/orders/${orderId}`, { ...admin.headers, ...en })).json()
      return { en: await mine(en), ar: await mine(ar), staff }
    }
    const expectSoldNames = async () => {
      const { en: inEnglish, ar: inArabic, staff } = await sold()
      expect(inEnglish.items[0]).toMatchObject({
        product_name: 'Golden Deglet Nour Dates',
        product: { id: product.id, name: 'Golden Deglet Nour Dates' },
      })
      expect(inEnglish.city_name).toBe('Misrata')
      expect(inArabic.items[0]).toMatchObject({
        product_name: 'تمر دقلة نور الذهبي',
        product: { name: 'تمر دقلة نور الذهبي' },
      })
      expect(inArabic.city_name).toBe('مصراتة')
      expect(inEnglish.items[0]).not.toHaveProperty('product_name_ar')
      expect(staff.items[0]).toMatchObject({
        product_name: 'Golden Deglet Nour Dates',
        product_name_ar: 'تمر دقلة نور الذهبي',
        product_name_en: 'Golden Deglet Nour Dates',
      })
    }
    await expectSoldNames()

    const renamed = await send(
      'PUT',
      `/api/products/${product.id}`,
      { name_ar: 'تمر دقلة نور – درجة أولى', name_en: 'Deglet Nour, First Grade' },
      admin.headers,
    )
    expect(renamed.statusCode).toBe(200)
    await send(
      'PUT',
      `/api/cities/${city.id}`,
      { name_ar: 'مصراته', name_en: 'Misurata', delivery_price: 20 },
      admin.headers,
    )
    expect((await get(`/api/products/${product.id}`, en)).json().name).toBe('Deglet Nour, First Grade')
    await expectSoldNames()

    expect((await send('DELETE', `/api/products/${product.id}`, undefined, admin.headers)).statusCode).toBe(
      204,
    )
    expect((await get(`/api/products/${product.id}`, en)).statusCode).toBe(404)
    await expectSoldNames()
    // The customer's page for staff lists the same lines.
    const detail = (await get(`/api/users/${shopper.id}`, { ...admin.headers, ...ar })).json()
    expect(detail.orders.find((o: { id: number }) => o.id === orderId).items[0]).toMatchObject({
      product_name: 'تمر دقلة نور الذهبي',
      product_name_en: 'Golden Deglet Nour Dates',
    })
  })

  it('names the product in the shopper language when it is out of stock, and not once it is switched off', async () => {
    const { product } = await bilingualProduct({ stock: 1 })
    const city = await createCity(ctx.app)
    const order = {
      customer_name: 'A B',
      customer_email: 'a@b.ly',
      customer_phone: '0912345678',
      shipping_address: 'x',
      city_id: city.id,
      items: [{ product_id: product.id, quantity: 3 }],
    }
    const res = await send('POST', '/api/orders', order, en)
    expect(res.statusCode).toBe(409)
    expect(res.json().message).toContain('Golden Deglet Nour Dates')
    await send('PUT', `/api/products/${product.id}`, { is_active: false }, admin.headers)
    const gone = await send(
      'POST',
      '/api/orders',
      { ...order, items: [{ product_id: product.id, quantity: 1 }] },
      en,
    )
    expect(gone.statusCode).toBe(422)
    // Decision 0217: a switched-off product is hidden; the refusal names the cart line in the shopper's language.
    expect(gone.json().message).toBe(
      'An item in your cart (line 1) is no longer available. Remove it to continue',
    )
    expect(gone.body).not.toContain('Golden Deglet Nour Dates')
  })

  it('finds the delivery city named in English in an address without city_id', async () => {
    const city = await createCity(ctx.app, {
      name: 'زوارة',
      translations: { en: { name: 'Zuwara' } },
      deliveryPrice: 17,
    })
    const p = await createProduct(ctx.app)
    const res = await send(
      'POST',
      '/api/orders',
      {
        customer_name: 'A B',
        customer_email: 'a@b.ly',
        customer_phone: '0912345678',
        shipping_address: 'Port Road 4, zuwara, West',
        items: [{ product_id: p.id, quantity: 1 }],
      },
      en,
    )
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ city_id: city.id, delivery_price: 17, city_name: 'Zuwara' })
  })
})
