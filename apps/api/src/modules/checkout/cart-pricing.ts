import { eq } from 'drizzle-orm'
import { fromCents, toCents } from '@shop/shared/money/money'
import { TRANSLATED_LANGUAGES } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Quote } from '@shop/shared/schemas/order'
import type { Offer, PricedOrder } from '@shop/shared/pricing/offers'
import {
  adjustmentsView,
  assertCoupon,
  priceWithOffers,
  skippedView,
  toPublicOffer,
} from '../../domain/offers.ts'
import type { DbOrTx } from '../../db/client.ts'
import { cities } from '../../db/schema/cities.ts'
import { hasStock } from '../../domain/stock.ts'
import { AppError } from '../../lib/app-error.ts'
import { productText } from '../../domain/product-view.ts'
import { imageUrl } from '../../domain/images.ts'

import {
  deliveryCity,
  isSellable,
  mergeItems,
  priceItem,
  resolveItems,
  variantLabel,
  type CartItem,
  type CityRow,
  type PricedItem,
  type ProductRow,
} from '../../domain/order-pricing.ts'

// The line rules moved to domain/order-pricing.ts (staff order edits use them too); checkout keeps its names.
export { deliveryCity, isSellable, mergeItems, priceItem, resolveItems }
export type { CartItem, CityRow, PricedItem, ProductRow }

/**
 * Decision 0027: an order without city_id is delivered to the one active city named by a comma-separated part of
 * its shipping address (product.md §5.3 joins "address, city, state"); none or several → 422 on city_id, nothing
 * guessed.
 */
export async function deliveryCityFromAddress(db: DbOrTx, shippingAddress: string): Promise<CityRow> {
  const parts = new Set(
    shippingAddress
      .split(/[,،]/)
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean),
  )
  const active = await db.select().from(cities).where(eq(cities.isActive, true))
  // The address names the city in the language the shopper used (decision 0055: any of its names).
  const names = (c: CityRow) =>
    [c.name, ...TRANSLATED_LANGUAGES.map((l) => c.translations?.[l]?.name ?? '')].filter(Boolean)
  const named = active.filter((c) => names(c).some((n) => parts.has(n.trim().toLowerCase())))
  if (named.length !== 1)
    throw new AppError('VALIDATION_FAILED', 422, { fields: { city_id: ['validation.city_required'] } })
  return named[0]!
}

/** The server's prices for the lines and their discounts, the names in the reader's language (decision 0061). */
export function quoteOf(
  lines: { priced: PricedItem; sellable: boolean }[],
  pricing: PricedOrder,
  offers: Offer[],
  lang: Language,
  usedUp: ReadonlySet<number> = new Set(),
): Quote {
  const items = lines.map(({ priced, sellable }) => {
    const { product, variant } = priced
    const first = variant.tiers[0]
    const discount = pricing.lines.find((l) => l.key === variant.id)?.discountCents ?? 0
    return {
      product_id: product.id,
      variant_id: variant.id,
      variant_label: variantLabel(variant, lang),
      sku: variant.sku,
      tiers: variant.tiers.map((t) => ({ min_quantity: t.minQuantity, price: t.price })),
      name: productText(product, 'name', lang) ?? product.name,
      quantity: priced.quantity,
      unit_price: fromCents(priced.unitCents),
      retail_price: variant.retailPrice,
      wholesale_price: first?.price ?? null,
      wholesale_threshold: first?.minQuantity ?? null,
      is_wholesale: priced.isWholesale,
      line_total: fromCents(priced.lineCents),
      available: !sellable ? 0 : variant.isAlwaysInStock ? (variant.stock > 0 ? null : 0) : variant.stock,
      is_available: sellable && hasStock(variant, priced.quantity),
      discount: fromCents(discount),
      category_id: product.categoryId,
      image_url: imageUrl(variant.imageId ?? product.imageId, 'small'),
    }
  })
  const coupon = pricing.coupon
  const applied = new Set(pricing.adjustments.map((a) => a.offerId))
  return {
    items,
    subtotal: fromCents(pricing.subtotalCents),
    discount_total: fromCents(pricing.discountTotalCents),
    delivery_price: fromCents(pricing.deliveryCents),
    total: fromCents(pricing.totalCents),
    total_amount: fromCents(pricing.totalCents),
    adjustments: adjustmentsView(pricing, lang),
    coupon: coupon && !coupon.refusal ? { code: coupon.code, applied: coupon.applied } : null,
    free_delivery_hint: pricing.freeDeliveryHint
      ? {
          missing: fromCents(pricing.freeDeliveryHint.missingCents),
          label: lang === 'en' ? pricing.freeDeliveryHint.label.en : pricing.freeDeliveryHint.label.ar,
        }
      : null,
    // The browser re-prices with these while quantities change: the automatic offers, and the typed code's offer when
    // it is accepted (an unknown or refused code tells nothing about other codes). An offer whose uses are all taken
    // (in total or by this customer) is left out: the browser would price with a discount the order cannot give.
    offers: offers
      .filter((o) => !usedUp.has(o.id))
      .filter(
        (o) =>
          o.code === null ||
          (coupon && !coupon.refusal && o.code.toUpperCase() === coupon.code.trim().toUpperCase()) ||
          applied.has(o.id),
      )
      .filter((o) => o.isActive)
      .map((o) => toPublicOffer(o, lang)),
    not_applied: skippedView(pricing, lang),
  }
}

export interface QuoteRequest {
  items: CartItem[]
  city_id?: number
  coupon_code?: string
  customer_phone?: string
  payment_method?: string
}

/**
 * POST /api/orders/quote: server prices for a cart, with its discounts and availability; writes nothing.
 * Products that no longer exist, are archived or switched off are left out, so the cart can drop them: the quote tells
 * no more about a product than GET /api/products/{id} does (decision 0094). A code that cannot apply is refused with
 * 422 COUPON_… on `coupon_code`, as placing the order would refuse it.
 */
export async function quoteCart(
  db: DbOrTx,
  input: QuoteRequest,
  lang: Language,
  userId: number | null = null,
): Promise<Quote> {
  const items = await resolveItems(db, input.items)
  const deliveryCents = input.city_id
    ? (toCents((await deliveryCity(db, input.city_id)).deliveryPrice) ?? 0)
    : null
  const lines = items.flatMap((item) => {
    if (!isSellable(item.sellable)) return []
    return [{ priced: priceItem(item.sellable, item.quantity), sellable: true }]
  })
  const { pricing, offers, usedUp } = await priceWithOffers(
    db,
    lines.map((l) => l.priced),
    deliveryCents,
    input.coupon_code,
    {
      cityId: input.city_id ?? null,
      paymentMethod: input.payment_method ?? null,
      customer: { phone: input.customer_phone ?? null, userId },
    },
    new Date(),
  )
  await assertCoupon(db, pricing, lang)
  return quoteOf(lines, pricing, offers, lang, usedUp)
}
