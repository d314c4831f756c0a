import { useRouteError } from 'react-router'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../components/ui/states.tsx'

/** A screen that failed to load (e.g. a lazy chunk after a deploy) offers a reload instead of a blank page. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation()
  console.error(error)
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <ErrorState message={t('errors.generic')} onRetry={() => window.location.reload()} />
    </div>
  )
}
