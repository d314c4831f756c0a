import { promisedOffers } from '../../domain/offer-badges.ts'
import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { Category } from '@shop/shared/schemas/category'
import type { Product, ProductList, ProductListQuery } from '@shop/shared/schemas/product'
import type { ProductPageResult, StorefrontProductsQuery } from '@shop/shared/storefront'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { DbOrTx } from '../../db/client.ts'
import { categories, products } from '../../db/schema/catalog.ts'
import type { CatalogVersion } from './catalog-version.ts'
import { toProduct } from '../../domain/product-view.ts'
import { SHOPPER_VIEW } from '../../domain/viewer.ts'
import { productInStock, withVariants } from '../../domain/sellable.ts'
import { productIdBySlug } from '../../domain/product-slug.ts'
import type { PublicListCache } from './public-list-cache.ts'

/** How many other products of its category a product page shows. */
export const RELATED_PRODUCTS = 4
/** How many products the landing page shows (product.md §2.3). */
export const FEATURED_PRODUCTS = 4

const selectWithCategory = (db: DbOrTx) =>
  db
    .select({
      product: products,
      category: {
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        translations: categories.translations,
      },
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))

/**
 * What the storefront's server-rendered pages read (decision 0031): the same public answers as `GET /api/products`
 * and `GET /api/categories?active=true`, from the same per-version caches (decision 0019), plus the product page.
 */
export function createStorefrontCatalog(db: DbOrTx, lists: PublicListCache, version: CatalogVersion) {
  const activeCategories = new Map<Language, { version: number; value: Promise<Category[]> }>()

  return {
    /** The public list answer (active products with stock), parsed from the cached bytes. */
    async products(query: StorefrontProductsQuery, lang: Language): Promise<ProductList> {
      const listQuery: ProductListQuery = {
        search: query.search || undefined,
        category_id: query.category_id ?? undefined,
        page: query.page,
        per_page: query.per_page,
        active: 'true',
        in_stock: 'true',
      }
      const list = await lists.get(listQuery, lang)
      return JSON.parse(list.body.toString('utf8')) as ProductList
    },

    /** Active categories by name in `lang`, for the filter: read once per catalogue version and language. */
    async categories(lang: Language): Promise<Category[]> {
      const v = await version.current()
      const known = activeCategories.get(lang)
      if (known && known.version === v) return known.value
      const value = db
        .select({
          id: categories.id,
          name: categories.name,
          description: categories.description,
          slug: categories.slug,
          is_active: categories.isActive,
          translations: categories.translations,
        })
        .from(categories)
        .where(eq(categories.isActive, true))
        .then((rows) =>
          rows
            .map((r) => ({
              id: r.id,
              name: translatedText(r.name, r.translations, 'name', lang) ?? '',
              description: translatedText(r.description, r.translations, 'description', lang),
              slug: r.slug,
              is_active: r.is_active,
              products_count: 0,
            }))
            .sort((a, b) => a.name.localeCompare(b.name, lang) || a.id - b.id),
        )
      value.catch(() => {
        if (activeCategories.get(lang)?.value === value) activeCategories.delete(lang)
      })
      activeCategories.set(lang, { version: v, value })
      return value
    },

    /**
     * The landing page's products (decision 0127): those the owner chose, in the owner's order, that a shopper can buy
     * now (active, not archived, in stock), up to FEATURED_PRODUCTS; none chosen or none of them buyable: the newest.
     */
    async featured(chosen: readonly number[], lang: Language): Promise<Product[]> {
      if (chosen.length) {
        const rows = await withVariants(
          db,
          await selectWithCategory(db).where(
            and(
              inArray(products.id, [...chosen]),
              eq(products.isActive, true),
              isNull(products.archivedAt),
              productInStock,
            ),
          ),
        )
        const byId = new Map(rows.map((r) => [r.product.id, r]))
        const picked = chosen.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
        if (picked.length) {
          const offers = await promisedOffers(db)
          return picked.slice(0, FEATURED_PRODUCTS).map((r) => toProduct(r, SHOPPER_VIEW, lang, offers))
        }
      }
      const list = await this.products(
        { search: '', category_id: null, page: 1, per_page: FEATURED_PRODUCTS },
        lang,
      )
      return list.data
        .filter((p) => p.is_active && p.variants.some((v) => v.is_active && v.stock > 0))
        .slice(0, FEATURED_PRODUCTS)
    },

    /** A product page: an active product by its address, or where its address moved, or nothing. */
    async product(slug: string, lang: Language): Promise<ProductPageResult> {
      const found = await productIdBySlug(db, slug)
      if (!found) return { kind: 'missing' }
      const [row] = await withVariants(
        db,
        await selectWithCategory(db).where(eq(products.id, found.id)).limit(1),
      )
      // A product none of whose packs is on sale has nothing to show (decision 0150).
      if (!row || !row.product.isActive || row.product.archivedAt || !row.variants.some((v) => v.isActive))
        return { kind: 'missing' }
      if (!found.current) return { kind: 'moved', slug: row.product.slug }
      const related =
        row.product.categoryId === null
          ? []
          : await withVariants(
              db,
              await selectWithCategory(db)
                .where(
                  and(
                    eq(products.categoryId, row.product.categoryId),
                    ne(products.id, row.product.id),
                    eq(products.isActive, true),
                    isNull(products.archivedAt),
                    productInStock,
                  ),
                )
                .orderBy(desc(products.id))
                .limit(RELATED_PRODUCTS),
            )
      const offers = await promisedOffers(db)
      return {
        kind: 'found',
        product: toProduct(row, SHOPPER_VIEW, lang, offers),
        related: related.map((r) => toProduct(r, SHOPPER_VIEW, lang, offers)),
      }
    },
  }
}

export type StorefrontCatalog = ReturnType<typeof createStorefrontCatalog>

/** Products a search engine may list: active and not archived, by id (the sitemap's pages). */
export async function listedProducts(
  db: DbOrTx,
  offset: number,
  limit: number,
): Promise<{ id: number; slug: string; updatedAt: Date }[]> {
  return db
    .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(and(eq(products.isActive, true), isNull(products.archivedAt)))
    .orderBy(asc(products.id))
    .offset(offset)
    .limit(limit)
}

export async function countListedProducts(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.isActive, true), isNull(products.archivedAt)))
  return Number(row?.n ?? 0)
}

/** Active categories (the sitemap lists each as a filtered product list). */
export async function listedCategories(db: DbOrTx): Promise<{ id: number; slug: string; updatedAt: Date }[]> {
  return db
    .select({ id: categories.id, slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.id))
}
