import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { toCents } from '@shop/shared/money/money'
import type { PriceTier } from '@shop/shared/pricing/pricing'
import type { DbOrTx } from '../db/client.ts'
import { products, productVariants, variantPriceTiers } from '../db/schema/catalog.ts'

// Decision 0150: what is sold is a pack (variant) of a product. This file is the one place that answers "what is
// this pack, what does it cost at a quantity, how many are left" for a list of products or packs: the catalogue
// views, the cart's quote, the checkout, the order edit, the stock moves and the reports ask it.

export type VariantRow = typeof productVariants.$inferSelect
export type TierRow = typeof variantPriceTiers.$inferSelect

/** A pack with its quantity breaks, smallest first. */
export interface SellableVariant extends VariantRow {
  tiers: { minQuantity: number; price: number }[]
}

/** The pack's breaks in cents, for the shared pricing rule (packages/shared/src/pricing). */
export const tiersInCents = (v: Pick<SellableVariant, 'tiers'>): PriceTier[] =>
  v.tiers.map((t) => ({ minQuantity: t.minQuantity, priceCents: toCents(t.price) ?? 0 }))

/** A pack can be sold at all: it is on sale and its product is active and not archived. */
export const isSellableVariant = (
  v: Pick<VariantRow, 'isActive' | 'archivedAt'>,
  p: Pick<typeof products.$inferSelect, 'isActive' | 'archivedAt'>,
) => v.isActive && v.archivedAt === null && p.isActive && p.archivedAt === null

/** A pack has stock to sell (an always-in-stock pack while it is marked in stock, stock > 0). */
export const variantInStock = (v: Pick<VariantRow, 'stock' | 'isActive'>) => v.isActive && v.stock > 0

/**
 * The default pack: the first active one in the shop's order (position, then id), or the first of all when none is
 * active. The spec's product-level fields (price, wholesale price and threshold, stock) are its.
 */
export function defaultVariant<V extends Pick<VariantRow, 'isActive' | 'position' | 'id'>>(
  variants: readonly V[],
): V | undefined {
  const sorted = [...variants].sort((a, b) => a.position - b.position || a.id - b.id)
  return sorted.find((v) => v.isActive) ?? sorted[0]
}

/**
 * The pack a request means (issue 38: `variant_id` resolved in one place): the one it names, or, when it names none
 * (the spec's calls, saved carts and CSV rows from before packs), the product's default pack. Undefined when the named
 * pack is not among `variants`.
 */
export function packNamed<V extends Pick<VariantRow, 'isActive' | 'position' | 'id'>>(
  variants: readonly V[],
  variantId: number | null | undefined,
): V | undefined {
  return variantId === undefined || variantId === null
    ? defaultVariant(variants)
    : variants.find((v) => v.id === variantId)
}

async function attachTiers(db: DbOrTx, rows: VariantRow[]): Promise<SellableVariant[]> {
  if (rows.length === 0) return []
  const tiers = await db
    .select()
    .from(variantPriceTiers)
    .where(
      inArray(
        variantPriceTiers.variantId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(variantPriceTiers.variantId), asc(variantPriceTiers.minQuantity))
  const byVariant = new Map<number, SellableVariant['tiers']>()
  for (const t of tiers) {
    const list = byVariant.get(t.variantId) ?? []
    list.push({ minQuantity: t.minQuantity, price: t.price })
    byVariant.set(t.variantId, list)
  }
  return rows.map((r) => ({ ...r, tiers: byVariant.get(r.id) ?? [] }))
}

/** Every pack of each product (active or not), in the shop's order, with breaks. */
export async function loadVariantsOf(
  db: DbOrTx,
  productIds: readonly number[],
): Promise<Map<number, SellableVariant[]>> {
  const result = new Map<number, SellableVariant[]>()
  if (productIds.length === 0) return result
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, [...new Set(productIds)]))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
  for (const v of await attachTiers(db, rows)) {
    const list = result.get(v.productId) ?? []
    list.push(v)
    result.set(v.productId, list)
  }
  return result
}

/** Rows of products with their packs, one query for the rows' packs. */
export async function withVariants<R extends { product: { id: number } }>(
  db: DbOrTx,
  rows: R[],
): Promise<(R & { variants: SellableVariant[] })[]> {
  const variants = await loadVariantsOf(
    db,
    rows.map((r) => r.product.id),
  )
  return rows.map((r) => ({ ...r, variants: variants.get(r.product.id) ?? [] }))
}

/** The packs of these ids (any product), with breaks. */
export async function loadVariants(
  db: DbOrTx,
  variantIds: readonly number[],
): Promise<Map<number, SellableVariant>> {
  if (variantIds.length === 0) return new Map()
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(variantIds)]))
  return new Map((await attachTiers(db, rows)).map((v) => [v.id, v]))
}

/**
 * SQL: the product has an active pack with stock (what the storefront lists, product.md: only in-stock products).
 * Served by product_variants_product_idx.
 */
export const productInStock = sql<boolean>`exists (select 1 from ${productVariants} pv where pv.product_id = ${products.id} and pv.is_active and pv.stock > 0)`

/** SQL: the default pack's retail price (the first active pack by position, then id). */
export const defaultPriceSql = sql<number>`(select pv.retail_price from ${productVariants} pv where pv.product_id = ${products.id} order by pv.is_active desc, pv.position, pv.id limit 1)`

/** Writes of one product's packs: the ids it has now, to tell a kept pack from another product's. */
export async function variantIdsOf(db: DbOrTx, productId: number): Promise<number[]> {
  const rows = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
  return rows.map((r) => r.id)
}
