import { ChevronsLeft, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { cn } from '../../lib/cn.ts'
import { logoOf, useShopIdentity } from '../../lib/shop-content.ts'
import { AccountMenu } from './account-menu.tsx'
import { DASHBOARD_NAV, mayOpen } from './nav-items.ts'
import { useCan } from '../../lib/auth/permissions.ts'
import { useShopBrand } from '../../lib/shop-settings.ts'

export interface DashboardSidebarProps {
  collapsed: boolean
  onToggleCollapsed(): void
  mobileOpen: boolean
  onCloseMobile(): void
}

/**
 * product.md §2.13, docs/ui.md §5: side navigation on the start side (right in Arabic), collapsible to icons from 768 px,
 * an off-canvas drawer with a backdrop below it.
 */
export function DashboardSidebar({
  collapsed,
  onToggleCollapsed,
  mobileOpen,
  onCloseMobile,
}: DashboardSidebarProps) {
  const { t } = useTranslation('dashboard')
  const can = useCan()
  const identity = useShopIdentity()
  const shopName = useShopBrand().name
  return (
    <>
      <div
        className={cn(
          'fixed inset-0 z-30 bg-stone-900/50 transition-opacity md:hidden',
          mobileOpen ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
        aria-hidden="true"
        onClick={onCloseMobile}
      />
      <aside
        id="dashboard-sidebar"
        aria-label={t('nav.label')}
        className={cn(
          'fixed inset-y-0 start-0 z-40 flex w-72 flex-col bg-palm-900 text-white shadow-xl transition-transform duration-200',
          mobileOpen ? 'translate-x-0' : 'ltr:-translate-x-full rtl:translate-x-full',
          'md:sticky md:top-0 md:h-dvh md:translate-x-0 md:shadow-none md:transition-[width] rtl:md:translate-x-0 ltr:md:translate-x-0',
          collapsed ? 'md:w-[4.5rem]' : 'md:w-64',
        )}
      >
        <div
          className={cn(
            'flex h-16 items-center gap-2 border-b border-white/10 px-4',
            collapsed && 'md:justify-center md:px-2',
          )}
        >
          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-md font-bold focus-visible:outline-white"
            title={t('nav.to_store')}
          >
            <img
              src={logoOf(identity).image}
              alt=""
              width={32}
              height={32}
              className="size-8 shrink-0 rounded-full bg-white object-contain p-0.5"
            />
            <span className={cn('truncate', collapsed && 'md:sr-only')}>{shopName}</span>
          </Link>
          <button
            type="button"
            onClick={onCloseMobile}
            className="ms-auto rounded-md p-1.5 text-white/80 hover:bg-white/10 md:hidden"
            aria-label={t('common:nav.close_menu')}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="space-y-1">
            {DASHBOARD_NAV.filter((item) => mayOpen(item, can)).map((item) => {
              const Icon = item.icon
              const label = t(item.labelKey)
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    title={collapsed ? label : undefined}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-[var(--radius-control)] px-3 py-2.5 text-sm font-semibold transition-colors focus-visible:outline-white',
                        isActive
                          ? 'bg-white text-palm-900 shadow-sm'
                          : 'text-white/85 hover:bg-white/10 hover:text-white',
                        collapsed && 'md:justify-center md:px-0',
                      )
                    }
                  >
                    <Icon className="size-5 shrink-0" aria-hidden="true" />
                    <span className={cn(collapsed && 'md:sr-only')}>{label}</span>
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </nav>
        <div className="space-y-2 border-t border-white/10 p-3">
          <button
            type="button"
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-controls="dashboard-sidebar"
            className={cn(
              'hidden w-full items-center gap-3 rounded-[var(--radius-control)] px-3 py-2 text-sm text-white/75 hover:bg-white/10 hover:text-white md:flex',
              collapsed && 'md:justify-center md:px-0',
            )}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          >
            <ChevronsLeft
              className={cn('size-5 shrink-0', collapsed ? 'ltr:rotate-180' : 'rtl:rotate-180')}
              aria-hidden="true"
            />
            <span className={cn(collapsed && 'md:sr-only')}>
              {collapsed ? t('nav.expand') : t('nav.collapse')}
            </span>
          </button>
          <AccountMenu collapsed={collapsed} />
        </div>
      </aside>
    </>
  )
}
