import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router'
import { ProductNotFound, ProductPage } from '../../features/catalog/components/product-page.tsx'
import { RouteErrorState } from '../route-error-boundary.tsx'
import { shopNameIn } from '@shop/shared/shop-identity'
import { fixedT, pageMeta, rootData } from '../seo.ts'
import { offerTermsLd } from '../structured-data.ts'
import type { Route } from './+types/product'

/** One product by its address; a renamed product's old address (or its id) moves permanently to the new one. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { data: shop, lang } = context.shop
  const [found, terms] = await Promise.all([shop.product(params.slug, lang), shop.offerTerms(lang)])
  if (found.kind === 'moved') {
    const url = new URL(request.url)
    throw redirect(`/products/${encodeURIComponent(found.slug)}${url.search}`, 301)
  }
  if (found.kind === 'missing') throw data(null, { status: 404 })
  return { product: found.product, related: found.related, terms }
}

/** Up to this many characters of the description in link previews and search results. */
const SNIPPET = 200

const snippet = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET - 1).trimEnd()}…` : flat
}

export const meta: Route.MetaFunction = ({ data: page, matches, error }) => {
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
  const inStock = product.stock > 0
  const tags = pageMeta(root, {
    title: product.name,
    description,
    path,
    ogType: 'product',
    image,
    imageAlt: product.name,
  })
  tags.push(
    { property: 'product:price:amount', content: product.retail_price.toFixed(2) },
    { property: 'product:price:currency', content: root?.settings.currency || 'LYD' },
    { property: 'product:availability', content: inStock ? 'in stock' : 'out of stock' },
    {
      // schema.org Product: React Router writes it as JSON with `<` escaped, so a name cannot end the script.
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description,
        image: [image],
        sku: String(product.id),
        url: `${origin}${path}${lang === 'en' ? '?lang=en' : ''}`,
        ...(product.category ? { category: product.category.name } : {}),
        brand: { '@type': 'Brand', name: shopNameIn(root?.settings ?? {}, lang) },
        offers: {
          '@type': 'Offer',
          price: product.retail_price.toFixed(2),
          priceCurrency: root?.settings.currency || 'LYD',
          availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: `${origin}${path}`,
          itemCondition: 'https://schema.org/NewCondition',
          // Decision 0111: the delivery fees and the return policy, as the checkout and the owner set them.
          ...offerTermsLd(page.terms, 'LYD', lang),
        },
      },
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
