import {
  BadgePercent,
  ClipboardList,
  LayoutDashboard,
  MapPin,
  Package,
  ScrollText,
  PanelsTopLeft,
  Settings,
  Tags,
  TrendingUp,
  Truck,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { Permission } from '@shop/shared/permissions'

/** product.md §2.13 dashboard routes, in the order of the side navigation. */
export interface DashboardNavItem {
  to: string
  labelKey: string
  icon: LucideIcon
  end?: boolean
  /** Decision 0190: shown (and reachable) for a role with any of these; none: every staff member. */
  anyOf?: Permission[]
}

export const DASHBOARD_NAV: DashboardNavItem[] = [
  { to: '/dashboard', labelKey: 'nav.overview', icon: LayoutDashboard, end: true, anyOf: ['stats.view'] },
  {
    to: '/dashboard/products',
    labelKey: 'nav.products',
    icon: Package,
    anyOf: ['products.manage', 'stock.manage', 'imports.manage'],
  },
  { to: '/dashboard/categories', labelKey: 'nav.categories', icon: Tags, anyOf: ['categories.manage'] },
  { to: '/dashboard/cities', labelKey: 'nav.cities', icon: MapPin, anyOf: ['delivery.manage'] },
  // Issue 42: couriers and their cash; an accountant (settlements.manage) opens it for the delivery report.
  {
    to: '/dashboard/couriers',
    labelKey: 'nav.couriers',
    icon: Truck,
    anyOf: ['delivery.manage', 'settlements.manage'],
  },
  { to: '/dashboard/offers', labelKey: 'nav.offers', icon: BadgePercent, anyOf: ['offers.manage'] },
  { to: '/dashboard/orders', labelKey: 'nav.orders', icon: ClipboardList, anyOf: ['orders.view'] },
  { to: '/dashboard/sales', labelKey: 'nav.sales', icon: TrendingUp, anyOf: ['stats.view'] },
  { to: '/dashboard/users', labelKey: 'nav.users', icon: Users, anyOf: ['customers.view'] },
  { to: '/dashboard/staff', labelKey: 'nav.team', icon: UserCog, anyOf: ['staff.manage'] },
  { to: '/dashboard/content', labelKey: 'nav.content', icon: PanelsTopLeft, anyOf: ['content.manage'] },
  {
    to: '/dashboard/settings',
    labelKey: 'nav.settings',
    icon: Settings,
    anyOf: ['settings.manage', 'settings.payments'],
  },
  // Decision 0192: for staff whose role has audit.view.
  { to: '/dashboard/audit', labelKey: 'nav.audit', icon: ScrollText, anyOf: ['audit.view'] },
]

/** May a role with `can` open this item? */
export const mayOpen = (item: DashboardNavItem, can: (p: Permission) => boolean) =>
  !item.anyOf || item.anyOf.some(can)

/**
 * The nav item a dashboard path belongs to (the longest matching prefix; the overview only for /dashboard itself);
 * undefined for a path of no item (the profile), which every staff member may open.
 */
export function navItemOf(pathname: string): DashboardNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/dashboard') return DASHBOARD_NAV[0]
  return DASHBOARD_NAV.filter(
    (i) => i.to !== '/dashboard' && (path === i.to || path.startsWith(`${i.to}/`)),
  ).sort((a, b) => b.to.length - a.to.length)[0]
}
