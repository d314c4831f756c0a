import { eq } from 'drizzle-orm'
import { data as routeData } from 'react-router'
import type { Language } from '@shop/shared/i18n/messages'
import { translate } from '@shop/shared/i18n/messages'
import { parseReturnPolicyDays } from '@shop/shared/schemas/setting'
import type { StorefrontData } from '@shop/shared/storefront'
import type { Db } from '../db/client.ts'
import { isDataException } from '../db/errors.ts'
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
  channels: { mail: boolean; whatsapp: boolean },
): StorefrontData {
  return refusingBadInput({
    products: (query, lang) => catalog.products(query, lang),
    categories: (lang) => catalog.categories(lang),
    product: (slug, lang) => catalog.product(slug, lang),
    settings: () => publicSettings(db, channels),
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
  })
}

/**
 * Bad input that got past a page's own checks and that the database refused (SQLSTATE class 22: a NUL byte, a number
 * out of range) is the visitor's, as in the API (plugins/errors.ts): the page answers 400 with the API's text, never a
 * 500 with the failed query in the log (issue 40).
 */
function refusingBadInput(data: StorefrontData): StorefrontData {
  const guarded = {} as Record<string, unknown>
  for (const [name, read] of Object.entries(data) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    guarded[name] = async (...args: unknown[]) => {
      try {
        return await read(...args)
      } catch (error) {
        if (!isDataException(error)) throw error
        const lang = args.find((a): a is Language => a === 'ar' || a === 'en') ?? 'ar'
        throw routeData(
          { code: 'BAD_REQUEST', message: translate(lang, 'errors.BAD_REQUEST') },
          { status: 400 },
        )
      }
    }
  }
  return guarded as unknown as StorefrontData
}
