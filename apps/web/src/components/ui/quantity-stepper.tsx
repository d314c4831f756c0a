import { Minus, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export function QuantityStepper({
  name,
  quantity,
  onDecrease,
  onIncrease,
  canIncrease = true,
}: {
  name: string
  quantity: number
  onDecrease(): void
  onIncrease(): void
  canIncrease?: boolean
}) {
  const { t } = useTranslation('storefront')
  const btn =
    'inline-flex size-9 items-center justify-center text-stone-700 hover:bg-sand-200 disabled:opacity-40 disabled:hover:bg-transparent'
  return (
    <div
      className="inline-flex items-center overflow-hidden rounded-[var(--radius-control)] border border-sand-300 bg-white"
      role="group"
      aria-label={t('cart.quantity_of', { name })}
    >
      <button
        type="button"
        className={btn}
        onClick={onDecrease}
        disabled={quantity <= 1}
        aria-label={t('cart.decrease', { name })}
      >
        <Minus className="size-4" aria-hidden="true" />
      </button>
      <span
        className="ltr-nums min-w-10 text-center font-bold tabular-nums"
        aria-live="polite"
        data-testid="quantity"
      >
        {quantity}
      </span>
      <button
        type="button"
        className={btn}
        onClick={onIncrease}
        disabled={!canIncrease}
        aria-label={t('cart.increase', { name })}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}
