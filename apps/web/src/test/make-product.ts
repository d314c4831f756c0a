import type { Product, Variant } from '@shop/shared/schemas/product'

/**
 * A storefront product for tests; override what the test is about. Without `variants` it has one unnamed pack with the
 * product's own figures (as migration 0022 made every product: the pack has the product's id).
 */
export const makeProduct = (id: number, over: Partial<Product> = {}): Product => {
  const base = {
    id,
    slug: `dates-${id}`,
    sku: null,
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
  }
  const variants = over.variants ?? [
    makeVariant(id, {
      sku: base.sku ?? null,
      price: base.retail_price,
      tiers:
        base.wholesale_price !== null && base.wholesale_threshold !== null
          ? [{ min_quantity: base.wholesale_threshold, price: base.wholesale_price }]
          : [],
      stock: base.stock,
      is_always_in_stock: base.is_always_in_stock,
    }),
  ]
  const prices = variants.filter((v) => v.is_active).map((v) => v.price)
  return {
    ...base,
    variants,
    price_from: over.price_from ?? (prices.length ? Math.min(...prices) : base.retail_price),
  }
}

/** A pack for tests: unnamed, 25.00, no breaks, 7 in stock. */
export const makeVariant = (id: number, over: Partial<Variant> = {}): Variant => ({
  id,
  sku: null,
  label: '',
  price: 25,
  tiers: [],
  stock: 7,
  is_active: true,
  is_always_in_stock: false,
  weight_grams: null,
  volume_ml: null,
  image_url: null,
  image_small_url: null,
  ...over,
})

/**
 * A product with packs as the API sends it: the spec's fields are those of the default (first active) pack, and
 * `price_from` the lowest active price.
 */
export const makePackedProduct = (id: number, variants: Variant[], over: Partial<Product> = {}): Product => {
  const first = variants.find((v) => v.is_active) ?? variants[0]!
  const tier = first.tiers[0]
  return makeProduct(id, {
    sku: first.sku,
    price: first.price,
    retail_price: first.price,
    wholesale_price: tier?.price ?? null,
    wholesale_threshold: tier?.min_quantity ?? null,
    stock: first.stock,
    is_always_in_stock: first.is_always_in_stock,
    ...over,
    variants,
  })
}
