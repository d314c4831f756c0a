import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { fromCents } from '@shop/shared/money/money'
import { Money } from '../../../components/ui/money.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import type { CartItem } from '../../../lib/cart/cart-model.ts'
import { itemIsWholesale, itemLineCents, lineKey } from '../../../lib/cart/cart-model.ts'
import type { DiscountLine } from '../../../lib/cart/cart-offers.ts'
import { DeliveryAmount, DiscountMoney, DiscountRows } from '../../../components/offers/offers.tsx'

export interface SummaryNumbers {
  subtotalCents: number
  /** The city's fee before any delivery discount. */
  deliveryCents: number
  totalCents: number
  /** Decision 0176: the order's discounts (items and delivery) and the part of the fee they take off. */
  discounts?: DiscountLine[]
  deliveryDiscountCents?: number
}

/**
 * product.md §2.8: subtotal, discounts, delivery, total = subtotal − discounts + delivery, with the server's numbers
 * once quoted (decision 0176: the browser's pricing with the same function until then).
 */
export function OrderSummary({
  items,
  numbers,
  cityChosen,
  refreshing,
  lineDiscounts,
  offers,
}: {
  items: CartItem[]
  numbers: SummaryNumbers
  cityChosen: boolean
  refreshing: boolean
  /** Cents of discount per line (lineKey). */
  lineDiscounts?: Map<string, number>
  /** The code field and the free-delivery hint. */
  offers?: ReactNode
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
            <span className="flex shrink-0 flex-col items-end">
              <Money value={fromCents(itemLineCents(item))} className="font-semibold" />
              {lineDiscounts?.get(lineKey(item)) ? (
                <span className="text-xs" data-testid="summary-line-discount">
                  <span className="sr-only">{t('offers.line_discount')}: </span>
                  <DiscountMoney value={fromCents(lineDiscounts.get(lineKey(item))!)} />
                </span>
              ) : null}
            </span>
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
        <DiscountRows discounts={(numbers.discounts ?? []).filter((d) => d.target === 'items')} />
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">{t('checkout.delivery')}</dt>
          <dd data-testid="summary-delivery" className="text-end">
            {cityChosen ? (
              <DeliveryAmount
                deliveryCents={numbers.deliveryCents}
                discountCents={numbers.deliveryDiscountCents ?? 0}
              />
            ) : (
              <span className="text-stone-600">{t('checkout.choose_city_for_delivery')}</span>
            )}
          </dd>
        </div>
        {/* The delivery offers under the delivery row: the fee above is already shown less them. */}
        <DiscountRows
          discounts={(numbers.discounts ?? []).filter((d) => d.target === 'delivery')}
          className="ps-4 text-xs"
        />
        <div className="flex justify-between gap-3 border-t border-sand-300 pt-3 text-base">
          <dt className="font-bold text-stone-900">{t('checkout.total')}</dt>
          <dd data-testid="summary-total">
            <Money value={fromCents(numbers.totalCents)} className="text-xl font-extrabold text-date-700" />
          </dd>
        </div>
      </dl>
      {offers ? <div className="mt-4 space-y-4 border-t border-sand-300 pt-4">{offers}</div> : null}
    </section>
  )
}
