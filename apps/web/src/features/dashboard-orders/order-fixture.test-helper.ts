import type { Order } from '@shop/shared/schemas/order'

/** A pending cash order without items, for the dashboard orders tests; `overrides` set what a test is about. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? 1
  return {
    id,
    order_number: `ORD-${id}`,
    user_id: null,
    customer: {
      first_name: 'Customer',
      last_name: '',
      phone: '0910000000',
      whatsapp: '',
      email: 'a@example.com',
      address_line: '',
      city_id: null,
      city_name: null,
      state: '',
    },
    customer_name: 'Customer',
    customer_email: 'a@example.com',
    customer_phone: '0910000000',
    shipping_address: 'Tripoli',
    city_id: null,
    city_name: null,
    order_status: 'pending',
    payment_status: 'pending',
    payment_method: 'cash',
    notes: null,
    subtotal: 10,
    delivery_price: 0,
    total_amount: 10,
    discount_total: 0,
    adjustments: [],
    created_at: '2025-01-01T00:00:00Z',
    items: [],
    ...overrides,
  }
}
