import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button.tsx'
import { Input } from './field.tsx'

export interface DateRangeValue {
  from: string
  to: string
}

/** From / To date pickers (product.md §2.15 overview, §2.20 sales); each bounds the other so the range stays valid. */
export function DateRangeInputs({
  value,
  onChange,
  fromLabel,
  toLabel,
}: {
  value: DateRangeValue
  onChange: (update: (range: DateRangeValue) => DateRangeValue) => void
  fromLabel: ReactNode
  toLabel: ReactNode
}) {
  return (
    <>
      <label className="text-sm">
        <span className="mb-1 block font-semibold text-stone-700">{fromLabel}</span>
        <Input
          type="date"
          value={value.from}
          max={value.to || undefined}
          onChange={(e) => onChange((r) => ({ ...r, from: e.target.value }))}
          className="ltr-nums w-40"
        />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-semibold text-stone-700">{toLabel}</span>
        <Input
          type="date"
          value={value.to}
          min={value.from || undefined}
          onChange={(e) => onChange((r) => ({ ...r, to: e.target.value }))}
          className="ltr-nums w-40"
        />
      </label>
    </>
  )
}

/**
 * The dashboard's date-range toolbar (overview, sales, audit): From / To and the one button beside them (clear the
 * range, or jump to today), always labelled the same.
 */
export function DateRangeToolbar({
  value,
  onChange,
  action,
}: {
  value: DateRangeValue
  onChange: (next: DateRangeValue) => void
  /** Shown after the two dates; absent: nothing (a list without a range has nothing to clear). */
  action?: { label: string; onClick: () => void; variant?: 'ghost' | 'secondary' }
}) {
  const { t } = useTranslation('dashboard')
  return (
    <>
      <DateRangeInputs
        value={value}
        onChange={(update) => onChange(update(value))}
        fromLabel={t('overview.from')}
        toLabel={t('overview.to')}
      />
      {action ? (
        <Button variant={action.variant ?? 'ghost'} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </>
  )
}
