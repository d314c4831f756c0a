import { AlertTriangle, CreditCard, Globe2, Smartphone, Wallet } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isOtpGateway, type OrderPayment, type PlutuGateway } from '@shop/shared/schemas/payment'
import { cn } from '../../../lib/cn.ts'
import type { PendingPayment } from '../../../lib/pending-payment.ts'
import { RedirectPanel } from './redirect-panel.tsx'
import { WalletPanel } from './wallet-panel.tsx'

export type Option = PlutuGateway | 'paypal'

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

interface PaymentOptionsProps {
  options: Option[]
  selected: Option | null
  onSelect: (option: Option) => void
  /** The last try's failure in the shop's words ('' when it gave none), or null when the last try did not fail. */
  lastFailure: string | null
  pending: PendingPayment
  view: OrderPayment
  onPaid: (paid: OrderPayment) => void
  onChanged: () => void
}

/** The payment step's ways to pay (issue 38: the payment step split): one chosen, and its panel under the choice. */
export function PaymentOptions({
  options,
  selected,
  onSelect: setChoice,
  lastFailure,
  pending,
  view,
  onPaid,
  onChanged: refresh,
}: PaymentOptionsProps) {
  const { t } = useTranslation('storefront')
  return (
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
          <OptionCard key={o} option={o} checked={selected === o} onSelect={() => setChoice(o)} />
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
  )
}

/** One way to pay, as a card that is a radio button. */
function OptionCard({
  option,
  checked,
  onSelect,
}: {
  option: Option
  checked: boolean
  onSelect: () => void
}) {
  const { t } = useTranslation('storefront')
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-[var(--radius-control)] border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-palm-600',
        checked ? 'border-palm-700 bg-palm-50' : 'border-sand-300 hover:bg-sand-50',
      )}
    >
      <input
        type="radio"
        name="pay-option"
        value={option}
        className="sr-only"
        checked={checked}
        onChange={onSelect}
      />
      <span
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-full',
          checked ? 'bg-palm-700 text-white' : 'bg-sand-100 text-palm-800',
        )}
      >
        {ICONS[option]}
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-stone-900">{t(`pay.option.${option}.title`)}</span>
        <span className="block text-xs text-stone-600">{t(`pay.option.${option}.hint`)}</span>
      </span>
    </label>
  )
}
