import { Check, CircleX, MapPin, Phone, RotateCcw, Search, User, XCircle } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderStatus, TrackedOrder } from '@shop/shared/schemas/order'
import { Button } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx'
import { cn } from '../../../lib/cn.ts'
import { useReorder } from '../hooks/use-reorder.ts'
import { OrderLine } from './order-line.tsx'
import { ShipmentInfo } from './shipment-info.tsx'
import { StoredDiscounts } from '../../../components/offers/stored-discounts.tsx'
import { CancelOrderDialog } from './cancel-order-dialog.tsx'
import { formatDate } from './order-card.tsx'
import { dateTime } from '../../../lib/dates.ts'

/** When a step was reached, in the page's language and direction (issue 26: never isolated left-to-right). */
const formatWhen = (iso: string, lang: string) =>
  dateTime(iso, lang, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })

/**
 * The order's way so far: placed → confirmed → (out for delivery, issue 42) → completed, or placed → cancelled, with the
 * date of each step reached. An order delivered before the shop had couriers skips the delivery step.
 */
function Steps({ order }: { order: TrackedOrder }) {
  const { t, i18n } = useTranslation('storefront')
  const at = (s: OrderStatus) =>
    order.history.find((h) => h.status === s)?.created_at ?? (s === 'pending' ? order.created_at : null)
  const cancelled = order.order_status === 'cancelled'
  const steps: {
    key: string
    label: string
    when: string | null
    done: boolean
    tone: 'done' | 'now' | 'todo' | 'cancelled'
  }[] = cancelled
    ? [
        { key: 'pending', label: t('track.step.pending'), when: at('pending'), done: true, tone: 'done' },
        {
          key: 'cancelled',
          label: t('track.step.cancelled'),
          when: at('cancelled'),
          done: true,
          tone: 'cancelled',
        },
      ]
    : (order.shipment || order.order_status === 'shipped'
        ? (['pending', 'processing', 'shipped', 'completed'] as const)
        : (['pending', 'processing', 'completed'] as const)
      ).map((s, i, all) => {
        const reached = (all as readonly OrderStatus[]).indexOf(order.order_status) >= i
        return {
          key: s,
          // Issue 42: the step reads as the status does ("Out for delivery"), one text for both.
          label: s === 'shipped' ? t('order_status.shipped', { ns: 'common' }) : t(`track.step.${s}`),
          when: reached ? at(s) : null,
          done: reached,
          tone: reached ? (order.order_status === s && s !== 'completed' ? 'now' : 'done') : 'todo',
        }
      })
  return (
    <ol className="grid gap-3 sm:grid-flow-col sm:auto-cols-fr" aria-label={t('track.progress')}>
      {steps.map((s) => (
        <li key={s.key} className="flex items-center gap-3 sm:flex-col sm:items-start sm:gap-2">
          <span
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-full border-2',
              s.tone === 'done' && 'border-palm-700 bg-palm-700 text-white',
              s.tone === 'now' && 'border-palm-700 bg-palm-50 text-palm-800',
              s.tone === 'todo' && 'border-sand-300 bg-white text-stone-400',
              s.tone === 'cancelled' && 'border-red-700 bg-red-700 text-white',
            )}
            aria-hidden="true"
          >
            {s.tone === 'cancelled' ? (
              <CircleX className="size-5" />
            ) : s.done ? (
              <Check className="size-5" />
            ) : (
              <span className="size-2 rounded-full bg-current" />
            )}
          </span>
          <span>
            <span className={cn('block font-semibold', s.done ? 'text-stone-900' : 'text-stone-500')}>
              {s.label}
            </span>
            <span className="block text-xs text-stone-600" data-testid={`step-when-${s.key}`}>
              {s.when ? (
                <time dateTime={s.when}>{formatWhen(s.when, i18n.language)}</time>
              ) : (
                t('track.step.waiting')
              )}
            </span>
          </span>
        </li>
      ))}
    </ol>
  )
}

export function TrackedOrderView({
  order,
  onCancel,
  onAnother,
}: {
  order: TrackedOrder
  onCancel?: (reason: string) => Promise<void>
  onAnother(): void
}) {
  const { t, i18n } = useTranslation('storefront')
  const [cancelling, setCancelling] = useState(false)
  const { reorder, busy } = useReorder()
  const byCustomer = order.history.some((h) => h.status === 'cancelled' && h.by_customer)

  return (
    <div className="space-y-5">
      <article
        className="overflow-hidden rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]"
        aria-labelledby="tracked-order-title"
      >
        <header className="flex flex-wrap items-start justify-between gap-3 border-b border-sand-300 bg-sand-50 px-5 py-4">
          <div>
            <h2 id="tracked-order-title" className="font-bold text-stone-900">
              {t('orders.order_number')} <span className="ltr-nums">{order.order_number}</span>
            </h2>
            <p className="mt-0.5 text-sm text-stone-600">
              <time dateTime={order.created_at}>{formatDate(order.created_at, i18n.language)}</time>
              <span className="mx-2" aria-hidden="true">
                ·
              </span>
              {t(`payment_method.${order.payment_method}`, { ns: 'common' })}
            </p>
          </div>
          <OrderStatusBadge status={order.order_status} />
        </header>

        <div className="border-b border-sand-300 px-5 py-5">
          <Steps order={order} />
          {order.order_status === 'cancelled' ? (
            <p className="mt-4 flex items-center gap-2 text-sm text-red-800">
              <XCircle className="size-4 shrink-0" aria-hidden="true" />
              {byCustomer ? t('track.cancelled_by_you') : t('track.cancelled_by_shop')}
            </p>
          ) : order.order_status === 'pending' ? (
            <p className="mt-4 text-sm text-stone-700">
              {order.payment_method === 'cash' ? t('track.pending_cash') : t('track.pending_online')}
            </p>
          ) : null}
        </div>

        <div className="grid gap-5 p-5 md:grid-cols-[1.5fr_1fr]">
          <section aria-labelledby="tracked-items">
            <h3 id="tracked-items" className="mb-2 text-sm font-bold text-stone-700">
              {t('orders.items')}
            </h3>
            <ul className="divide-y divide-sand-200">
              {order.items.map((item, i) => (
                <OrderLine
                  key={i}
                  name={item.product_name}
                  variantLabel={item.variant_label}
                  quantity={item.quantity}
                  wholesale={item.is_wholesale}
                  lineTotal={item.line_total}
                />
              ))}
            </ul>
            {order.adjustments?.length ? (
              // Decision 0176: the stored discounts between the subtotal and the total.
              <StoredDiscounts
                subtotal={order.subtotal}
                deliveryPrice={order.delivery_price}
                discountTotal={order.discount_total}
                total={order.total_amount}
                adjustments={order.adjustments}
              />
            ) : (
              <dl className="mt-3 space-y-1.5 border-t border-sand-300 pt-3 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="text-stone-600">{t('checkout.subtotal')}</dt>
                  <dd>
                    <Money value={order.subtotal} />
                  </dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="text-stone-600">{t('checkout.delivery')}</dt>
                  <dd>
                    <Money value={order.delivery_price} />
                  </dd>
                </div>
                <div className="flex justify-between gap-3 text-base font-bold">
                  <dt>{t('checkout.total')}</dt>
                  <dd>
                    <Money value={order.total_amount} className="text-date-700" />
                  </dd>
                </div>
              </dl>
            )}
          </section>
          <section
            className="rounded-[var(--radius-control)] bg-sand-100 p-4 text-sm"
            aria-labelledby="tracked-delivery"
          >
            <h3 id="tracked-delivery" className="mb-2 font-bold text-stone-700">
              {t('orders.delivery_info')}
            </h3>
            <p className="flex items-center gap-2">
              <User className="size-4 shrink-0 text-stone-600" aria-hidden="true" />
              {order.customer_name}
            </p>
            <p className="mt-1.5 flex items-start gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0 text-stone-600" aria-hidden="true" />
              <span>
                {order.shipping_address}
                {order.city_name && !order.shipping_address.includes(order.city_name)
                  ? ` — ${order.city_name}`
                  : ''}
              </span>
            </p>
            <p className="mt-1.5 flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-stone-600" aria-hidden="true" />
              <span dir="ltr" aria-label={t('track.phone_masked_label')}>
                {order.phone_masked}
              </span>
            </p>
            {order.shipment && order.order_status === 'shipped' ? (
              <ShipmentInfo shipment={order.shipment} />
            ) : null}
          </section>
        </div>

        <footer className="flex flex-wrap items-center gap-2 border-t border-sand-300 bg-sand-50 px-5 py-4">
          <Button
            variant="outline"
            busy={busy}
            icon={<RotateCcw className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
            onClick={() => void reorder(order.order_number, order.items)}
          >
            {t('reorder.button')}
          </Button>
          {onCancel && order.can_cancel ? (
            <Button
              variant="ghost-danger"
              icon={<XCircle className="size-4" aria-hidden="true" />}
              onClick={() => setCancelling(true)}
            >
              {t('cancel.button')}
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="ms-auto"
            icon={<Search className="size-4" aria-hidden="true" />}
            onClick={onAnother}
          >
            {t('track.another')}
          </Button>
        </footer>
      </article>
      {!onCancel && order.order_status === 'pending' ? (
        <p className="text-center text-sm text-stone-600">{t('track.cancel_from_mail')}</p>
      ) : null}
      {onCancel ? (
        <CancelOrderDialog
          open={cancelling}
          orderNumber={order.order_number}
          onOpenChange={setCancelling}
          onCancel={onCancel}
        />
      ) : null}
    </div>
  )
}
