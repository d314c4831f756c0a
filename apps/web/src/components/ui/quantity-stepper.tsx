import { Minus, Plus } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A typed quantity as the shopper means it: digits only (Arabic-Indic digits read as Western ones), never below 1,
 * at most `max`. Returns null when nothing usable was typed (the field goes back to the last quantity).
 */
export function typedQuantity(text: string, max: number): number | null {
  const asked = typedNumber(text)
  return asked === null ? null : Math.max(1, Math.min(asked, Math.max(1, max)))
}

function typedNumber(text: string): number | null {
  const digits = text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/\D/g, '')
  return digits === '' ? null : Number(digits)
}

/**
 * −, a typed quantity and + (SPEC "setting a quantity directly"): the field takes digits with the phone's number
 * keyboard, applies on Enter or when it loses focus, stays between 1 and `max` (the stock left) and says so when a
 * typed number was more than the stock.
 */
export function QuantityStepper({
  name,
  quantity,
  onDecrease,
  onIncrease,
  onSet,
  max = Number.POSITIVE_INFINITY,
  canIncrease = true,
}: {
  name: string
  quantity: number
  onDecrease(): void
  onIncrease(): void
  /** A typed quantity, already between 1 and `max`. */
  onSet(quantity: number): void
  max?: number
  canIncrease?: boolean
}) {
  const { t } = useTranslation('storefront')
  // What the shopper is typing; null when not editing, so the field shows the quantity the page holds and nothing a
  // re-render does while typing can put an old number back under the shopper's fingers.
  const [draft, setDraft] = useState<string | null>(null)
  const [capped, setCapped] = useState<number | null>(null)
  const noteId = useId()

  const apply = () => {
    if (draft === null) return
    const typed = typedQuantity(draft, max)
    setDraft(null)
    if (typed === null) return
    setCapped((typedNumber(draft) ?? 0) > typed ? typed : null)
    if (typed !== quantity) onSet(typed)
  }

  const btn =
    'inline-flex size-10 items-center justify-center text-stone-700 hover:bg-sand-200 disabled:opacity-40 disabled:hover:bg-transparent sm:size-9'
  return (
    <div className="inline-flex flex-col items-start">
      <div
        className="inline-flex items-center overflow-hidden rounded-[var(--radius-control)] border border-sand-300 bg-white"
        role="group"
        aria-label={t('cart.quantity_of', { name })}
      >
        <button
          type="button"
          className={btn}
          onClick={() => {
            setCapped(null)
            onDecrease()
          }}
          disabled={quantity <= 1}
          aria-label={t('cart.decrease', { name })}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <input
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          enterKeyHint="done"
          dir="ltr"
          className="ltr-nums h-10 w-12 border-x border-sand-300 bg-white text-center font-bold tabular-nums focus:outline-2 focus:outline-offset-[-2px] focus:outline-palm-600 sm:h-9 sm:w-14"
          aria-label={t('cart.quantity_of', { name })}
          aria-describedby={capped !== null ? noteId : undefined}
          data-testid="quantity"
          value={draft ?? String(quantity)}
          onChange={(e) => setDraft(e.target.value)}
          onFocus={(e) => e.currentTarget.select()}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              apply()
            } else if (e.key === 'Escape') setDraft(null)
          }}
        />
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
      <p id={noteId} className="mt-1 text-xs text-honey-800 empty:mt-0" aria-live="polite">
        {capped !== null ? t('cart.quantity_capped', { count: capped }) : null}
      </p>
    </div>
  )
}
