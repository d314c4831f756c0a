import { useId } from 'react'
import { Select } from './field.tsx'

/** product.md §9 dashboard page sizes; the screen resets to page 1 when the size changes (product.md §2.14). */
export function PageSizeSelect({
  value,
  sizes,
  label,
  onChange,
}: {
  value: number
  sizes: readonly number[]
  label: string
  onChange(size: number): void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="whitespace-nowrap text-stone-600">
        {label}
      </label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-24 ltr-nums"
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </Select>
    </div>
  )
}
