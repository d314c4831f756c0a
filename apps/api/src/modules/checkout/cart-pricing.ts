import { and, eq, inArray } from 'drizzle-orm'
import { fromCents, toCents } from '@shop/shared/money/money'
import { isWholesale, lineTotalCents, unitPriceCents, type PricedLine } from '@shop/shared/pricing/pricing'
import { TRANSLATED_LANGUAGES } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Quote } from '@shop/shared/schemas/order'
import type { DbOrTx } from '../../db/client.ts'
import { products } from '../../db/schema/catalog.ts'
import { cities } from '../../db/schema/cities.ts'
import { hasStock } from '../../domain/stock.ts'
import { AppError } from '../../lib/app-error.ts'
import { productText } from '../../domain/product-view.ts'
import { imageUrl } from '../../domain/images.ts'

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

/**
 * Decision 0027: an order without city_id is delivered to the one active city named by a comma-separated part of
 * its shipping address (product.md §5.3 joins "address, city, state"); none or several → 422 on city_id, nothing
 * guessed.
 */
export async function deliveryCityFromAddress(db: DbOrTx, shippingAddress: string): Promise<CityRow> {
  const parts = new Set(
    shippingAddress
      .split(/[,،]/)
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean),
  )
  const active = await db.select().from(cities).where(eq(cities.isActive, true))
  // The address names the city in the language the shopper used (decision 0055: any of its names).
  const names = (c: CityRow) =>
    [c.name, ...TRANSLATED_LANGUAGES.map((l) => c.translations?.[l]?.name ?? '')].filter(Boolean)
  const named = active.filter((c) => names(c).some((n) => parts.has(n.trim().toLowerCase())))
  if (named.length !== 1)
    throw new AppError('VALIDATION_FAILED', 422, { fields: { city_id: ['validation.city_required'] } })
  return named[0]!
}

/** The server's prices for the lines, the names in the reader's language (the cart shows them, decision 0061). */
export function quoteOf(
  lines: { product: ProductRow; priced: PricedItem; sellable: boolean }[],
  deliveryCents: number,
  lang: Language,
): Quote {
  let subtotal = 0
  const items = lines.map(({ product, priced, sellable }) => {
    subtotal += priced.lineCents
    return {
      product_id: product.id,
      name: productText(product, 'name', lang) ?? product.name,
      quantity: priced.quantity,
      unit_price: fromCents(priced.unitCents),
      retail_price: product.retailPrice,
      wholesale_price: product.wholesalePrice,
      wholesale_threshold: product.wholesaleThreshold,
      is_wholesale: priced.isWholesale,
      line_total: fromCents(priced.lineCents),
      available: !sellable ? 0 : product.isAlwaysInStock ? (product.stock > 0 ? null : 0) : product.stock,
      is_available: sellable && hasStock(product, priced.quantity),
      image_url: imageUrl(product.imageId, 'small'),
    }
  })
  return {
    items,
    subtotal: fromCents(subtotal),
    delivery_price: fromCents(deliveryCents),
    total: fromCents(subtotal + deliveryCents),
  }
}

/**
 * POST /api/orders/quote: server prices for a cart, with availability; writes nothing.
 * Products that no longer exist, are archived or switched off are left out, so the cart can drop them: the quote tells
 * no more about a product than GET /api/products/{id} does (decision 0094).
 */
export async function quoteCart(
  db: DbOrTx,
  input: { items: CartItem[]; city_id?: number },
  lang: Language,
): Promise<Quote> {
  const items = mergeItems(input.items)
  const found = await loadProducts(
    db,
    items.map((i) => i.product_id),
  )
  const deliveryCents = input.city_id
    ? (toCents((await deliveryCity(db, input.city_id)).deliveryPrice) ?? 0)
    : 0
  const lines = items.flatMap((item) => {
    const product = found.get(item.product_id)
    if (!product || !isSellable(product)) return []
    return [{ product, priced: priceItem(product, item.quantity), sellable: true }]
  })
  return quoteOf(lines, deliveryCents, lang)
}
