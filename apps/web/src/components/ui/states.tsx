import { AlertTriangle, PackageOpen } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button.tsx'

/** docs/ui.md §3: every list has designed empty and error states. */
export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: ReactNode
  text?: ReactNode
  action?: ReactNode
  icon?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center justify-center rounded-[var(--radius-card)] border border-dashed border-sand-400 bg-white px-6 py-12 text-center">
      <div className="mb-3 text-date-500">{icon ?? <PackageOpen className="size-10" />}</div>
      <p className="text-lg font-bold text-stone-800">{title}</p>
      {text ? <p className="mt-1 max-w-md text-stone-600">{text}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  )
}

export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title?: ReactNode
  message?: ReactNode
  onRetry?: () => void
}) {
  const { t } = useTranslation()
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center rounded-[var(--radius-card)] border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="mb-3 size-9 text-red-700" />
      <p className="text-lg font-bold text-red-900">{title ?? t('errors.error')}</p>
      {message ? <p className="mt-1 max-w-md text-red-800">{message}</p> : null}
      {onRetry ? (
        <Button variant="secondary" className="mt-5" onClick={onRetry}>
          {t('actions.try_again')}
        </Button>
      ) : null}
    </div>
  )
}
