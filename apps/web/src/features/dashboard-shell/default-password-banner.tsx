import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../../components/ui/button.tsx'
import { useAuth } from '../../lib/auth/auth-provider.tsx'

/**
 * Decision 0123: while the signed-in admin still has the README's default password (`must_change_password` from
 * /api/me), every dashboard page says so and leads to the change. It cannot be dismissed; it goes with the change.
 */
export function DefaultPasswordBanner() {
  const { t } = useTranslation('dashboard')
  const { user } = useAuth()
  if (!user?.must_change_password) return null
  return (
    <div
      role="alert"
      className="mb-6 flex flex-col gap-3 rounded-[var(--radius-card)] border border-red-300 bg-red-50 p-4 sm:flex-row sm:items-center"
    >
      <KeyRound className="size-6 shrink-0 text-red-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-bold text-red-900">{t('default_password.title')}</p>
        <p className="mt-1 text-sm text-red-900">{t('default_password.text')}</p>
      </div>
      <LinkButton to="/change-password" className="shrink-0">
        {t('default_password.action')}
      </LinkButton>
    </div>
  )
}
