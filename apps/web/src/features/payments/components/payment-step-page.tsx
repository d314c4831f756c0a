import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  AlertTriangle,
  Banknote,
  Clock,
  CreditCard,
  Globe2,
  Lock,
  ShoppingBag,
  Smartphone,
  Wallet,
} from 'lucide-react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import { isOtpGateway, type OrderPayment, type PlutuGateway } from '@shop/shared/schemas/payment'
import { Button, LinkButton } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { cn } from '../../../lib/cn.ts'
import { ApiError } from '../../../lib/api-client.ts'
import {
  forgetPendingPayment,
  readPendingPayment,
  type PendingPayment,
} from '../../../lib/pending-payment.ts'
import { toast } from '../../../lib/toast.ts'
import { useFinishOrder } from '../../../lib/use-finish-order.ts'
import { orderPaymentQuery, payOnDelivery, paymentKeys } from '../api/payments-api.ts'
import { RedirectPanel } from './redirect-panel.tsx'
import { WalletPanel } from './wallet-panel.tsx'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

type Option = PlutuGateway | 'paypal'

const ICONS: Record<Option, ReactNode> = {
  sadadapi: <Smartphone className="size-5" aria-hidden="true" />,
  edfali: <Wallet className="size-5" aria-hidden="true" />,
  localbankcards: <CreditCard className="size-5" aria-hidden="true" />,
  mpgs: <Globe2 className="size-5" aria-hidden="true" />,
  paypal: (
    <span className="text-sm font-black italic tracking-tight" aria-hidden="true">
      P
    </span>
  ),
}

/** The ways this order can be paid now, in the order the shop offers them. */
function optionsOf(view: OrderPayment): Option[] {
  return [...(view.massarat?.gateways ?? []), ...(view.paypal ? (['paypal'] as const) : [])]
}

/** "14:35" in the page's language, Western digits (docs/ui.md §2). */
const clock = (iso: string, lang: string) =>
  new Date(iso)
    .toLocaleTimeString(lang === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB', { hour: '2-digit', minute: '2-digit' })
    .replace(/\u200f/g, '')

/**
 * The payment step after an online-paid order is placed (decisions 0081, 0082): the order's stock is held while the
 * shopper pays by Sadad or Edfali (a code typed here), a local card or PayPal (their pages); or pays on delivery
 * instead. The cart is emptied only once the order is settled.
 */
export function PaymentStepPage() {
  const { t, i18n } = useTranslation('storefront')
  const formatMoney = useFormatMoney()
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
        <section
          aria-labelledby="pay-methods-title"
          className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]"
        >
          <h2 id="pay-methods-title" className="mb-4 text-lg font-bold text-stone-900">
            {t('pay.choose')}
          </h2>
          {lastFailure !== null ? (
            <p
              role="status"
              className="mb-4 flex items-start gap-2 rounded-[var(--radius-control)] border border-red-200 bg-red-50 p-3 text-sm text-red-900"
            >
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {t('pay.last_failed')}
                {lastFailure ? (
                  <span className="block text-red-800" dir="auto">
                    {lastFailure}
                  </span>
                ) : null}
              </span>
            </p>
          ) : null}
          <div role="radiogroup" aria-labelledby="pay-methods-title" className="grid gap-3 sm:grid-cols-2">
            {options.map((o) => (
              <label
                key={o}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-palm-600',
                  selected === o ? 'border-palm-700 bg-palm-50' : 'border-sand-300 hover:bg-sand-50',
                )}
              >
                <input
                  type="radio"
                  name="pay-option"
                  value={o}
                  className="sr-only"
                  checked={selected === o}
                  onChange={() => setChoice(o)}
                />
                <span
                  className={cn(
                    'grid size-10 shrink-0 place-items-center rounded-full',
                    selected === o ? 'bg-palm-700 text-white' : 'bg-sand-100 text-palm-800',
                  )}
                >
                  {ICONS[o]}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-stone-900">{t(`pay.option.${o}.title`)}</span>
                  <span className="block text-xs text-stone-600">{t(`pay.option.${o}.hint`)}</span>
                </span>
              </label>
            ))}
          </div>
          {selected ? (
            <div className="mt-5 border-t border-sand-200 pt-5">
              {isOtpGateway(selected) ? (
                <WalletPanel
                  key={selected}
                  gateway={selected}
                  pending={pending}
                  view={view}
                  onPaid={onPaid}
                  onChanged={refresh}
                />
              ) : (
                <RedirectPanel
                  key={selected}
                  gateway={selected}
                  pending={pending}
                  view={view}
                  onChanged={refresh}
                />
              )}
            </div>
          ) : (
            <p className="mt-4 text-sm text-stone-600">{t('pay.no_online_methods')}</p>
          )}
        </section>

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
                onClick={() => void onDelivery()}
                icon={<Banknote className="size-4" aria-hidden="true" />}
              >
                {t('pay.cash_instead')}
              </Button>
            </div>
          ) : null}
        </aside>
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
