import { and, eq, inArray } from 'drizzle-orm'
import { toCents } from '@shop/shared/money/money'
import { isWholesale, lineTotalCents, unitPriceCents, type PricedLine } from '@shop/shared/pricing/pricing'
import type { DbOrTx } from '../db/client.ts'
import { products } from '../db/schema/catalog.ts'
import { cities } from '../db/schema/cities.ts'
import { AppError } from '../lib/app-error.ts'

// How an order's lines are priced and where it is delivered: the checkout places orders with it, staff order edits
// (decision 0133) re-price with it, so both follow one rule.

export type ProductRow = typeof products.$inferSelect
export type CityRow = typeof cities.$inferSelect

export interface CartItem {
  product_id: number
  quantity: number
}

/** One line per product (quantities of repeated lines added up), in ascending product id order. */
export function mergeItems(items: CartItem[]): CartItem[] {
  const merged = new Map<number, number>()
  for (const item of items) merged.set(item.product_id, (merged.get(item.product_id) ?? 0) + item.quantity)
  return [...merged.entries()]
    .sort(([a], [b]) => a - b)
    .map(([product_id, quantity]) => ({ product_id, quantity }))
}

export async function loadProducts(db: DbOrTx, ids: number[]): Promise<Map<number, ProductRow>> {
  const rows = ids.length ? await db.select().from(products).where(inArray(products.id, ids)) : []
  return new Map(rows.map((p) => [p.id, p]))
}

export const isSellable = (p: ProductRow | undefined): boolean => !!p && p.isActive && p.archivedAt === null

export interface PricedItem {
  product: ProductRow
  quantity: number
  isWholesale: boolean
  unitCents: number
  unitCostCents: number
  lineCents: number
}

/** product.md §10.1: the shared rule decides the unit price; the cost follows the same choice. */
export function priceItem(product: ProductRow, quantity: number): PricedItem {
  const line: PricedLine = {
    retailCents: toCents(product.retailPrice) ?? 0,
    wholesaleCents: toCents(product.wholesalePrice),
    wholesaleThreshold: product.wholesaleThreshold,
    quantity,
  }
  const wholesale = isWholesale(line)
  const retailCost = toCents(product.retailBuyingPrice) ?? 0
  const unitCostCents = wholesale ? (toCents(product.wholesaleBuyingPrice) ?? retailCost) : retailCost
  return {
    product,
    quantity,
    isWholesale: wholesale,
    unitCents: unitPriceCents(line),
    unitCostCents,
    lineCents: lineTotalCents(line),
  }
}

/** The city an order is delivered to: it must exist and be active (422 on city_id otherwise). */
export async function deliveryCity(db: DbOrTx, cityId: number): Promise<CityRow> {
  const [city] = await db
    .select()
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.isActive, true)))
    .limit(1)
  if (!city) throw new AppError('VALIDATION_FAILED', 422, { fields: { city_id: ['errors.CITY_INACTIVE'] } })
  return city
}
