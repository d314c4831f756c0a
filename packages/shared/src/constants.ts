// Constants the browser needs on first paint; this module imports nothing (no zod in the storefront's entry chunk).

/** SPEC §9 page sizes. */
export const STOREFRONT_PAGE_SIZES = [12, 24, 36, 48] as const
export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const

export const ROLES = ['user', 'admin', 'super_admin'] as const
export type Role = (typeof ROLES)[number]

/** SPEC §2: the dashboard link appears for roles admin, Admin and Super Admin (and our super_admin). */
export function isStaffRoleName(name: string | undefined): boolean {
  if (!name) return false
  const n = name.toLowerCase().replace(/[\s_-]+/g, '')
  return n === 'admin' || n === 'superadmin'
}

/**
 * Issue 7: public answers the server puts into the /products page shell (a JSON data block), keyed by the exact
 * path and query the storefront asks for on that page's first render, so the first render has its data.
 */
export const BOOT_ANSWERS_ELEMENT_ID = 'boot-answers'
export const PRODUCTS_PAGE_BOOT_PATHS = ['/api/products?page=1&per_page=12&active=true&in_stock=true', '/api/categories?active=true'] as const

/** Longest search term the API takes (schemas/common.ts); the search boxes stop there. */
export const SEARCH_MAX_LENGTH = 100
