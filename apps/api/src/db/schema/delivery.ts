import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, money, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

// Issue 42 (decision 0237): who carries an order's box (the shop's own drivers, courier companies), the one shipment of
// an order with what happened at the door, and the cash the courier brings back (settlements).

export const COURIER_KINDS = ['driver', 'company'] as const
export const SHIPMENT_STATUSES = [
  'out_for_delivery',
  'delivered',
  'refused',
  'failed_attempt',
  'returned',
] as const
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number]

export const couriers = pgTable('couriers', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: COURIER_KINDS }).notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull().default(''),
  /** A company's public tracking address with `{tracking_number}` where the parcel's number goes. */
  trackingUrlPattern: text('tracking_url_pattern'),
  /** A company's fee per parcel it carries (delivered or refused); own drivers have none. */
  defaultFee: money('default_fee').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  /** The driver's phone page: the SHA-256 of its link's token (one link at a time) and when it stops working. */
  driverLinkHash: text('driver_link_hash'),
  driverLinkExpiresAt: timestamp('driver_link_expires_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const settlements = pgTable(
  'settlements',
  {
    id: serial('id').primaryKey(),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'restrict' }),
    /** file (a courier's CSV), lines (JSON), handover (an own driver's cash, no file). */
    source: text('source', { enum: ['file', 'lines', 'handover'] }).notNull(),
    /** Σ (collected − fee) of the lines that matched: what the courier paid the shop. */
    amount: money('amount').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('settlements_courier_idx').on(t.courierId, t.createdAt)],
)

export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    courierId: integer('courier_id')
      .notNull()
      .references(() => couriers.id, { onDelete: 'restrict' }),
    trackingNumber: text('tracking_number'),
    status: text('status', { enum: SHIPMENT_STATUSES }).notNull().default('out_for_delivery'),
    /** The cash to collect at the door: the order's stored total for an unpaid cash order, 0 for a paid one. */
    codAmount: money('cod_amount').notNull(),
    /** What the courier says was collected (delivered); a figure other than cod_amount is flagged. */
    collectedAmount: money('collected_amount'),
    /** The courier's fee for this parcel (a company's default, editable; 0 for own drivers). */
    fee: money('fee').notNull().default(0),
    /** Why it was refused or not delivered. */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    /** A box back at the farm: good (its stock went back once) or damaged (nothing went back). */
    returnedCondition: text('returned_condition', { enum: ['good', 'damaged'] }),
    settlementId: integer('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One shipment per order.
    uniqueIndex('shipments_order_unique').on(t.orderId),
    index('shipments_courier_idx').on(t.courierId, t.status),
    uniqueIndex('shipments_tracking_unique')
      .on(t.courierId, t.trackingNumber)
      .where(sql`${t.trackingNumber} IS NOT NULL`),
  ],
)

/** What happened to a shipment, in order, and who said so (staff, the driver's link, a settlement). */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    reason: text('reason'),
    collectedAmount: money('collected_amount'),
    condition: text('condition'),
    actorKind: text('actor_kind').notNull(),
    actorName: text('actor_name'),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipmentId, t.createdAt)],
)

/** Each line of a settlement as the courier gave it, and what the shop made of it. */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    id: serial('id').primaryKey(),
    settlementId: integer('settlement_id')
      .notNull()
      .references(() => settlements.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    orderNumber: text('order_number'),
    trackingNumber: text('tracking_number'),
    collected: money('collected'),
    fee: money('fee'),
    shipmentId: integer('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    /** matched, or the mismatch: unknown, not_delivered, short, over, already_settled. */
    outcome: text('outcome').notNull(),
    expected: money('expected'),
    got: money('got'),
  },
  (t) => [index('settlement_lines_settlement_idx').on(t.settlementId)],
)
