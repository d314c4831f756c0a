import { MapPinOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../components/ui/button.tsx'

/** The shop's page for an address that leads nowhere (HTTP 404): a way home. */
export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <p className="ltr-nums text-6xl font-extrabold text-date-600">404</p>
      <MapPinOff className="size-10 text-date-600" aria-hidden="true" />
      <h1 className="text-2xl font-extrabold text-stone-900">{t('errors.not_found_title')}</h1>
      <p className="text-stone-600">{t('errors.not_found_text')}</p>
      <LinkButton to="/" size="lg" className="mt-3">
        {t('errors.go_home')}
      </LinkButton>
    </div>
  )
}
