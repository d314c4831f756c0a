import { X } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn.ts'
import { Button } from './button.tsx'

export interface BatchAction {
  key: string
  label: string
  icon?: ReactNode
  tone?: 'secondary' | 'danger'
  onClick(): void
}

/** UI.md: the batch bar slides in above the table when rows are selected (SPEC §2 products and cities). */
export function BatchBar({
  count,
  actions,
  busy,
  onClear,
}: {
  count: number
  actions: BatchAction[]
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
        'grid transition-[grid-template-rows,opacity,margin] duration-200 ease-out',
        count > 0 ? 'mb-3 grid-rows-[1fr] opacity-100' : 'pointer-events-none grid-rows-[0fr] opacity-0',
      )}
    >
      <div className="overflow-hidden">
        {count > 0 ? (
          <div className="flex flex-wrap items-center gap-2 rounded-[var(--radius-card)] border border-palm-200 bg-palm-50 px-4 py-3">
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

export interface BatchOutcome {
  ok: number
  failed: number
}

/** SPEC §7: batch operations send one call per selected id; every call is awaited, failures are counted. */
export async function runBatch(
  ids: readonly number[],
  call: (id: number) => Promise<unknown>,
): Promise<BatchOutcome> {
  const results = await Promise.allSettled(ids.map((id) => call(id)))
  const failed = results.filter((r) => r.status === 'rejected').length
  return { ok: results.length - failed, failed }
}
