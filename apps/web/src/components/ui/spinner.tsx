import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center', className)}>
      <svg className="size-5 animate-spin text-current" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className="opacity-25" cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" />
        <path className="opacity-75" fill="currentColor" d="M4 12a8 8 0 0 1 8-8v4a4 4 0 0 0-4 4H4z" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  )
}

/** SPEC §2 protected routes and dashboard overview: a spinner while loading. */
export function FullPageSpinner() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-palm-700" aria-busy="true">
      <Spinner className="[&_svg]:size-10" label={t('loading')} />
    </div>
  )
}
