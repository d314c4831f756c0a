import { LoaderCircle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={clsx('inline-flex items-center', className)}>
      <LoaderCircle className="size-5 animate-spin text-current" aria-hidden="true" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  )
}

/** A spinner while a screen loads (product.md §2.12, §2.15). */
export function FullPageSpinner() {
  const { t } = useTranslation()
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-palm-700" aria-busy="true">
      <Spinner className="[&_svg]:size-10" label={t('loading')} />
    </div>
  )
}
