import { Banknote, Clock, Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { OrderPayment } from '@shop/shared/schemas/payment'
import { Button } from '../../../components/ui/button.tsx'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

/** "14:35" in the page's language, Western digits (docs/ui.md §2). */
const clock = (iso: string, lang: string) =>
  new Date(iso)
    .toLocaleTimeString(lang === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB', { hour: '2-digit', minute: '2-digit' })
    .replace(/\u200f/g, '')

/**
 * The payment step's side (issue 38: the payment step split): the order's number and total, how long its stock is
 * held, and paying on delivery instead where the city takes cash for this total.
 */
export function PaymentSummary({
  view,
  switching,
  onDelivery,
}: {
  view: OrderPayment
  switching: boolean
  onDelivery: () => void
}) {
  const { t, i18n } = useTranslation('storefront')
  const formatMoney = useFormatMoney()
  return (
    <aside aria-labelledby="pay-summary-title" className="space-y-4 lg:sticky lg:top-24">
      <div className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]">
        <h2 id="pay-summary-title" className="text-lg font-bold text-stone-900">
          {t('pay.summary')}
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('confirmation.order_number')}</dt>
            <dd className="font-semibold">
              <span className="ltr-nums">{view.order_number}</span>
            </dd>
          </div>
          <div className="flex justify-between gap-3 border-t border-sand-300 pt-2 text-base">
            <dt className="font-bold text-stone-900">{t('checkout.total')}</dt>
            <dd data-testid="pay-total">
              <span className="ltr-nums text-xl font-extrabold text-date-700">
                {formatMoney(view.total_amount)}
              </span>
            </dd>
          </div>
        </dl>
        {view.due_at ? (
          <p className="mt-4 flex items-start gap-2 rounded-[var(--radius-control)] bg-sand-100 p-3 text-sm text-stone-700">
            <Clock className="mt-0.5 size-4 shrink-0 text-honey-700" aria-hidden="true" />
            <span>
              {t('pay.reserved_until')}{' '}
              <span className="ltr-nums font-semibold">{clock(view.due_at, i18n.language)}</span>
            </span>
          </p>
        ) : view.payment_status === 'expired' ? (
          <p className="mt-4 rounded-[var(--radius-control)] bg-honey-50 p-3 text-sm text-stone-800">
            {t('pay.expired_note')}
          </p>
        ) : null}
        <p className="mt-3 flex items-center gap-1.5 text-xs text-stone-600">
          <Lock className="size-3.5" aria-hidden="true" />
          {t('pay.secure_note')}
        </p>
      </div>
      {/* Only where the delivery city takes cash for this total (decision 0071). */}
      {view.cash_on_delivery ? (
        <div className="rounded-[var(--radius-card)] border border-dashed border-sand-400 bg-sand-50 p-4 text-sm">
          <p className="text-stone-700">{t('pay.cash_instead_text')}</p>
          <Button
            variant="secondary"
            className="mt-3 w-full"
            busy={switching}
            onClick={onDelivery}
            icon={<Banknote className="size-4" aria-hidden="true" />}
          >
            {t('pay.cash_instead')}
          </Button>
        </div>
      ) : null}
    </aside>
  )
}
