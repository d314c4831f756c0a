import { clsx } from 'clsx'
import { useFormatMoney } from '../../lib/shop-settings.ts'

/**
 * "12.50 د.ل" on Arabic pages and "12.50 LYD" on English ones (product.md §1.3, decision 0122), kept left-to-right and
 * tabular inside Arabic text.
 */
export function Money({ value, className }: { value: unknown; className?: string }) {
  const format = useFormatMoney()
  return <span className={clsx('ltr-nums tabular-nums whitespace-nowrap', className)}>{format(value)}</span>
}
