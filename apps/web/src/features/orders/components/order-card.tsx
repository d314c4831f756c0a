import { useQueryClient } from '@tanstack/react-query'
import { Mail, MapPin, Phone, RotateCcw, XCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { dateTime } from '../../../lib/dates.ts'
import { Button } from '../../../components/ui/button.tsx'
import { toast } from '../../../lib/toast.ts'
import { cancelMyOrder } from '../api/order-actions.ts'
import { myOrdersKeys } from '../api/my-orders.ts'
import { useReorder } from '../hooks/use-reorder.ts'
import { OrderLine } from './order-line.tsx'
import { ShipmentInfo } from './shipment-info.tsx'
import { CancelOrderDialog } from './cancel-order-dialog.tsx'
import type { Order } from '@shop/shared/schemas/order'
import { Money } from '../../../components/ui/money.tsx'
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx'
import { StoredDiscounts } from '../../../components/offers/stored-discounts.tsx'

/** A day in the page's language (Intl; Western digits in both languages, docs/ui.md §2). */
export const formatDate = (iso: string, lang: string) =>
  dateTime(iso, lang, { year: 'numeric', month: 'long', day: 'numeric' })

/** product.md §2.10 my-orders card: number, date, payment method, status, total, items, delivery info. */
export function OrderCard({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('storefront')
  const queryClient = useQueryClient()
  const { reorder, busy } = useReorder()
  const [cancelling, setCancelling] = useState(false)
  const cancel = async (reason: string) => {
    await cancelMyOrder(order.id, reason)
    await queryClient.invalidateQueries({ queryKey: myOrdersKeys.all })
    toast.success(t('cancel.done', { number: order.order_number }))
  }
  return (
    <article
      className="overflow-hidden rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]"
      aria-labelledby={`order-${order.id}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-sand-300 bg-sand-50 px-5 py-4">
        <div>
          <h2 id={`order-${order.id}`} className="font-bold text-stone-900">
            {t('orders.order_number')}{' '}
            <span className="ltr-nums">{order.order_number || `#${order.id}`}</span>
          </h2>
          <p className="mt-0.5 text-sm text-stone-600">
            <time dateTime={order.created_at}>{formatDate(order.created_at, i18n.language)}</time>
            <span className="mx-2" aria-hidden="true">
              ·
            </span>
            {t(`payment_method.${order.payment_method}`, {
              ns: 'common',
              defaultValue: t('payment_method.not_specified', { ns: 'common' }),
            })}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <OrderStatusBadge status={order.order_status} />
          <p className="text-lg font-extrabold text-date-700">
            <span className="sr-only">{t('orders.total')}: </span>
            <Money value={order.total_amount} />
          </p>
        </div>
      </header>

      <div className="grid gap-5 p-5 md:grid-cols-[1.5fr_1fr]">
        <section aria-label={t('orders.items')}>
          <h3 className="mb-2 text-sm font-bold text-stone-700">{t('orders.items')}</h3>
          <ul className="divide-y divide-sand-200">
            {order.items.map((item) => (
              <OrderLine
                key={item.id}
                name={item.product_name || item.product?.name || t('orders.unavailable')}
                gone={!item.product}
                variantLabel={item.variant_label}
                quantity={item.quantity}
                wholesale={item.is_wholesale}
                unitPrice={item.unit_price}
                lineTotal={item.line_total}
              />
            ))}
          </ul>
          <StoredDiscounts
            subtotal={order.subtotal}
            deliveryPrice={order.delivery_price}
            discountTotal={order.discount_total}
            total={order.total_amount}
            adjustments={order.adjustments}
          />
        </section>
        <section
          className="rounded-[var(--radius-control)] bg-sand-100 p-4 text-sm"
          aria-label={t('orders.delivery_info')}
        >
          <h3 className="mb-2 font-bold text-stone-700">{t('orders.delivery_info')}</h3>
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-stone-600" aria-hidden="true" />
            {order.shipping_address}
          </p>
          <p className="mt-1.5 flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-stone-600" aria-hidden="true" />
            <span dir="ltr">{order.customer_phone}</span>
          </p>
          <p className="mt-1.5 flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-stone-600" aria-hidden="true" />
            <span dir="ltr" className="break-all">
              {order.customer_email}
            </span>
          </p>
          {order.shipment && order.order_status === 'shipped' ? (
            <ShipmentInfo shipment={order.shipment} />
          ) : null}
        </section>
      </div>
      {/* Decisions 0069 and 0072: cancel while pending; order the same products again at today's prices. */}
      <footer className="flex flex-wrap items-center gap-2 border-t border-sand-300 px-5 py-3">
        <Button
          variant="outline"
          size="sm"
          busy={busy}
          icon={<RotateCcw className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
          onClick={() =>
            void reorder(
              order.order_number,
              order.items.map((i) => ({
                product_id: i.product?.id ?? null,
                variant_id: i.variant_id,
                product_name: i.product_name || t('orders.unavailable'),
                variant_label: i.variant_label,
                quantity: i.quantity,
              })),
            )
          }
        >
          {t('reorder.button')}
        </Button>
        {order.order_status === 'pending' ? (
          <Button
            variant="ghost-danger"
            size="sm"
            icon={<XCircle className="size-4" aria-hidden="true" />}
            onClick={() => setCancelling(true)}
          >
            {t('cancel.button')}
          </Button>
        ) : null}
      </footer>
      <CancelOrderDialog
        open={cancelling}
        orderNumber={order.order_number}
        onOpenChange={setCancelling}
        onCancel={cancel}
      />
    </article>
  )
}
