import { Menu } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation } from 'react-router'
import i18n, { loadSharedMessages } from '../../lib/i18n.ts'
import { readStorage, writeStorage } from '../../lib/storage.ts'
import arDashboard from '../../locales/ar/dashboard.json'
import enDashboard from '../../locales/en/dashboard.json'
import { QueryProvider } from '../../lib/query-provider.tsx'
import { StaffRoute } from '../guards/protected-route.tsx'
import { RouteErrorState } from '../route-error-boundary.tsx'
import { screenMeta } from '../seo.ts'
import type { Route } from './+types/dashboard-layout'
import { DashboardSidebar } from '../../features/dashboard-shell/dashboard-sidebar.tsx'
import { DefaultPasswordBanner } from '../../features/dashboard-shell/default-password-banner.tsx'
import { DemoBanner } from '../../features/dashboard-shell/demo-banner.tsx'
import { PermissionGate } from '../../features/dashboard-shell/permission-gate.tsx'

// Loaded only when staff open the dashboard: its texts come with it.
i18n.addResourceBundle('ar', 'dashboard', arDashboard, true, true)
i18n.addResourceBundle('en', 'dashboard', enDashboard, true, true)
// Every dashboard screen has forms: their validation and API error texts (namespace `shared`) load with the dashboard,
// also when a dashboard page is the first one the browser opens (a full load, not a click from the storefront).
void loadSharedMessages()

const COLLAPSED_KEY = 'dashboard_sidebar_collapsed'

export const meta: Route.MetaFunction = ({ matches }) =>
  screenMeta(matches, '/dashboard', 'nav.dashboard', 'common')

/** product.md §2.13 dashboard shell: side navigation, account menu, content up to 1280 px (docs/ui.md §5). */
export default function DashboardLayout() {
  const { t } = useTranslation('dashboard')
  const location = useLocation()
  const [collapsed, setCollapsed] = useState(() => readStorage(COLLAPSED_KEY) === '1')
  const [mobileOpen, setMobileOpen] = useState(false)

  // product.md §2.13: the small-screen menu closes on navigation.
  useEffect(() => setMobileOpen(false), [location.pathname])
  useEffect(() => {
    if (!mobileOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMobileOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [mobileOpen])

  const toggleCollapsed = () =>
    setCollapsed((c) => {
      writeStorage(COLLAPSED_KEY, c ? '0' : '1')
      return !c
    })

  return (
    <QueryProvider>
      <StaffRoute>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t('common:nav.skip_to_content')}
        </a>
        <div className="min-h-dvh md:flex">
          <DashboardSidebar
            collapsed={collapsed}
            onToggleCollapsed={toggleCollapsed}
            mobileOpen={mobileOpen}
            onCloseMobile={() => setMobileOpen(false)}
          />
          <div className="min-w-0 flex-1">
            <div className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-sand-300 bg-white px-4 md:hidden">
              <button
                type="button"
                onClick={() => setMobileOpen(true)}
                className="rounded-md p-2 text-stone-700 hover:bg-sand-200"
                aria-label={t('common:nav.open_menu')}
                aria-expanded={mobileOpen}
                aria-controls="dashboard-sidebar"
              >
                <Menu className="size-5" aria-hidden="true" />
              </button>
              <Link to="/dashboard" className="font-bold text-palm-800">
                {t('common:nav.dashboard')}
              </Link>
            </div>
            <main id="main" className="mx-auto w-full max-w-[1280px] px-4 py-6 md:px-8 md:py-8">
              <DefaultPasswordBanner />
              <DemoBanner />
              <PermissionGate>
                <Outlet />
              </PermissionGate>
            </main>
          </div>
        </div>
      </StaffRoute>
    </QueryProvider>
  )
}

/** A dashboard screen that failed to load (e.g. a chunk gone after a deploy) offers a reload. */
export function ErrorBoundary() {
  return <RouteErrorState />
}
