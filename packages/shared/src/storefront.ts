import type { Language } from './i18n/messages.ts'
import type { Category } from './schemas/category.ts'
import type { StorefrontContent } from './schemas/content.ts'
import type { Product, ProductList } from './schemas/product.ts'
import type { PublicSettings } from './schemas/setting.ts'

/**
 * What the API gives the web app's server-rendered pages (decision 0031): the load context of every route loader.
 * apps/api (src/web/) builds one per request; apps/web's loaders read the shop's data through it, in-process.
 */
export interface StorefrontContext {
  /** The language the page is rendered in: `?lang=`, else the `language` cookie, else ar (decision 0032). */
  lang: Language
  /** The shop's public address without a trailing slash (APP_URL), for canonical, alternate and share links. */
  origin: string
  /** The Content-Security-Policy nonce of this response's inline scripts. */
  nonce: string
  data: StorefrontData
  /**
   * A page's loader or render failed (issue 40): the server writes it as one short line at error level on the
   * page's request line (never the failed query's text and values).
   */
  reportError?(error: unknown): void
}

export interface StorefrontProductsQuery {
  search: string
  category_id: number | null
  page: number
  per_page: number
}

export type ProductPageResult =
  | { kind: 'found'; product: Product; related: Product[] }
  /** The product was renamed since this address was made (or asked for by id): its address now. */
  | { kind: 'moved'; slug: string }
  /** Unknown, inactive or archived. */
  | { kind: 'missing' }

/** What a product's offer carries besides its price (decision 0111): delivery fees and the return policy. */
export interface OfferTerms {
  /** Each active city's delivery fee, the city named in the page's language. */
  delivery: { city: string; fee: number }[]
  /** Days a shopper has to return a product (setting `return_policy_days`); null when the shop sets none. */
  return_days: number | null
}

/** Public catalogue reads, in a language: the same answers the public API gives (`GET /api/products` …). */
export interface StorefrontData {
  /** Active products with stock, newest first. */
  products(query: StorefrontProductsQuery, lang: Language): Promise<ProductList>
  /** Active categories. */
  categories(lang: Language): Promise<Category[]>
  /** One product by its address, with up to four others of its category. */
  product(slug: string, lang: Language): Promise<ProductPageResult>
  settings(): Promise<PublicSettings>
  /** The owner's content of the landing page and the footer, both languages (decision 0125). */
  content(): Promise<StorefrontContent>
  /** The landing page's products: the owner's choice in order (listed ones, up to four), else the newest four. */
  featured(lang: Language): Promise<Product[]>
  /** Delivery fees and the return policy, for the product pages' structured data. */
  offerTerms(lang: Language): Promise<OfferTerms>
}
