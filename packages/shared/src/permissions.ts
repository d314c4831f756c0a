// Issue 30: what a staff member may do is a set of permissions (an action on a resource), given to a role, never to
// a person (Saleor's permission groups, Vendure's roles). This module imports nothing, so the dashboard's menu can
// read it without pulling zod into a chunk.

/**
 * Every permission the shop knows, `resource.action`. A route declares one of these (apps/api: route config
 * `permission`), the dashboard hides what a role lacks. Decision 0190 says what each one covers.
 */
export const PERMISSIONS = [
  // Orders
  'orders.view', // the dashboard's order list and order screen, print, the tracking link
  'orders.process', // confirm by phone, change status, refused at the door, copy the tracking link
  'orders.edit', // change an order's lines, prices or city (changes what the customer pays)
  'orders.export', // the sales CSV (every customer's name and phone): audited as a sensitive read
  // Catalogue
  'products.manage', // create, edit, switch on/off, delete products and their packs, prices and tiers
  'categories.manage',
  'stock.manage', // adjust stock with a reason, the stock history, mark in / out of stock
  'imports.manage', // product and city CSV import, product export, sample files
  'offers.manage', // offers and coupon codes
  'content.manage', // the shop's texts and images on the storefront
  // Money
  'stats.view', // dashboard figures, revenue and sales (profit needs costs.view too)
  'costs.view', // buying prices, unit costs and profit wherever they appear (decision 0216)
  'payments.view', // the payments list (read only)
  'payments.manage', // refund, check with the provider, resolve a flag
  'settlements.manage', // couriers' cash settlements and own drivers' hand-overs (decision 0237)
  // Shop settings
  'delivery.manage', // cities and delivery fees; couriers, shipments and what happened at the door (decision 0237)
  'settings.manage', // the shop's general settings (identity, contact, order rules)
  'settings.payments', // payment methods and cash-on-delivery controls
  // People
  'customers.view', // the customers list and a customer's page
  'customers.manage', // switch a customer account on or off
  'staff.manage', // invite staff, change their role, deactivate them, make custom roles
  'audit.view', // the audit trail
] as const
export type Permission = (typeof PERMISSIONS)[number]

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value)

/** The roles every shop starts with; their permissions are fixed (decision 0190). */
export const BUILT_IN_ROLES = ['owner', 'manager', 'order_clerk', 'catalogue_editor', 'accountant'] as const
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number]

const ALL: readonly Permission[] = PERMISSIONS
const OWNER_ONLY: readonly Permission[] = ['staff.manage', 'settings.payments', 'settlements.manage']

export const BUILT_IN_ROLE_PERMISSIONS: Record<BuiltInRole, readonly Permission[]> = {
  owner: ALL,
  manager: ALL.filter((p) => !OWNER_ONLY.includes(p)),
  // Decision 0237: the clerk ships orders and records what happened at the door.
  order_clerk: ['orders.view', 'orders.process', 'delivery.manage'],
  // Decision 0216: no costs.view; the issue gives buying prices to the owner, manager and accountant only, and an
  // editor's save keeps the stored buying prices it cannot see.
  catalogue_editor: ['products.manage', 'categories.manage', 'stock.manage', 'imports.manage'],
  accountant: [
    'stats.view',
    'costs.view',
    'orders.view',
    'orders.export',
    'payments.view',
    'settlements.manage',
  ],
}

/**
 * The spec's roles keep working (decision 0190): `super_admin` is always the owner; `admin` is a staff member whose
 * permissions come from their staff role (a promoted admin starts as manager); `user` is a shopper with none.
 */
export const SPEC_ROLE_DEFAULT_STAFF_ROLE = { admin: 'manager', super_admin: 'owner' } as const

/**
 * Settings keys only settings.payments may change (decision 0190): the payments group of the settings registry and
 * the cash-on-delivery limit per phone. Kept here (no import) so the dashboard can grey them out too.
 */
export const PAYMENT_SETTING_KEYS = [
  'usd_exchange_rate',
  'payment_expiry_minutes',
  'max_pending_cash_orders_per_phone',
] as const
export const isPaymentSetting = (key: string) => (PAYMENT_SETTING_KEYS as readonly string[]).includes(key)

/** Reasons a stock movement can have (decision 0191). */
export const STOCK_REASONS = [
  'opening_balance', // the stock a pack had when the ledger started (migration) or when it was created
  'received', // harvest or purchase arrived
  'sale', // an order took it
  'payment_hold', // an online payment started holds it (decision 0081 holds)
  'payment_release', // the hold ended without a payment
  'cancellation', // a cancelled order put it back
  'order_edit', // staff changed an order's lines
  'returned', // a customer brought it back
  'damaged', // damaged or expired
  'count_correction', // a count, PATCH /products/{id}/stock, mark in / out of stock, an import
] as const
export type StockReason = (typeof STOCK_REASONS)[number]

/** Reasons staff may choose when they adjust stock by hand (the others are written by the shop itself). */
export const MANUAL_STOCK_REASONS = ['received', 'returned', 'damaged', 'count_correction'] as const
export type ManualStockReason = (typeof MANUAL_STOCK_REASONS)[number]

/** Who made a change (audit trail, stock ledger, order history). */
export const ACTOR_KINDS = ['staff', 'shopper', 'guest', 'provider', 'system', 'courier'] as const
export type ActorKind = (typeof ACTOR_KINDS)[number]
