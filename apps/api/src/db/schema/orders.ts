import { sql } from 'drizzle-orm'
import {
  bigint,
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
import { cities } from './cities.ts'
import { products, productVariants } from './catalog.ts'
import { createdAt, money, updatedAt } from './columns.ts'
import { users } from './users.ts'
// promotions.ts reads orders for its uses; drizzle resolves this reference lazily (a thunk), so the cycle is
// between declarations only, never evaluated at import time (decision 0227: an order's lost code names its offer).
// eslint-disable-next-line import-x/no-cycle
import { promotions } from './promotions.ts'

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull(),
    shippingAddress: text('shipping_address').notNull(),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    cityName: text('city_name'),
    /** Decision 0058: the city's name in the other languages at the time of sale (`city_name` is Arabic). */
    translations: jsonb('translations').$type<Translations<'city_name'>>().notNull().default({}),
    /** The language the order was placed in (Accept-Language of the checkout): the shopper's mails follow it. */
    language: text('language').notNull().default('ar'),
    orderStatus: text('order_status', {
      enum: ['pending', 'processing', 'shipped', 'completed', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    paymentStatus: text('payment_status', { enum: ['pending', 'paid', 'failed', 'expired', 'refunded'] })
      .notNull()
      .default('pending'),
    paymentMethod: text('payment_method', { enum: ['cash', 'massarat', 'paypal'] })
      .notNull()
      .default('cash'),
    notes: text('notes'),
    // Decision 0214: the customer's contact in parts, beside the spec's joined texts above (customer_name,
    // shipping_address, notes), which stay as the order was placed or edited. '' where the text did not say.
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    whatsapp: text('whatsapp').notNull().default(''),
    addressLine: text('address_line').notNull().default(''),
    state: text('state').notNull().default(''),
    /** The notes without the WhatsApp line the checkout writes into `notes`. */
    customerNotes: text('customer_notes').notNull().default(''),
    /**
     * Issue 41 (decision 0236): the shopper agreed at checkout that the order is confirmed and followed on WhatsApp
     * (the checkout's checkbox; the payload's `whatsapp_opt_in`, default true). Orders placed before migration 0032
     * were never asked: false, so an upgrade sends them nothing on WhatsApp.
     */
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(true),
    subtotal: money('subtotal').notNull(),
    deliveryPrice: money('delivery_price').notNull().default(0),
    totalAmount: money('total_amount').notNull(),
    /** Decision 0170: Σ the order's adjustments (items and delivery); total = subtotal − discount_total + delivery. */
    discountTotal: money('discount_total').notNull().default(0),
    /**
     * Decision 0227: a code the shopper typed that qualified but lost to a better offer (offers that do not combine): the
     * order does not use it, yet the owner counts it for the campaign ("typed, not applied"). Null when no code lost.
     */
    lostCode: text('lost_code'),
    lostPromotionId: integer('lost_promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    /** Σ unit cost × quantity at the time of sale; profit = subtotal − discount_total − total_cost (§10.5, decision 0172). */
    totalCost: money('total_cost').notNull().default(0),
    /** Issue 42 (decision 0237): the courier's fee for this order's parcel, a cost: profit is net of it. */
    courierFee: money('courier_fee').notNull().default(0),
    /**
     * Decision 0105: signs this order's tracking link together with the shop's key; staff give it a new value to end
     * the mailed link. New orders get a random one; orders placed before migration 0018 keep null (their mailed
     * links, signed without it, keep working until it is rotated).
     */
    trackingKey: text('tracking_key').default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Set when a cancellation put the stock back, so it happens once. */
    stockRestoredAt: timestamp('stock_restored_at', { withTimezone: true, mode: 'date' }),
    /** Decision 0225: seeded as the demo shop's; the owner's "remove demo data" removes it. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.orderNumber),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.orderStatus, t.createdAt),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_email_idx').on(sql`lower(${t.customerEmail})`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** The product's Arabic name at the time of sale; never rewritten by a rename (decision 0058). */
    productName: text('product_name').notNull(),
    /** Decision 0058: the product's name (and the pack's label) in the other languages at the time of sale. */
    translations: jsonb('translations')
      .$type<Translations<'product_name' | 'variant_label'>>()
      .notNull()
      .default({}),
    /** Decision 0150: the pack sold; null once it is removed (the label and SKU below stay). */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** The pack's Arabic label at the time of sale ('' for an unnamed pack and for lines sold before packs). */
    variantLabel: text('variant_label').notNull().default(''),
    /** The pack's SKU at the time of sale (null when it had none, and for lines sold before migration 0022). */
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    unitCost: money('unit_cost').notNull().default(0),
    isWholesale: boolean('is_wholesale').notNull().default(false),
    lineTotal: money('line_total').notNull(),
    /** Decision 0170: Σ this line's item adjustments; the line's revenue is line_total − discount. */
    discount: money('discount').notNull().default(0),
    /** Whether checkout took this line's units from stock (false for always-in-stock products): cancelling puts back what was taken, whatever the product's flag says later. */
    takesStock: boolean('takes_stock').notNull().default(true),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    index('order_items_variant_idx').on(t.variantId),
  ],
)

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    fromPaymentStatus: text('from_payment_status'),
    toPaymentStatus: text('to_payment_status').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Decision 0069: who made the change: `staff`, `shopper` (signed in), `guest` (through the tracking link) or
     * `system`; null on rows written before it was kept.
     */
    actor: text('actor', { enum: ['staff', 'shopper', 'guest', 'provider', 'system', 'courier'] }),
    /** What the change was, when more than a status edit: `confirmed_by_phone`, `cancelled_by_customer`. */
    action: text('action'),
    /** The shopper's reason for a cancellation; an edit's totals before and after. */
    reason: text('reason'),
    /** Decision 0221: the payment provider (plutu, paypal) whose verified answer made the change (`actor` provider). */
    provider: text('provider'),
    /** Issue 41: the shopper's WhatsApp number (international digits) when they made the change by a WhatsApp reply. */
    actorWhatsapp: text('actor_whatsapp'),
    /** Issue 42: the courier whose driver link (or settlement) made the change. */
    courierId: integer('courier_id'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
)

/** product.md §10.3: a checkout retried with the same key returns the first order. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
})

/**
 * The lines of completed orders with their order's date, kept by triggers on orders and order_items
 * (migration 0005), so that the dashboard's top products over a year read one narrow index instead of joining
 * every line to its order (performance.md, dashboard stats). Revenue in integer hundredths (product.md §1.3).
 */
export const completedSalesLines = pgTable(
  'completed_sales_lines',
  {
    lineId: integer('line_id').primaryKey(),
    orderId: integer('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    productId: integer('product_id'),
    /** Decision 0150: the pack sold (null when removed, and for lines sold before packs existed and since erased). */
    variantId: integer('variant_id'),
    /** The line's stored name when its product is gone (grouping key of such lines). */
    orphanName: text('orphan_name'),
    quantity: integer('quantity').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('completed_sales_lines_order_idx').on(t.orderId)],
)
