import { z } from 'zod'
import {
  ACTOR_KINDS,
  BUILT_IN_ROLES,
  MANUAL_STOCK_REASONS,
  PERMISSIONS,
  STOCK_REASONS,
} from '../permissions.ts'
import { dateString, optionalId, page, paginated, perPage } from './common.ts'

// Issue 30: staff, roles, the audit trail and the stock ledger (docs/api.md "Team", "Audit", "Stock movements").

const permission = z.enum(PERMISSIONS, { error: 'validation.permission_invalid' })

/** A role as the API shows it: built-in ones by key, custom ones by id (GET /api/roles). */
export const StaffRole = z.object({
  id: z.number().int(),
  /** owner, manager, order_clerk, catalogue_editor, accountant; null for a role the owner made. */
  key: z.enum(BUILT_IN_ROLES).nullable(),
  name: z.string(),
  name_translations: z.object({ ar: z.string(), en: z.string() }),
  permissions: z.array(permission),
  is_built_in: z.boolean(),
  staff_count: z.number().int(),
})
export type StaffRole = z.infer<typeof StaffRole>

const roleName = z
  .string({ error: 'validation.name_min_2' })
  .trim()
  .min(2, 'validation.name_min_2')
  .max(60, 'validation.too_long')

/** POST /api/roles, PATCH /api/roles/{id} (custom roles only; the owner). */
export const StaffRoleInput = z.object({
  name_ar: roleName,
  name_en: roleName,
  permissions: z.array(permission).max(PERMISSIONS.length).min(1, 'validation.permissions_required'),
})
export type StaffRoleInput = z.infer<typeof StaffRoleInput>
export const StaffRolePatch = StaffRoleInput.partial()
export type StaffRolePatch = z.infer<typeof StaffRolePatch>

/** A role given by its built-in key (`order_clerk`) or by its id (custom roles). */
export const roleRef = z.union([z.enum(BUILT_IN_ROLES), z.number().int().positive()], {
  error: 'validation.role_invalid',
})

/** A staff member (GET /api/staff). */
export const StaffMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The spec's role: admin or super_admin. */
  role: z.enum(['admin', 'super_admin']),
  staff_role: z.object({ id: z.number().int(), key: z.enum(BUILT_IN_ROLES).nullable(), name: z.string() }),
  is_active: z.boolean(),
  /** Invited and not yet set a password. */
  invitation_pending: z.boolean(),
  invitation_expires_at: z.string().nullable(),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
})
export type StaffMember = z.infer<typeof StaffMember>

/**
 * POST /api/staff/invitations' answer (issue 39): the member and the invitation's link, answered once to the owner who
 * invited, to copy and send by hand when mail is not set up (the link's token is kept only as a hash; inviting again
 * answers a new link and ends the old one, decision 0196).
 */
export const StaffInvitation = StaffMember.extend({ invitation_url: z.string() })
export type StaffInvitation = z.infer<typeof StaffInvitation>

/** POST /api/staff/invitations */
export const StaffInvitationInput = z.object({
  email: z
    .string({ error: 'validation.email_invalid' })
    .trim()
    .toLowerCase()
    .max(254, 'validation.too_long')
    .pipe(z.email('validation.email_invalid')),
  name: z
    .string({ error: 'validation.name_min_2' })
    .trim()
    .min(2, 'validation.name_min_2')
    .max(100, 'validation.too_long'),
  role: roleRef,
})
export type StaffInvitationInput = z.infer<typeof StaffInvitationInput>

/** PATCH /api/staff/{id} */
export const StaffPatch = z
  .object({
    role: roleRef.optional(),
    is_active: z.boolean({ error: 'validation.boolean_invalid' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.is_active !== undefined, {
    message: 'validation.nothing_to_change',
    path: ['role'],
  })
export type StaffPatch = z.infer<typeof StaffPatch>

/** GET /api/staff */
export const StaffList = z.object({ data: z.array(StaffMember) })
export type StaffList = z.infer<typeof StaffList>

/** GET /api/auth/invitation/{token}: what the invitation page shows before the password form (public). */
export const InvitationInfo = z.object({
  name: z.string(),
  email: z.string(),
  /** The shop's name in the caller's language. */
  shop_name: z.string(),
  /** The role's name in the caller's language. */
  role_name: z.string(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
})
export type InvitationInfo = z.infer<typeof InvitationInfo>

/** Who did something, as the trail shows it. */
export const Actor = z.object({
  kind: z.enum(ACTOR_KINDS),
  user_id: z.number().int().nullable(),
  /** The staff member's or shopper's name at the time; the provider (plutu, paypal) or the job's name otherwise. */
  name: z.string().nullable(),
})
export type Actor = z.infer<typeof Actor>

/** One row of the audit trail (GET /api/audit). */
export const AuditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: Actor,
  ip: z.string().nullable(),
  /** What was done: `order.status_changed`, `product.updated`, `orders.exported`… */
  action: z.string(),
  /** order, product, category, city, promotion, setting, content, user, staff, role, payment, stock, import… */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The fields that changed, before and after (secrets are never stored). Null for a read or a creation. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
  /**
   * Decision 0230: what the ids in before and after name, in the reader's language, keyed `field:id`
   * (`staff_role_id:3` → "Order clerk", `variant_id:12` → "Ajwa – 1 kg"); an id whose record is gone is absent.
   */
  names: z.record(z.string(), z.string()).optional(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditQuery = z
  .object({
    actor_id: optionalId,
    entity: z
      .string()
      .trim()
      .max(40, 'validation.too_long')
      .regex(/^[a-z_]*$/, 'validation.entity_invalid')
      .optional(),
    entity_id: z.string().trim().max(60, 'validation.too_long').optional(),
    action: z.string().trim().max(60, 'validation.too_long').optional(),
    from: dateString.optional(),
    to: dateString.optional(),
    page,
    per_page: perPage(25),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'validation.date_range_invalid',
    path: ['from'],
  })
export type AuditQuery = z.infer<typeof AuditQuery>

/** One movement of the stock ledger (GET /api/stock-movements). */
export const StockMovement = z.object({
  id: z.number().int(),
  created_at: z.string(),
  product_id: z.number().int(),
  variant_id: z.number().int(),
  product_name: z.string(),
  variant_name: z.string().nullable(),
  /** Units in (positive) or out (negative). */
  delta: z.number().int(),
  /** The pack's stock after this movement. */
  stock_after: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  actor: Actor,
  order_id: z.number().int().nullable(),
  order_number: z.string().nullable(),
  note: z.string().nullable(),
})
export type StockMovement = z.infer<typeof StockMovement>

export const StockMovementQuery = z.object({
  product_id: optionalId,
  variant_id: optionalId,
  reason: z.enum(STOCK_REASONS, { error: 'validation.stock_reason_invalid' }).optional(),
  page,
  per_page: perPage(25),
})
export type StockMovementQuery = z.infer<typeof StockMovementQuery>

/** POST /api/stock-movements: staff adjust a pack's stock by hand, always with a reason. */
export const StockMovementInput = z
  .object({
    product_id: z
      .number({ error: 'validation.id_invalid' })
      .int('validation.id_invalid')
      .positive('validation.id_invalid'),
    /** The pack; the product's first pack when left out (a product without pack sizes has one). */
    variant_id: z
      .number({ error: 'validation.id_invalid' })
      .int('validation.id_invalid')
      .positive('validation.id_invalid')
      .optional(),
    /** Units to add (positive) or take (negative). */
    delta: z
      .number({ error: 'validation.stock_delta_invalid' })
      .int('validation.stock_delta_invalid')
      .min(-1_000_000, 'validation.stock_delta_invalid')
      .max(1_000_000, 'validation.stock_delta_invalid')
      .refine((n) => n !== 0, 'validation.stock_delta_invalid')
      .optional(),
    /** Decision 0218: or the units counted on the shelf; the server records the difference. */
    count: z
      .number({ error: 'validation.stock_count_invalid' })
      .int('validation.stock_count_invalid')
      .min(0, 'validation.stock_count_invalid')
      .max(1_000_000_000, 'validation.stock_count_invalid')
      .optional(),
    /** With `count`: the stock the count was based on; 409 STOCK_CHANGED when the stock moved since. */
    stock_based_on: z
      .number({ error: 'validation.stock_count_invalid' })
      .int('validation.stock_count_invalid')
      .min(0, 'validation.stock_count_invalid')
      .optional(),
    reason: z.enum(MANUAL_STOCK_REASONS, { error: 'validation.stock_reason_invalid' }),
    note: z.string().trim().max(500, 'validation.too_long').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.delta === undefined && v.count === undefined)
      ctx.addIssue({ code: 'custom', path: ['delta'], message: 'validation.stock_delta_invalid' })
    if (v.delta !== undefined && v.count !== undefined)
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'validation.stock_delta_or_count' })
  })
export type StockMovementInput = z.infer<typeof StockMovementInput>

/** GET /api/stock-movements: newest first. */
export const StockMovementList = paginated(StockMovement)
export type StockMovementList = z.infer<typeof StockMovementList>
