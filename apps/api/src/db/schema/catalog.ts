import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Translations } from '@shop/shared/i18n/content'
import { bytea, createdAt, money, updatedAt } from './columns.ts'

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    slug: text('slug').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Decision 0055: name and description in the languages other than Arabic (`name`, `description` are Arabic). */
    translations: jsonb('translations').$type<Translations<CategoryText>>().notNull().default({}),
    /** Decision 0140: the names of every language, folded, one per line (`\n name \n`), kept by the database. */
    searchName: text('search_name').generatedAlwaysAs(sql`search_names(name, translations)`),
    /** Decision 0225: seeded as the demo shop's; the owner's "remove demo data" removes it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_slug_unique').on(t.slug),
    uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`),
    uniqueIndex('categories_name_en_unique').on(sql`lower(${t.translations} -> 'en' ->> 'name')`),
    index('categories_active_idx').on(t.isActive, t.name),
  ],
)

/** Stored images (WebP, one row per size) so that every API process can serve them. */
export const images = pgTable(
  'images',
  {
    id: text('id').notNull(),
    variant: text('variant', { enum: ['large', 'small'] }).notNull(),
    mime: text('mime').notNull().default('image/webp'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.variant] })],
)

export type CategoryText = 'name' | 'description'
export type ProductText = 'name' | 'description' | 'weight' | 'origin'

/** The Arabic weight and origin (decision 0055: other languages are in `translations`). */
export interface ProductAttributes {
  weight?: string | null
  origin?: string | null
}

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** The product page's address (`/products/{slug}`), made from the name and unique (decision 0034). */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** The product is on sale (its packs also each have their own flag, decision 0150). */
    isActive: boolean('is_active').notNull().default(true),
    imageId: text('image_id'),
    attributes: jsonb('attributes').$type<ProductAttributes>().notNull().default({}),
    /** Decision 0055: name, description, weight and origin in the languages other than Arabic. */
    translations: jsonb('translations').$type<Translations<ProductText>>().notNull().default({}),
    /**
     * Decision 0140: the names of every language, folded (packages/shared/src/search/normalize.ts), one per line
     * (`\n name \n`) for the ranking's whole-name and prefix tests; kept by the database (migration 0015).
     */
    searchName: text('search_name').generatedAlwaysAs(sql`search_names(name, translations)`),
    /**
     * Decision 0140: names, descriptions, weight and origin of every language, folded, in one text with a trigram
     * index: what the search filters on. Kept by the database, so every write path (forms, imports, seed) keeps it.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`product_search_text(name, description, attributes, translations)`,
    ),
    /** A product that appears in orders is archived instead of erased, so order history keeps its name. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** Decision 0225: seeded as the demo shop's; the owner's "remove demo data" removes it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_storefront_idx')
      .on(t.isActive, t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index('products_category_idx')
      .on(t.categoryId, t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index('products_created_idx')
      .on(t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    // Decision 0140: the search's one index (every language's texts, folded).
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
)

export type VariantText = 'label'

/**
 * A pack size of a product (decision 0150): the sellable unit. Price, buying prices, quantity breaks and stock are
 * the pack's; the product keeps what its packs share (names, description, category, picture, slug). Every product has
 * at least one; its default pack is the first active one by `position`, then id (domain/sellable.ts).
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /** The Arabic label ("1 كغ"); '' for the only pack of a product that never named it. */
    label: text('label').notNull().default(''),
    /** Decision 0055: the label in the languages other than Arabic. */
    translations: jsonb('translations').$type<Translations<VariantText>>().notNull().default({}),
    /** The owner's code for the pack (decision 0116): optional, unique among packs of products not archived. */
    sku: text('sku'),
    retailPrice: money('retail_price').notNull(),
    retailBuyingPrice: money('retail_buying_price'),
    wholesaleBuyingPrice: money('wholesale_buying_price'),
    stock: integer('stock').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isAlwaysInStock: boolean('is_always_in_stock').notNull().default(false),
    weightGrams: integer('weight_grams'),
    volumeMl: integer('volume_ml'),
    imageId: text('image_id'),
    /** Set with its product's `archived_at`: an archived product's SKUs are free again. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('product_variants_stock_non_negative', sql`${t.stock} >= 0`),
    check('product_variants_price_non_negative', sql`${t.retailPrice} >= 0`),
    check(
      'product_variants_sizes_positive',
      sql`coalesce(${t.weightGrams}, 1) > 0 AND coalesce(${t.volumeMl}, 1) > 0`,
    ),
    index('product_variants_product_idx').on(t.productId, t.position, t.id),
    // The storefront's "in stock" test (an active pack with stock, domain/sellable.ts) and the public list's total
    // read this index alone (decision 0150).
    index('product_variants_in_stock_idx')
      .on(t.productId)
      .where(sql`${t.isActive} AND ${t.stock} > 0`),
    uniqueIndex('product_variants_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.sku} IS NOT NULL AND ${t.archivedAt} IS NULL`),
    index('product_variants_low_stock_idx')
      .on(t.stock)
      .where(sql`${t.archivedAt} IS NULL AND NOT ${t.isAlwaysInStock}`),
  ],
)

/**
 * Quantity breaks of a pack (decision 0150): from `min_quantity` units on, each costs `price`. The spec's wholesale
 * price and threshold are the first break.
 */
export const variantPriceTiers = pgTable(
  'variant_price_tiers',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.minQuantity] }),
    check('variant_price_tiers_min_quantity', sql`${t.minQuantity} >= 2`),
    check('variant_price_tiers_price_non_negative', sql`${t.price} >= 0`),
  ],
)

/** The addresses a product had before it was renamed: each answers 301 to its address now (decision 0034). */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('product_slug_redirects_product_idx').on(t.productId)],
)

/**
 * Catalogue version (decision 0019): sum(version) grows with every committed transaction that wrote products or
 * categories (deferred triggers, migration 0003), so API processes know when cached public lists are stale.
 * Sharded by backend so that concurrent checkouts do not queue on one row.
 */
export const catalogVersion = pgTable('catalog_version', {
  shard: integer('shard').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
})
