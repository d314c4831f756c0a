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
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react'

/** product.md §2.13 dashboard routes, in the order of the side navigation. */
export interface DashboardNavItem {
  to: string
  labelKey: string
  icon: LucideIcon
  end?: boolean
}

export const DASHBOARD_NAV: DashboardNavItem[] = [
  { to: '/dashboard', labelKey: 'nav.overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/products', labelKey: 'nav.products', icon: Package },
  { to: '/dashboard/categories', labelKey: 'nav.categories', icon: Tags },
  { to: '/dashboard/cities', labelKey: 'nav.cities', icon: MapPin },
  { to: '/dashboard/offers', labelKey: 'nav.offers', icon: BadgePercent },
  { to: '/dashboard/orders', labelKey: 'nav.orders', icon: ClipboardList },
  { to: '/dashboard/sales', labelKey: 'nav.sales', icon: TrendingUp },
  { to: '/dashboard/users', labelKey: 'nav.users', icon: Users },
  { to: '/dashboard/staff', labelKey: 'nav.team', icon: UserCog },
  { to: '/dashboard/content', labelKey: 'nav.content', icon: PanelsTopLeft },
  { to: '/dashboard/settings', labelKey: 'nav.settings', icon: Settings },
  // Decision 0192: for staff whose role has audit.view.
  { to: '/dashboard/audit', labelKey: 'nav.audit', icon: ScrollText },
]
