import {
  BUILT_IN_ROLES,
  BUILT_IN_ROLE_PERMISSIONS,
  PERMISSIONS,
  type BuiltInRole,
  type Permission,
} from '@shop/shared/permissions'
import type { StaffRole } from '@shop/shared/schemas/team'

/** A role's name in the screen's language. */
export const roleLabel = (role: Pick<StaffRole, 'name' | 'name_translations'>, lang: string) =>
  (lang === 'en' ? role.name_translations.en : role.name_translations.ar) || role.name

/** A role as a select's value: the built-in key, or a custom role's id as text. */
export const roleValue = (role: Pick<StaffRole, 'id' | 'key'>) => role.key ?? String(role.id)

/** Back from a select's value to what the API takes (`order_clerk` or 12). */
export const roleRefOf = (value: string): BuiltInRole | number =>
  (BUILT_IN_ROLES as readonly string[]).includes(value) ? (value as BuiltInRole) : Number(value)

/** The built-in roles' names, for a shop whose roles list did not load (the invitation still works by key). */
const BUILT_IN_NAMES: Record<BuiltInRole, { ar: string; en: string }> = {
  owner: { ar: 'المالك', en: 'Owner' },
  manager: { ar: 'المدير', en: 'Manager' },
  order_clerk: { ar: 'موظف الطلبات', en: 'Order clerk' },
  catalogue_editor: { ar: 'محرر الكتالوج', en: 'Catalogue editor' },
  accountant: { ar: 'المحاسب', en: 'Accountant' },
}
export const builtInRolesFallback = (): StaffRole[] =>
  BUILT_IN_ROLES.map((key, i) => ({
    id: -(i + 1),
    key,
    name: BUILT_IN_NAMES[key].ar,
    name_translations: BUILT_IN_NAMES[key],
    permissions: [...BUILT_IN_ROLE_PERMISSIONS[key]],
    is_built_in: true,
    staff_count: 0,
  }))

/** The permission checklist's groups, in the order of permissions.ts. */
export const PERMISSION_GROUPS: { key: string; permissions: Permission[] }[] = [
  { key: 'orders', permissions: PERMISSIONS.filter((p) => p.startsWith('orders.')) },
  {
    key: 'catalogue',
    permissions: [
      'products.manage',
      'categories.manage',
      'stock.manage',
      'imports.manage',
      'offers.manage',
      'content.manage',
    ],
  },
  { key: 'money', permissions: ['stats.view', 'costs.view', 'payments.view', 'payments.manage'] },
  { key: 'settings', permissions: ['delivery.manage', 'settings.manage', 'settings.payments'] },
  { key: 'people', permissions: ['customers.view', 'customers.manage', 'staff.manage', 'audit.view'] },
]
