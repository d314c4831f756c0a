import type { StorefrontData } from '@shop/shared/storefront'
import type { Db } from '../db/client.ts'
import type { StorefrontCatalog } from '../modules/catalog/storefront.service.ts'
import { getContent } from '../modules/content/content.service.ts'
import { publicSettings } from '../modules/settings/settings.service.ts'

/**
 * The shop's data for the server-rendered pages (decision 0031), read in-process from the same services and caches
 * as the public API: the pages and `GET /api/products` never disagree.
 */
export function createStorefrontData(db: Db, catalog: StorefrontCatalog): StorefrontData {
  return {
    products: (query, lang) => catalog.products(query, lang),
    categories: (lang) => catalog.categories(lang),
    product: (slug, lang) => catalog.product(slug, lang),
    settings: () => publicSettings(db),
    content: () => getContent(db),
    featured: async (lang) => catalog.featured((await getContent(db)).featured_product_ids, lang),
  }
}
