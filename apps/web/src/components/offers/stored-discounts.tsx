import { useTranslation } from 'react-i18next'
import { toCents } from '@shop/shared/money/money'
import type { OrderAdjustment } from '@shop/shared/schemas/order'
import { Money } from '../ui/money.tsx'
import { discountsOfOrder } from '../../lib/confirmation.ts'
import { DeliveryAmount, DiscountMoney, DiscountRows } from './offers.tsx'

/**
 * Decision 0176: a placed order's discounts as stored (its adjustments and discount_total), between its subtotal and
 * its total; nothing is added up again. An order without discounts shows nothing here (its card is as before).
 */
export function StoredDiscounts({
  subtotal,
  deliveryPrice,
  discountTotal,
  total,
  adjustments = [],
}: {
  subtotal: number
  deliveryPrice: number
  discountTotal: number
  total: number
  /** Absent in an answer from before offers: no discounts. */
  adjustments?: OrderAdjustment[]
}) {
  const { t } = useTranslation('storefront')
  if (adjustments.length === 0 && !discountTotal) return null
  const discounts = discountsOfOrder(adjustments)
  const deliveryDiscountCents = discounts
    .filter((d) => d.target === 'delivery')
    .reduce((s, d) => s + (toCents(d.amount) ?? 0), 0)
  return (
    <dl className="mt-3 space-y-1.5 border-t border-sand-300 pt-3 text-sm" data-testid="order-discounts">
      <div className="flex justify-between gap-3">
        <dt className="text-stone-600">{t('checkout.subtotal')}</dt>
        <dd>
          <Money value={subtotal} />
        </dd>
      </div>
      <DiscountRows discounts={discounts.filter((d) => d.target === 'items')} />
      <div className="flex justify-between gap-3">
        <dt className="text-stone-600">{t('checkout.delivery')}</dt>
        <dd className="text-end">
          <DeliveryAmount deliveryCents={toCents(deliveryPrice) ?? 0} discountCents={deliveryDiscountCents} />
        </dd>
      </div>
      <DiscountRows discounts={discounts.filter((d) => d.target === 'delivery')} className="ps-4 text-xs" />
      <div className="flex justify-between gap-3 text-stone-700">
        <dt>{t('offers.discount_total')}</dt>
        <dd data-testid="order-discount-total">
          <DiscountMoney value={discountTotal} />
        </dd>
      </div>
      <div className="flex justify-between gap-3 text-base font-bold">
        <dt>{t('checkout.total')}</dt>
        <dd>
          <Money value={total} className="text-date-700" />
        </dd>
      </div>
    </dl>
  )
}
