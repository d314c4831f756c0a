import { BadgePercent } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ProductOffer } from '@shop/shared/schemas/product'
import { Money } from '../ui/money.tsx'

// Decision 0228: an automatic offer seen before the cart. The server says which offer a product carries and the price
// after it (offer_price), so the card and the product page draw the same promise the cart will keep.

/** The offer's badge: "−15 %" or "−5.00 LYD", with its name for screen readers and on hover. */
export function OfferBadge({ offer, className }: { offer: ProductOffer; className?: string }) {
  const { t } = useTranslation('storefront')
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold text-white shadow-sm ${className ?? ''}`}
      title={offer.label}
      data-testid="offer-badge"
    >
      <BadgePercent className="size-3.5" aria-hidden="true" />
      {offer.percent !== null ? (
        <span className="ltr-nums">{t('offer_badge.percent', { percent: offer.percent })}</span>
      ) : (
        <span>
          {t('offer_badge.amount_prefix')}
          <Money value={offer.amount} />
        </span>
      )}
      <span className="sr-only">{t('offer_badge.named', { name: offer.label })}</span>
    </span>
  )
}

/**
 * The price a shopper pays with the offer, the regular price crossed out beside it (read as "was … now …" by screen
 * readers). Without an offer price, just the price.
 */
export function OfferPrice({ price, offerPrice }: { price: number; offerPrice?: number | null }) {
  const { t } = useTranslation('storefront')
  if (offerPrice === undefined || offerPrice === null || offerPrice >= price) return <Money value={price} />
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2" data-testid="offer-price">
      <span className="sr-only">{t('offer_badge.now')}</span>
      <Money value={offerPrice} className="text-red-700" />
      <span className="sr-only">{t('offer_badge.was')}</span>
      <del className="text-base font-semibold text-stone-500" data-testid="crossed-price">
        <Money value={price} />
      </del>
    </span>
  )
}
