import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge.tsx'
import { LinkButton } from '../../../components/ui/button.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'

/** product.md §2.22 profile (from the account menu): own name, email, role, member since, change password. */
export function ProfileScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const { user } = useAuth()
  if (!user) return null
  const since = new Date(user.created_at).toLocaleDateString(
    i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB',
    { year: 'numeric', month: 'long', day: 'numeric' },
  )
  return (
    <div>
      <PageHeader title={t('profile.title')} />
      <section className="max-w-2xl rounded-[var(--radius-card)] border border-sand-300 bg-white p-6 shadow-[var(--shadow-soft)]">
        <div className="mb-6 flex items-center gap-4">
          <span
            className="flex size-16 items-center justify-center rounded-full bg-honey-400 text-2xl font-bold text-stone-900"
            aria-hidden="true"
          >
            {user.name.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <p className="text-xl font-bold text-stone-900">{user.name}</p>
            <Badge tone="palm">{t(`users.roles.${user.role}`, { defaultValue: user.role })}</Badge>
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-stone-500">{t('users.name')}</dt>
            <dd className="font-semibold">{user.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('users.email')}</dt>
            <dd className="font-semibold">
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('users.role')}</dt>
            <dd className="font-semibold">{t(`users.roles.${user.role}`, { defaultValue: user.role })}</dd>
          </div>
          <div>
            <dt className="text-sm text-stone-500">{t('profile.member_since')}</dt>
            <dd className="font-semibold">{since}</dd>
          </div>
        </dl>
        <LinkButton to="/change-password" variant="outline" className="mt-6">
          <KeyRound className="size-4" aria-hidden="true" />
          {t('common:nav.change_password')}
        </LinkButton>
      </section>
    </div>
  )
}
