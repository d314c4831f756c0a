import { and, eq, isNull, or, sql } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import { fromCents, toCents } from '@shop/shared/money/money'
import { percentOf, type Offer } from '@shop/shared/pricing/offers'
import type { ProductOffer } from '@shop/shared/schemas/product'
import type { DbOrTx } from '../db/client.ts'
import { promotions } from '../db/schema/promotions.ts'
import { toOffer } from './offer-rows.ts'

// Decision 0228: the offers a shopper sees before the cart, on product cards and the product page. Only an automatic
// offer that the shopper gets whatever the rest of the order is promised there: running now, uses left, and no
// minimum, city, payment method or first-order condition (the cart and the quote explain those). The cart's pricing
// (decision 0170) stays the one truth of what an order pays; this only never promises more than it will give.

/** The automatic offers running now that promise a price to anyone. */
export async function promisedOffers(db: DbOrTx, now = new Date()): Promise<Offer[]> {
  const at = now.toISOString()
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        isNull(promotions.code),
        eq(promotions.isActive, true),
        eq(promotions.firstOrderOnly, false),
        isNull(promotions.minSubtotal),
        sql`cardinality(${promotions.cityIds}) = 0`,
        sql`cardinality(${promotions.paymentMethods}) = 0`,
        sql`${promotions.target} <> 'delivery'`,
        or(isNull(promotions.startsAt), sql`${promotions.startsAt} <= ${at}`),
        or(isNull(promotions.endsAt), sql`${promotions.endsAt} > ${at}`),
        or(isNull(promotions.usageLimit), sql`${promotions.usedCount} < ${promotions.usageLimit}`),
      ),
    )
  return rows.map(toOffer)
}

interface Target {
  productId: number
  categoryId: number | null
  variantId: number
}

const concerns = (o: Offer, t: Target) =>
  o.target === 'order' ||
  o.productIds.includes(t.productId) ||
  (t.categoryId !== null && o.categoryIds.includes(t.categoryId)) ||
  o.variantIds.includes(t.variantId)

/** The pack's best promised offer: the largest percentage, else the largest sum. */
export function offerFor(offers: readonly Offer[], t: Target): Offer | null {
  const mine = offers.filter((o) => concerns(o, t))
  const rank = (o: Offer) => (o.valueType === 'percentage' ? [1, o.value] : [0, o.value])
  return mine.sort((a, b) => rank(b)[0]! - rank(a)[0]! || rank(b)[1]! - rank(a)[1]! || a.id - b.id)[0] ?? null
}

/** A unit price after a percentage offer, rounded as the pricing rounds (decision 0170). */
export const priceAfter = (offer: Offer, price: number): number | undefined => {
  if (offer.valueType !== 'percentage') return undefined
  const cents = toCents(price) ?? 0
  return fromCents(cents - percentOf(cents, offer.value))
}

export function productOfferView(offer: Offer, lang: Language): ProductOffer {
  return {
    promotion_id: offer.id,
    label: lang === 'en' ? offer.label.en : offer.label.ar,
    percent: offer.valueType === 'percentage' ? offer.value : null,
    amount: offer.valueType === 'fixed' ? fromCents(offer.value) : null,
    retail_only: offer.retailOnly,
    ends_at: offer.endsAt,
  }
}
