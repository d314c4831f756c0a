import { BadgeCheck, Banknote, CheckCircle2, Clock } from 'lucide-react'
import { Navigate, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'
import type { ConfirmationState, ConfirmationSummary } from '../../../lib/confirmation.ts'
import { formatDate } from './order-card.tsx'
import { OrderLine } from './order-line.tsx'
import { toCents } from '@shop/shared/money/money'
import { DeliveryAmount, DiscountRows } from '../../../components/offers/offers.tsx'

/**
 * product.md §2.9 order confirmation: reads orderId/orderNumber (and the order's lines and totals, issue 26) from
 * navigation state; without an id → /. The main action follows the shopper: a guest follows the order on the tracking
 * page, a signed-in shopper in "my orders" (a guest sent there would only read "please sign in").
 */
export function OrderConfirmationPage() {
  const { t, i18n } = useTranslation('storefront')
  const { status } = useAuth()
  const state = (useLocation().state ?? {}) as ConfirmationState
  if (!state.orderId) return <Navigate to="/" replace />
  const signedIn = status === 'signed-in'
  const trackTo = { pathname: '/track', search: `?order=${encodeURIComponent(state.orderNumber ?? '')}` }
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-6 text-center shadow-[var(--shadow-soft)] sm:p-8">
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
        {/* Issue 39: the amount to have ready stands right under the number, above the lines: on a phone the "order
            placed" toast at the bottom of the screen no longer covers it. */}
        {state.summary?.cash && !state.paid ? <CashReady total={state.summary.total} /> : null}
        {state.summary ? <OrderLines summary={state.summary} /> : null}
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
        {signedIn ? null : <p className="mt-3 text-sm text-stone-700">{t('confirmation.track_hint')}</p>}
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <LinkButton to="/" variant="secondary" size="lg">
            {t('confirmation.continue_shopping')}
          </LinkButton>
          {signedIn ? (
            <LinkButton to="/my-orders" size="lg">
              {t('confirmation.view_orders')}
            </LinkButton>
          ) : (
            <LinkButton to={trackTo} size="lg">
              {t('confirmation.track_link')}
            </LinkButton>
          )}
        </div>
      </div>
    </div>
  )
}

/** For cash on delivery, the amount to have ready at the door. */
function CashReady({ total }: { total: number }) {
  const { t } = useTranslation('storefront')
  return (
    <p
      className="mx-auto mt-4 flex max-w-sm items-center justify-center gap-2 rounded-[var(--radius-control)] bg-honey-50 p-3 text-sm font-semibold text-honey-900"
      data-testid="cash-ready"
    >
      <Banknote className="size-5 shrink-0" aria-hidden="true" />
      <span>
        {t('confirmation.cash_ready')} <Money value={total} />
      </span>
    </p>
  )
}

/** The order's lines and totals. */
function OrderLines({ summary }: { summary: ConfirmationSummary }) {
  const { t } = useTranslation('storefront')
  const discounts = summary.discounts ?? []
  const deliveryDiscountCents = discounts
    .filter((d) => d.target === 'delivery')
    .reduce((s, d) => s + (toCents(d.amount) ?? 0), 0)
  return (
    <section
      aria-labelledby="confirmation-lines"
      className="mt-6 text-start"
      data-testid="confirmation-lines"
    >
      <h2 id="confirmation-lines" className="text-base font-bold text-stone-900">
        {t('confirmation.your_order')}
      </h2>
      <ul className="mt-2 divide-y divide-sand-200 text-sm">
        {summary.lines.map((line, i) => (
          <OrderLine
            key={i}
            name={line.name}
            variantLabel={line.variant_label}
            quantity={line.quantity}
            wholesale={line.is_wholesale}
            lineTotal={line.line_total}
          />
        ))}
      </ul>
      <dl className="mt-2 space-y-1 border-t border-sand-300 pt-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">{t('checkout.subtotal')}</dt>
          <dd>
            <Money value={summary.subtotal} />
          </dd>
        </div>
        {/* Decision 0176: the order's discounts as stored. */}
        <DiscountRows discounts={discounts.filter((d) => d.target === 'items')} />
        <div className="flex justify-between gap-3">
          <dt className="text-stone-600">{t('checkout.delivery')}</dt>
          <dd className="text-end" data-testid="confirmation-delivery">
            <DeliveryAmount
              deliveryCents={toCents(summary.delivery) ?? 0}
              discountCents={deliveryDiscountCents}
            />
          </dd>
        </div>
        <DiscountRows discounts={discounts.filter((d) => d.target === 'delivery')} className="ps-4 text-xs" />
        <div className="flex justify-between gap-3 text-base" data-testid="confirmation-total">
          <dt className="font-bold text-stone-900">{t('checkout.total')}</dt>
          <dd>
            <Money value={summary.total} className="text-lg font-extrabold text-date-700" />
          </dd>
        </div>
      </dl>
    </section>
  )
}
