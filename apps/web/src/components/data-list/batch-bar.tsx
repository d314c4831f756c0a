import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'

export interface BatchBarAction {
  key: string
  label: string
  icon?: ReactNode
  tone?: 'secondary' | 'danger'
  onClick(): void
}

/**
 * The batch bar slides in above the rows when some are selected (product.md §2.14). It sticks under the top of the
 * screen (under the phone's top bar) so its actions stay in reach while the admin scrolls the rows (decision 0087).
 */
export function BatchBar({
  count,
  actions,
  busy,
  onClear,
}: {
  count: number
  actions: BatchBarAction[]
  busy?: boolean
  onClear(): void
}) {
  const { t } = useTranslation('dashboard')
  return (
    <div
      role="region"
      aria-label={t('batch.region')}
      aria-hidden={count === 0}
      className={cn(
        'sticky top-14 z-20 grid transition-[grid-template-rows,opacity,margin] duration-200 ease-out md:top-2',
        count > 0 ? 'mb-3 grid-rows-[1fr] opacity-100' : 'pointer-events-none grid-rows-[0fr] opacity-0',
      )}
    >
      <div className="overflow-hidden">
        {count > 0 ? (
          <div className="flex flex-wrap items-center gap-2 rounded-[var(--radius-card)] border border-palm-200 bg-palm-50 px-4 py-3 shadow-[var(--shadow-soft)]">
            <p className="me-auto font-semibold text-palm-900" aria-live="polite">
              {t('batch.selected', { count })}
            </p>
            {actions.map((a) => (
              <Button
                key={a.key}
                size="sm"
                variant={a.tone ?? 'secondary'}
                icon={a.icon}
                onClick={a.onClick}
                disabled={busy}
              >
                {a.label}
              </Button>
            ))}
            <Button
              size="sm"
              variant="ghost"
              icon={<X className="size-4" aria-hidden="true" />}
              onClick={onClear}
              disabled={busy}
            >
              {t('batch.clear')}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  )
}
