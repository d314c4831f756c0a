import { useTranslation } from 'react-i18next'
import { ErrorState } from '../components/ui/states.tsx'

/** A screen that failed to render or load (e.g. a chunk gone after a deploy): a way to try again, not a blank page. */
export function RouteErrorState() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <ErrorState message={t('errors.generic')} onRetry={() => window.location.reload()} />
    </div>
  )
}
