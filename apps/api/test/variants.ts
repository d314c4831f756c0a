import { randomBytes } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import type { App } from '../src/app.ts'
import { productVariants } from '../src/db/schema/catalog.ts'

// Test support for pack sizes (issue 28, decision 0150): products are made and read through the admin API, as the
// dashboard does, so the tests follow the documented contract (docs/api.md "Pack sizes and price breaks").

/** A pack as an admin write sends it (VariantInput). */
export interface PackInput {
  id?: number
  label_ar?: string
  label_en?: string
  sku?: string | null
  price: number | string
  tiers?: { min_quantity: number | string; price: number | string }[]
  retail_buying_price?: number | null
  wholesale_buying_price?: number | null
  stock?: number
  is_active?: boolean
  is_always_in_stock?: boolean
  weight_grams?: number | null
  volume_ml?: number | null
}

/** A pack as the API shows it (Variant). */
export interface PackView {
  id: number
  sku: string | null
  label: string
  price: number
  tiers: { min_quantity: number; price: number }[]
  stock: number
  is_active: boolean
  is_always_in_stock: boolean
  weight_grams: number | null
  volume_ml: number | null
  label_ar?: string
  label_en?: string | null
  retail_buying_price?: number | null
  wholesale_buying_price?: number | null
}

export const tag = () => randomBytes(3).toString('hex')

/**
 * Tasfirt dates in three boxes: 500 g (12.50; 10 from 5 boxes, 9 from 20), 1 kg (23; 21 from 5, 19.5 from 20) and
 * a 5 kg carton (105; 99 from 3). SKUs carry `t` so that files do not collide.
 */
export function datePacks(t = tag(), stocks: [number, number, number] = [40, 30, 20]): PackInput[] {
  return [
    {
      label_ar: 'علبة 500 غ',
      label_en: '500 g box',
      sku: `TAS-500-${t}`,
      price: 12.5,
      tiers: [
        { min_quantity: 5, price: 10 },
        { min_quantity: 20, price: 9 },
      ],
      retail_buying_price: 8,
      wholesale_buying_price: 7,
      stock: stocks[0],
      weight_grams: 500,
    },
    {
      label_ar: 'علبة 1 كغ',
      label_en: '1 kg box',
      sku: `TAS-1KG-${t}`,
      price: 23,
      tiers: [
        { min_quantity: 5, price: 21 },
        { min_quantity: 20, price: 19.5 },
      ],
      retail_buying_price: 15,
      wholesale_buying_price: 14,
      stock: stocks[1],
      weight_grams: 1000,
    },
    {
      label_ar: 'كرتونة 5 كغ',
      label_en: '5 kg carton',
      sku: `TAS-5KG-${t}`,
      price: 105,
      tiers: [{ min_quantity: 3, price: 99 }],
      retail_buying_price: 70,
      wholesale_buying_price: 66,
      stock: stocks[2],
      weight_grams: 5000,
    },
  ]
}

export interface Staff {
  headers: { authorization: string }
}

/** POST /api/products (JSON) with `variants`; the answer must be 201. */
export async function createPackedProduct(
  app: App,
  admin: Staff,
  variants: PackInput[],
  fields: Record<string, unknown> = {},
) {
  const t = tag()
  const res = await app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin.headers,
    payload: {
      name_ar: `تمر تاسفرت ${t}`,
      name_en: `Tasfirt dates ${t}`,
      description_ar: 'تمر ليبي من الجفرة',
      description_en: 'Libyan dates from Al Jufrah',
      ...fields,
      variants,
    },
  })
  if (res.statusCode !== 201) throw new Error(`product not created: ${res.statusCode} ${res.body}`)
  return res.json() as { id: number; name: string; variants: PackView[] } & Record<string, unknown>
}

/** GET /api/products/:id as staff or the public, in a language. */
export async function readProduct(app: App, id: number, o: { staff?: Staff; lang?: 'ar' | 'en' } = {}) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/products/${id}`,
    headers: { ...(o.staff?.headers ?? {}), 'accept-language': o.lang ?? 'ar' },
  })
  return res
}

/** PUT /api/products/:id (JSON). */
export function putProduct(app: App, admin: Staff, id: number, payload: object, lang: 'ar' | 'en' = 'ar') {
  return app.inject({
    method: 'PUT',
    url: `/api/products/${id}`,
    headers: { ...admin.headers, 'accept-language': lang },
    payload,
  })
}

/** A stored pack as the write's input (keeps its id), for a PUT that changes one thing. */
export function asInput(v: PackView): PackInput {
  return {
    id: v.id,
    label_ar: v.label_ar ?? v.label,
    label_en: v.label_en ?? '',
    sku: v.sku,
    price: v.price,
    tiers: v.tiers,
    retail_buying_price: v.retail_buying_price ?? null,
    wholesale_buying_price: v.wholesale_buying_price ?? null,
    stock: v.stock,
    is_active: v.is_active,
    is_always_in_stock: v.is_always_in_stock,
    weight_grams: v.weight_grams,
    volume_ml: v.volume_ml,
  }
}

/** Stock of packs as stored, by id. */
export async function packStocks(app: App, ids: number[]): Promise<Record<number, number>> {
  const rows = await app.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
  return Object.fromEntries(rows.map((r) => [r.id, r.stock]))
}

export async function packStock(app: App, id: number): Promise<number> {
  const [row] = await app.db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, id))
  return row!.stock
}

export const shopper = {
  customer_name: 'مبروكة الفيتوري',
  customer_email: 'mabruka@example.ly',
  customer_phone: '0913456789',
  shipping_address: 'سبها، حي الجديد',
}

export type Line = { product_id: number; variant_id?: number; quantity: number }

/** POST /api/orders as a guest; the raw answer. */
export function order(
  app: App,
  cityId: number,
  items: Line[],
  o: { lang?: 'ar' | 'en'; headers?: Record<string, string>; email?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'accept-language': o.lang ?? 'ar', ...o.headers },
    payload: {
      ...shopper,
      ...(o.email ? { customer_email: o.email } : {}),
      city_id: cityId,
      items,
    },
  })
}

/** POST /api/orders/quote; the raw answer. */
export function quote(app: App, cityId: number | undefined, items: Line[], lang: 'ar' | 'en' = 'ar') {
  return app.inject({
    method: 'POST',
    url: '/api/orders/quote',
    headers: { 'accept-language': lang },
    payload: { ...(cityId ? { city_id: cityId } : {}), items },
  })
}

/** Places an order that must succeed (201) and returns its body. */
export async function placed(app: App, cityId: number, items: Line[], lang: 'ar' | 'en' = 'ar') {
  const res = await order(app, cityId, items, { lang })
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}
