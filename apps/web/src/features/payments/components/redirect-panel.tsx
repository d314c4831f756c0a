import { ExternalLink, Info } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { OrderPayment, RedirectGateway } from '@shop/shared/schemas/payment'
import { Button } from '../../../components/ui/button.tsx'
import { FieldError } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { PendingPayment } from '../../../lib/pending-payment.ts'
import { startRedirect } from '../api/payments-api.ts'
import { useShopBrand } from '../../../lib/shop-settings.ts'

const usd = (n: number) => `${n.toFixed(2)} USD`

/**
 * A local bank card (Plutu's card page) or PayPal: the amount, in dollars with the rate for PayPal (decision 0079:
 * shown before the shopper leaves our site), then the provider's page in this tab. They come back to a result page.
 */
export function RedirectPanel({
  gateway,
  pending,
  view,
  onChanged,
}: {
  gateway: RedirectGateway | 'paypal'
  pending: PendingPayment
  view: OrderPayment
  onChanged(): void
}) {
  const { t } = useTranslation('storefront')
  const { formatMoney, moneySymbol } = useShopBrand()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  // PayPal and international cards (MPGS) charge dollars at the staff's rate.
  const inDollars = gateway === 'paypal' ? view.paypal : gateway === 'mpgs' ? view.usd : null
  const dollars = inDollars?.amount ?? null

  const go = async () => {
    if (busy) return
    setBusy(true)
    setProblem(null)
    try {
      const started = await startRedirect(pending, {
        gateway,
        ...(dollars !== null ? { expected_amount: dollars } : {}),
      })
      // Leaving the shop for the provider's page; busy stays on while the browser goes.
      window.location.assign(started.redirect_url)
    } catch (err) {
      setBusy(false)
      setProblem(err instanceof ApiError && err.status > 0 ? err.message : t('pay.error_generic'))
      if (
        err instanceof ApiError &&
        ['PAYMENT_AMOUNT_CHANGED', 'PAYMENT_NOT_PAYABLE', 'OUT_OF_STOCK'].includes(err.code)
      )
        onChanged()
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">{t(`pay.option.${gateway}.how`)}</p>
      {inDollars ? (
        <div
          className="rounded-[var(--radius-control)] border border-honey-400 bg-honey-50 p-4 text-sm text-stone-900"
          data-testid="usd-amount"
        >
          <p className="flex items-start gap-2 font-semibold">
            <Info className="mt-0.5 size-4 shrink-0 text-honey-800" aria-hidden="true" />
            {t(gateway === 'paypal' ? 'pay.paypal_usd_note' : 'pay.card_usd_note')}
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
            <dt className="text-stone-600">{t('pay.order_total')}</dt>
            <dd className="text-end">
              <span className="ltr-nums">{formatMoney(view.total_amount)}</span>
            </dd>
            <dt className="text-stone-600">{t('pay.exchange_rate')}</dt>
            <dd className="text-end">
              <span className="ltr-nums">{`1 USD = ${inDollars.exchange_rate} ${moneySymbol}`}</span>
            </dd>
            <dt className="font-bold">{t('pay.you_pay')}</dt>
            <dd className="text-end text-lg font-extrabold text-date-700">
              <span className="ltr-nums">{usd(inDollars.amount)}</span>
            </dd>
          </dl>
        </div>
      ) : null}
      {problem ? <FieldError message={problem} /> : null}
      <Button
        size="lg"
        className="w-full sm:w-auto"
        busy={busy}
        onClick={() => void go()}
        icon={<ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden="true" />}
      >
        {busy
          ? t('pay.leaving')
          : t(`pay.option.${gateway}.go`, {
              amount: dollars !== null ? usd(dollars) : formatMoney(view.total_amount),
            })}
      </Button>
    </div>
  )
}
