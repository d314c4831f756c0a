import type { App } from '../src/app.ts'
import { promotions } from '../src/db/schema/promotions.ts'

// Test support for the views of orders placed with offers (issue 29): offers written straight to the database, and
// orders placed through the API with a code.

let n = 0

export type OfferFields = Partial<typeof promotions.$inferInsert>

/** An offer row; a code offer unless `code: null`. Labels 'خصم …' / 'Discount …'. */
export async function insertOffer(app: App, fields: OfferFields = {}) {
  n += 1
  const [row] = await app.db
    .insert(promotions)
    .values({
      code: `CODE${Date.now() % 100000}${n}`,
      name: `خصم ${n}`,
      translations: { en: { name: `Discount ${n}` } },
      valueType: 'percentage',
      value: 10,
      target: 'order',
      ...fields,
    })
    .returning()
  return row!
}

export interface CodeOrderOptions {
  cityId: number
  items: { product_id: number; quantity: number }[]
  coupon_code?: string
  phone?: string
  email?: string
  lang?: 'ar' | 'en'
  headers?: Record<string, string>
}

export interface PlacedOrder {
  id: number
  order_number: string
  subtotal: number
  discount_total: number
  delivery_price: number
  total_amount: number
  adjustments: {
    promotion_id: number | null
    code: string | null
    label: string
    amount: number
    target: string
  }[]
  items: { id: number; product_id: number; discount: number; line_total: number }[]
}

/** POST /api/orders with a code; fails the test unless the order is placed. */
export async function placeCodeOrder(app: App, o: CodeOrderOptions): Promise<PlacedOrder> {
  n += 1
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': o.lang ?? 'ar', ...o.headers },
    payload: {
      customer_name: 'سارة علي',
      customer_email: o.email ?? `offers-${n}@example.ly`,
      customer_phone: o.phone ?? `091${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      shipping_address: 'شارع النخيل',
      city_id: o.cityId,
      items: o.items,
      ...(o.coupon_code ? { coupon_code: o.coupon_code } : {}),
    },
  })
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`)
  return res.json() as PlacedOrder
}
