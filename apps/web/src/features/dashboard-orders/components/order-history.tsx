import type { TFunction } from 'i18next'
import type { UseQueryResult } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Order, OrderStatusChange } from '@shop/shared/schemas/order'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { readableWhatsApp } from '../whatsapp-number.ts'

/** The order dialog's status history (product.md §2.19): every move, who made it, why and when. */
export function OrderHistory({ detail }: { detail: UseQueryResult<Order> }) {
  const { t, i18n } = useTranslation('dashboard')
  const history = detail.data?.history ?? []
  const when = (iso: string) =>
    new Date(iso)
      .toLocaleString(i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')
      .replace(/\u200f/g, '') /* RLMs scramble it inside ltr-nums */
  const pay = (s: string | null) => (s ? t(`orders.payment_edit.${s}`, { defaultValue: s }) : '—')
  const status = (s: string | null) => (s ? t(`common:order_status.${s}`, { defaultValue: s }) : '—')
  return (
    <section className="mt-6 border-t border-sand-300 pt-4" aria-labelledby="order-history-title">
      <h3 id="order-history-title" className="mb-3 font-bold text-stone-900">
        {t('orders.history')}
      </h3>
      {detail.isPending ? (
        <Skeleton className="h-16" />
      ) : detail.isError ? (
        <p className="text-sm text-red-700">{detail.error.message}</p>
      ) : history.length === 0 ? (
        <p className="text-sm text-stone-600">{t('orders.no_history')}</p>
      ) : (
        <ol className="space-y-2">
          {history.map((h) => (
            <li key={h.id} className="rounded-lg bg-sand-100 px-3 py-2 text-sm">
              <p className="flex flex-wrap items-center gap-1.5 font-semibold text-stone-800">
                {h.from_status === null ? (
                  <>
                    {t('orders.created_entry')}
                    <span className="text-stone-400">·</span>
                    {status(h.to_status)}
                    <span className="text-stone-400">·</span>
                    {pay(h.to_payment_status)}
                  </>
                ) : h.from_status === h.to_status && h.from_payment_status === h.to_payment_status ? (
                  // Decision 0133: an edit of the lines leaves both statuses as they were.
                  <>
                    {status(h.to_status)}
                    <span className="text-stone-400">·</span>
                    {pay(h.to_payment_status)}
                  </>
                ) : (
                  <>
                    {status(h.from_status)}
                    <ArrowLeft className="size-4 ltr:rotate-180" aria-label={t('orders.to')} />
                    {status(h.to_status)}
                    <span className="text-stone-400">·</span>
                    {pay(h.from_payment_status)}
                    <ArrowLeft className="size-4 ltr:rotate-180" aria-label={t('orders.to')} />
                    {pay(h.to_payment_status)}
                  </>
                )}
              </p>
              {/* Decision 0069: who made the change (staff, the shopper, a guest) and why. */}
              {h.action ? <ActionLine change={h} /> : null}
              {h.action && DELIVERY_REASONS.has(h.action) ? null : h.action === 'items_edited' && h.reason ? (
                <p className="text-sm text-stone-800">
                  {t('orders.edit_items.total_change')}{' '}
                  <span dir="ltr" className="ltr-nums font-semibold">
                    {h.reason}
                  </span>
                </p>
              ) : h.reason ? (
                <p className="text-sm text-stone-800">
                  {t('orders.reason', { reason: '' })}
                  <bdi>{h.reason}</bdi>
                </p>
              ) : null}
              <p className="text-xs text-stone-600">
                {byWhom(h, t)} · <span className="ltr-nums">{when(h.created_at)}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** Issue 42: the moves whose reason is part of their line: the courier's name, or why it was not delivered. */
const DELIVERY_REASONS = new Set(['shipped', 'refused_on_delivery', 'delivery_failed'])

/**
 * What the move was (decision 0069); issue 41: the customer's answer on WhatsApp names the number it came from, left to
 * right in both languages ("Confirmed by the customer on WhatsApp (+218 91 234 5678)").
 */
function ActionLine({ change: h }: { change: OrderStatusChange }) {
  const { t } = useTranslation('dashboard')
  const action = h.action === 'cancelled_by_customer' && h.whatsapp ? 'cancelled_on_whatsapp' : h.action
  // Issue 42: a delivery move says its courier or why in the same line ("Out for delivery with Aramex").
  const text =
    action && DELIVERY_REASONS.has(action)
      ? h.reason
        ? t(`orders.action.${action}`, { courier: h.reason, reason: h.reason })
        : t(`orders.action.${action}_plain`)
      : t(`orders.action.${action}`, { defaultValue: action })
  return (
    <p className="text-sm font-semibold text-palm-800">
      <bdi>{text}</bdi>
      {h.whatsapp ? (
        <>
          {' ('}
          <span dir="ltr" className="whitespace-nowrap">
            {readableWhatsApp(h.whatsapp)}
          </span>
          {')'}
        </>
      ) : null}
    </p>
  )
}

/**
 * Decision 0193: who made a move, as the history row says: the staff member by name, the customer (signed in, a guest
 * at checkout or payment, a guest through the tracking link), the payment provider, or the shop by itself.
 */
function byWhom(h: OrderStatusChange, t: TFunction): string {
  switch (h.actor) {
    case 'guest':
      // Issue 41: a guest with a number answered the shop's WhatsApp message.
      if (h.whatsapp) return t('orders.by_whatsapp')
      return h.action === 'cancelled_by_customer' ? t('orders.by_guest_link') : t('orders.by_guest')
    case 'shopper':
      return t('orders.by_customer', { name: h.changed_by ?? '' })
    case 'provider':
      return t('orders.by_provider', {
        name: t(`orders.provider_names.${h.provider ?? ''}`, { defaultValue: h.provider ?? '' }),
      })
    case 'system':
      return t('orders.by_system')
    // Issue 42: the driver recorded it on their phone (the driver link).
    case 'courier':
      return h.courier ? t('orders.by_courier', { name: h.courier }) : t('orders.by_courier_unnamed')
    default:
      return t('orders.changed_by', { name: h.changed_by ?? t('orders.system') })
  }
}
