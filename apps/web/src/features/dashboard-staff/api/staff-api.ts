import { queryOptions } from '@tanstack/react-query'
import type {
  StaffInvitation,
  StaffInvitationInput,
  StaffList,
  StaffMember,
  StaffPatch,
  StaffRole,
  StaffRoleInput,
  StaffRolePatch,
} from '@shop/shared/schemas/team'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

// Issue 30 (docs/api.md "Staff", "Roles"): the owner's team screen.

export const staffListQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.staff.list(),
    queryFn: ({ signal }) => api<StaffList>('/api/staff', { signal }),
  })

/** GET /api/roles answers `{ data }` (a bare list is read too). */
export const rolesQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.staff.roles(),
    queryFn: async ({ signal }) => {
      const res = await api<{ data: StaffRole[] } | StaffRole[]>('/api/roles', { signal })
      return Array.isArray(res) ? res : res.data
    },
  })

/** The answer carries the invitation's link once (issue 39): shown to copy, never listed again. */
export const inviteStaff = (input: StaffInvitationInput) =>
  api<StaffInvitation>('/api/staff/invitations', { method: 'POST', body: input })
export const patchStaff = (id: number, patch: StaffPatch) =>
  api<StaffMember>(`/api/staff/${id}`, { method: 'PATCH', body: patch })

export const createRole = (input: StaffRoleInput) =>
  api<StaffRole>('/api/roles', { method: 'POST', body: input })
export const updateRole = (id: number, patch: StaffRolePatch) =>
  api<StaffRole>(`/api/roles/${id}`, { method: 'PATCH', body: patch })
export const deleteRole = (id: number) => api<unknown>(`/api/roles/${id}`, { method: 'DELETE' })
