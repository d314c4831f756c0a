import { useTranslation } from 'react-i18next'
import { fromCents } from '@shop/shared/money/money'
import { Money } from '../../../components/ui/money.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import type { CartItem } from '../../../lib/cart/cart-model.ts'
import { itemIsWholesale, itemLineCents, lineKey } from '../../../lib/cart/cart-model.ts'

export interface SummaryNumbers {
  subtotalCents: number
  deliveryCents: number
  totalCents: number
}

/** product.md §2.8: subtotal, delivery, total = subtotal + delivery, with the server's numbers once quoted. */
export function OrderSummary({
  items,
  numbers,
  cityChosen,
  refreshing,
}: {
  items: CartItem[]
  numbers: SummaryNumbers
  cityChosen: boolean
  refreshing: boolean
}) {
  const { t } = useTranslation('storefront')
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="checkout-summary-title" className="text-lg font-bold text-stone-900">
          {t('checkout.summary')}
        </h2>
        {refreshing ? (
          <span className="inline-flex items-center gap-1 text-xs text-stone-600">
            <Spinner className="[&_svg]:size-3.5" />
            {t('checkout.checking_prices')}
          </span>
        ) : null}
      </div>
      <ul className="mt-4 divide-y divide-sand-200 text-sm">
        {items.map((item) => (
          <li key={lineKey(item)} className="flex items-start justify-between gap-3 py-2">
            <span className="min-w-0">
              <span dir="auto" className="line-clamp-2 font-semibold text-stone-800">
                {item.name}
              </span>
              {item.variant_label ? (
                <span dir="auto" className="block text-stone-700" data-testid="summary-size">
                  {item.variant_label}
                </span>
              ) : null}
              <span className="text-stone-600">
                × <span className="ltr-nums">{item.quantity}</span>
                {itemIsWholesale(item) ? (
                  <span className="ms-2 rounded bg-honey-100 px-1.5 text-xs font-semibold text-honey-800">
                    {t('checkout.wholesale')}
                  </span>
                ) : null}
              </span>
            </span>
            <Money value={fromCents(itemLineCents(item))} className="font-semibold" />
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 border-t border-sand-300 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">{t('checkout.subtotal')}</dt>
          <dd data-testid="summary-subtotal">
            <Money value={fromCents(numbers.subtotalCents)} className="font-semibold" />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">{t('checkout.delivery')}</dt>
          <dd data-testid="summary-delivery">
            {cityChosen ? (
              <Money value={fromCents(numbers.deliveryCents)} className="font-semibold" />
            ) : (
              <span className="text-stone-600">{t('checkout.choose_city_for_delivery')}</span>
            )}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-sand-300 pt-3 text-base">
          <dt className="font-bold text-stone-900">{t('checkout.total')}</dt>
          <dd data-testid="summary-total">
            <Money value={fromCents(numbers.totalCents)} className="text-xl font-extrabold text-date-700" />
          </dd>
        </div>
      </dl>
    </section>
  )
}
