import { BadgeCheck, CheckCircle2, Clock } from 'lucide-react'
import { Link, Navigate, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../../../components/ui/button.tsx'
import { formatDate } from './order-card.tsx'

interface ConfirmationState {
  orderId?: number
  orderNumber?: string
  /** Paid online: the payment was confirmed before coming here (decision 0082). */
  paid?: boolean
}

/** product.md §2.9 order confirmation: reads orderId/orderNumber from navigation state; without an id → /. */
export function OrderConfirmationPage() {
  const { t, i18n } = useTranslation('storefront')
  const state = (useLocation().state ?? {}) as ConfirmationState
  if (!state.orderId) return <Navigate to="/" replace />
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-8 text-center shadow-[var(--shadow-soft)]">
        <CheckCircle2 className="mx-auto size-16 text-palm-600" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold text-stone-900">{t('confirmation.title')}</h1>
        <p className="mt-2 text-stone-600">{t('confirmation.thanks')}</p>
        <dl className="mx-auto mt-6 grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-3 rounded-[var(--radius-control)] bg-sand-100 p-4 text-sm">
          <dt className="text-start text-stone-600">{t('confirmation.order_number')}</dt>
          <dd className="text-end font-bold">
            <span className="ltr-nums whitespace-nowrap">{state.orderNumber ?? state.orderId}</span>
          </dd>
          <dt className="text-start text-stone-600">{t('confirmation.date')}</dt>
          <dd className="text-end font-bold">{formatDate(new Date().toISOString(), i18n.language)}</dd>
        </dl>
        {state.paid ? (
          <p
            className="mt-6 flex items-center justify-center gap-2 rounded-[var(--radius-control)] bg-palm-50 p-3 text-sm font-semibold text-palm-900"
            data-testid="payment-received"
          >
            <BadgeCheck className="size-5 shrink-0" aria-hidden="true" />
            {t('confirmation.paid')}
          </p>
        ) : null}
        <p className="mt-6 flex items-start justify-center gap-2 text-sm text-stone-700">
          <Clock className="mt-0.5 size-4 shrink-0 text-honey-700" aria-hidden="true" />
          {t('confirmation.processing')}
        </p>
        {/* Decision 0068: the order can be followed without an account; the mail carries a direct link too. */}
        <p className="mt-3 text-sm text-stone-700">
          {t('confirmation.track_hint')}{' '}
          <Link
            to={{ pathname: '/track', search: `?order=${encodeURIComponent(state.orderNumber ?? '')}` }}
            className="font-semibold text-palm-800 underline"
          >
            {t('confirmation.track_link')}
          </Link>
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <LinkButton to="/" variant="secondary" size="lg">
            {t('confirmation.continue_shopping')}
          </LinkButton>
          <LinkButton to="/my-orders" size="lg">
            {t('confirmation.view_orders')}
          </LinkButton>
        </div>
      </div>
    </div>
  )
}
