import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router'
import { LinkButton } from '../../components/ui/button.tsx'
import { useAuth } from '../../lib/auth/auth-provider.tsx'
import { useCan } from '../../lib/auth/permissions.ts'
import { DASHBOARD_NAV, mayOpen, navItemOf } from './nav-items.ts'

/**
 * Decision 0190: a dashboard screen the staff member's role does not include is not shown; the URL answers with a
 * translated "no access" screen that leads to what they can use. The overview (figures) sends a role without
 * `stats.view` (an order clerk) straight to the orders, or its first screen. The API refuses the calls anyway (403).
 */
export function PermissionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('dashboard')
  const { status } = useAuth()
  const can = useCan()
  const { pathname } = useLocation()
  if (status !== 'signed-in') return <>{children}</>
  const item = navItemOf(pathname)
  if (!item || mayOpen(item, can)) return <>{children}</>
  // The orders are the day's work of whoever may see them (an order clerk who also ships: decision 0237), else the
  // first screen the role opens.
  const orders = DASHBOARD_NAV.find((i) => i.to === '/dashboard/orders' && mayOpen(i, can))
  const first = orders ?? DASHBOARD_NAV.find((i) => mayOpen(i, can))
  if (item.to === '/dashboard') return <Navigate to={first?.to ?? '/dashboard/profile'} replace />
  return (
    <section
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 text-center"
      data-testid="no-access"
    >
      <ShieldAlert className="size-12 text-date-600" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('no_access.title')}</h1>
      <p className="text-stone-600">{t('no_access.text')}</p>
      <LinkButton to={first?.to ?? '/dashboard/profile'} variant="primary">
        {t('no_access.back')}
      </LinkButton>
    </section>
  )
}
