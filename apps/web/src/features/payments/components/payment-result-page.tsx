import { useQuery } from '@tanstack/react-query'
import { Banknote, CheckCircle2, CircleSlash, Loader2, XCircle } from 'lucide-react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../../../components/ui/button.tsx'
import { readPendingPayment } from '../../../lib/pending-payment.ts'
import { useFinishOrder } from '../../../lib/use-finish-order.ts'
import { orderPaymentQuery } from '../api/payments-api.ts'

export type PaymentOutcome = 'success' | 'failed' | 'cancelled'

/** How long the success page waits for a provider still confirming (a PayPal capture pending) before saying so. */
const CONFIRM_WAIT_MS = 30_000

/** Reasons the server names in /payment/failed?reason=… (payments.service.ts resultPath), each with its own text. */
const REASONS = new Set([
  'expired',
  'amount_mismatch',
  'unverified',
  'unknown',
  'unavailable',
  'declined',
  // A card page finished after the shopper chose to pay on delivery, or started a newer try (decision 0097).
  'switched_to_cash',
  'superseded',
])

/**
 * Where a provider's page sends the shopper back (via the API, which has recorded the answer): success waits for the
 * order to be paid and goes on to the confirmation page; failure and cancel say what happened and what to do next,
 * with the cart as it was (decision 0082).
 */
export function PaymentResultPage({ outcome }: { outcome: PaymentOutcome }) {
  const { t } = useTranslation('storefront')
  const [params] = useSearchParams()
  const finish = useFinishOrder()
  const orderId = Number(params.get('order')) || null
  const reason = params.get('reason') ?? ''
  const pending = useMemo(readPendingPayment, [])
  const ours = pending !== null && pending.orderId === orderId
  const [waitedOut, setWaitedOut] = useState(false)
  const status = useQuery({
    ...orderPaymentQuery(pending ?? { orderId: 0, orderNumber: '', token: '', fingerprint: '' }),
    enabled: ours,
    // The capture may still be on its way (PayPal PENDING): ask again until it is settled.
    refetchInterval: (q) =>
      outcome === 'success' && !waitedOut && q.state.data?.payment_status !== 'paid' ? 1500 : false,
  })
  const view = status.data

  useEffect(() => {
    if (outcome !== 'success') return
    const timer = setTimeout(() => setWaitedOut(true), CONFIRM_WAIT_MS)
    return () => clearTimeout(timer)
  }, [outcome])
  useEffect(() => {
    if (view?.payment_status === 'paid')
      finish({ orderId: view.order_id, orderNumber: view.order_number, paid: true })
  }, [view?.payment_status, view?.order_id, view?.order_number, finish])

  const number = view?.order_number ?? pending?.orderNumber ?? (orderId ? `#${orderId}` : '')
  if (outcome === 'success') {
    // The shop sent the browser here with the payment still unconfirmed: never "paid" until it is.
    const unconfirmed = ours || params.get('pending') === '1'
    if (ours && !waitedOut) {
      return (
        <Card
          icon={<Loader2 className="size-14 animate-spin text-palm-600" aria-hidden="true" />}
          title={t('pay.result.confirming_title')}
          text={t('pay.result.confirming_text')}
          busy
        />
      )
    }
    return (
      <Card
        icon={<CheckCircle2 className="size-16 text-palm-600" aria-hidden="true" />}
        title={unconfirmed ? t('pay.result.still_confirming_title') : t('pay.result.success_title')}
        text={
          unconfirmed
            ? t('pay.result.still_confirming_text', { number })
            : t('pay.result.success_text', { number })
        }
        actions={
          <>
            <LinkButton to="/" variant="secondary" size="lg">
              {t('confirmation.continue_shopping')}
            </LinkButton>
            <LinkButton to="/my-orders" size="lg">
              {t('confirmation.view_orders')}
            </LinkButton>
          </>
        }
      />
    )
  }

  const retry = ours && (view?.payable ?? true)
  if (outcome === 'cancelled') {
    return (
      <Card
        icon={<CircleSlash className="size-16 text-honey-700" aria-hidden="true" />}
        title={t('pay.result.cancelled_title')}
        text={t('pay.result.cancelled_text')}
        actions={
          <>
            <LinkButton to="/checkout" variant={retry ? 'secondary' : 'primary'} size="lg">
              {t('pay.result.back_to_checkout')}
            </LinkButton>
            {retry ? (
              <LinkButton to="/checkout/pay" size="lg">
                {t('pay.result.choose_another')}
              </LinkButton>
            ) : null}
          </>
        }
      />
    )
  }
  // The shopper chose cash on delivery meanwhile: nothing failed, the order waits for its confirming call.
  const cash = reason === 'switched_to_cash'
  return (
    <Card
      icon={
        cash ? (
          <Banknote className="size-16 text-palm-700" aria-hidden="true" />
        ) : (
          <XCircle className="size-16 text-red-700" aria-hidden="true" />
        )
      }
      title={cash ? t('pay.result.cash_title') : t('pay.result.failed_title')}
      text={t(`pay.result.reason.${REASONS.has(reason) ? reason : 'other'}`, { number })}
      actions={
        <>
          <LinkButton to="/cart" variant="secondary" size="lg">
            {t('pay.back_to_cart')}
          </LinkButton>
          {retry ? (
            <LinkButton to="/checkout/pay" size="lg">
              {t('pay.result.try_again')}
            </LinkButton>
          ) : null}
        </>
      }
    />
  )
}

function Card({
  icon,
  title,
  text,
  actions,
  busy,
}: {
  icon: ReactNode
  title: string
  text: string
  actions?: ReactNode
  busy?: boolean
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <div
        className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-8 text-center shadow-[var(--shadow-soft)]"
        aria-busy={busy || undefined}
      >
        <div className="flex justify-center">{icon}</div>
        <h1 className="mt-4 text-2xl font-extrabold text-stone-900 sm:text-3xl">{title}</h1>
        <p className="mt-3 text-stone-700" role={busy ? 'status' : undefined}>
          {text}
        </p>
        {actions ? (
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
        ) : null}
      </div>
    </div>
  )
}
