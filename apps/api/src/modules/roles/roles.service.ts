import { asc, eq, inArray } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import {
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  PERMISSIONS,
  SPEC_ROLE_DEFAULT_STAFF_ROLE,
  isPermission,
  type Permission,
} from '@shop/shared/permissions'
import type { StaffRole, StaffRoleInput, StaffRolePatch } from '@shop/shared/schemas/team'
import type { Db, DbOrTx } from '../../db/client.ts'
import { staffRoles } from '../../db/schema/team.ts'
import { users } from '../../db/schema/users.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { AppError, notFound } from '../../lib/app-error.ts'

type RoleRow = typeof staffRoles.$inferSelect

/** A built-in role's permissions come from the code (decision 0190), a custom role's from its row; in PERMISSIONS order. */
export function permissionsOfRole(row: Pick<RoleRow, 'key' | 'permissions'>): Permission[] {
  const own = row.key
    ? BUILT_IN_ROLE_PERMISSIONS[row.key]
    : (Array.isArray(row.permissions) ? row.permissions : []).filter(isPermission)
  return PERMISSIONS.filter((p) => own.includes(p))
}

const toRole = (row: RoleRow, staffCount: number, lang: Language): StaffRole => ({
  id: row.id,
  key: row.key,
  name: lang === 'en' ? row.nameEn : row.nameAr,
  name_translations: { ar: row.nameAr, en: row.nameEn },
  permissions: permissionsOfRole(row),
  is_built_in: row.key !== null,
  staff_count: staffCount,
})

/** The fields a role's audit row compares. */
const auditFields = (row: Pick<RoleRow, 'nameAr' | 'nameEn' | 'key' | 'permissions'>) => ({
  name_ar: row.nameAr,
  name_en: row.nameEn,
  permissions: permissionsOfRole(row),
})

/**
 * How many staff members (active or not) act with each role, as auth.ts reads it: a super_admin is the owner, an
 * admin without a staff role the manager.
 */
async function staffCounts(db: DbOrTx, roles: RoleRow[]): Promise<Map<number, number>> {
  const staff = await db
    .select({ role: users.role, staffRoleId: users.staffRoleId })
    .from(users)
    .where(inArray(users.role, ['admin', 'super_admin']))
  const idOf = new Map(roles.filter((r) => r.key).map((r) => [r.key!, r.id]))
  const counts = new Map<number, number>()
  for (const member of staff) {
    const id =
      member.role === 'super_admin'
        ? idOf.get(SPEC_ROLE_DEFAULT_STAFF_ROLE.super_admin)
        : (member.staffRoleId ?? idOf.get(SPEC_ROLE_DEFAULT_STAFF_ROLE.admin))
    if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1)
  }
  return counts
}

/** GET /api/roles: the built-in roles in their fixed order, then the shop's own by name. */
export async function listRoles(db: Db, lang: Language): Promise<StaffRole[]> {
  const rows = await db.select().from(staffRoles).orderBy(asc(staffRoles.id))
  const counts = await staffCounts(db, rows)
  const rank = (r: RoleRow) => (r.key ? BUILT_IN_ROLES.indexOf(r.key) : BUILT_IN_ROLES.length)
  const name = (r: RoleRow) => (lang === 'en' ? r.nameEn : r.nameAr)
  return rows
    .sort((a, b) => rank(a) - rank(b) || name(a).localeCompare(name(b), lang) || a.id - b.id)
    .map((r) => toRole(r, counts.get(r.id) ?? 0, lang))
}

async function roleOf(db: Db, id: number, lang: Language): Promise<StaffRole> {
  const rows = await db.select().from(staffRoles)
  const row = rows.find((r) => r.id === id)
  if (!row) throw notFound()
  return toRole(row, (await staffCounts(db, rows)).get(id) ?? 0, lang)
}

/** A custom role to change or delete, locked; a built-in one is a translated 409. */
async function customRole(tx: DbOrTx, id: number): Promise<RoleRow> {
  const [row] = await tx.select().from(staffRoles).where(eq(staffRoles.id, id)).for('update')
  if (!row) throw notFound()
  if (row.key) throw new AppError('ROLE_BUILT_IN', 409)
  return row
}

/** POST /api/roles: a custom role from the same permissions (the owner). */
export async function createRole(db: Db, actor: Actor, input: StaffRoleInput, lang: Language) {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staffRoles)
      .values({ nameAr: input.name_ar, nameEn: input.name_en, permissions: [...new Set(input.permissions)] })
      .returning()
    await recordAudit(tx, actor, {
      action: 'role.created',
      entity: 'role',
      entityId: row!.id,
      after: auditFields(row!),
    })
    return row!.id
  })
  return roleOf(db, id, lang)
}

/** PATCH /api/roles/:id: a custom role's names or permissions; its staff have the new permissions at their next call. */
export async function updateRole(db: Db, actor: Actor, id: number, patch: StaffRolePatch, lang: Language) {
  await db.transaction(async (tx) => {
    const before = await customRole(tx, id)
    const [after] = await tx
      .update(staffRoles)
      .set({
        ...(patch.name_ar !== undefined ? { nameAr: patch.name_ar } : {}),
        ...(patch.name_en !== undefined ? { nameEn: patch.name_en } : {}),
        ...(patch.permissions !== undefined ? { permissions: [...new Set(patch.permissions)] } : {}),
        updatedAt: new Date(),
      })
      .where(eq(staffRoles.id, id))
      .returning()
    await recordAudit(tx, actor, {
      action: 'role.updated',
      entity: 'role',
      entityId: id,
      before: auditFields(before),
      after: auditFields(after!),
    })
  })
  return roleOf(db, id, lang)
}

/** DELETE /api/roles/:id: a custom role nobody has (409 ROLE_IN_USE otherwise: give them another role first). */
export async function deleteRole(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await customRole(tx, id)
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.staffRoleId, id)).limit(1)
    if (holder) throw new AppError('ROLE_IN_USE', 409)
    await tx.delete(staffRoles).where(eq(staffRoles.id, id))
    await recordAudit(tx, actor, {
      action: 'role.deleted',
      entity: 'role',
      entityId: id,
      before: auditFields(before),
    })
  })
}
