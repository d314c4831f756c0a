// The fill of the 302a863 fixture (issue 29's release: pack sizes with price breaks, offers; the last release before
// issue 30's staff roles, audit trail and stock ledger), run by make-previous-release-fixture.ts inside that release.
// It uses that release's features as a shop would: products with several packs and breaks, an inactive pack, a pack
// removed after it sold; codes with a minimum and limits, an automatic offer, free delivery, an offer used up, one
// ended, one scheduled, one switched off; orders using them, an edited order, a refusal at the door, cancellations,
// online payments, one still holding its stock; a second staff member with the spec's `admin` role (set in SQL, as the first-start seed sets
// super_admin).
import type { Fill } from './fill-types.ts'

export const fill: Fill = async ({ pglite, call, record, who }) => {
  const register = async (name: string, email: string, password: string) => {
    const r = await call('POST', '/api/auth/register', {
      name,
      email,
      password,
      password_confirmation: password,
    })
    return { id: (r.user as { id: number }).id, headers: { authorization: `Bearer ${r.token as string}` } }
  }
  const owner = await register('صاحبة المزرعة', 'staff@example.ly', 'Tamr-Staff-2026!')
  await pglite.query(`UPDATE users SET role = 'super_admin' WHERE id = $1`, [owner.id])
  const manager = await register('مدير المبيعات', 'manager@example.ly', 'Tamr-Manager-2026!')
  await pglite.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [manager.id])
  const shopperUser = await register('سالم الزوي', 'salem@example.ly', 'Tamr-Shopper-2026!')
  const staff = owner.headers
  const admin = manager.headers
  const shopper = shopperUser.headers
  who.staff = staff
  who.admin = admin
  who.shopper = shopper

  await call('PUT', '/api/settings', { usd_exchange_rate: '4.85' }, staff).catch(async () => {
    await pglite.query(
      `INSERT INTO settings (key, value) VALUES ('usd_exchange_rate', '4.85') ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    )
  })

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

  // The catalogue: packs with breaks (one switched off), the spec's single-pack fields, always in stock, inactive.
  const product = (fields: Record<string, unknown>) => call('POST', '/api/products', fields, admin)
  const packsOf = (p: Record<string, unknown>) => p.variants as { id: number; sku: string | null }[]
  const degletFields = {
    name_ar: 'تمر دقلة نور',
    name_en: 'Deglet Nour dates',
    description_ar: 'تمر دقلة نور من الجفرة',
    description_en: 'Deglet Nour dates from Al Jufrah',
    origin_ar: 'الجفرة',
    origin_en: 'Al Jufrah',
    category_id: dates.id,
  }
  const deglet = await product({
    ...degletFields,
    variants: [
      {
        label_ar: '500 غ',
        label_en: '500 g',
        sku: 'DN-500',
        price: 11,
        tiers: [{ min_quantity: 10, price: 9.5 }],
        retail_buying_price: 7,
        stock: 100,
        weight_grams: 500,
      },
      {
        label_ar: '1 كغ',
        label_en: '1 kg',
        sku: 'DN-1KG',
        price: 20,
        tiers: [
          { min_quantity: 10, price: 16 },
          { min_quantity: 50, price: 15 },
        ],
        retail_buying_price: 12,
        wholesale_buying_price: 10,
        stock: 80,
        weight_grams: 1000,
      },
      {
        label_ar: '5 كغ',
        label_en: '5 kg',
        sku: 'DN-5KG',
        price: 90,
        stock: 6,
        is_active: false,
        weight_grams: 5000,
      },
    ],
  })
  const [dn500, dn1kg] = packsOf(deglet)
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
  const oil = await product({
    name_ar: 'زيت زيتون',
    name_en: 'Olive oil',
    description_ar: 'زيت زيتون بكر من ترهونة',
    description_en: 'Virgin olive oil from Tarhuna',
    category_id: pantry.id,
    variants: [
      { label_ar: '1 لتر', label_en: '1 L', sku: 'OIL-1L', price: 28, retail_buying_price: 20, stock: 40 },
      {
        label_ar: '5 لتر',
        label_en: '5 L',
        sku: 'OIL-5L',
        price: 120,
        tiers: [{ min_quantity: 5, price: 110 }],
        retail_buying_price: 90,
        wholesale_buying_price: 85,
        stock: 1,
        is_always_in_stock: true,
        volume_ml: 5000,
      },
    ],
  })
  const [oil1l, oil5l] = packsOf(oil)
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
  const medjoolFields = {
    name_ar: 'تمر مجدول',
    name_en: 'Medjool dates',
    description_ar: 'تمر مجدول كبير',
    description_en: 'Large Medjool dates',
    category_id: dates.id,
  }
  const medjool = await product({
    ...medjoolFields,
    variants: [
      {
        label_ar: '1 كغ',
        label_en: '1 kg',
        sku: 'MJ-1KG',
        price: 65,
        tiers: [{ min_quantity: 6, price: 60 }],
        retail_buying_price: 45,
        wholesale_buying_price: 42,
        stock: 10,
      },
      { label_ar: '2 كغ', label_en: '2 kg', sku: 'MJ-2KG', price: 125, retail_buying_price: 88, stock: 4 },
    ],
  })
  const [mj1kg, mj2kg] = packsOf(medjool)
  const offshoot = await product({
    name_ar: 'فسيلة برحي',
    description_ar: 'فسيلة نخيل برحي عمر سنتين',
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
    stock: 20,
  })
  const halawi = await product({
    name_ar: 'تمر حلاوي',
    name_en: 'Halawi dates',
    description_ar: 'تمر حلاوي طري',
    description_en: 'Soft Halawi dates',
    category_id: dates.id,
    variants: [
      { label_ar: '1 كغ', label_en: '1 kg', sku: 'HL-1KG', price: 28.5, stock: 0 },
      { label_ar: '3 كغ', label_en: '3 kg', sku: 'HL-3KG', price: 80, stock: 0 },
    ],
  })

  // Offers: a code with a minimum and limits, an automatic product offer, free delivery from 200 (made by the
  // manager), a one-use code, a first-order code on one pack for cash in Tripoli, one ended, one scheduled, one off.
  const offer = (fields: Record<string, unknown>, by = staff) => call('POST', '/api/promotions', fields, by)
  const tamr10 = await offer({
    name_ar: 'خصم التمر 10٪',
    name_en: 'Dates 10% off',
    code: 'TAMR10',
    value_type: 'percentage',
    value: 10,
    target: 'order',
    min_subtotal: 100,
    usage_limit: 20,
    per_customer_limit: 2,
    combinable: true,
  })
  const honeyOffer = await offer({
    name_ar: 'العسل بخمسة دنانير أقل',
    name_en: 'Honey, 5 LYD off',
    value_type: 'fixed',
    value: 5,
    target: 'products',
    product_ids: [honey.id],
    retail_only: true,
    combinable: true,
  })
  const freeDelivery = await offer(
    {
      name_ar: 'توصيل مجاني فوق 200',
      name_en: 'Free delivery over 200',
      value_type: 'percentage',
      value: 100,
      target: 'delivery',
      min_subtotal: 200,
      combinable: true,
    },
    admin,
  )
  const once = await offer({
    name_ar: 'هدية الافتتاح',
    name_en: 'Opening gift',
    code: 'ONCE60',
    value_type: 'fixed',
    value: 60,
    target: 'order',
    usage_limit: 1,
  })
  const firstOrder = await offer({
    name_ar: 'أول طلب: دقلة نصف كيلو',
    name_en: 'First order: Deglet 500 g',
    code: 'DN500',
    value_type: 'percentage',
    value: 20,
    target: 'products',
    variant_ids: [dn500!.id],
    category_ids: [],
    city_ids: [tripoli.id],
    payment_methods: ['cash'],
    first_order_only: true,
    combinable: true,
  })
  const ended = await offer({
    name_ar: 'عرض الصيف',
    name_en: 'Summer offer',
    code: 'SUMMER5',
    value_type: 'fixed',
    value: 5,
    target: 'products',
    category_ids: [dates.id],
    starts_at: '2026-06-01T00:00:00+02:00',
    ends_at: '2026-09-01T00:00:00+02:00',
  })
  const scheduled = await offer({
    name_ar: 'عرض العيد',
    name_en: 'Eid offer',
    code: 'EID2099',
    value_type: 'percentage',
    value: 15,
    target: 'order',
    starts_at: '2099-03-01T00:00:00+02:00',
  })
  const switchedOff = await offer({
    name_ar: 'نصف السعر',
    name_en: 'Half price',
    value_type: 'percentage',
    value: 50,
    target: 'order',
    is_active: false,
  })
  const offerIds = [tamr10, honeyOffer, freeDelivery, once, firstOrder, ended, scheduled, switchedOff].map(
    (o) => o.id,
  )

  // Orders through the checkout (each with its own phone: limits per customer and first orders count by phone).
  let phones = 0
  const place = async (
    items: { product_id: number; variant_id?: number; quantity: number }[],
    o: {
      city?: number
      method?: 'cash' | 'massarat' | 'paypal'
      headers?: Record<string, string>
      name?: string
      lang?: 'ar' | 'en'
      code?: string
    } = {},
  ) =>
    call(
      'POST',
      '/api/orders',
      {
        customer_name: o.name ?? 'عميل المزرعة',
        customer_email: 'buyer@example.ly',
        customer_phone: `09212345${String(10 + ++phones)}`,
        shipping_address: 'شارع عمر المختار',
        city_id: o.city ?? tripoli.id,
        payment_method: o.method ?? 'cash',
        notes: '',
        items,
        ...(o.code ? { coupon_code: o.code } : {}),
      },
      {
        'accept-language': o.lang ?? 'ar',
        'idempotency-key': `fixture-${Math.random().toString(36).slice(2)}`,
        ...o.headers,
      },
    )
  const setStatus = async (id: number, order_status: string, payment_status?: string, by = staff) => {
    const current = await call('GET', `/api/orders/${id}`, undefined, by)
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
      by,
    )
  }
  const backdate = (id: number, at: string) =>
    pglite.query(`UPDATE orders SET created_at = $2 WHERE id = $1`, [id, at])

  // A code over its minimum, a break reached, automatic honey offer, free delivery: completed and paid.
  const o1 = await place(
    [
      { product_id: deglet.id, variant_id: dn1kg!.id, quantity: 12 },
      { product_id: honey.id, quantity: 1 },
    ],
    { city: misrata.id, code: 'TAMR10' },
  )
  await call('POST', `/api/orders/${o1.id}/confirm`, undefined, staff)
  await setStatus(o1.id, 'completed', 'paid')
  await backdate(o1.id, '2026-09-05T09:15:00Z')

  // The one-use code (used up by it), an always-in-stock pack at its break.
  const o2 = await place(
    [
      { product_id: oil.id, variant_id: oil5l!.id, quantity: 5 },
      { product_id: deglet.id, variant_id: dn500!.id, quantity: 2 },
    ],
    { code: 'ONCE60' },
  )
  await setStatus(o2.id, 'completed', 'paid')
  await backdate(o2.id, '2026-09-20T17:40:00Z')

  // The shopper's orders: one in English with a code, completed; one with the code again, cancelled (use given back).
  const o3 = await place(
    [
      { product_id: medjool.id, variant_id: mj2kg!.id, quantity: 2 },
      { product_id: syrup.id, quantity: 4 },
    ],
    { headers: shopper, name: 'Salem Zawi', lang: 'en', code: 'tamr10' },
  )
  await setStatus(o3.id, 'completed', 'paid', admin)
  await backdate(o3.id, '2026-10-12T08:05:00Z')
  const o4 = await place([{ product_id: deglet.id, variant_id: dn1kg!.id, quantity: 6 }], {
    headers: shopper,
    code: 'TAMR10',
  })
  await call('POST', `/api/orders/${o4.id}/cancel`, { reason: 'طلبت بالخطأ' }, shopper)
  await backdate(o4.id, '2026-10-13T10:00:00Z')

  // A first-order code on one pack, then edited by staff (a break reached, a line added): the offer priced again.
  const o5 = await place(
    [
      { product_id: deglet.id, variant_id: dn500!.id, quantity: 3 },
      { product_id: syrup.id, quantity: 1 },
    ],
    { code: 'DN500' },
  )
  await call(
    'PUT',
    `/api/orders/${o5.id}/items`,
    {
      items: [
        { product_id: deglet.id, variant_id: dn500!.id, quantity: 12 },
        { product_id: syrup.id, quantity: 2 },
        { product_id: honey.id, quantity: 1 },
      ],
    },
    staff,
  )
  await setStatus(o5.id, 'completed')
  await backdate(o5.id, '2026-10-15T14:30:00Z')

  // Refused at the door after the phone confirmation: stock and the offer's use back.
  const o6 = await place(
    [
      { product_id: honey.id, quantity: 2 },
      { product_id: oil.id, variant_id: oil1l!.id, quantity: 3 },
    ],
    { code: 'TAMR10' },
  )
  await call('POST', `/api/orders/${o6.id}/confirm`, undefined, admin)
  await call('POST', `/api/orders/${o6.id}/refused-at-door`, undefined, staff)
  await backdate(o6.id, '2026-10-18T09:00:00Z')

  // Cancelled by staff after processing.
  const o7 = await place([{ product_id: deglet.id, variant_id: dn1kg!.id, quantity: 6 }])
  await call('POST', `/api/orders/${o7.id}/confirm`, undefined, staff)
  await setStatus(o7.id, 'cancelled')
  await backdate(o7.id, '2026-10-19T09:00:00Z')

  // Online: Massarat paid (recorded by staff) and completed; PayPal cancelled by staff (stock released).
  const o8 = await place([{ product_id: honey.id, quantity: 2 }], { method: 'massarat' })
  await setStatus(o8.id, 'processing', 'paid')
  await setStatus(o8.id, 'completed', 'paid')
  await backdate(o8.id, '2026-10-20T19:45:00Z')
  const o9 = await place([{ product_id: medjool.id, variant_id: mj1kg!.id, quantity: 1 }], {
    method: 'paypal',
    lang: 'en',
  })
  await setStatus(o9.id, 'cancelled', 'failed')
  await backdate(o9.id, '2026-10-21T07:30:00Z')

  // A product archived after it sold, and a pack removed after it sold (its lines keep label and SKU).
  const o10 = await place([
    { product_id: oldBox.id, quantity: 3 },
    { product_id: medjool.id, variant_id: mj2kg!.id, quantity: 1 },
  ])
  await setStatus(o10.id, 'completed', 'paid')
  await backdate(o10.id, '2026-11-01T12:00:00Z')
  await call('DELETE', `/api/products/${oldBox.id}`, undefined, staff, [200, 204])
  await call(
    'PUT',
    `/api/products/${medjool.id}`,
    {
      ...medjoolFields,
      variants: [
        {
          id: mj1kg!.id,
          label_ar: '1 كغ',
          label_en: '1 kg',
          sku: 'MJ-1KG',
          price: 65,
          tiers: [{ min_quantity: 6, price: 60 }],
          retail_buying_price: 45,
          wholesale_buying_price: 42,
          stock: 10,
        },
      ],
    },
    staff,
  )

  // Wholesale at a break of 2, another city, completed.
  const o11 = await place([{ product_id: syrup.id, quantity: 4 }], { city: misrata.id })
  await setStatus(o11.id, 'completed', 'paid')
  await backdate(o11.id, '2026-11-10T16:20:00Z')

  // Still open: processing (confirmed by the manager; the second break) and pending.
  const o12 = await place([
    { product_id: honey.id, quantity: 2 },
    { product_id: deglet.id, variant_id: dn1kg!.id, quantity: 50 },
  ])
  await call('POST', `/api/orders/${o12.id}/confirm`, undefined, admin)
  await backdate(o12.id, '2026-11-20T10:10:00Z')
  const o13 = await place([
    { product_id: oil.id, variant_id: oil1l!.id, quantity: 1 },
    { product_id: deglet.id, quantity: 1 },
  ])
  await backdate(o13.id, '2026-11-25T13:00:00Z')
  // An online payment still holding its stock at the upgrade (its hold due far ahead, so no answer depends on the
  // moment; the test ends it after the migration, when the stock ledger exists).
  const o14 = await place([{ product_id: honey.id, quantity: 1 }], { method: 'massarat' })
  await pglite.query(`UPDATE order_payment_holds SET due_at = '2099-01-01T00:00:00Z' WHERE order_id = $1`, [
    o14.id,
  ])
  await backdate(o14.id, '2026-11-26T18:00:00Z')

  const orders = [o1, o2, o3, o4, o5, o6, o7, o8, o9, o10, o11, o12, o13, o14]
  const orderIds = orders.map((o) => o.id)
  const productIds = [deglet, honey, oil, syrup, medjool, offshoot, oldBox, halawi].map((p) => p.id)

  // The release's answers.
  for (const lang of ['ar', 'en'] as const) {
    for (const as of ['staff', 'admin', 'shopper'] as const) await record(`me, ${as}`, '/api/me', as, lang)
    for (const page of [1, 2]) {
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
    await record('manager product list, one page', '/api/products?per_page=50', 'admin', lang)
    await record('staff inactive products', '/api/products?per_page=50&active=false', 'staff', lang)
    await record('public in stock', '/api/products?per_page=50&in_stock=true', 'guest', lang)
    await record('public out of stock', '/api/products?per_page=50&in_stock=false', 'guest', lang)
    await record('public category', `/api/products?category_id=${dates.id}`, 'guest', lang)
    await record('public search', `/api/products?search=${encodeURIComponent('تمر')}`, 'guest', lang)
    await record('suggestions', `/api/products/suggest?q=${encodeURIComponent('تمر')}`, 'guest', lang)
    for (const id of productIds) {
      await record(`product ${id}, staff`, `/api/products/${id}`, 'staff', lang)
      await record(`product ${id}, public`, `/api/products/${id}`, 'guest', lang)
    }
    for (const id of orderIds) await record(`order ${id}, staff`, `/api/orders/${id}`, 'staff', lang)
    for (const id of [o1.id, o12.id]) await record(`order ${id}, manager`, `/api/orders/${id}`, 'admin', lang)
    for (const id of [o3.id, o4.id])
      await record(`order ${id}, shopper`, `/api/orders/${id}`, 'shopper', lang)
    await record('shopper order list', '/api/orders', 'shopper', lang)
    await record('staff order list', '/api/orders?per_page=50', 'staff', lang)
    await record('manager order list', '/api/orders?per_page=50', 'admin', lang)
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
      ['2026-01-01', '2026-12-31'],
    ]) {
      await record(
        `dashboard stats ${from}..${to}`,
        `/api/dashboard/stats?from=${from}&to=${to}`,
        'staff',
        lang,
      )
      await record(
        `dashboard stats by pack ${from}..${to}`,
        `/api/dashboard/stats?from=${from}&to=${to}&by=variant`,
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
    // Offers: the list (with uses, discount given, revenue, orders), by status, found by code, each one.
    await record('offers', '/api/promotions?per_page=50', 'staff', lang)
    await record('offers, manager', '/api/promotions?per_page=50', 'admin', lang)
    for (const status of ['active', 'scheduled', 'ended', 'used_up', 'inactive']) {
      await record(`offers ${status}`, `/api/promotions?status=${status}`, 'staff', lang)
    }
    await record('offers found by code', '/api/promotions?search=tamr', 'staff', lang)
    for (const id of offerIds) await record(`offer ${id}`, `/api/promotions/${id}`, 'staff', lang)
    await record('categories', '/api/categories', 'guest', lang)
    await record('users', '/api/users?per_page=50', 'staff', lang)
    // Tracking by number and phone (changes nothing when it finds the order).
    for (const o of [o3, o5, o6]) {
      await record(`tracking order ${o.id}`, '/api/track', 'guest', lang, {
        order_number: o.order_number,
        phone: o.customer_phone,
      })
    }
    // Carts priced by the quote: packs and their breaks, the default pack, codes that apply and codes refused.
    for (const [label, body] of [
      ['a pack below its break', { items: [{ product_id: deglet.id, variant_id: dn1kg!.id, quantity: 9 }] }],
      [
        'a pack at its second break',
        { items: [{ product_id: deglet.id, variant_id: dn1kg!.id, quantity: 50 }] },
      ],
      ['the default pack', { items: [{ product_id: deglet.id, quantity: 2 }] }],
      [
        'an inactive pack',
        { items: [{ product_id: deglet.id, variant_id: packsOf(deglet)[2]!.id, quantity: 1 }] },
      ],
      ['a removed pack', { items: [{ product_id: medjool.id, variant_id: mj2kg!.id, quantity: 1 }] }],
      ['the automatic honey offer', { items: [{ product_id: honey.id, quantity: 1 }] }],
      [
        'free delivery over 200',
        {
          items: [
            { product_id: honey.id, quantity: 2 },
            { product_id: oil.id, variant_id: oil1l!.id, quantity: 2 },
          ],
        },
      ],
      [
        'a code over its minimum',
        { items: [{ product_id: medjool.id, variant_id: mj1kg!.id, quantity: 2 }], coupon_code: 'TAMR10' },
      ],
      ['a code under its minimum', { items: [{ product_id: syrup.id, quantity: 1 }], coupon_code: 'TAMR10' }],
      ['a used-up code', { items: [{ product_id: syrup.id, quantity: 20 }], coupon_code: 'ONCE60' }],
      ['an ended code', { items: [{ product_id: deglet.id, quantity: 1 }], coupon_code: 'SUMMER5' }],
      ['a scheduled code', { items: [{ product_id: deglet.id, quantity: 1 }], coupon_code: 'EID2099' }],
      ['an unknown code', { items: [{ product_id: deglet.id, quantity: 1 }], coupon_code: 'NOPE' }],
      [
        'a first-order code for cash in Tripoli',
        {
          city_id: tripoli.id,
          items: [{ product_id: deglet.id, variant_id: dn500!.id, quantity: 4 }],
          coupon_code: 'DN500',
          customer_phone: '0945550101',
          payment_method: 'cash',
        },
      ],
      [
        'a first-order code in another city',
        {
          items: [{ product_id: deglet.id, variant_id: dn500!.id, quantity: 4 }],
          coupon_code: 'DN500',
          customer_phone: '0945550101',
          payment_method: 'cash',
        },
      ],
      ['an out-of-stock pack', { items: [{ product_id: halawi.id, quantity: 1 }] }],
      ['an inactive product', { items: [{ product_id: offshoot.id, quantity: 1 }] }],
      ['an archived product', { items: [{ product_id: oldBox.id, quantity: 1 }] }],
    ] as const) {
      await record(`quote, ${label}`, '/api/orders/quote', 'guest', lang, { city_id: misrata.id, ...body })
    }
  }
  return { staff: owner.id, admin: manager.id, shopper: shopperUser.id }
}
