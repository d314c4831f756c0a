// Constants the browser needs on first paint; this module imports nothing (no zod in the storefront's entry chunk).

/** Page sizes (product.md §9). */
export const STOREFRONT_PAGE_SIZES = [12, 24, 36, 48] as const
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const

export const ROLES = ['user', 'admin', 'super_admin'] as const
export type Role = (typeof ROLES)[number]

/** product.md §2.2: the dashboard link appears for roles admin, Admin and Super Admin (and our super_admin). */
export function isStaffRoleName(name: string | undefined): boolean {
  if (!name) return false
  const n = name.toLowerCase().replace(/[\s_-]+/g, '')
  return n === 'admin' || n === 'superadmin'
}

/** Longest search term the API takes (schemas/common.ts); the search boxes stop there. */
export const SEARCH_MAX_LENGTH = 100
