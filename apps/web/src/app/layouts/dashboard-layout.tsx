import { Link, Outlet } from 'react-router'
import { useTranslation } from 'react-i18next'
import i18n from '../../lib/i18n.ts'
import arDashboard from '../../locales/ar/dashboard.json'
import enDashboard from '../../locales/en/dashboard.json'
import { StaffRoute } from '../guards/protected-route.tsx'

// Loaded only when staff open the dashboard: its texts come with it.
i18n.addResourceBundle('ar', 'dashboard', arDashboard, true, true)
i18n.addResourceBundle('en', 'dashboard', enDashboard, true, true)

// Placeholder shell; the dashboard issue builds the real side navigation and account menu.
export function Component() {
  const { t } = useTranslation()
  return (
    <StaffRoute>
      <div className="flex min-h-dvh">
        <aside className="w-60 bg-palm-900 p-4 text-white">
          <Link to="/">{t('brand.name')}</Link>
        </aside>
        <main id="main" className="flex-1 p-6">
          <Outlet />
        </main>
      </div>
    </StaffRoute>
  )
}
