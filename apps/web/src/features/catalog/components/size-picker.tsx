import { useId, useRef, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Variant } from '@shop/shared/schemas/product'
import { Money } from '../../../components/ui/money.tsx'

/**
 * The product page's size picker (decision 0151): one chip per active pack, as a radio group (WAI-ARIA APG "radio
 * group"): Tab reaches the chosen chip, the arrow keys move and choose (left and right follow the page's direction),
 * Home and End go to the first and last. A pack out of stock can still be chosen (its page says so).
 */
export function SizePicker({
  packs,
  chosen,
  onChoose,
}: {
  packs: Variant[]
  chosen: Variant
  onChoose: (pack: Variant) => void
}) {
  const { t, i18n } = useTranslation('storefront')
  const labelId = useId()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const rtl = i18n.dir(i18n.language) === 'rtl'
  const pricesDiffer = packs.some((v) => v.price !== packs[0]!.price)

  const move = (from: number, to: number) => {
    const index = (to + packs.length) % packs.length
    if (index === from) return
    onChoose(packs[index]!)
    refs.current[index]?.focus()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
    const back = rtl ? 'ArrowRight' : 'ArrowLeft'
    if (e.key === forward || e.key === 'ArrowDown') move(index, index + 1)
    else if (e.key === back || e.key === 'ArrowUp') move(index, index - 1)
    else if (e.key === 'Home') move(index, 0)
    else if (e.key === 'End') move(index, packs.length - 1)
    else return
    e.preventDefault()
  }

  return (
    <div>
      <p id={labelId} className="mb-2 font-semibold text-stone-700">
        {t('product_page.size')}
        <span className="sr-only">: </span>
        <bdi className="ms-1 font-bold text-stone-900">{chosen.label}</bdi>
      </p>
      <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-2">
        {packs.map((pack, index) => {
          const checked = pack.id === chosen.id
          const out = pack.stock <= 0
          return (
            <button
              key={pack.id}
              ref={(el) => {
                refs.current[index] = el
              }}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChoose(pack)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={`inline-flex min-h-11 min-w-16 flex-col items-center justify-center rounded-[var(--radius-control)] border-2 px-3 py-1.5 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-palm-600 ${
                checked
                  ? 'border-palm-700 bg-palm-50 text-palm-900'
                  : 'border-sand-300 bg-white text-stone-800 hover:border-palm-500'
              }`}
            >
              <bdi className={`font-bold ${out ? 'text-stone-500 line-through' : ''}`}>{pack.label}</bdi>
              {pricesDiffer ? (
                <Money value={pack.price} className="text-xs font-semibold text-stone-600" />
              ) : null}
              {out ? <span className="text-xs text-red-700">{t('product.out_of_stock')}</span> : null}
            </button>
          )
        })}
      </div>
    </div>
  )
}
