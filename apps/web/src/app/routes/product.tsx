import {
  data,
  isRouteErrorResponse,
  redirect,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { chosenPack, ProductNotFound, ProductPage } from '../../features/catalog/components/product-page.tsx'
import { RouteErrorState } from '../route-error-boundary.tsx'
import { shopNameIn } from '@shop/shared/shop-identity'
import { fixedT, pageMeta, rootData } from '../seo.ts'
import { productLd } from '../structured-data.ts'
import type { Route } from './+types/product'

/** One product by its address; a renamed product's old address (or its id) moves permanently to the new one. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { data: shop, lang } = context.shop
  // No product's address holds a control character (a NUL cannot even be looked up): the designed 404 (issue 40).
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(params.slug)) throw data(null, { status: 404 })
  const [found, terms] = await Promise.all([shop.product(params.slug, lang), shop.offerTerms(lang)])
  if (found.kind === 'moved') {
    const url = new URL(request.url)
    throw redirect(`/products/${encodeURIComponent(found.slug)}${url.search}`, 301)
  }
  if (found.kind === 'missing') throw data(null, { status: 404 })
  return { product: found.product, related: found.related, terms }
}

/**
 * Choosing a size only changes `?variant=` (decision 0151): the product, its packs and the related products are already
 * here, so the loader is not asked again.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  const without = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete('variant')
    return params.toString()
  }
  return without(currentUrl) === without(nextUrl) ? false : defaultShouldRevalidate
}

/** Up to this many characters of the description in link previews and search results. */
const SNIPPET = 200

const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET - 1).trimEnd()}…` : flat
}

export const meta: Route.MetaFunction = ({ data: page, matches, error, location }) => {
  const root = rootData(matches)
  const lang = root?.lang ?? 'ar'
  const origin = root?.origin ?? ''
  if (!page || error) {
    const t = fixedT(lang)
    return pageMeta(root, {
      title: t('product_page.not_found_title'),
      description: t('product_page.not_found_text'),
      path: '/products',
      noindex: true,
    })
  }
  const { product } = page
  const path = `/products/${encodeURIComponent(product.slug)}`
  const description = snippet(product.description) || product.name
  // A JPEG of at least 600 px that link previews (WhatsApp, Facebook) can read; the shop's own picture otherwise.
  const image = product.image_url
    ? `${origin}${product.image_url.replace(/\/large\.webp$/, '/share.jpg')}`
    : `${origin}/og-image.png`
  // The size the address names (a shared size link previews that size's price).
  const pack = chosenPack(product, location.search)
  const inStock = (pack?.stock ?? product.stock) > 0
  const currency = root?.settings.currency || 'LYD'
  const tags = pageMeta(root, {
    title: product.name,
    description,
    path,
    ogType: 'product',
    image,
    imageAlt: product.name,
  })
  tags.push(
    { property: 'product:price:amount', content: (pack?.price ?? product.retail_price).toFixed(2) },
    { property: 'product:price:currency', content: currency },
    { property: 'product:availability', content: inStock ? 'in stock' : 'out of stock' },
    {
      // schema.org Product: React Router writes it as JSON with `<` escaped, so a name cannot end the script.
      'script:ld+json': productLd({
        product,
        origin,
        lang,
        currency,
        shop: shopNameIn(root?.settings ?? {}, lang),
        description,
        image,
        terms: page.terms,
      }),
    },
  )
  return tags
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return <ProductPage product={loaderData.product} related={loaderData.related} />
}

/** Unknown, inactive or archived product: the designed page, with HTTP 404. */
export function ErrorBoundary() {
  const error = useRouteError()
  return isRouteErrorResponse(error) && error.status === 404 ? <ProductNotFound /> : <RouteErrorState />
}
