import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { ActorKind, BuiltInRole, Permission, StockReason } from '@shop/shared/permissions'
import { createdAt, updatedAt } from './columns.ts'

// Issue 30: roles as data, the audit trail and the stock ledger (decisions 0190–0193).

/** A staff role: a named set of permissions. Built-in roles carry a key and cannot be changed. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    /** owner, manager, order_clerk, catalogue_editor, accountant; null for a role the owner made. */
    key: text('key').$type<BuiltInRole>(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    permissions: jsonb('permissions').$type<Permission[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('staff_roles_key_unique').on(t.key)],
)

/**
 * Append-only: every staff write and every sensitive read (decision 0192). The app has no call that edits or deletes a
 * row; only the retention job prunes rows older than the setting, by age.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    actorKind: text('actor_kind').$type<ActorKind>().notNull(),
    /** The staff member or shopper (kept when the account is removed: the name below still tells who). */
    actorUserId: integer('actor_user_id'),
    /** The person's name at the time, the provider (plutu, paypal) or the system job. */
    actorName: text('actor_name'),
    ip: text('ip'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    note: text('note'),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
  ],
)

/**
 * The stock ledger (decision 0191): every change of a pack's stock is one signed movement with a reason and an actor;
 * a pack's stock equals the sum of its movements.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    productId: integer('product_id').notNull(),
    variantId: integer('variant_id').notNull(),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').$type<StockReason>().notNull(),
    actorKind: text('actor_kind').$type<ActorKind>().notNull(),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name'),
    orderId: integer('order_id'),
    note: text('note'),
  },
  (t) => [
    check('stock_movements_delta_non_zero', sql`${t.delta} <> 0`),
    index('stock_movements_variant_idx').on(t.variantId, t.id),
    index('stock_movements_product_idx').on(t.productId, t.id),
    index('stock_movements_order_idx').on(t.orderId),
  ],
)
