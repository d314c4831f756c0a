import { and, eq, like, ne } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { productSlugRedirects, products } from '../db/schema/catalog.ts'
import { firstFreeSlug, slugify } from './slug.ts'

/**
 * Decision 0034: a product's page lives at `/products/{slug}`, a readable address made from its name and unique among
 * every address any product has had. A rename gives a new address and keeps the old one as a permanent redirect, so a
 * link someone shared keeps working.
 */

/** What a product's address is made from: its English name when it has one (readable Latin), else its Arabic name. */
export const slugSource = (names: { name_ar: string; name_en?: string | null }) =>
  names.name_en?.trim() || names.name_ar

/** The names of a stored product, as slugSource reads them. */
export const storedSlugSource = (row: {
  name: string
  translations?: { en?: { name?: string | null } } | null
}) => ({ name_ar: row.name, name_en: row.translations?.en?.name ?? null })

/** The addresses (current or former) that start with `base`, of any product but `exceptId`. */
async function takenSlugs(db: DbOrTx, base: string, exceptId: number | null): Promise<string[]> {
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const current = await db
    .select({ slug: products.slug })
    .from(products)
    .where(
      exceptId === null
        ? like(products.slug, pattern)
        : and(like(products.slug, pattern), ne(products.id, exceptId)),
    )
  const former = await db
    .select({ slug: productSlugRedirects.slug })
    .from(productSlugRedirects)
    .where(
      exceptId === null
        ? like(productSlugRedirects.slug, pattern)
        : and(like(productSlugRedirects.slug, pattern), ne(productSlugRedirects.productId, exceptId)),
    )
  return [...current, ...former].map((r) => r.slug)
}

/** A free address for a product named `name` (`exceptId`: the product being renamed, whose own addresses are free). */
export async function freeProductSlug(
  db: DbOrTx,
  name: string,
  exceptId: number | null = null,
): Promise<string> {
  const base = slugify(name, 'product')
  return firstFreeSlug(base, await takenSlugs(db, base, exceptId))
}

/**
 * After a rename: the product's new address, its old one kept as a redirect (a product renamed back takes its old
 * address again, which then stops redirecting). Runs in the caller's transaction.
 */
export async function moveProductSlug(
  tx: DbOrTx,
  productId: number,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  if (oldSlug === newSlug) return
  await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.slug, newSlug))
  await tx
    .insert(productSlugRedirects)
    .values({ slug: oldSlug, productId })
    .onConflictDoUpdate({ target: productSlugRedirects.slug, set: { productId } })
}

/** The product an address leads to: its own now, or the product that had it before a rename. */
export async function productIdBySlug(
  db: DbOrTx,
  slug: string,
): Promise<{ id: number; current: boolean } | null> {
  const [own] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1)
  if (own) return { id: own.id, current: true }
  const [former] = await db
    .select({ id: productSlugRedirects.productId })
    .from(productSlugRedirects)
    .where(eq(productSlugRedirects.slug, slug))
    .limit(1)
  if (former) return { id: former.id, current: false }
  // `/products/123`: a product by its id (links made before products had addresses, staff typing an id).
  if (/^\d{1,9}$/.test(slug)) {
    const [byId] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, Number(slug)))
      .limit(1)
    if (byId) return { id: byId.id, current: false }
  }
  return null
}
