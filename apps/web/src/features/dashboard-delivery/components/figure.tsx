import type { ReactNode } from 'react'
import { cn } from '../../../lib/cn.ts'

/** One labelled figure of a courier's account or the delivery report; `strong` for the one that matters most. */
export function Figure({
  label,
  value,
  hint,
  strong,
  testId,
}: {
  label: ReactNode
  value: ReactNode
  hint?: ReactNode
  strong?: boolean
  testId?: string
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'min-w-0 rounded-[var(--radius-card)] border p-3',
        strong ? 'border-date-300 bg-date-50' : 'border-sand-300 bg-white',
      )}
    >
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className={cn('mt-1 font-bold text-stone-900 tabular-nums', strong ? 'text-xl' : 'text-lg')}>
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs leading-snug text-stone-600">{hint}</dd> : null}
    </div>
  )
}
