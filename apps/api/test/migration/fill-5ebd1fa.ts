// The fill of the 5ebd1fa fixture (issue 37's release: staff roles, the audit trail and the stock ledger; the last
// release before issue 38's migration 0027, which keeps an order's contact in parts), run by
// make-previous-release-fixture.ts inside that release. Its orders carry the contact as that release stored it, joined
// into the spec's texts: placed as the web checkout joined them ("first last", "address, city, state",
// "WhatsApp: <number>") in Arabic and in English, and as a spec client may send them: one-word names, an address
// without a state or with only the city, no WhatsApp number, a note of its own, Arabic digits, no city_id (the city
// read from the address); a two-word first name the text cannot tell; notes staff added to; a city deleted after its
// order. The shopper's profile autofill (that release parsed the texts back) is among the answers.
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
  // Staff as that release's first start made them (decision 0190): the spec's role and a built-in staff role.
  const staffRole = (id: number, role: string, key: string) =>
    pglite.query(
      `UPDATE users SET role = $2, staff_role_id = (SELECT id FROM staff_roles WHERE key = $3) WHERE id = $1`,
      [id, role, key],
    )
  const owner = await register('صاحبة المزرعة', 'staff@example.ly', 'Tamr-Staff-2026!')
  await staffRole(owner.id, 'super_admin', 'owner')
  const manager = await register('مدير المبيعات', 'manager@example.ly', 'Tamr-Manager-2026!')
  await staffRole(manager.id, 'admin', 'manager')
  const shopperUser = await register('سالم الزوي', 'salem@example.ly', 'Tamr-Shopper-2026!')
  const staff = owner.headers
  const shopper = shopperUser.headers
  who.staff = staff
  who.admin = manager.headers
  who.shopper = shopper

  const city = (name_ar: string, name_en: string, delivery_price: number) =>
    call('POST', '/api/cities', { name_ar, name_en, delivery_price }, staff)
  const tripoli = await city('طرابلس', 'Tripoli', 10)
  const misrata = await city('مصراتة', 'Misrata', 15)
  const sabha = await city('سبها', 'Sabha', 25)

  const product = (fields: Record<string, unknown>) => call('POST', '/api/products', fields, staff)
  const deglet = await product({
    name_ar: 'تمر دقلة نور – 1 كغ',
    name_en: 'Deglet Nour dates – 1 kg',
    description_ar: 'تمر دقلة نور من الجفرة',
    description_en: 'Deglet Nour dates from Al Jufrah',
    sku: 'DN-1KG',
    price: 20,
    retail_buying_price: 12,
    stock: 200,
  })
  const honey = await product({
    name_ar: 'عسل سدر – 500 غ',
    name_en: 'Sidr honey – 500 g',
    description_ar: 'عسل سدر طبيعي',
    description_en: 'Natural sidr honey',
    sku: 'HONEY-500',
    price: 85.5,
    retail_buying_price: 60,
    stock: 40,
  })

  let phones = 0
  const place = async (
    contact: { customer_name: string; shipping_address: string; notes?: string; city?: number | null },
    o: { headers?: Record<string, string>; lang?: 'ar' | 'en'; product?: number } = {},
  ) => {
    const { city: cityId, ...texts } = contact
    return call(
      'POST',
      '/api/orders',
      {
        ...texts,
        customer_email: 'buyer@example.ly',
        customer_phone: `09112233${String(10 + ++phones)}`,
        ...(cityId === null ? {} : { city_id: cityId ?? tripoli.id }),
        payment_method: 'cash',
        items: [{ product_id: o.product ?? deglet.id, quantity: 1 + (phones % 3) }],
      },
      {
        'accept-language': o.lang ?? 'ar',
        'idempotency-key': `fixture-${Math.random().toString(36).slice(2)}`,
        ...o.headers,
      },
    )
  }
  const backdate = (id: number, at: string) =>
    pglite.query(`UPDATE orders SET created_at = $2 WHERE id = $1`, [id, at])

  // As the web checkout joined them, in Arabic.
  const o1 = await place({
    customer_name: 'سالم الزوي',
    shipping_address: 'شارع عمر المختار 12, طرابلس, سوق الجمعة',
    notes: 'WhatsApp: 0912345611',
  })
  await backdate(o1.id, '2026-11-02T09:00:00Z')
  // A two-word first name: the text cannot tell it from a last name (the first space splits).
  const o2 = await place(
    {
      customer_name: 'عبد الله الورفلي',
      shipping_address: 'حي الزروق, مصراتة, الزروق',
      notes: 'WhatsApp: 0923334444',
      city: misrata.id,
    },
    { product: honey.id },
  )
  await backdate(o2.id, '2026-11-03T10:00:00Z')
  // A spec client: one word, an address without a state, no notes.
  const o3 = await place({ customer_name: 'هدى', shipping_address: 'شارع النصر, مصراتة', city: misrata.id })
  await backdate(o3.id, '2026-11-04T11:00:00Z')
  // No city_id: the city read from the address (decision 0027); the WhatsApp number in Arabic digits.
  const o4 = await place({
    customer_name: 'مصطفى القاضي',
    shipping_address: 'طريق المطار, طرابلس, قرجي',
    notes: 'WhatsApp: ٠٩١٢٣٤٥٦٧٨',
    city: null,
  })
  await backdate(o4.id, '2026-11-05T12:00:00Z')
  // A city deleted after its order (its name stays with the order, its id goes).
  const o5 = await place({
    customer_name: 'مريم السنوسي',
    shipping_address: 'حي الجديد, سبها, المنشية',
    notes: 'WhatsApp: 0915556666',
    city: sabha.id,
  })
  await backdate(o5.id, '2026-11-06T13:00:00Z')
  await call('DELETE', `/api/cities/${sabha.id}`, undefined, staff, [200, 204])
  // Staff added to the notes after a call.
  const o6 = await place({
    customer_name: 'يوسف الترهوني',
    shipping_address: 'شارع الجمهورية, طرابلس, باب بن غشير',
    notes: 'WhatsApp: 0917778888',
  })
  const placed6 = await call('GET', `/api/orders/${o6.id}`, undefined, staff)
  await call(
    'PUT',
    `/api/orders/${o6.id}`,
    {
      customer_name: placed6.customer_name,
      customer_email: placed6.customer_email,
      customer_phone: placed6.customer_phone,
      shipping_address: placed6.shipping_address,
      notes: 'WhatsApp: 0917778888\nاتصل بعد الخامسة',
      order_status: 'processing',
      payment_status: 'pending',
    },
    staff,
  )
  await backdate(o6.id, '2026-11-07T14:00:00Z')
  // A spec client: only the city as the address, a note of its own and no WhatsApp number.
  const o7 = await place({ customer_name: 'Ali', shipping_address: 'طرابلس', notes: 'call before coming' })
  await backdate(o7.id, '2026-11-08T15:00:00Z')
  // The shopper: in Arabic, then (the last order, the autofill's) in English with a comma in the address: the address
  // names the city in English.
  const o8 = await place(
    {
      customer_name: 'سالم الزوي',
      shipping_address: 'شارع الشط 3, طرابلس, الظهرة',
      notes: 'WhatsApp: 0912345600',
    },
    { headers: shopper },
  )
  await backdate(o8.id, '2026-11-09T16:00:00Z')
  const o9 = await place(
    {
      customer_name: 'Salem Al Zawi',
      shipping_address: 'Street 9, Block 2, Tripoli, Hay Al Andalus',
      notes: 'WhatsApp: +218 92 765 4321',
    },
    { headers: shopper, lang: 'en', product: honey.id },
  )
  await backdate(o9.id, '2026-11-10T17:00:00Z')
  // A name with a space too many and a state with a comma of its own, in Misrata.
  const o10 = await place({
    customer_name: 'فاطمة  علي',
    shipping_address: 'عمارة 4, شارع طرابلس, مصراتة, الجزيرة, قصر أحمد',
    notes: 'WhatsApp: 0944445555',
    city: misrata.id,
  })
  await backdate(o10.id, '2026-11-11T18:00:00Z')

  const orders = [o1, o2, o3, o4, o5, o6, o7, o8, o9, o10]
  for (const lang of ['ar', 'en'] as const) {
    for (const as of ['staff', 'admin', 'shopper'] as const) await record(`me, ${as}`, '/api/me', as, lang)
    for (const o of orders) await record(`order ${o.id}, staff`, `/api/orders/${o.id}`, 'staff', lang)
    for (const o of [o1, o6]) await record(`order ${o.id}, manager`, `/api/orders/${o.id}`, 'admin', lang)
    for (const o of [o8, o9]) await record(`order ${o.id}, shopper`, `/api/orders/${o.id}`, 'shopper', lang)
    await record('shopper order list', '/api/orders', 'shopper', lang)
    await record('staff order list', '/api/orders?per_page=50', 'staff', lang)
    await record('phone queue', '/api/orders?awaiting_confirmation=true', 'staff', lang)
    await record('order search', `/api/orders?search=${encodeURIComponent('سالم')}`, 'staff', lang)
    // The checkout's autofill from the shopper's last order (that release parsed the texts back).
    await record('profile autofill', '/api/profile', 'shopper', lang)
    await record('cities', '/api/cities?per_page=50', 'staff', lang)
    await record('sales export, all', '/api/orders/export/csv?status=all', 'staff', lang)
    for (const o of [o1, o4, o9]) {
      await record(`tracking order ${o.id}`, '/api/track', 'guest', lang, {
        order_number: o.order_number,
        phone: o.customer_phone,
      })
    }
  }
  return { staff: owner.id, admin: manager.id, shopper: shopperUser.id }
}
