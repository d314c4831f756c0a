import { copyTranslated, type Translations } from '@shop/shared/i18n/content'
import type { Sellable } from './order-pricing.ts'

/**
 * Decision 0058 and 0150: an order line keeps the product's name and the pack's label in every language as they are
 * at the time of sale; a later rename never rewrites them.
 */
export function lineTranslations(s: Sellable): Translations<'product_name' | 'variant_label'> {
  const names = copyTranslated(s.product.translations, 'name', 'product_name') as Translations<
    'product_name' | 'variant_label'
  >
  const labels = copyTranslated(s.variant.translations, 'label', 'variant_label')
  for (const [lang, texts] of Object.entries(labels)) {
    const key = lang as keyof typeof names
    names[key] = { ...(names[key] ?? {}), ...texts }
  }
  return names
}
