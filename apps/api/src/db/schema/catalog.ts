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
    /** The owner's own product code (decision 0116): optional, unique among products not archived, any case. */
    sku: text('sku'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    retailPrice: money('retail_price').notNull(),
    wholesalePrice: money('wholesale_price'),
    wholesaleThreshold: integer('wholesale_threshold'),
    retailBuyingPrice: money('retail_buying_price'),
    wholesaleBuyingPrice: money('wholesale_buying_price'),
    stock: integer('stock').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isAlwaysInStock: boolean('is_always_in_stock').notNull().default(false),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check(
      'products_prices_non_negative',
      sql`${t.retailPrice} >= 0 AND coalesce(${t.wholesalePrice}, 0) >= 0`,
    ),
    uniqueIndex('products_slug_unique').on(t.slug),
    uniqueIndex('products_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.sku} IS NOT NULL AND ${t.archivedAt} IS NULL`),
    index('products_storefront_idx')
      .on(t.isActive, t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index('products_category_idx')
      .on(t.categoryId, t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index('products_created_idx')
      .on(t.id)
      .where(sql`${t.archivedAt} IS NULL`),
    index('products_low_stock_idx')
      .on(t.stock)
      .where(sql`${t.archivedAt} IS NULL AND NOT ${t.isAlwaysInStock}`),
    // Decision 0140: the search's one index (every language's texts, folded).
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
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
