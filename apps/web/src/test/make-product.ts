import type { Product } from '@shop/shared/schemas/product'

/**
 * A storefront product for tests; override what the test is about. Unless `variants` is given, it has one pack whose
 * figures are the product's spec fields (decision 0150: those are the default pack's).
 */
export const makeProduct = (id: number, over: Partial<Product> = {}): Product => {
  const base = {
    id,
    slug: `dates-${id}`,
    name: `Dates ${id}`,
    description: 'Sweet',
    category_id: 1,
    category: { id: 1, name: 'Dates', slug: 'dates' },
    price: 25,
    retail_price: 25,
    wholesale_price: 20 as number | null,
    wholesale_threshold: 10 as number | null,
    stock: 7,
    is_active: true,
    is_always_in_stock: false,
    image_url: null,
    image_small_url: null,
    attributes: { weight: '1 kg', origin: 'Ghat' },
    created_at: '2025-01-01',
    updated_at: '2025-01-01',
    sku: null,
    ...over,
  }
  const variants = over.variants ?? [
    {
      id,
      sku: base.sku ?? null,
      label: '',
      price: base.retail_price,
      tiers:
        base.wholesale_price !== null && base.wholesale_threshold !== null
          ? [{ min_quantity: base.wholesale_threshold, price: base.wholesale_price }]
          : [],
      stock: base.stock,
      is_active: true,
      is_always_in_stock: base.is_always_in_stock,
      weight_grams: null,
      volume_ml: null,
      image_url: null,
      image_small_url: null,
    },
  ]
  const prices = variants.filter((v) => v.is_active).map((v) => v.price)
  return { ...base, variants, price_from: over.price_from ?? Math.min(...prices, base.retail_price) }
}
