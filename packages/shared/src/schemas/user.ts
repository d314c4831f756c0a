import { z } from 'zod'
import { ROLES } from './auth.ts'
import { boolish, page, perPage, searchTerm } from './common.ts'

export const UserListQuery = z.object({
  search: searchTerm,
  role: z.enum([...ROLES, 'all'], { error: 'validation.role_invalid' }).optional(),
  page,
  per_page: perPage(10),
})
export type UserListQuery = z.infer<typeof UserListQuery>

export const UpdateUserRoleInput = z.object({ role: z.enum(ROLES, { error: 'validation.role_invalid' }) })
export const UpdateUserStatusInput = z.object({ is_active: boolish })

export const UserSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  roles: z.array(z.object({ name: z.string() })),
  is_admin: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  orders_count: z.number().int(),
  orders_total: z.number(),
})
export type UserSummary = z.infer<typeof UserSummary>
