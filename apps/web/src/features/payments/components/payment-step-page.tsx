import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ShoppingBag } from 'lucide-react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { OrderPayment } from '@shop/shared/schemas/payment'
import { LinkButton } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import {
  forgetPendingPayment,
  readPendingPayment,
  type PendingPayment,
} from '../../../lib/pending-payment.ts'
import { toast } from '../../../lib/toast.ts'
import { useFinishOrder } from '../../../lib/use-finish-order.ts'
import { orderPaymentQuery, payOnDelivery, paymentKeys } from '../api/payments-api.ts'
import { PaymentOptions, type Option } from './payment-options.tsx'
import { PaymentSummary } from './payment-summary.tsx'

/** The ways this order can be paid now, in the order the shop offers them. */
function optionsOf(view: OrderPayment): Option[] {
  return [...(view.massarat?.gateways ?? []), ...(view.paypal ? (['paypal'] as const) : [])]
}

/**
 * The payment step after an online-paid order is placed (decisions 0081, 0082): the order's stock is held while the
 * shopper pays by Sadad or Edfali (a code typed here), a local card or PayPal (their pages); or pays on delivery
 * instead. The cart is emptied only once the order is settled.
 */
export function PaymentStepPage() {
  const { t } = useTranslation('storefront')
  const queryClient = useQueryClient()
  const finish = useFinishOrder()
  const pending = useMemo(readPendingPayment, [])
  const payment = useQuery({
    ...orderPaymentQuery(pending ?? { orderId: 0, orderNumber: '', token: '', fingerprint: '' }),
    enabled: pending !== null,
  })
  const view = payment.data
  const [choice, setChoice] = useState<Option | null>(null)
  const [switching, setSwitching] = useState(false)

  const options = view ? optionsOf(view) : []
  // First shown: what the shopper chose at checkout (PayPal, or the first local way), then their own choice.
  const chosen = (useLocation().state as { method?: string } | null)?.method ?? view?.payment_method
  const selected: Option | null =
    choice && options.includes(choice)
      ? choice
      : chosen === 'paypal' && options.includes('paypal')
        ? 'paypal'
        : (options.find((o) => o !== 'paypal') ?? options[0] ?? null)

  useEffect(() => {
    if (view?.payment_status === 'paid' && pending)
      finish({ orderId: view.order_id, orderNumber: view.order_number, paid: true })
  }, [view?.payment_status, view?.order_id, view?.order_number, pending, finish])
  useEffect(() => {
    if (payment.error instanceof ApiError && payment.error.status === 404) forgetPendingPayment()
  }, [payment.error])

  if (!pending) {
    return (
      <Shell title={t('pay.title')}>
        <EmptyState
          icon={<ShoppingBag className="size-10" aria-hidden="true" />}
          title={t('pay.none_title')}
          text={t('pay.none_text')}
          action={
            <LinkButton to="/cart" size="lg">
              {t('pay.back_to_cart')}
            </LinkButton>
          }
        />
      </Shell>
    )
  }
  if (payment.isPending) {
    return (
      <Shell title={t('pay.title')}>
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]" aria-busy="true">
          <Skeleton className="h-80 rounded-[var(--radius-card)]" />
          <Skeleton className="h-56 rounded-[var(--radius-card)]" />
        </div>
      </Shell>
    )
  }
  if (payment.isError || !view) {
    // 404: the order is not this tab's (or no longer exists); its key is forgotten by the effect above.
    const gone = payment.error instanceof ApiError && payment.error.status === 404
    return (
      <Shell title={t('pay.title')}>
        <ErrorState
          title={gone ? t('pay.none_title') : t('pay.load_failed')}
          message={gone ? t('pay.none_text') : payment.error?.message}
          onRetry={gone ? undefined : () => void payment.refetch()}
        />
      </Shell>
    )
  }

  const refresh = () => void queryClient.invalidateQueries({ queryKey: paymentKeys.order(view.order_id) })
  const onPaid = (paid: OrderPayment) => {
    queryClient.setQueryData(paymentKeys.order(paid.order_id), paid)
    if (paid.payment_status === 'paid')
      finish({ orderId: paid.order_id, orderNumber: paid.order_number, paid: true })
  }
  const onDelivery = async () => {
    if (switching) return
    setSwitching(true)
    try {
      await payOnDelivery(pending as PendingPayment)
      toast.success(t('checkout.success', { number: view.order_number }))
      finish({ orderId: view.order_id, orderNumber: view.order_number, paid: false })
    } catch (err) {
      setSwitching(false)
      toast.error(err instanceof ApiError && err.status > 0 ? err.message : t('pay.error_generic'))
      refresh()
    }
  }

  // The last try that did not go through (not one the shopper left on purpose), with the shop's sentence for why
  // (decision 0097: in the shopper's language, never a code).
  const last = view.attempts.at(-1)
  const lastFailure =
    last?.state === 'failed' &&
    !['canceled', 'superseded', 'switched_to_cash'].includes(last.failure_code ?? '')
      ? (last.failure ?? '')
      : null

  if (!view.payable) {
    return (
      <Shell title={t('pay.title')}>
        <EmptyState
          title={t('pay.not_payable_title', { number: view.order_number })}
          text={t('pay.not_payable_text')}
          action={
            <LinkButton to="/cart" size="lg" onClick={() => forgetPendingPayment()}>
              {t('pay.back_to_cart')}
            </LinkButton>
          }
        />
      </Shell>
    )
  }

  return (
    <Shell title={t('pay.title')}>
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
        <PaymentOptions
          options={options}
          selected={selected}
          onSelect={setChoice}
          lastFailure={lastFailure}
          pending={pending}
          view={view}
          onPaid={onPaid}
          onChanged={refresh}
        />
        <PaymentSummary view={view} switching={switching} onDelivery={() => void onDelivery()} />
      </div>
    </Shell>
  )
}

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-extrabold text-stone-900">{title}</h1>
      {children}
    </div>
  )
}
