import type { Product } from '@shop/shared/schemas/product'

/** A storefront product for tests; override what the test is about. */
export const makeProduct = (id: number, over: Partial<Product> = {}): Product => ({
  id,
  slug: `dates-${id}`,
  name: `Dates ${id}`,
  description: 'Sweet',
  category_id: 1,
  category: { id: 1, name: 'Dates', slug: 'dates' },
  price: 25,
  retail_price: 25,
  wholesale_price: 20,
  wholesale_threshold: 10,
  stock: 7,
  is_active: true,
  is_always_in_stock: false,
  image_url: null,
  image_small_url: null,
  attributes: { weight: '1 kg', origin: 'Ghat' },
  created_at: '2025-01-01',
  updated_at: '2025-01-01',
  ...over,
})
