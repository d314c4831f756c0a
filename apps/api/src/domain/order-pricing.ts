import { and, eq } from 'drizzle-orm'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import { toCents } from '@shop/shared/money/money'
import { isWholesale, lineTotalCents, unitPriceCents, type PricedLine } from '@shop/shared/pricing/pricing'
import type { DbOrTx } from '../db/client.ts'
import { products } from '../db/schema/catalog.ts'
import { cities } from '../db/schema/cities.ts'
import { AppError } from '../lib/app-error.ts'
import { productText } from './product-view.ts'
import { loadVariantsOf, packNamed, tiersInCents, type SellableVariant } from './sellable.ts'
import { inArray } from 'drizzle-orm'

// How an order's lines are priced and where it is delivered: the checkout places orders with it, the quote prices
// carts with it, staff order edits (decision 0133) re-price with it, so all follow one rule. A line is a pack
// (decision 0150): a request that names no pack means the product's default pack (a cart saved before packs).

export type ProductRow = typeof products.$inferSelect
export type CityRow = typeof cities.$inferSelect

export interface CartItem {
  product_id: number
  variant_id?: number
  quantity: number
}

/** A product and one of its packs. */
export interface Sellable {
  product: ProductRow
  variant: SellableVariant
}

/**
 * One line per product and pack as the request named them (quantities of repeated lines added up), in ascending
 * product then pack order. Lines that name no pack stay apart from lines that name one until the packs are known
 * (resolveItems merges them then).
 */
export function mergeItems(items: CartItem[]): CartItem[] {
  const merged = new Map<string, CartItem>()
  for (const item of items) {
    const key = `${item.product_id}:${item.variant_id ?? ''}`
    const line = merged.get(key)
    if (line) line.quantity += item.quantity
    else
      merged.set(key, {
        product_id: item.product_id,
        ...(item.variant_id !== undefined ? { variant_id: item.variant_id } : {}),
        quantity: item.quantity,
      })
  }
  return [...merged.values()].sort(
    (a, b) => a.product_id - b.product_id || (a.variant_id ?? 0) - (b.variant_id ?? 0),
  )
}

/** A line of a request with the pack it names (or the default pack); `sellable` null when there is no such pack. */
export interface ResolvedItem {
  product_id: number
  variant_id: number | null
  quantity: number
  sellable: Sellable | null
}

/** Products (archived or not) and all their packs, by product id. */
export async function loadProducts(db: DbOrTx, ids: number[]): Promise<Map<number, ProductRow>> {
  const rows = ids.length ? await db.select().from(products).where(inArray(products.id, ids)) : []
  return new Map(rows.map((p) => [p.id, p]))
}

/**
 * The pack of each line (the default pack when it names none; null when the product or the pack is unknown, or the
 * pack is another product's), lines of one pack merged, in ascending pack id order: the one lock order of every
 * stock writer (domain/stock.ts).
 */
export async function resolveItems(db: DbOrTx, items: CartItem[]): Promise<ResolvedItem[]> {
  const productIds = [...new Set(items.map((i) => i.product_id))]
  const [found, variants] = await Promise.all([loadProducts(db, productIds), loadVariantsOf(db, productIds)])
  const merged = new Map<string, ResolvedItem>()
  for (const item of items) {
    const product = found.get(item.product_id)
    const packs = variants.get(item.product_id) ?? []
    const variant = packNamed(packs, item.variant_id)
    const key = variant ? `v${variant.id}` : `p${item.product_id}:${item.variant_id ?? ''}`
    const line = merged.get(key)
    if (line) line.quantity += item.quantity
    else
      merged.set(key, {
        product_id: item.product_id,
        variant_id: variant?.id ?? item.variant_id ?? null,
        quantity: item.quantity,
        sellable: product && variant ? { product, variant } : null,
      })
  }
  return [...merged.values()].sort(
    (a, b) => (a.variant_id ?? 0) - (b.variant_id ?? 0) || a.product_id - b.product_id,
  )
}

/** The pack can be sold: it and its product are on sale and not archived. */
export const isSellable = (s: Sellable | null | undefined): s is Sellable =>
  !!s &&
  s.product.isActive &&
  s.product.archivedAt === null &&
  s.variant.isActive &&
  s.variant.archivedAt === null

/** The pack's label in the reader's language ('' for an unnamed pack). */
export const variantLabel = (v: Pick<SellableVariant, 'label' | 'translations'>, lang: Language): string =>
  translatedText(v.label, v.translations, 'label', lang) ?? ''

/** What a refusal or a line calls the pack: "Deglet Nour dates – 1 kg" (the name alone for an unnamed pack). */
export function sellableName(s: Sellable, lang: Language): string {
  const name = productText(s.product, 'name', lang) ?? s.product.name
  const label = variantLabel(s.variant, lang)
  return label ? `${name} – ${label}` : name
}

export interface PricedItem extends Sellable {
  quantity: number
  isWholesale: boolean
  unitCents: number
  unitCostCents: number
  lineCents: number
}

/** The shared rule's line for a pack (its retail price and its breaks). */
export const pricedLine = (variant: SellableVariant, quantity: number): PricedLine => ({
  retailCents: toCents(variant.retailPrice) ?? 0,
  tiers: tiersInCents(variant),
  quantity,
})

/**
 * product.md §10.1: the shared rule decides the unit price; the cost follows the same choice (the wholesale buying
 * price once a break applies, decision 0150).
 */
export function priceItem(s: Sellable, quantity: number): PricedItem {
  const line = pricedLine(s.variant, quantity)
  const wholesale = isWholesale(line)
  const retailCost = toCents(s.variant.retailBuyingPrice) ?? 0
  const unitCostCents = wholesale ? (toCents(s.variant.wholesaleBuyingPrice) ?? retailCost) : retailCost
  return {
    ...s,
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
