import { createHash } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import type { Language } from '@shop/shared/i18n/messages'
import type { ProductListQuery, ProductSuggestions } from '@shop/shared/schemas/product'
import { parseSearch } from '@shop/shared/search/normalize'
import type { DbOrTx } from '../../db/client.ts'
import { createCatalogVersion, type CatalogVersion } from './catalog-version.ts'
import { listProducts, productFilterKey, suggestProducts } from './products.service.ts'
import { SHOPPER_VIEW } from '../../domain/viewer.ts'
import { matchingCategories, searchPlan } from './search.ts'

/** A public list answer as it goes on the wire: serialized once, sent as is (decision 0019). */
export interface CachedList {
  body: Buffer
  etag: string
  /** The body gzipped (null when too small to gain), made on the first request that accepts it, kept with the entry. */
  gzip(): Buffer | null
}

/** Lists under this size are sent as they are: compressing would not save a network packet. */
const GZIP_MIN_BYTES = 1024

function cachedList(body: Buffer): CachedList {
  let gz: Buffer | null | undefined
  return {
    body,
    etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
    gzip: () =>
      gz === undefined ? (gz = body.length < GZIP_MIN_BYTES ? null : gzipSync(body, { level: 6 })) : gz,
  }
}

interface Entry<T> {
  version: number
  value: Promise<T>
}

/** Most recently used entries first out when full; any search term is a key, so the size is bounded. */
const MAX_ENTRIES = 500

function remember<T>(
  map: Map<string, Entry<T>>,
  key: string,
  version: number,
  make: () => Promise<T>,
): Promise<T> {
  const hit = map.get(key)
  if (hit && hit.version === version) {
    // Map keeps insertion order: re-inserting marks the entry as recently used.
    map.delete(key)
    map.set(key, hit)
    return hit.value
  }
  const value = make()
  // A failed query is not remembered: the next request tries again.
  value.catch(() => {
    if (map.get(key)?.value === value) map.delete(key)
  })
  map.delete(key)
  map.set(key, { version, value })
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!)
  return value
}

/**
 * Public (guest and shopper) product lists cached per process by catalogue version, language and normalized query
 * (decisions 0019 and 0059). Staff answers carry buying prices and are never cached. Exact totals: the
 * count of a filter is cached per version too, so that every page of one filter shares it, in every language (a
 * search matches every language, so the language does not change which products a filter selects).
 */
export function createPublicListCache(db: DbOrTx, version: CatalogVersion = createCatalogVersion(db)) {
  const pages = new Map<string, Entry<CachedList>>()
  const totals = new Map<string, Entry<number>>()
  const suggestions = new Map<string, Entry<CachedList>>()

  return {
    async get(query: ProductListQuery, lang: Language): Promise<CachedList> {
      const v = await version.current()
      const filters = productFilterKey(query, false)
      const key = `${lang}|${filters}|${query.page}|${query.per_page}`
      return remember(pages, key, v, async () => {
        const list = await listProducts(db, query, SHOPPER_VIEW, lang, (count) =>
          remember(totals, filters, v, count),
        )
        return cachedList(Buffer.from(JSON.stringify(list)))
      })
    },

    /**
     * GET /products/suggest (decision 0140): the first 6 in-stock products of the search and the active categories
     * whose names have every word, cached like the lists (per version, language and folded search).
     */
    async suggest(q: string, lang: Language): Promise<CachedList> {
      const v = await version.current()
      const parsed = parseSearch(q)
      return remember(suggestions, `${lang}|${parsed.folded}`, v, async () => {
        const answer: ProductSuggestions = { products: [], categories: [], did_you_mean: [] }
        if (parsed.words.length) {
          const [list, cats] = await Promise.all([
            suggestProducts(db, q, lang),
            matchingCategories(db, searchPlan(parsed), lang),
          ])
          answer.products = list.products.map((p) => ({
            id: p.id,
            slug: p.slug,
            name: p.name,
            price: p.price,
            image_small_url: p.image_small_url,
          }))
          answer.categories = cats
          answer.did_you_mean = cats.length ? [] : list.didYouMean
        }
        return cachedList(Buffer.from(JSON.stringify(answer)))
      })
    },
  }
}

export type PublicListCache = ReturnType<typeof createPublicListCache>
