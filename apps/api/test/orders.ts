import { eq } from 'drizzle-orm'
import type { App } from '../src/app.ts'
import { orders } from '../src/db/schema/orders.ts'

// Test support shared by the orders, checkout, dashboard and sales tests: places real orders through the API.
export interface PlaceOptions {
  cityId: number
  items: { product_id: number; quantity: number }[]
  headers?: Record<string, string>
  customer?: Partial<{
    customer_name: string
    customer_email: string
    customer_phone: string
    shipping_address: string
  }>
  payment_method?: string
  /** Moves the order to this instant after placing it (date filters). */
  createdAt?: Date
  status?: 'pending' | 'processing' | 'completed' | 'cancelled'
}

export async function placeTestOrder(app: App, o: PlaceOptions) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: o.headers,
    payload: {
      customer_name: 'عميل تجريبي',
      customer_email: 'buyer@example.ly',
      customer_phone: '0921234567',
      shipping_address: 'مصراتة',
      ...o.customer,
      city_id: o.cityId,
      items: o.items,
      ...(o.payment_method ? { payment_method: o.payment_method } : {}),
    },
  })
  if (res.statusCode !== 201) throw new Error(`order not placed: ${res.statusCode} ${res.body}`)
  const order = res.json() as { id: number; order_number: string; total_amount: number; subtotal: number }
  const patch: Partial<typeof orders.$inferInsert> = {}
  if (o.createdAt) patch.createdAt = o.createdAt
  if (o.status) patch.orderStatus = o.status
  if (Object.keys(patch).length) await app.db.update(orders).set(patch).where(eq(orders.id, order.id))
  return order
}
