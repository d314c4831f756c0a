import { translatedText } from '@shop/shared/i18n/content'
import { toCents } from '@shop/shared/money/money'
import type { Offer } from '@shop/shared/pricing/offers'
import type { promotions } from '../db/schema/promotions.ts'

// A stored offer as the shared pricing's Offer (decision 0170): the checkout and the product views (decision 0228) read
// offers through this one mapping.

export type PromotionRow = typeof promotions.$inferSelect

export function toOffer(row: PromotionRow): Offer {
  return {
    id: row.id,
    code: row.code,
    label: { ar: row.name, en: translatedText(row.name, row.translations, 'name', 'en') ?? row.name },
    valueType: row.valueType,
    value: row.valueType === 'fixed' ? (toCents(row.value) ?? 0) : Number(row.value),
    target: row.target,
    productIds: row.productIds,
    categoryIds: row.categoryIds,
    variantIds: row.variantIds,
    minSubtotalCents: row.minSubtotal === null ? null : toCents(row.minSubtotal),
    cityIds: row.cityIds,
    paymentMethods: row.paymentMethods,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    firstOrderOnly: row.firstOrderOnly,
    retailOnly: row.retailOnly,
    combinable: row.combinable,
    isActive: row.isActive,
  }
}
