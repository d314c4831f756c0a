import { formatMoney } from '@shop/shared/money/money'
import { cn } from '../../lib/cn.ts'

/** "12.50 د.ل" in both languages (DESIGN.md), kept left-to-right and tabular inside Arabic text. */
export function Money({ value, className }: { value: unknown; className?: string }) {
  return <span className={cn('ltr-nums tabular-nums whitespace-nowrap', className)}>{formatMoney(value)}</span>
}
