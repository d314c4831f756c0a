import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Order } from '@shop/shared/schemas/order'
import { Badge } from '../../../components/ui/badge.tsx'
import { Money } from '../../../components/ui/money.tsx'

/** Decision 0170: one discount of the order as stored: its label, its code, the amount taken off. */
function AdjustmentRow({ adjustment }: { adjustment: Order['adjustments'][number] }) {
  const { t } = useTranslation('dashboard')
  return (
    <div className="flex justify-between gap-3 text-palm-700" data-testid="order-adjustment">
      <dt className="min-w-0">
        <bdi>{adjustment.label}</bdi>
        {adjustment.code ? (
          <span className="ms-2 inline-block rounded bg-palm-50 px-1.5 text-xs font-semibold">
            {t('orders.lines.code')}{' '}
            <bdi dir="ltr" className="font-mono">
              {adjustment.code}
            </bdi>
          </span>
        ) : null}
      </dt>
      <dd className="shrink-0">
        <span className="ltr-nums" dir="ltr">
          −<Money value={adjustment.amount} />
        </span>
      </dd>
    </div>
  )
}

/**
 * What was ordered (issue 26): each line with its quantity, unit price, wholesale badge and line total, then the
 * subtotal, the discounts (decision 0170: item discounts before the delivery fee, delivery discounts after it), the
 * delivery fee to the order's city and the total, as stored with the order (never added up again here). One column of
 * rows, so it reads the same on a phone and a laptop.
 */
export function OrderLines({ order, action }: { order: Order; action?: ReactNode }) {
  const { t } = useTranslation('dashboard')
  const adjustments = order.adjustments ?? []
  const itemAdjustments = adjustments.filter((a) => a.target === 'items')
  const deliveryAdjustments = adjustments.filter((a) => a.target === 'delivery')
  return (
    <section aria-labelledby="order-lines-title" className="mb-5">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="order-lines-title" className="font-bold text-stone-900">
          {t('orders.lines.title')}
        </h3>
        {action}
      </div>
      {order.items.length === 0 ? (
        <p className="text-sm text-stone-600">{t('orders.lines.none')}</p>
      ) : (
        <ul className="divide-y divide-sand-200 rounded-[var(--radius-card)] border border-sand-300">
          {order.items.map((item) => (
            <li
              key={item.id}
              className="flex items-start justify-between gap-3 px-3 py-2.5"
              data-testid="order-line"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-stone-900">
                  <bdi>{item.product_name}</bdi>
                  {item.is_wholesale ? <Badge tone="honey">{t('orders.lines.wholesale')}</Badge> : null}
                </p>
                {item.variant_label || item.sku ? (
                  // Decision 0150: the size and SKU as sold, kept through renames and deletion.
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-stone-700">
                    {item.variant_label ? (
                      <span>
                        {t('orders.lines.size')}: <bdi className="font-semibold">{item.variant_label}</bdi>
                      </span>
                    ) : null}
                    {item.sku ? (
                      <span>
                        {t('orders.lines.sku')}:{' '}
                        <bdi dir="ltr" className="font-mono text-stone-900">
                          {item.sku}
                        </bdi>
                      </span>
                    ) : null}
                  </p>
                ) : null}
                <p className="mt-0.5 text-sm text-stone-700">
                  {t('orders.lines.quantity')}:{' '}
                  <span className="ltr-nums font-bold tabular-nums text-stone-900">{item.quantity}</span>
                  <span className="mx-1.5 text-stone-400" aria-hidden="true">
                    ·
                  </span>
                  <Money value={item.unit_price} /> {t('orders.lines.unit_price')}
                </p>
              </div>
              <div className="shrink-0 text-end">
                <Money value={item.line_total} className="font-bold text-stone-900" />
                {item.discount > 0 ? (
                  <p className="text-xs font-semibold text-palm-700" data-testid="order-line-discount">
                    {t('orders.lines.line_discount')}{' '}
                    <span className="ltr-nums" dir="ltr">
                      −<Money value={item.discount} />
                    </span>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 space-y-1 text-sm" data-testid="order-money">
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">{t('orders.lines.subtotal')}</dt>
          <dd>
            <Money value={order.subtotal} />
          </dd>
        </div>
        {itemAdjustments.map((a, i) => (
          <AdjustmentRow key={`items-${a.promotion_id ?? i}`} adjustment={a} />
        ))}
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">
            {order.city_name
              ? t('orders.lines.delivery_to', { city: order.city_name })
              : t('orders.lines.delivery')}
          </dt>
          <dd>
            <Money value={order.delivery_price} />
          </dd>
        </div>
        {deliveryAdjustments.map((a, i) => (
          <AdjustmentRow key={`delivery-${a.promotion_id ?? i}`} adjustment={a} />
        ))}
        <div className="flex justify-between gap-3 border-t border-sand-300 pt-1.5 text-base font-bold text-stone-900">
          <dt>{t('orders.lines.total')}</dt>
          <dd>
            <Money value={order.total_amount} className="text-date-700" />
          </dd>
        </div>
      </dl>
    </section>
  )
}
