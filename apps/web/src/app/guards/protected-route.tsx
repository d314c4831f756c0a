import { useEffect, useRef, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../lib/auth/auth-provider.tsx'
import { FullPageSpinner } from '../../components/ui/spinner.tsx'
import { LinkButton } from '../../components/ui/button.tsx'
import { ShieldAlert } from 'lucide-react'

/** product.md §2.12: a spinner while the auth state loads, /login without a user, otherwise the content. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth()
  if (status === 'signed-in') return <>{children}</>
  return status === 'signed-out' ? <ToLogin /> : <FullPageSpinner />
}

/** Sends a signed-out visitor to /login once, remembering where they wanted to go. */
function ToLogin() {
  const location = useLocation()
  const navigate = useNavigate()
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    void navigate('/login', { replace: true, state: { from: location.pathname + location.search } })
  }, [navigate, location.pathname, location.search])
  return <FullPageSpinner />
}

/** The dashboard needs a staff role (decision 0005); a signed-in shopper sees a clear explanation. */
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
