import { eq } from 'drizzle-orm'
import { parseReturnPolicyDays } from '@shop/shared/schemas/setting'
import type { StorefrontData } from '@shop/shared/storefront'
import type { Db } from '../db/client.ts'
import { settings } from '../db/schema/settings.ts'
import type { StorefrontCatalog } from '../modules/catalog/storefront.service.ts'
import { getContent } from '../modules/content/content.service.ts'
import { activeCities } from '../modules/cities/cities.service.ts'
import { publicSettings } from '../modules/settings/settings.service.ts'

/**
 * The shop's data for the server-rendered pages (decision 0031), read in-process from the same services and caches
 * as the public API: the pages and `GET /api/products` never disagree.
 */
export function createStorefrontData(
  db: Db,
  catalog: StorefrontCatalog,
  mailEnabled: boolean,
): StorefrontData {
  return {
    products: (query, lang) => catalog.products(query, lang),
    categories: (lang) => catalog.categories(lang),
    product: (slug, lang) => catalog.product(slug, lang),
    settings: () => publicSettings(db, mailEnabled),
    content: () => getContent(db),
    featured: async (lang) => catalog.featured((await getContent(db)).featured_product_ids, lang),
    // Decision 0111: what a product's offer tells search engines besides its price.
    async offerTerms(lang) {
      const [cities, [policy]] = await Promise.all([
        activeCities(db, lang),
        db
          .select({ value: settings.value })
          .from(settings)
          .where(eq(settings.key, 'return_policy_days'))
          .limit(1),
      ])
      return {
        delivery: cities.data.map((c) => ({ city: c.name, fee: c.delivery_price })),
        return_days: parseReturnPolicyDays(policy?.value),
      }
    },
  }
}
