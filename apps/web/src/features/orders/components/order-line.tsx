import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { SizeLabel } from './size-label.tsx'

export interface OrderLineProps {
  /** The name the line was sold under, in the reader's language (decision 0058). */
  name: string
  /** The product is gone: the name is shown muted. */
  gone?: boolean
  variantLabel?: string | null
  quantity: number
  wholesale?: boolean
  /** Shown as "12.00 each ·" before the line's total where the page has room for it (my orders). */
  unitPrice?: number | string
  lineTotal: number | string
}

/**
 * One line of a shopper's order, drawn the same on my orders, tracking and the confirmation page: name and size,
 * "× quantity", the wholesale badge, the line's total.
 */
export function OrderLine({
  name,
  gone,
  variantLabel,
  quantity,
  wholesale,
  unitPrice,
  lineTotal,
}: OrderLineProps) {
  const { t } = useTranslation('storefront')
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="order-line">
      <span className="min-w-0">
        {/* bdi: an Arabic name next to "× 3" must not pull the quantity into its direction. */}
        <bdi className={gone ? 'text-stone-600 italic' : 'font-semibold text-stone-900'}>{name}</bdi>
        <SizeLabel label={variantLabel} />
        <span className="text-stone-600">
          {' '}
          × <span className="ltr-nums">{quantity}</span>
        </span>
        {wholesale ? (
          <Badge tone="honey" className="ms-2">
            {t('orders.wholesale')}
          </Badge>
        ) : null}
      </span>
      {unitPrice !== undefined ? (
        <span className="text-stone-600">
          <Money value={unitPrice} /> {t('cart.each')} ·{' '}
          <Money value={lineTotal} className="font-semibold text-stone-900" />
        </span>
      ) : (
        <Money value={lineTotal} className="font-semibold text-stone-900" />
      )}
    </li>
  )
}
