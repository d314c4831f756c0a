import { MapPin, Ruler, Scale, ShoppingCart } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { StockLine } from './stock-line.tsx'
import { OfferBadge, OfferPrice } from './offer-price.tsx'
import { Link } from 'react-router'
import type { Product } from '@shop/shared/schemas/product'
import { Badge } from '../ui/badge.tsx'
import { Button, LinkButton } from '../ui/button.tsx'
import { Money } from '../ui/money.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { useAddToCart } from '../../lib/cart/use-add-to-cart.ts'
import { activePacks, packToCart } from '../../lib/cart/cart-model.ts'

export const FALLBACK_IMAGE = '/product-fallback.svg'

/** The product page's address (decision 0034: a readable slug made from the name). */
export const productPath = (product: Pick<Product, 'slug'>) => `/products/${encodeURIComponent(product.slug)}`

/** product.md §2.5 product card, docs/ui.md §4. */
/** `headingLevel`: h3 under a landing section's h2, h2 directly under the products page's h1. */
/**
 * `priority`: a card in the first row of /products, whose picture is the page's largest paint (performance.md,
 * LCP budget; Lighthouse "lcp-lazy-loaded"): fetched at once with high priority; every other picture loads lazily.
 */
export function ProductCard({
  product,
  headingLevel = 'h3',
  priority = false,
}: {
  product: Product
  headingLevel?: 'h2' | 'h3'
  priority?: boolean
}) {
  const Heading = headingLevel
  const { t } = useTranslation('storefront')
  const addToCart = useAddToCart()
  // product.md §2.5: out of stock at 0 or less; always-in-stock products only skip the count
  // ("in stock" / "out of stock").
  // Decision 0151: one card per product; with several sizes it shows "from" the cheapest price when the prices differ,
  // names the sizes, and its button opens the product page to choose one instead of adding a size the shopper did not
  // pick.
  const packs = activePacks(product)
  const several = packs.length > 1
  const outOfStock = several ? packs.every((v) => v.stock <= 0) : product.stock <= 0
  const retail = product.retail_price ?? product.price
  const pricesDiffer = several && packs.some((v) => v.price !== packs[0]!.price)
  const hasWholesale = !several && product.wholesale_price !== null && product.wholesale_threshold !== null
  const sizes = several ? packs.map((v) => v.label).filter(Boolean) : []
  const { weight, origin } = product.attributes ?? { weight: null, origin: null }

  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)] transition-shadow hover:shadow-md">
      <div className="relative aspect-square overflow-hidden bg-sand-100">
        <img
          src={product.image_small_url ?? product.image_url ?? FALLBACK_IMAGE}
          alt={product.name}
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          onError={(e) => {
            // product.md §2.5: an image that fails to load swaps to the fallback picture (once, to avoid a loop).
            const img = e.currentTarget
            if (!img.src.endsWith(FALLBACK_IMAGE)) img.src = FALLBACK_IMAGE
          }}
        />
        {product.category ? (
          <Badge tone="palm-on-image" className="absolute start-3 top-3">
            {product.category.name}
          </Badge>
        ) : null}
        {product.offer ? <OfferBadge offer={product.offer} className="absolute end-3 top-3" /> : null}
        {outOfStock ? (
          <div className="absolute inset-0 flex items-center justify-center bg-stone-900/55">
            <span className="rounded-full bg-white px-4 py-1.5 text-sm font-bold text-red-800">
              {t('product.out_of_stock')}
            </span>
          </div>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading dir="auto" className="line-clamp-2 text-lg leading-snug font-bold text-stone-900">
          {/* The whole card opens the product page (the stretched link covers it; the button sits above it). */}
          <Link
            to={productPath(product)}
            prefetch="intent"
            className="after:absolute after:inset-0 after:z-0 hover:text-palm-800 focus-visible:outline-none focus-visible:after:rounded-[var(--radius-card)] focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-palm-600"
          >
            {product.name}
          </Link>
        </Heading>
        {product.description ? (
          <p dir="auto" className="line-clamp-2 text-sm text-stone-600">
            {product.description}
          </p>
        ) : null}
        {weight || origin || sizes.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t('product.details')}>
            {sizes.length ? (
              <li
                className="inline-flex items-center gap-1 rounded-full bg-sand-200 px-2.5 py-0.5 text-xs text-stone-700"
                data-testid="card-sizes"
              >
                <Ruler className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t('product.sizes')}: </span>
                <bdi>{sizes.join(' · ')}</bdi>
              </li>
            ) : weight ? (
              <li className="inline-flex items-center gap-1 rounded-full bg-sand-200 px-2.5 py-0.5 text-xs text-stone-700">
                <Scale className="size-3.5" />
                <span className="sr-only">{t('product.weight')}: </span>
                {weight}
              </li>
            ) : null}
            {origin ? (
              <li className="inline-flex items-center gap-1 rounded-full bg-sand-200 px-2.5 py-0.5 text-xs text-stone-700">
                <MapPin className="size-3.5" />
                <span className="sr-only">{t('product.origin')}: </span>
                {origin}
              </li>
            ) : null}
          </ul>
        ) : null}

        <div className="mt-auto space-y-1 pt-2">
          <p className="text-2xl font-extrabold text-date-700" data-testid="card-price">
            {pricesDiffer ? (
              <Trans
                t={t}
                i18nKey="product.price_from"
                components={[
                  <span key="from" className="text-base font-semibold text-stone-600" />,
                  <Money key="price" value={product.price_from} />,
                ]}
              />
            ) : (
              <OfferPrice price={retail} offerPrice={product.offer_price} />
            )}
          </p>
          {hasWholesale ? (
            <p className="inline-flex flex-wrap items-center gap-1 rounded-md bg-honey-50 px-2 py-1 text-sm font-semibold text-honey-800">
              {t('product.wholesale_line', { count: product.wholesale_threshold ?? 0 })}
              <Money value={product.wholesale_price} />
            </p>
          ) : null}
          {several ? (
            <StockLine
              product={{ stock: outOfStock ? 0 : 1, is_always_in_stock: true }}
              className="text-sm"
            />
          ) : (
            <StockLine product={product} className="text-sm" />
          )}
        </div>

        {several && !outOfStock ? (
          <LinkButton
            to={productPath(product)}
            prefetch="intent"
            variant="primary"
            className="relative z-10 mt-2 w-full"
            aria-label={t('product.choose_size_named', { name: product.name })}
          >
            {t('product.choose_size')}
          </LinkButton>
        ) : (
          <Button
            variant="primary"
            className="relative z-10 mt-2 w-full"
            disabled={outOfStock}
            icon={<ShoppingCart className="size-4" />}
            onClick={() => addToCart(packToCart(product))}
            // WCAG 2.5.3: the name a screen reader or voice control uses starts with the words on the button.
            aria-label={t(outOfStock ? 'product.out_of_stock_named' : 'product.add_to_cart_named', {
              name: product.name,
            })}
          >
            {outOfStock ? t('product.out_of_stock') : t('product.add_to_cart')}
          </Button>
        )}
      </div>
    </article>
  )
}

export function ProductCardSkeleton() {
  return (
    <div
      className="overflow-hidden rounded-[var(--radius-card)] border border-sand-300 bg-white"
      aria-hidden="true"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-7 w-1/3" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  )
}
