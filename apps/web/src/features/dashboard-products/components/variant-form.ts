import type { Product, ProductInput, Variant } from '@shop/shared/schemas/product'

// Decision 0154: the product form edits every pack (size) of a product. The form keeps strings as typed; the shared
// ProductInput schema (the resolver) reads them, and the request carries `variants` plus the spec's fields of the
// default pack, so an API or a reader that knows only those fields sees the same product as before.

/** One quantity break as typed: from `min_quantity` units on, each costs `price`. */
export interface TierFormValues {
  min_quantity: string
  price: string
}

/** One pack as the form edits it; `id` names a stored pack (kept by the API), none for a new one. */
export interface VariantFormValues {
  id?: number
  label_ar: string
  label_en: string
  sku: string
  price: string
  tiers: TierFormValues[]
  retail_buying_price: string
  wholesale_buying_price: string
  stock: string
  /**
   * Decision 0218: the stored pack's stock when the form was filled (none for a new pack). The API leaves the stock
   * alone when `stock` is still this figure, and sets a new count only if nothing moved it meanwhile.
   */
  stock_based_on?: string
  is_active: boolean
  is_always_in_stock: boolean
  weight_grams: string
  volume_ml: string
}

const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v))

// product.md §5.4, §9: a new pack starts with stock 1, active.
export const EMPTY_VARIANT: VariantFormValues = {
  label_ar: '',
  label_en: '',
  sku: '',
  price: '',
  tiers: [],
  retail_buying_price: '',
  wholesale_buying_price: '',
  stock: '1',
  is_active: true,
  is_always_in_stock: false,
  weight_grams: '',
  volume_ml: '',
}

export const EMPTY_TIER: TierFormValues = { min_quantity: '', price: '' }

/** A stored pack as the form edits it (staff answers carry both labels and the buying prices). */
export function toVariantValues(v: Variant): VariantFormValues {
  return {
    id: v.id,
    label_ar: v.label_ar ?? v.label ?? '',
    label_en: v.label_en ?? '',
    sku: v.sku ?? '',
    price: str(v.price),
    tiers: v.tiers.map((t) => ({ min_quantity: str(t.min_quantity), price: str(t.price) })),
    retail_buying_price: str(v.retail_buying_price),
    wholesale_buying_price: str(v.wholesale_buying_price),
    stock: str(v.stock),
    stock_based_on: str(v.stock),
    is_active: v.is_active,
    is_always_in_stock: v.is_always_in_stock,
    weight_grams: str(v.weight_grams),
    volume_ml: str(v.volume_ml),
  }
}

/** The packs of a product; a row without `variants` (an answer from before packs) is one pack from its own fields. */
export function productVariantValues(p: Product): VariantFormValues[] {
  if (p.variants?.length) return p.variants.map(toVariantValues)
  const tiers =
    p.wholesale_price !== null && p.wholesale_threshold !== null
      ? [{ min_quantity: str(p.wholesale_threshold), price: str(p.wholesale_price) }]
      : []
  return [
    {
      ...EMPTY_VARIANT,
      sku: p.sku ?? '',
      price: str(p.retail_price ?? p.price),
      tiers,
      retail_buying_price: str(p.retail_buying_price),
      wholesale_buying_price: str(p.wholesale_buying_price),
      stock: str(p.stock ?? 0),
      stock_based_on: str(p.stock ?? 0),
      is_always_in_stock: Boolean(p.is_always_in_stock),
    },
  ]
}

/**
 * What the form sends: the validated values with the spec's fields (`sku`, `price`, `wholesale_price`,
 * `wholesale_threshold`, buying prices, `stock`, `is_always_in_stock`) set from the default pack, the first active
 * one, exactly as the API reports them back.
 */
export function withDefaultPackFields(values: ProductInput): ProductInput {
  const packs = values.variants ?? []
  const pack = packs.find((v) => v.is_active) ?? packs[0]
  if (!pack) return values
  const first = pack.tiers[0]
  return {
    ...values,
    sku: pack.sku,
    price: pack.price,
    wholesale_price: first ? first.price : null,
    wholesale_threshold: first ? first.min_quantity : null,
    retail_buying_price: pack.retail_buying_price,
    wholesale_buying_price: pack.wholesale_buying_price,
    stock: pack.stock,
    stock_based_on: pack.stock_based_on,
    is_always_in_stock: pack.is_always_in_stock,
  }
}

/**
 * Decision 0216: the request of someone without costs.view carries no buying price (neither the product's nor a
 * pack's), so the API keeps the stored ones; the form never had them to show.
 */
export function withoutCosts(values: ProductInput): ProductInput {
  const { retail_buying_price: _retail, wholesale_buying_price: _wholesale, ...rest } = values
  return {
    ...rest,
    variants: values.variants?.map(
      ({ retail_buying_price: _r, wholesale_buying_price: _w, ...pack }) => pack,
    ),
  } as ProductInput
}

/**
 * Where a server error on a spec field of the default pack belongs in the form (the API names `variants.N.field`
 * when the request had `variants`; an older answer may name the spec's own field).
 */
export function formFieldOf(field: string, defaultIndex: number): string | null {
  if (/^variants\.\d+\./.test(field) || field === 'variants') return field
  const spec: Record<string, string> = {
    sku: 'sku',
    price: 'price',
    stock: 'stock',
    retail_buying_price: 'retail_buying_price',
    wholesale_buying_price: 'wholesale_buying_price',
    wholesale_price: 'tiers.0.price',
    wholesale_threshold: 'tiers.0.min_quantity',
  }
  return spec[field] ? `variants.${defaultIndex}.${spec[field]}` : null
}
