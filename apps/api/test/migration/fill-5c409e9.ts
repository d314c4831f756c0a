// The fill of the 5c409e9 fixture (issue 28, before pack sizes), run by make-previous-release-fixture.ts inside that
// release. Kept as the fixture in fixture/ was made: do not change what it does (the fixture is not made again).
import sharp from 'sharp'
import { multipartForm } from '../multipart.ts'
import type { Fill } from './fill-types.ts'

export const fill: Fill = async ({ app, pglite, call, record, who }) => {
  // People: a staff member and a shopper with an account (registered through the API; the staff role is set in SQL,
  // as the first-start seed does).
  const staffReg = await call('POST', '/api/auth/register', {
    name: 'مدير المتجر',
    email: 'staff@example.ly',
    password: 'Tamr-Staff-2026!',
    password_confirmation: 'Tamr-Staff-2026!',
  })
  const staffId = (staffReg.user as { id: number }).id
  await pglite.query(`UPDATE users SET role = 'super_admin' WHERE id = $1`, [staffId])
  const staff = { authorization: `Bearer ${staffReg.token as string}` }
  const shopperReg = await call('POST', '/api/auth/register', {
    name: 'سالم الزوي',
    email: 'salem@example.ly',
    password: 'Tamr-Shopper-2026!',
    password_confirmation: 'Tamr-Shopper-2026!',
  })
  const shopper = { authorization: `Bearer ${shopperReg.token as string}` }

  // Settings the online methods need (PayPal's exchange rate).
  await call('PUT', '/api/settings', { usd_exchange_rate: '4.85' }, staff).catch(async () => {
    await pglite.query(
      `INSERT INTO settings (key, value) VALUES ('usd_exchange_rate', '4.85') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    )
  })

  // Cities and categories.
  const tripoli = await call('POST', '/api/cities', { name: 'طرابلس', delivery_price: 10 }, staff)
  const misrata = await call('POST', '/api/cities', { name: 'مصراتة', delivery_price: 15.5 }, staff)
  const dates = await call(
    'POST',
    '/api/categories',
    { name_ar: 'تمور', name_en: 'Dates', description_ar: 'تمور ليبية', description_en: 'Libyan dates' },
    staff,
  )
  const pantry = await call(
    'POST',
    '/api/categories',
    {
      name_ar: 'عسل وزيت',
      name_en: 'Honey and oil',
      description_ar: 'من المزرعة',
      description_en: 'From the farm',
    },
    staff,
  )
  const plants = await call(
    'POST',
    '/api/categories',
    { name_ar: 'فسائل', description_ar: 'فسائل نخيل' },
    staff,
  )

  // The catalogue: wholesale pairs, always in stock, SKUs, English texts or none, inactive, low and no stock.
  const product = (fields: Record<string, unknown>) => call('POST', '/api/products', fields, staff)
  const deglet = await product({
    name_ar: 'تمر دقلة نور – 1 كغ',
    name_en: 'Deglet Nour dates – 1 kg',
    description_ar: 'تمر دقلة نور من الجفرة',
    description_en: 'Deglet Nour dates from Al Jufrah',
    weight_ar: '1 كغ',
    weight_en: '1 kg',
    origin_ar: 'الجفرة',
    origin_en: 'Al Jufrah',
    sku: 'DATE-DN-1KG',
    category_id: dates.id,
    price: 20,
    wholesale_price: 16,
    wholesale_threshold: 10,
    retail_buying_price: 12,
    wholesale_buying_price: 10,
    stock: 80,
  })
  const tasfirt = await product({
    name_ar: 'تمر تاسفرت – 5 كغ',
    name_en: 'Tasfirt dates – 5 kg carton',
    description_ar: 'كرتونة تمر تاسفرت',
    description_en: 'A carton of Tasfirt dates',
    weight_ar: '5 كغ',
    sku: 'DATE-TS-5KG',
    category_id: dates.id,
    price: 95.75,
    wholesale_price: 88.25,
    wholesale_threshold: 4,
    retail_buying_price: 70,
    wholesale_buying_price: 65.5,
    stock: 30,
  })
  const honey = await product({
    name_ar: 'عسل سدر – 500 غ',
    name_en: 'Sidr honey – 500 g',
    description_ar: 'عسل سدر طبيعي',
    description_en: 'Natural sidr honey',
    sku: 'HONEY-SIDR-500',
    category_id: pantry.id,
    price: 85.5,
    retail_buying_price: 60,
    stock: 12,
  })
  // A picture (stored in the database by the previous release): a 48×32 gradient, uploaded as the dashboard does.
  const picture = await sharp(
    Buffer.from(
      Array.from({ length: 48 * 32 * 3 }, (_, i) => (i % 3 === 0 ? (i / 3) % 256 : i % 3 === 1 ? 120 : 40)),
    ),
    { raw: { width: 48, height: 32, channels: 3 } },
  )
    .png()
    .toBuffer()
  const upload = multipartForm({ _method: 'PUT' }, [
    { field: 'image', filename: 'honey.png', contentType: 'image/png', data: picture },
  ])
  const pictured = await app.inject({
    method: 'POST',
    url: `/api/products/${honey.id}`,
    payload: upload.payload,
    headers: { ...staff, ...upload.headers },
  })
  if (pictured.statusCode !== 200) throw new Error(`image upload: ${pictured.statusCode} ${pictured.body}`)
  const honeyImage = pictured.json() as { image_url: string; image_small_url?: string | null }

  const oil = await product({
    name_ar: 'زيت زيتون – 5 لتر',
    name_en: 'Olive oil – 5 L',
    description_ar: 'زيت زيتون بكر من ترهونة',
    description_en: 'Virgin olive oil from Tarhuna',
    category_id: pantry.id,
    price: 120,
    wholesale_price: 110,
    wholesale_threshold: 5,
    retail_buying_price: 90,
    wholesale_buying_price: 85,
    stock: 1,
    is_always_in_stock: true,
  })
  const offshoot = await product({
    name_ar: 'فسيلة برحي',
    description_ar: 'فسيلة نخيل برحي عمر سنتين',
    category_id: plants.id,
    price: 300,
    stock: 3,
    is_active: false,
  })
  const oldBox = await product({
    name_ar: 'علبة تمر قديمة',
    name_en: 'Old date box',
    description_ar: 'تشكيلة لم تعد تباع',
    description_en: 'An assortment no longer sold',
    sku: 'OLD-BOX',
    category_id: dates.id,
    price: 45,
    wholesale_price: 40,
    wholesale_threshold: 3,
    retail_buying_price: 30,
    wholesale_buying_price: 28,
    stock: 20,
  })
  const bsisa = await product({
    name_ar: 'بسيسة بالتمر',
    name_en: 'Bsisa with dates',
    description_ar: 'بسيسة ليبية',
    description_en: 'Libyan bsisa',
    sku: 'BSISA-1',
    category_id: pantry.id,
    price: 15.25,
    retail_buying_price: 9.5,
    stock: 4,
  })
  const paste = await product({
    name_ar: 'عجوة تمر',
    description_ar: 'عجينة تمر للحلويات',
    price: 9.99,
    stock: 40,
  })
  const syrup = await product({
    name_ar: 'رب التمر – 1 لتر',
    name_en: 'Date syrup – 1 L',
    description_ar: 'رب تمر مركز',
    description_en: 'Thick date syrup',
    sku: 'SYRUP-1L',
    category_id: pantry.id,
    price: 8,
    wholesale_price: 7.5,
    wholesale_threshold: 2,
    retail_buying_price: 5,
    wholesale_buying_price: 4.75,
    stock: 60,
  })
  const erased = await product({
    name_ar: 'منتج محذوف',
    name_en: 'Erased product',
    description_ar: 'سيحذف بعد بيعه',
    description_en: 'Erased after it sold',
    sku: 'GONE-1',
    price: 12,
    retail_buying_price: 7,
    stock: 10,
  })
  const soldOut = await product({
    name_ar: 'تمر مجدول',
    name_en: 'Medjool dates',
    description_ar: 'تمر مجدول كبير',
    description_en: 'Large Medjool dates',
    sku: 'DATE-MJ-1KG',
    category_id: dates.id,
    price: 65,
    wholesale_price: 60,
    wholesale_threshold: 6,
    retail_buying_price: 45,
    wholesale_buying_price: 42,
    stock: 2,
  })
  const unused = await product({
    name_ar: 'تمر حلاوي',
    name_en: 'Halawi dates',
    description_ar: 'تمر حلاوي طري',
    description_en: 'Soft Halawi dates',
    sku: 'DATE-HL-1KG',
    category_id: dates.id,
    price: 28.5,
    stock: 0,
  })

  // Orders through the checkout; statuses through the staff's calls; dates moved into the past in SQL (as the
  // dashboard tests do: the API has no call that back-dates an order).
  const place = async (
    items: { product_id: number; quantity: number }[],
    o: {
      city?: number
      method?: 'cash' | 'massarat' | 'paypal'
      headers?: Record<string, string>
      name?: string
      lang?: 'ar' | 'en'
    } = {},
  ) =>
    call(
      'POST',
      '/api/orders',
      {
        customer_name: o.name ?? 'عميل المزرعة',
        customer_email: 'buyer@example.ly',
        customer_phone: '0921234567',
        shipping_address: 'شارع عمر المختار',
        city_id: o.city ?? tripoli.id,
        payment_method: o.method ?? 'cash',
        notes: '',
        items,
      },
      {
        'accept-language': o.lang ?? 'ar',
        'idempotency-key': `fixture-${Math.random().toString(36).slice(2)}`,
        ...o.headers,
      },
    )
  const setStatus = async (id: number, order_status: string, payment_status?: string) => {
    const current = await call('GET', `/api/orders/${id}`, undefined, staff)
    return call(
      'PUT',
      `/api/orders/${id}`,
      {
        customer_name: current.customer_name,
        customer_email: current.customer_email,
        customer_phone: current.customer_phone,
        shipping_address: current.shipping_address,
        notes: current.notes ?? '',
        order_status,
        payment_status: payment_status ?? current.payment_status,
      },
      staff,
    )
  }
  const backdate = (id: number, at: string) =>
    pglite.query(`UPDATE orders SET created_at = $2 WHERE id = $1`, [id, at])

  // Completed cash sales across three months, wholesale and retail lines.
  const o1 = await place(
    [
      { product_id: deglet.id, quantity: 12 },
      { product_id: honey.id, quantity: 1 },
    ],
    { city: misrata.id },
  )
  await call('POST', `/api/orders/${o1.id}/confirm`, undefined, staff)
  await setStatus(o1.id, 'completed', 'paid')
  await backdate(o1.id, '2026-09-05T09:15:00Z')

  const o2 = await place([
    { product_id: deglet.id, quantity: 2 },
    { product_id: oil.id, quantity: 5 },
    { product_id: tasfirt.id, quantity: 1 },
  ])
  await setStatus(o2.id, 'completed', 'paid')
  await backdate(o2.id, '2026-09-20T17:40:00Z')

  const o3 = await place([
    { product_id: oldBox.id, quantity: 3 },
    { product_id: bsisa.id, quantity: 1 },
  ])
  await setStatus(o3.id, 'completed')
  await backdate(o3.id, '2026-10-02T11:00:00Z')

  // A shopper's own orders: one completed in English, one the shopper cancels (stock back once).
  const o4 = await place(
    [
      { product_id: tasfirt.id, quantity: 4 },
      { product_id: syrup.id, quantity: 1 },
    ],
    { headers: shopper, name: 'Salem Zawi', lang: 'en' },
  )
  await setStatus(o4.id, 'completed', 'paid')
  await backdate(o4.id, '2026-10-12T08:05:00Z')
  const o5 = await place([{ product_id: bsisa.id, quantity: 1 }], { headers: shopper })
  await call('POST', `/api/orders/${o5.id}/cancel`, { reason: 'طلبت بالخطأ' }, shopper)
  await backdate(o5.id, '2026-10-13T10:00:00Z')

  // An order edited by staff (lines changed, one added, another city) then completed.
  const o6 = await place([
    { product_id: deglet.id, quantity: 3 },
    { product_id: syrup.id, quantity: 1 },
  ])
  await call(
    'PUT',
    `/api/orders/${o6.id}/items`,
    {
      items: [
        { product_id: deglet.id, quantity: 5 },
        { product_id: syrup.id, quantity: 2 },
        { product_id: paste.id, quantity: 1 },
      ],
      city_id: misrata.id,
    },
    staff,
  )
  await setStatus(o6.id, 'completed')
  await backdate(o6.id, '2026-10-15T14:30:00Z')

  // Cancelled by staff after processing: restocked once.
  const o7 = await place([{ product_id: deglet.id, quantity: 6 }])
  await call('POST', `/api/orders/${o7.id}/confirm`, undefined, staff)
  await setStatus(o7.id, 'cancelled')
  await backdate(o7.id, '2026-10-18T09:00:00Z')

  // Online: Massarat paid (recorded by staff) and completed; PayPal cancelled by staff (stock released).
  const o8 = await place([{ product_id: honey.id, quantity: 2 }], { method: 'massarat' })
  await setStatus(o8.id, 'processing', 'paid')
  await setStatus(o8.id, 'completed', 'paid')
  await backdate(o8.id, '2026-10-20T19:45:00Z')
  const o9 = await place([{ product_id: tasfirt.id, quantity: 1 }], { method: 'paypal', lang: 'en' })
  await setStatus(o9.id, 'cancelled', 'failed')
  await backdate(o9.id, '2026-10-21T07:30:00Z')

  // A sale of a product erased afterwards (its lines keep the name), and of a product archived afterwards.
  const o10 = await place([
    { product_id: erased.id, quantity: 2 },
    { product_id: soldOut.id, quantity: 2 },
  ])
  await setStatus(o10.id, 'completed', 'paid')
  await backdate(o10.id, '2026-11-01T12:00:00Z')
  await pglite.query(`DELETE FROM products WHERE id = $1`, [erased.id])
  await call('DELETE', `/api/products/${oldBox.id}`, undefined, staff, [200, 204])

  // Wholesale at a threshold of 2, completed, cash collected.
  const o11 = await place([{ product_id: syrup.id, quantity: 4 }], { city: misrata.id })
  await setStatus(o11.id, 'completed', 'paid')
  await backdate(o11.id, '2026-11-10T16:20:00Z')

  // Still open: processing and pending (the phone-confirmation queue), dated so that lists keep their order.
  const o12 = await place([{ product_id: honey.id, quantity: 2 }])
  await call('POST', `/api/orders/${o12.id}/confirm`, undefined, staff)
  await backdate(o12.id, '2026-11-20T10:10:00Z')
  const o13 = await place([
    { product_id: paste.id, quantity: 1 },
    { product_id: oil.id, quantity: 1 },
  ])
  await backdate(o13.id, '2026-11-25T13:00:00Z')
  const orderIds = [o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12, o13].map((o) => o.id)
  const productIds = [
    deglet,
    tasfirt,
    honey,
    oil,
    offshoot,
    oldBox,
    bsisa,
    paste,
    syrup,
    erased,
    soldOut,
    unused,
  ].map((p) => p.id)

  // The previous release's answers.
  who.staff = staff
  who.shopper = shopper
  for (const lang of ['ar', 'en'] as const) {
    for (const page of [1, 2, 3]) {
      await record(
        `public product list, page ${page}`,
        `/api/products?per_page=5&page=${page}`,
        'guest',
        lang,
      )
      await record(`staff product list, page ${page}`, `/api/products?per_page=5&page=${page}`, 'staff', lang)
    }
    await record('public product list, one page', '/api/products?per_page=50', 'guest', lang)
    await record('staff product list, one page', '/api/products?per_page=50', 'staff', lang)
    await record('staff active products', '/api/products?per_page=50&active=true', 'staff', lang)
    await record('staff inactive products', '/api/products?per_page=50&active=false', 'staff', lang)
    await record('public in stock', '/api/products?per_page=50&in_stock=true', 'guest', lang)
    await record('public out of stock', '/api/products?per_page=50&in_stock=false', 'guest', lang)
    await record('public category', `/api/products?category_id=${dates.id}`, 'guest', lang)
    await record('public search', `/api/products?search=${encodeURIComponent('تمر')}`, 'guest', lang)
    await record('public search, English', '/api/products?search=dates', 'guest', lang)
    await record('suggestions', `/api/products/suggest?q=${encodeURIComponent('تمر')}`, 'guest', lang)
    for (const id of productIds) {
      await record(`product ${id}, staff`, `/api/products/${id}`, 'staff', lang)
      await record(`product ${id}, public`, `/api/products/${id}`, 'guest', lang)
    }
    for (const id of orderIds) await record(`order ${id}, staff`, `/api/orders/${id}`, 'staff', lang)
    for (const id of [o4.id, o5.id])
      await record(`order ${id}, shopper`, `/api/orders/${id}`, 'shopper', lang)
    await record('shopper order list', '/api/orders', 'shopper', lang)
    await record('staff order list', '/api/orders?per_page=50', 'staff', lang)
    await record('staff order list, page 2', '/api/orders?per_page=5&page=2', 'staff', lang)
    for (const status of ['pending', 'processing', 'completed', 'cancelled']) {
      await record(`staff ${status} orders`, `/api/orders?status=${status}&per_page=50`, 'staff', lang)
    }
    await record(
      'sales report, October',
      '/api/orders?status=completed&from=2026-10-01&to=2026-10-31&per_page=50',
      'staff',
      lang,
    )
    await record('phone queue', '/api/orders?awaiting_confirmation=true', 'staff', lang)
    await record('order search', `/api/orders?search=${encodeURIComponent('سالم')}`, 'staff', lang)
    for (const [from, to] of [
      ['2026-09-01', '2026-09-30'],
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
      ['2026-09-01', '2026-11-30'],
      ['2026-01-01', '2026-12-31'],
    ]) {
      await record(
        `dashboard stats ${from}..${to}`,
        `/api/dashboard/stats?from=${from}&to=${to}`,
        'staff',
        lang,
      )
      await record(
        `dashboard revenue ${from}..${to}`,
        `/api/dashboard/revenue?from=${from}&to=${to}`,
        'staff',
        lang,
      )
    }
    await record('sales export, completed', '/api/orders/export/csv', 'staff', lang)
    await record('sales export, all', '/api/orders/export/csv?status=all', 'staff', lang)
    await record('sales export, cancelled', '/api/orders/export/csv?status=cancelled', 'staff', lang)
    await record(
      'sales export, October',
      '/api/orders/export/csv?from=2026-10-01&to=2026-10-31',
      'staff',
      lang,
    )
    for (const o of [o8, o9])
      await record(`payments of order ${o.id}`, `/api/payments?order_id=${o.id}`, 'staff', lang)
    await record('categories', '/api/categories', 'guest', lang)
    await record('products import sample', '/api/products/import/sample', 'staff', lang)
    // Carts priced by the quote: one below each wholesale break and at it, always in stock, a mix, an inactive product.
    for (const [label, items] of [
      ['below the break', [{ product_id: deglet.id, quantity: 9 }]],
      ['at the break', [{ product_id: deglet.id, quantity: 10 }]],
      ['break of 2', [{ product_id: syrup.id, quantity: 2 }]],
      ['always in stock at its break', [{ product_id: oil.id, quantity: 5 }]],
      [
        'a mixed cart',
        [
          { product_id: tasfirt.id, quantity: 3 },
          { product_id: honey.id, quantity: 1 },
          { product_id: soldOut.id, quantity: 1 },
          { product_id: paste.id, quantity: 2 },
        ],
      ],
      ['more than the stock', [{ product_id: bsisa.id, quantity: 50 }]],
      ['an inactive product', [{ product_id: offshoot.id, quantity: 1 }]],
      ['an archived product', [{ product_id: oldBox.id, quantity: 1 }]],
    ] as const) {
      await record(`quote, ${label}`, '/api/orders/quote', 'guest', lang, { city_id: misrata.id, items })
    }
    for (const url of [honeyImage.image_url, honeyImage.image_small_url]) {
      if (url) await record('product picture', new URL(url, 'http://shop.test').pathname, 'guest', lang)
    }
  }
  return { staff: staffId, shopper: (shopperReg.user as { id: number }).id }
}
