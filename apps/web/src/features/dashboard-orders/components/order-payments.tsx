import { useMutation, useQuery } from '@tanstack/react-query'
import { AlertTriangle, RefreshCw, Undo2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { StaffPayment } from '@shop/shared/schemas/payment'
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { toast } from '../../../lib/toast.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { checkPayment, orderPaymentsQuery, refundPayment, resolvePaymentFlag } from '../api/orders-api.ts'
import { useShopBrand } from '../../../lib/shop-settings.ts'
import { useCan } from '../../../lib/auth/permissions.ts'

const STATE_TONE: Record<StaffPayment['state'], BadgeTone> = {
  paid: 'green',
  pending: 'amber',
  failed: 'red',
  expired: 'gray',
  refunded: 'blue',
}

/**
 * The order dialog's payments (decision 0075): every attempt with its provider, amount (and rate for dollars), the
 * provider's ids, what staff should look at, and the refund where the provider has one. Cash collections and manual
 * refunds are recorded with the payment status above (the history says who).
 */
export function OrderPayments({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('dashboard')
  // Dinars in the reader's symbol (decision 0122); a provider's other currency by its code.
  const { moneySymbol } = useShopBrand()
  const amountText = (amount: number, currency: string) =>
    `${amount.toFixed(2)} ${currency === 'LYD' ? moneySymbol : currency}`
  // Decision 0190: refund, check and "seen" are payments.manage; the list itself is shown only with payments.view.
  const manage = useCan()('payments.manage')
  const payments = useQuery(orderPaymentsQuery(orderId))
  const [confirming, setConfirming] = useState<number | null>(null)
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB').replace(/\u200f/g, '')

  const act = useMutation({
    mutationFn: ({ kind, id }: { kind: 'refund' | 'check' | 'resolve'; id: number }) =>
      kind === 'refund' ? refundPayment(id) : kind === 'check' ? checkPayment(id) : resolvePaymentFlag(id),
    // A refund or a check can move the order's payment status: its rows, payments, the overview and sales follow.
    meta: { invalidates: changedBy.order },
    onSuccess: (_row, { kind }) => {
      setConfirming(null)
      toast.success(t(`orders.payments.done.${kind}`))
    },
    onError: (err) => toast.error(err instanceof ApiError ? err.message : t('orders.payments.action_failed')),
  })

  let body: ReactNode
  if (payments.isPending) body = <Skeleton className="h-20" />
  else if (payments.isError) body = <p className="text-sm text-red-700">{payments.error.message}</p>
  else if (payments.data.length === 0)
    body = <p className="text-sm text-stone-600">{t('orders.payments.none')}</p>
  else
    body = (
      <ol className="space-y-3">
        {payments.data.map((p) => {
          const busy = act.isPending && act.variables?.id === p.id
          const flagOpen = p.flag && !p.flag_resolved_at
          return (
            <li
              key={p.id}
              className="rounded-lg border border-sand-300 bg-white p-3 text-sm"
              data-testid="payment-attempt"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-stone-900">
                  {t(`orders.payments.provider.${p.gateway ?? p.provider}`, {
                    defaultValue: p.gateway ?? p.provider,
                  })}
                  <span className="ms-2 font-normal text-stone-600">
                    <span className="ltr-nums">{p.invoice_no}</span>
                  </span>
                </p>
                <Badge tone={STATE_TONE[p.state]}>{t(`common:payment_status.${p.state}`)}</Badge>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700 sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-stone-500">{t('orders.payments.amount')}</dt>
                <dd>
                  <span className="ltr-nums font-semibold">{amountText(p.amount, p.currency)}</span>
                  {p.exchange_rate ? (
                    <span className="ms-1 text-xs text-stone-500">
                      (
                      <span className="ltr-nums">{`1 ${p.currency} = ${p.exchange_rate} ${moneySymbol}`}</span>{' '}
                      · <span className="ltr-nums">{amountText(p.order_amount, 'LYD')}</span>)
                    </span>
                  ) : null}
                </dd>
                <dt className="text-stone-500">{t('orders.payments.started')}</dt>
                <dd>
                  <span className="ltr-nums">{when(p.created_at)}</span>
                </dd>
                {p.provider_ref ? (
                  <Id
                    label={t(`orders.payments.ref.${p.provider}`, {
                      defaultValue: t('orders.payments.ref.plutu'),
                    })}
                    value={p.provider_ref}
                  />
                ) : null}
                {p.provider_transaction_id ? (
                  <Id label={t('orders.payments.transaction')} value={p.provider_transaction_id} />
                ) : null}
                {p.refund_id ? <Id label={t('orders.payments.refund_id')} value={p.refund_id} /> : null}
                {p.recorded_by ? (
                  <>
                    <dt className="text-stone-500">{t('orders.payments.recorded_by')}</dt>
                    <dd>{p.recorded_by}</dd>
                  </>
                ) : null}
                {p.failure ? (
                  <>
                    <dt className="text-stone-500">{t('orders.payments.failure')}</dt>
                    <dd className="break-words text-red-800" dir="auto">
                      {p.failure}
                    </dd>
                  </>
                ) : null}
              </dl>
              {p.flag ? (
                <div
                  className={
                    flagOpen
                      ? 'mt-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-red-50 p-2 text-red-900'
                      : 'mt-2 rounded-md bg-sand-100 p-2 text-stone-600'
                  }
                >
                  <p className="flex items-start gap-1.5">
                    <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    <span>
                      {t(`orders.payments.flag.${p.flag}`)}
                      {!flagOpen ? ` · ${t('orders.payments.flag_seen')}` : ''}
                    </span>
                  </p>
                  {flagOpen && manage ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={busy && act.variables?.kind === 'resolve'}
                      onClick={() => act.mutate({ kind: 'resolve', id: p.id })}
                    >
                      {t('orders.payments.mark_seen')}
                    </Button>
                  ) : null}
                </div>
              ) : null}
              {manage && (p.refundable || (p.provider === 'paypal' && p.state === 'pending')) ? (
                <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-sand-200 pt-3">
                  {p.provider === 'paypal' && p.state === 'pending' ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      busy={busy && act.variables?.kind === 'check'}
                      icon={<RefreshCw className="size-4" aria-hidden="true" />}
                      onClick={() => act.mutate({ kind: 'check', id: p.id })}
                    >
                      {t('orders.payments.check')}
                    </Button>
                  ) : null}
                  {p.refundable && confirming !== p.id ? (
                    <Button
                      size="sm"
                      variant="ghost-danger"
                      icon={<Undo2 className="size-4" aria-hidden="true" />}
                      onClick={() => setConfirming(p.id)}
                    >
                      {t('orders.payments.refund')}
                    </Button>
                  ) : null}
                  {p.refundable && confirming === p.id ? (
                    <>
                      <span className="text-stone-800">
                        {t('orders.payments.refund_confirm', { amount: amountText(p.amount, p.currency) })}
                      </span>
                      <Button
                        size="sm"
                        variant="danger"
                        busy={busy}
                        onClick={() => act.mutate({ kind: 'refund', id: p.id })}
                      >
                        {t('orders.payments.refund_yes')}
                      </Button>
                      <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(null)}>
                        {t('common:actions.cancel')}
                      </Button>
                    </>
                  ) : null}
                </div>
              ) : null}
            </li>
          )
        })}
      </ol>
    )

  return (
    <section className="mt-6 border-t border-sand-300 pt-4" aria-labelledby="order-payments-title">
      <h3 id="order-payments-title" className="mb-3 font-bold text-stone-900">
        {t('orders.payments.title')}
      </h3>
      {body}
    </section>
  )
}

function Id({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-stone-500">{label}</dt>
      <dd className="min-w-0">
        <code className="ltr-nums break-all rounded bg-sand-100 px-1 text-xs">{value}</code>
      </dd>
    </>
  )
}
