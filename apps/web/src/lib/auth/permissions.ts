import { BUILT_IN_ROLE_PERMISSIONS, isPermission, type Permission } from '@shop/shared/permissions'
import type { User } from '@shop/shared/schemas/auth'
import { useAuth } from './auth-provider.tsx'

/**
 * What the signed-in staff member may do (decision 0190): the `permissions` /api/me and sign-in answer. A user saved
 * by an earlier release has none until /me answers: a super_admin is the owner and an admin a manager then, as the
 * server decides for an account without a staff role; the API still refuses what the role lacks.
 */
export function permissionsOf(user: User | null): ReadonlySet<Permission> {
  if (!user) return new Set()
  if (Array.isArray(user.permissions)) return new Set(user.permissions.filter(isPermission))
  if (user.role === 'super_admin') return new Set(BUILT_IN_ROLE_PERMISSIONS.owner)
  if (user.role === 'admin') return new Set(BUILT_IN_ROLE_PERMISSIONS.manager)
  return new Set()
}

/** `can('orders.edit')`: whether the dashboard shows a screen, a link or a button. */
export function useCan(): (permission: Permission) => boolean {
  const { user } = useAuth()
  const permissions = permissionsOf(user)
  return (permission) => permissions.has(permission)
}
