import { and, asc, desc, eq, gt, inArray, isNull, max, or, sql } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import { BUILT_IN_ROLES, SPEC_ROLE_DEFAULT_STAFF_ROLE, type BuiltInRole } from '@shop/shared/permissions'
import type { AcceptInvitationInput, User } from '@shop/shared/schemas/auth'
import type { InvitationInfo, StaffInvitationInput, StaffMember, StaffPatch } from '@shop/shared/schemas/team'
import { shopNameIn } from '@shop/shared/shop-identity'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { auditLog, staffRoles } from '../../db/schema/team.ts'
import { apiTokens, loginAttempts, passwordResets, users } from '../../db/schema/users.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { readShopIdentity } from '../../domain/shop-identity.ts'
import { withAccess } from '../../domain/user-view.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { Mailer } from '../../lib/mailer.ts'
import { isCommonPassword } from '../../lib/common-passwords.ts'
import { hashPassword } from '../../lib/passwords.ts'
import { hashToken, newToken } from '../../lib/tokens.ts'
import { invitationLink, invitationMail } from './invitation-mail.ts'

/** Decision 0196: an invitation link works once, for 72 hours; a new invitation to the same email replaces it. */
export const INVITATION_TTL_HOURS = 72

type StaffRoleRow = typeof staffRoles.$inferSelect
type SpecStaffRole = 'admin' | 'super_admin'

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase())
const isStaffSpecRole = inArray(users.role, ['admin', 'super_admin'])

const roleNameIn = (role: Pick<StaffRoleRow, 'nameAr' | 'nameEn'>, lang: Language) =>
  lang === 'en' ? role.nameEn : role.nameAr

/** The spec's role a staff role gives: the owner is a super_admin, every other role an admin (decision 0190). */
const specRoleOf = (role: Pick<StaffRoleRow, 'key'>): SpecStaffRole =>
  role.key === 'owner' ? 'super_admin' : 'admin'

/** A role named by its built-in key or its id; an unknown one is a translated 422 on `role`. */
async function resolveRole(db: DbOrTx, ref: BuiltInRole | number): Promise<StaffRoleRow> {
  const [row] = await db
    .select()
    .from(staffRoles)
    .where(typeof ref === 'number' ? eq(staffRoles.id, ref) : eq(staffRoles.key, ref))
    .limit(1)
  if (!row) throw new AppError('VALIDATION_FAILED', 422, { fields: { role: ['validation.role_invalid'] } })
  return row
}

async function builtInRoles(db: DbOrTx): Promise<Map<BuiltInRole, StaffRoleRow>> {
  const rows = await db
    .select()
    .from(staffRoles)
    .where(inArray(staffRoles.key, [...BUILT_IN_ROLES]))
  return new Map(rows.map((r) => [r.key!, r]))
}

/**
 * The role a staff member acts with, as auth.ts `permissionsOf` reads it: a super_admin is always the owner, an admin
 * without a staff role the manager.
 */
function effectiveRole(
  specRole: SpecStaffRole,
  own: StaffRoleRow | null,
  builtIn: Map<BuiltInRole, StaffRoleRow>,
): StaffRoleRow {
  if (specRole === 'super_admin') return builtIn.get('owner')!
  return own ?? builtIn.get(SPEC_ROLE_DEFAULT_STAFF_ROLE.admin)!
}

/** GET /api/staff: every staff member (active or not), owners first, then by name. */
export async function listStaff(db: Db, lang: Language, id?: number): Promise<StaffMember[]> {
  const lastSeen = db
    .select({ userId: apiTokens.userId, lastSeenAt: max(apiTokens.lastUsedAt).as('last_seen_at') })
    .from(apiTokens)
    .groupBy(apiTokens.userId)
    .as('last_seen')
  const invitation = db
    .select({
      userId: passwordResets.userId,
      expiresAt: max(passwordResets.expiresAt).as('invitation_expires_at'),
    })
    .from(passwordResets)
    .where(and(eq(passwordResets.purpose, 'invitation'), isNull(passwordResets.usedAt)))
    .groupBy(passwordResets.userId)
    .as('invitation')
  const rows = await db
    .select({
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        isActive: users.isActive,
        createdAt: users.createdAt,
      },
      staffRole: staffRoles,
      lastSeenAt: lastSeen.lastSeenAt,
      invitationExpiresAt: invitation.expiresAt,
    })
    .from(users)
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .leftJoin(lastSeen, eq(lastSeen.userId, users.id))
    .leftJoin(invitation, eq(invitation.userId, users.id))
    .where(id === undefined ? isStaffSpecRole : and(isStaffSpecRole, eq(users.id, id)))
    .orderBy(desc(eq(users.role, 'super_admin')), asc(users.name), asc(users.id))
  const builtIn = await builtInRoles(db)
  return rows.map((r) => {
    const specRole = r.user.role as SpecStaffRole
    const role = effectiveRole(specRole, r.staffRole, builtIn)
    const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString())
    return {
      id: r.user.id,
      name: r.user.name,
      email: r.user.email,
      role: specRole,
      staff_role: { id: role.id, key: role.key, name: roleNameIn(role, lang) },
      is_active: r.user.isActive,
      invitation_pending: r.invitationExpiresAt !== null && r.invitationExpiresAt !== undefined,
      invitation_expires_at: iso(r.invitationExpiresAt),
      last_seen_at: iso(r.lastSeenAt),
      created_at: r.user.createdAt.toISOString(),
    }
  })
}

async function memberOf(db: Db, id: number, lang: Language): Promise<StaffMember> {
  const [member] = await listStaff(db, lang, id)
  if (!member) throw notFound()
  return member
}

/** What the trail keeps of a staff member's role and status. */
const trailFields = (
  row: { role: string; staffRoleId: number | null; isActive: boolean },
  roleKey: string | null,
) => ({
  role: row.role,
  staff_role_id: row.staffRoleId,
  staff_role: roleKey,
  is_active: row.isActive,
})

export interface InviteContext {
  db: Db
  mailer: Mailer
  appUrl: string
  lang: Language
}

/**
 * POST /api/staff/invitations (decision 0196). Creates the account with a password nobody knows, an invitation token
 * (stored hashed, 72 hours) and the mail, in one transaction with the audit row. Inviting an email whose invitation is
 * still pending sends a fresh one (the old link dies, the name and role are the new ones); an email of an active
 * staff member is a 409 ALREADY_STAFF, of a customer a 409 EMAIL_IS_SHOPPER.
 */
export async function inviteStaff(
  ctx: InviteContext,
  actor: Actor,
  input: StaffInvitationInput,
): Promise<{ member: StaffMember; resent: boolean; invitationUrl: string }> {
  const role = await resolveRole(ctx.db, input.role)
  const email = input.email.toLowerCase()
  const token = newToken()
  // Argon2 of a random secret that is thrown away: the account exists but cannot sign in until the link is used.
  const unusable = await hashPassword(newToken())
  const expiresAt = new Date(Date.now() + INVITATION_TTL_HOURS * 3_600_000)
  const identity = await readShopIdentity(ctx.db)
  const run = () =>
    ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(byEmail(email)).limit(1).for('update')
      let userId: number
      let resent = false
      if (existing) {
        if (existing.role === 'user') throw emailError('EMAIL_IS_SHOPPER')
        const pending = await pendingInvitation(tx, existing.id)
        if (!pending) throw emailError('ALREADY_STAFF')
        resent = true
        userId = existing.id
        const specRole = specRoleOf(role)
        await tx
          .update(users)
          .set({
            name: input.name,
            role: specRole,
            staffRoleId: role.id,
            isActive: true,
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId))
        // The link mailed before dies: only the newest one works.
        await tx
          .delete(passwordResets)
          .where(
            and(
              eq(passwordResets.userId, userId),
              eq(passwordResets.purpose, 'invitation'),
              isNull(passwordResets.usedAt),
            ),
          )
        await recordAudit(tx, actor, {
          action: 'staff.invitation_resent',
          entity: 'staff',
          entityId: userId,
          before: { name: existing.name, ...trailFields(existing, pending.roleKey) },
          after: {
            name: input.name,
            ...trailFields({ role: specRole, staffRoleId: role.id, isActive: true }, role.key),
          },
        })
      } else {
        const [created] = await tx
          .insert(users)
          .values({
            name: input.name,
            email,
            passwordHash: unusable,
            role: specRoleOf(role),
            staffRoleId: role.id,
          })
          .returning()
        userId = created!.id
        await recordAudit(tx, actor, {
          action: 'staff.invited',
          entity: 'staff',
          entityId: userId,
          after: { name: input.name, email, ...trailFields(created!, role.key) },
        })
      }
      await tx
        .insert(passwordResets)
        .values({ userId, tokenHash: hashToken(token), expiresAt, purpose: 'invitation' })
      const inviter = actor.kind === 'staff' ? actor.name : null
      const mail = invitationMail({
        link: invitationLink(ctx.appUrl, token),
        inviter,
        invitee: input.name,
        roleNames: { ar: role.nameAr, en: role.nameEn },
        shopNames: { ar: shopNameIn(identity, 'ar'), en: shopNameIn(identity, 'en') },
        hours: INVITATION_TTL_HOURS,
      })
      await ctx.mailer.enqueue(tx, { to: email, ...mail, fromName: shopNameIn(identity, 'ar') })
      return { userId, resent }
    })
  let result: { userId: number; resent: boolean }
  try {
    result = await run()
  } catch (err) {
    // Two invitations racing for one new email: the unique index decides, the loser is told it is taken.
    if (isUniqueViolation(err)) throw emailError('ALREADY_STAFF')
    throw err
  }
  // Issue 39: the link goes back to the owner who invited, once (only its hash is kept), to copy when mail is not set
  // up or did not arrive; inviting again answers a new link.
  return {
    member: await memberOf(ctx.db, result.userId, ctx.lang),
    resent: result.resent,
    invitationUrl: invitationLink(ctx.appUrl, token),
  }
}

const emailError = (code: 'ALREADY_STAFF' | 'EMAIL_IS_SHOPPER') =>
  new AppError(code, 409, { fields: { email: [`errors.${code}`] } })

/** The account's unused invitation (expired or not) and its current role key, or null once a password was set. */
async function pendingInvitation(tx: Tx, userId: number): Promise<{ roleKey: string | null } | null> {
  const [row] = await tx
    .select({ id: passwordResets.id, roleKey: staffRoles.key })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .leftJoin(staffRoles, eq(staffRoles.id, users.staffRoleId))
    .where(
      and(
        eq(passwordResets.userId, userId),
        eq(passwordResets.purpose, 'invitation'),
        isNull(passwordResets.usedAt),
      ),
    )
    .limit(1)
  return row ? { roleKey: row.roleKey } : null
}

const lastOwner = () => new AppError('LAST_OWNER', 409)

/**
 * PATCH /api/staff/{id}: a new role (owner ⇄ another flips users.role super_admin / admin) and/or active or not
 * (deactivation deletes every token of the account: its next call is a 401). The last active owner cannot be moved
 * out of owner or deactivated (409 LAST_OWNER), themselves included; nobody deactivates themselves (403 SELF_CHANGE).
 * The target and every active owner are locked in id order, so two owners demoting each other cannot both succeed.
 */
export async function updateStaff(
  db: Db,
  actor: Actor & { kind: 'staff' },
  id: number,
  patch: StaffPatch,
  lang: Language,
): Promise<StaffMember> {
  if (patch.is_active === false && actor.userId === id)
    throw new AppError('FORBIDDEN', 403, { messageKey: 'errors.SELF_CHANGE' })
  const role = patch.role === undefined ? null : await resolveRole(db, patch.role)
  await db.transaction(async (tx) => {
    const locked = await tx
      .select({
        id: users.id,
        role: users.role,
        isActive: users.isActive,
        staffRoleId: users.staffRoleId,
      })
      .from(users)
      .where(or(eq(users.id, id), and(eq(users.role, 'super_admin'), eq(users.isActive, true))))
      .orderBy(asc(users.id))
      .for('update')
    const target = locked.find((r) => r.id === id)
    if (!target || target.role === 'user') throw notFound()
    // An owner still invited (no password yet) cannot run the shop: only owners who can sign in count.
    const pending = await tx
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          inArray(
            passwordResets.userId,
            locked.map((r) => r.id),
          ),
          eq(passwordResets.purpose, 'invitation'),
          isNull(passwordResets.usedAt),
        ),
      )
    const invitedOnly = new Set(pending.map((p) => p.userId))
    const otherOwners = locked.filter(
      (r) => r.id !== id && r.role === 'super_admin' && r.isActive && !invitedOnly.has(r.id),
    ).length
    const isOwner = target.role === 'super_admin'
    const next = {
      role: role ? specRoleOf(role) : target.role,
      staffRoleId: role ? role.id : target.staffRoleId,
      isActive: patch.is_active ?? target.isActive,
    }
    const losesOwner = isOwner && target.isActive && (next.role !== 'super_admin' || !next.isActive)
    if (losesOwner && otherOwners === 0) throw lastOwner()

    const keys = await tx
      .select({ id: staffRoles.id, key: staffRoles.key })
      .from(staffRoles)
      .where(inArray(staffRoles.id, [target.staffRoleId ?? -1, next.staffRoleId ?? -1]))
    const keyOf = (roleId: number | null, spec: string) =>
      spec === 'super_admin' ? 'owner' : (keys.find((k) => k.id === roleId)?.key ?? null)

    const roleChanged = next.role !== target.role || next.staffRoleId !== target.staffRoleId
    const statusChanged = next.isActive !== target.isActive
    if (!roleChanged && !statusChanged) {
      // Nothing to change (the same role, the same status): the trail still says it was asked (decision 0192).
      await recordAudit(tx, actor, {
        action: 'staff.updated',
        entity: 'staff',
        entityId: id,
        before: { role: target.role, staff_role_id: target.staffRoleId, is_active: target.isActive },
        after: { role: next.role, staff_role_id: next.staffRoleId, is_active: next.isActive },
      })
      return
    }
    await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, id))
    if (!next.isActive) await tx.delete(apiTokens).where(eq(apiTokens.userId, id))
    if (roleChanged)
      await recordAudit(tx, actor, {
        action: 'staff.role_changed',
        entity: 'staff',
        entityId: id,
        before: {
          role: target.role,
          staff_role_id: target.staffRoleId,
          staff_role: keyOf(target.staffRoleId, target.role),
        },
        after: {
          role: next.role,
          staff_role_id: next.staffRoleId,
          staff_role: keyOf(next.staffRoleId, next.role),
        },
      })
    if (statusChanged)
      await recordAudit(tx, actor, {
        action: next.isActive ? 'staff.reactivated' : 'staff.deactivated',
        entity: 'staff',
        entityId: id,
        before: { is_active: target.isActive },
        after: { is_active: next.isActive },
      })
  })
  return memberOf(db, id, lang)
}

/** Finds an invitation by its token: unknown or used → 404 INVALID_INVITATION, expired → 410 INVITATION_EXPIRED. */
async function invitationByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: passwordResets.id,
      userId: passwordResets.userId,
      expiresAt: passwordResets.expiresAt,
      usedAt: passwordResets.usedAt,
      expired: sql<boolean>`${passwordResets.expiresAt} <= now()`,
      name: users.name,
      email: users.email,
      role: users.role,
      isActive: users.isActive,
      staffRoleId: users.staffRoleId,
    })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), eq(passwordResets.purpose, 'invitation')))
    .limit(1)
  return row
}

/** GET /api/auth/invitation/{token} (public): who is invited, to which shop and role, until when. */
export async function readInvitation(db: Db, token: string, lang: Language): Promise<InvitationInfo> {
  const row = await invitationByToken(db, token)
  if (!row || row.usedAt || !row.isActive || row.role === 'user')
    throw new AppError('INVALID_INVITATION', 404)
  if (row.expired) throw new AppError('INVITATION_EXPIRED', 410)
  const builtIn = await builtInRoles(db)
  const [own] =
    row.staffRoleId === null
      ? []
      : await db.select().from(staffRoles).where(eq(staffRoles.id, row.staffRoleId))
  const role = effectiveRole(row.role as SpecStaffRole, own ?? null, builtIn)
  const [invited] = await db
    .select({ by: auditLog.actorName })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'staff'),
        eq(auditLog.entityId, String(row.userId)),
        inArray(auditLog.action, ['staff.invited', 'staff.invitation_resent']),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1)
  const identity = await readShopIdentity(db)
  return {
    name: row.name,
    email: row.email,
    shop_name: shopNameIn(identity, lang),
    role_name: roleNameIn(role, lang),
    invited_by: invited?.by ?? null,
    expires_at: row.expiresAt.toISOString(),
  }
}

/**
 * POST /api/auth/accept-invitation (public): sets the first password (same rules as a reset, decision 0093), uses the
 * token, and signs the new staff member in (a token as sign-in gives). The token is claimed by a conditional update,
 * so two tabs racing with one link cannot both succeed.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInvitationInput,
  ip: string | null,
  ttlDays: number,
  lang: Language = 'ar',
): Promise<{ token: string; user: User }> {
  if (isCommonPassword(input.password))
    throw new AppError('VALIDATION_FAILED', 422, { fields: { password: ['validation.password_common'] } })
  const found = await invitationByToken(db, input.token)
  const invalid = () =>
    new AppError('INVALID_INVITATION', 422, { fields: { token: ['errors.INVALID_INVITATION'] } })
  if (!found || found.usedAt || !found.isActive || found.role === 'user') throw invalid()
  if (found.expired) throw new AppError('INVITATION_EXPIRED', 410)
  const passwordHash = await hashPassword(input.password)
  const user = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResets.id, found.id),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId })
    if (!claimed) throw invalid()
    const [row] = await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
      .where(and(eq(users.id, claimed.userId), eq(users.isActive, true)))
      .returning()
    if (!row) throw invalid()
    // Any other link mailed to the account (a reset asked meanwhile) dies with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, row.id), isNull(passwordResets.usedAt)))
    const self: Actor = { kind: 'staff', userId: row.id, name: row.name, ip, permissions: new Set() }
    await recordAudit(tx, self, {
      action: 'staff.invitation_accepted',
      entity: 'staff',
      entityId: row.id,
    })
    return row
  })
  // Signed in as the sign-in form would (its failures cleared, a token of the same lifetime).
  await db.delete(loginAttempts).where(eq(loginAttempts.email, user.email.toLowerCase()))
  const session = newToken()
  await db.insert(apiTokens).values({
    userId: user.id,
    tokenHash: hashToken(session),
    expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
  })
  return { token: session, user: await withAccess(db, user, lang) }
}
