import { eq } from 'drizzle-orm'
import { PERMISSIONS } from '@shop/shared/permissions'
import type { Language } from '@shop/shared/i18n/messages'
import type { Role, User } from '@shop/shared/schemas/auth'
import type { DbOrTx } from '../db/client.ts'
import { staffRoles } from '../db/schema/team.ts'
import { users } from '../db/schema/users.ts'
import { AppError } from '../lib/app-error.ts'
import { permissionsOf } from '../plugins/auth.ts'

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'role' | 'isActive' | 'createdAt'> &
  Partial<Pick<typeof users.$inferSelect, 'mustChangePassword'>>

export const isStaffRole = (role: Role) => role === 'admin' || role === 'super_admin'

/**
 * product.md §3.1: `roles` is a list whose first entry is named admin or user; the dashboard link also accepts
 * Super Admin (§2.2). A super admin therefore reads as admin first, so older clients that only look at
 * roles[0] still treat them as staff.
 */
export function rolesOf(role: Role): { name: string }[] {
  if (role === 'super_admin') return [{ name: 'admin' }, { name: 'super_admin' }]
  return [{ name: role }]
}

/** The `User` answer of /me, login and profile (packages/shared/src/schemas/auth.ts). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    is_admin: isStaffRole(row.role),
    is_active: row.isActive,
    role: row.role,
    roles: rolesOf(row.role),
    created_at: row.createdAt.toISOString(),
    ...(row.mustChangePassword !== undefined ? { must_change_password: row.mustChangePassword } : {}),
  }
}

/**
 * Decision 0190: the signed-in user's own answer carries what they may do (`permissions`, in PERMISSIONS order) and
 * their staff role (named in the reader's language), so the dashboard shows only what the role allows.
 */
export async function withAccess(
  db: DbOrTx,
  row: UserRow & Pick<typeof users.$inferSelect, 'staffRoleId'>,
  lang: Language,
): Promise<User> {
  const [role] =
    row.staffRoleId !== null && isStaffRole(row.role)
      ? await db.select().from(staffRoles).where(eq(staffRoles.id, row.staffRoleId)).limit(1)
      : []
  const allowed = permissionsOf(row.role, role ? { key: role.key, permissions: role.permissions } : null)
  return {
    ...toUser(row),
    permissions: PERMISSIONS.filter((p) => allowed.has(p)),
    staff_role: role ? { id: role.id, key: role.key, name: lang === 'en' ? role.nameEn : role.nameAr } : null,
  }
}

/** The signed-in user's own `User` (/me, profile); an account deleted meanwhile is signed out (401). */
export async function findUser(db: DbOrTx, id: number, lang: Language = 'ar'): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  if (!row) throw new AppError('UNAUTHENTICATED', 401)
  return withAccess(db, row, lang)
}
