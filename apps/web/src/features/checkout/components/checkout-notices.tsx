import { AlertTriangle, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { fromCents } from '@shop/shared/money/money'
import type { Quote } from '@shop/shared/schemas/order'
import { LinkButton } from '../../../components/ui/button.tsx'
import { lineName, type PriceChange } from '../../../lib/cart/cart-model.ts'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

// What the checkout tells the shopper above the form (issue 38: the checkout page split along its steps): where the
// prefill came from, the prices the server changed, and the lines it can no longer sell.

/** A signed-in shopper's form was filled from the account or the last order (product.md §2.8). */
export function PrefillNotice({ fromAccount }: { fromAccount: boolean }) {
  const { t } = useTranslation('storefront')
  return (
    <p
      role="status"
      className="mb-5 flex items-start gap-2 rounded-[var(--radius-card)] border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
    >
      <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      {fromAccount ? t('checkout.autofill_account_notice') : t('checkout.autofill_notice')}
    </p>
  )
}

/** A changed price updates the cart and is shown, never silently charged (product.md §2.8). */
export function PriceChangesAlert({ changes, onDismiss }: { changes: PriceChange[]; onDismiss: () => void }) {
  const { t } = useTranslation('storefront')
  const formatMoney = useFormatMoney()
  return (
    <div
      role="alert"
      className="mb-5 rounded-[var(--radius-card)] border border-honey-400 bg-honey-50 p-4 text-sm text-stone-900"
    >
      <p className="flex items-center gap-2 font-bold">
        <AlertTriangle className="size-5 text-honey-700" aria-hidden="true" />
        {t('checkout.prices_changed_title')}
      </p>
      <ul className="mt-2 list-disc space-y-1 ps-6">
        {changes.map((c) => (
          <li key={c.key}>
            {t('checkout.price_changed_line', { name: c.name })}{' '}
            <span className="ltr-nums line-through">{formatMoney(fromCents(c.from))}</span> →{' '}
            <span className="ltr-nums font-bold">{formatMoney(fromCents(c.to))}</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="mt-2 text-sm font-semibold text-palm-800 underline"
        onClick={onDismiss}
      >
        {t('checkout.prices_changed_ok')}
      </button>
    </div>
  )
}

/** Lines the quote says are not available (sold out, or fewer left), with the way back to the cart. */
export function UnavailableAlert({ lines }: { lines: Quote['items'] }) {
  const { t } = useTranslation('storefront')
  return (
    <div
      role="alert"
      className="mb-5 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-bold">{t('checkout.unavailable_title')}</p>
      <ul className="mt-2 list-disc space-y-1 ps-6">
        {lines.map((l) => (
          <li key={`${l.product_id}:${l.variant_id ?? ''}`}>
            {t('checkout.unavailable_line', { name: lineName(l), count: l.available ?? 0 })}
          </li>
        ))}
      </ul>
      <LinkButton to="/cart" variant="secondary" size="sm" className="mt-3">
        {t('checkout.edit_cart')}
      </LinkButton>
    </div>
  )
}
