import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import { SPEC_ROLE_DEFAULT_STAFF_ROLE } from '@shop/shared/permissions'
import type { Role } from '@shop/shared/schemas/auth'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Order } from '@shop/shared/schemas/order'
import type { UserListQuery, UserSummary } from '@shop/shared/schemas/user'
import type { Db, Tx } from '../../db/client.ts'
import { likePattern } from '../../db/like.ts'
import { apiTokens, users } from '../../db/schema/users.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { staffRoles } from '../../db/schema/team.ts'
import { hasPermission, type AuthUser } from '../../plugins/auth.ts'
import { latestOrdersOf } from './user-orders.ts'
import type { Viewer } from '../../domain/viewer.ts'
import { toUser } from '../../domain/user-view.ts'

// Counted over every order of the user; the total leaves out cancelled orders, which were never paid for.
const ordersCount = sql<number>`(select count(*)::int from orders o where o.user_id = "users"."id")`
const ordersTotal = sql<number>`(select coalesce(sum(o.total_amount), 0)::numeric(14,2) from orders o where o.user_id = "users"."id" and o.order_status <> 'cancelled')`

const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
  ordersCount,
  ordersTotal,
}
type SummaryRow = Pick<
  typeof users.$inferSelect,
  'id' | 'name' | 'email' | 'role' | 'isActive' | 'createdAt'
> & { ordersCount: unknown; ordersTotal: unknown }

function toSummary(row: SummaryRow): UserSummary {
  return { ...toUser(row), orders_count: Number(row.ordersCount), orders_total: Number(row.ordersTotal) }
}

/**
 * product.md §2.21 dashboard users: search by name or email, role filter, pagination. `admin` means staff (admin and
 * super admin).
 */
export async function listUsers(db: Db, query: UserListQuery): Promise<Paginated<UserSummary>> {
  const conditions: SQL[] = []
  if (query.search) {
    const pattern = likePattern(query.search)
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!)
  }
  if (query.role === 'admin') conditions.push(inArray(users.role, ['admin', 'super_admin']))
  else if (query.role && query.role !== 'all') conditions.push(eq(users.role, query.role))
  const where = conditions.length > 0 ? and(...conditions) : undefined

  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(users)
    .where(where)
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  return {
    data: rows.map(toSummary),
    total: Number(total),
    last_page: Math.max(1, Math.ceil(Number(total) / query.per_page)),
    current_page: query.page,
    per_page: query.per_page,
  }
}

async function summaryOf(db: Db, id: number): Promise<UserSummary> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, id)).limit(1)
  if (!row) throw notFound()
  return toSummary(row)
}

export async function getUserDetail(
  db: Db,
  id: number,
  view: Viewer,
  lang: Language,
): Promise<{ user: UserSummary; orders: Order[] }> {
  const user = await summaryOf(db, id)
  return { user, orders: await latestOrdersOf(db, id, view, lang) }
}

const selfChange = () => new AppError('FORBIDDEN', 403, { messageKey: 'errors.SELF_CHANGE' })
const lastSuperAdmin = () => new AppError('CONFLICT', 409, { messageKey: 'errors.LAST_SUPER_ADMIN' })

type LockedUser = { id: number; role: Role; isActive: boolean }

/**
 * Locks the target and every active super admin in one statement, in id order, so two super admins
 * changing each other at once neither deadlock nor both succeed: the second one re-reads the rows after
 * the first commits and sees who is left.
 */
async function lockTarget(tx: Tx, id: number): Promise<{ target: LockedUser; otherSuperAdmins: number }> {
  const rows = await tx
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(or(eq(users.id, id), and(eq(users.role, 'super_admin'), eq(users.isActive, true))))
    .orderBy(asc(users.id))
    .for('update')
  const target = rows.find((r) => r.id === id)
  if (!target) throw notFound()
  return {
    target,
    otherSuperAdmins: rows.filter((r) => r.id !== id && r.role === 'super_admin' && r.isActive).length,
  }
}

/** Decision 0003: roles change only by a super admin, never their own, never leaving zero super admins. */
export async function changeRole(
  db: Db,
  actor: AuthUser,
  id: number,
  role: Role,
  by: Actor,
): Promise<UserSummary> {
  if (actor.id === id) throw selfChange()
  await db.transaction(async (tx) => {
    const { target, otherSuperAdmins } = await lockTarget(tx, id)
    if (target.role !== role) {
      if (target.role === 'super_admin' && target.isActive && otherSuperAdmins === 0) throw lastSuperAdmin()
      // Decision 0190: the spec's call keeps working; the staff role follows (admin → manager, super_admin → owner,
      // user → none).
      const key = role === 'user' ? null : SPEC_ROLE_DEFAULT_STAFF_ROLE[role]
      const [staffRole] = key
        ? await tx.select({ id: staffRoles.id }).from(staffRoles).where(eq(staffRoles.key, key)).limit(1)
        : []
      await tx
        .update(users)
        .set({ role, staffRoleId: staffRole?.id ?? null, updatedAt: new Date() })
        .where(eq(users.id, id))
    }
    await recordAudit(tx, by, {
      action: 'user.role_changed',
      entity: 'user',
      entityId: id,
      before: { role: target.role },
      after: { role },
    })
  })
  return summaryOf(db, id)
}

/**
 * Deactivation signs the user out at once (their tokens are deleted) and blocks sign-in. Staff cannot
 * switch themselves off; a staff account (admin or super admin) is switched on or off only with staff.manage
 * (decision 0190: the owner), a customer's with customers.manage (the route's access).
 */
export async function changeStatus(
  db: Db,
  actor: AuthUser,
  id: number,
  isActive: boolean,
  by: Actor,
): Promise<UserSummary> {
  if (actor.id === id) throw selfChange()
  await db.transaction(async (tx) => {
    const { target, otherSuperAdmins } = await lockTarget(tx, id)
    if (target.role !== 'user' && !hasPermission(actor, 'staff.manage'))
      throw new AppError('FORBIDDEN', 403, { messageKey: 'errors.STAFF_MANAGE_ONLY' })
    if (!isActive && target.isActive && target.role === 'super_admin' && otherSuperAdmins === 0)
      throw lastSuperAdmin()
    if (target.isActive !== isActive)
      await tx.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, id))
    if (!isActive) await tx.delete(apiTokens).where(eq(apiTokens.userId, id))
    await recordAudit(tx, by, {
      action: 'user.status_changed',
      entity: 'user',
      entityId: id,
      before: { is_active: target.isActive },
      after: { is_active: isActive },
    })
  })
  return summaryOf(db, id)
}
