import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../features/auth/auth-provider.tsx'
import { FullPageSpinner } from '../../components/ui/spinner.tsx'
import { LinkButton } from '../../components/ui/button.tsx'
import { ShieldAlert } from 'lucide-react'

/** SPEC §2: a spinner while the auth state loads, /login without a user, otherwise the content. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth()
  const location = useLocation()
  if (status === 'loading') return <FullPageSpinner />
  if (status === 'signed-out') return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  return <>{children}</>
}

/** The dashboard needs a staff role (DESIGN.md); a signed-in shopper sees a clear explanation. */
export function StaffRoute({ children }: { children: ReactNode }) {
  const { isStaff, status } = useAuth()
  const { t } = useTranslation()
  return (
    <ProtectedRoute>
      {status === 'signed-in' && !isStaff ? (
        <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
          <ShieldAlert className="size-12 text-date-600" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{t('errors.forbidden_title')}</h1>
          <p className="text-stone-600">{t('errors.forbidden_text')}</p>
          <LinkButton to="/" variant="primary">
            {t('errors.go_home')}
          </LinkButton>
        </main>
      ) : (
        children
      )}
    </ProtectedRoute>
  )
}
