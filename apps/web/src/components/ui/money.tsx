import { formatMoney } from '@shop/shared/money/money'
import { clsx } from 'clsx'

/** "12.50 د.ل" in both languages (product.md §1.3), kept left-to-right and tabular inside Arabic text. */
export function Money({ value, className }: { value: unknown; className?: string }) {
  return (
    <span className={clsx('ltr-nums tabular-nums whitespace-nowrap', className)}>{formatMoney(value)}</span>
  )
}
