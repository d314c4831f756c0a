import { CreditCard } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../../../components/ui/button.tsx'
import { readPendingPayment } from '../../../lib/pending-payment.ts'

/**
 * Back at checkout with an order of this tab still waiting for its online payment (a cancelled or failed payment):
 * the cart is intact, and the shopper can pay for that order, or change the form (pay on delivery, another cart),
 * which reuses or releases it when placing (decision 0082).
 */
export function PendingPaymentBanner() {
  const { t } = useTranslation('storefront')
  const [pending] = useState(readPendingPayment)
  if (!pending) return null
  return (
    <div
      role="status"
      className="mb-5 flex flex-col gap-3 rounded-[var(--radius-card)] border border-palm-200 bg-palm-50 p-4 text-sm text-palm-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2">
        <CreditCard className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <span>
          {t('pay.pending_banner')} <span className="ltr-nums font-semibold">{pending.orderNumber}</span>
        </span>
      </p>
      <LinkButton to="/checkout/pay" size="sm" className="shrink-0">
        {t('pay.pay_now')}
      </LinkButton>
    </div>
  )
}
