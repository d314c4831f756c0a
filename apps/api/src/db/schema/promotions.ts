import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Translations } from '@shop/shared/i18n/content'
import { createdAt, money, updatedAt } from './columns.ts'
// eslint-disable-next-line import-x/no-cycle -- orders.ts names an order's lost offer (decision 0227); lazy references
import { orderItems, orders } from './orders.ts'
import { users } from './users.ts'

/**
 * Issue 29 / decision 0170: an offer, a code shoppers type or an automatic one. Offers that were used are never erased
 * (staff deactivate them); `used_count` is the uses held by orders that are not cancelled, counted up in the order's
 * transaction under this row's lock (never past `usage_limit`) and down when the order is cancelled.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** null: automatic. Unique without case. */
    code: text('code'),
    /** The label shoppers see, Arabic; English in translations.en.name. */
    name: text('name').notNull(),
    translations: jsonb('translations').$type<Translations<'name'>>().notNull().default({}),
    valueType: text('value_type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** A percentage (0–100] or a sum in dinars. */
    value: money('value').notNull(),
    target: text('target', { enum: ['order', 'products', 'delivery'] }).notNull(),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    categoryIds: integer('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    variantIds: integer('variant_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    minSubtotal: money('min_subtotal'),
    cityIds: integer('city_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    paymentMethods: text('payment_methods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    // Decision 0227: on for new offers (a 10 % offer does not cut carton prices nobody decided to cut).
    retailOnly: boolean('retail_only').notNull().default(true),
    combinable: boolean('combinable').notNull().default(false),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    usedCount: integer('used_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Decision 0225: seeded as the demo shop's; the owner's "remove demo data" removes it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotions_code_unique').on(sql`lower(${t.code})`),
    index('promotions_automatic_idx')
      .on(t.isActive)
      .where(sql`${t.code} IS NULL`),
    check('promotions_used_count_not_negative', sql`${t.usedCount} >= 0`),
  ],
)

/** A use of an offer by an order: held while the order stands, released (kept, marked) when it is cancelled. */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The phone as one key however it was typed (domain/abuse-limits.ts phoneKey). */
    phoneKey: text('phone_key').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promotion_uses_order_unique').on(t.promotionId, t.orderId),
    index('promotion_uses_phone_idx')
      .on(t.promotionId, t.phoneKey)
      .where(sql`${t.releasedAt} IS NULL`),
    index('promotion_uses_user_idx')
      .on(t.promotionId, t.userId)
      .where(sql`${t.releasedAt} IS NULL`),
    index('promotion_uses_order_idx').on(t.orderId),
  ],
)

/**
 * An order's discounts as placed (MODEL.md §2): one row per offer and line for item discounts, one per offer for
 * delivery. Labels are kept as they were at the time of sale in every language.
 */
export const orderAdjustments = pgTable(
  'order_adjustments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    code: text('code'),
    label: text('label').notNull(),
    translations: jsonb('translations').$type<Translations<'label'>>().notNull().default({}),
    target: text('target', { enum: ['items', 'delivery'] }).notNull(),
    /** The line an item discount is part of; null for delivery. */
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_adjustments_order_idx').on(t.orderId),
    index('order_adjustments_promotion_idx').on(t.promotionId),
    check('order_adjustments_amount_positive', sql`${t.amount} > 0`),
  ],
)
