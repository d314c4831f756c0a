import type { ReactNode } from 'react'
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
