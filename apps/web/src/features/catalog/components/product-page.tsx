import { ChevronLeft, MapPin, Scale, ShoppingCart } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toCents } from '@shop/shared/money/money'
import { unitPriceCents, unitsToWholesale } from '@shop/shared/pricing/pricing'
import type { Product } from '@shop/shared/schemas/product'
import { FALLBACK_IMAGE, ProductCard } from '../../../components/product/product-card.tsx'
import { StockLine } from '../../../components/product/stock-line.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { roomFor } from '../../../lib/cart/cart-model.ts'
import { useAddToCart } from '../../../lib/cart/use-add-to-cart.ts'

/** The product page: everything about one product, the quantity to buy and what the wholesale price takes. */
export function ProductPage({ product, related }: { product: Product; related: Product[] }) {
  const { t } = useTranslation('storefront')
  const { items } = useCart()
  const addToCart = useAddToCart()
  const [quantity, setQuantity] = useState(1)

  const outOfStock = product.stock <= 0
  // The stepper stops at what the stock leaves after what this cart already holds (decision 0015).
  const room = roomFor(items, product)
  const max = Math.max(1, room)
  const shown = Math.min(quantity, max)
  const { weight, origin } = product.attributes ?? { weight: null, origin: null }
  const line = {
    retailCents: toCents(product.retail_price) ?? 0,
    wholesaleCents: product.wholesale_price === null ? null : toCents(product.wholesale_price),
    wholesaleThreshold: product.wholesale_threshold,
    quantity: shown,
  }
  const unitCents = unitPriceCents(line)
  const toWholesale = unitsToWholesale(line)
  const wholesaleApplies =
    line.wholesaleCents !== null && line.wholesaleThreshold !== null && toWholesale === null
  const inCart = items.find((i) => i.id === product.id)?.quantity ?? 0

  const add = () => {
    if (addToCart(product, shown) !== 'limit') setQuantity(1)
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <nav aria-label={t('product_page.breadcrumbs')} className="mb-5 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-palm-800 hover:underline">
              {t('product_page.home')}
            </Link>
          </li>
          <Crumb />
          <li>
            <Link to="/products" className="hover:text-palm-800 hover:underline">
              {t('products.title')}
            </Link>
          </li>
          {product.category ? (
            <>
              <Crumb />
              <li>
                <Link
                  to={`/products?category=${encodeURIComponent(product.category.slug)}`}
                  className="hover:text-palm-800 hover:underline"
                >
                  {product.category.name}
                </Link>
              </li>
            </>
          ) : null}
          <Crumb />
          <li aria-current="page" className="font-semibold text-stone-800" dir="auto">
            {product.name}
          </li>
        </ol>
      </nav>

      <article className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="relative aspect-square overflow-hidden rounded-[var(--radius-card)] border border-sand-300 bg-sand-100 shadow-[var(--shadow-soft)]">
          <img
            src={product.image_url ?? FALLBACK_IMAGE}
            alt={product.name}
            width={800}
            height={800}
            fetchPriority="high"
            className="size-full object-cover"
            onError={(e) => {
              const img = e.currentTarget
              if (!img.src.endsWith(FALLBACK_IMAGE)) img.src = FALLBACK_IMAGE
            }}
          />
          {outOfStock ? (
            <div className="absolute inset-0 flex items-center justify-center bg-stone-900/55">
              <span className="rounded-full bg-white px-5 py-2 text-base font-bold text-red-800">
                {t('product.out_of_stock')}
              </span>
            </div>
          ) : null}
        </div>

        <div className="flex flex-col gap-5">
          <div>
            {product.category ? (
              <Link
                to={`/products?category=${encodeURIComponent(product.category.slug)}`}
                className="mb-2 inline-block"
              >
                <Badge tone="palm">{product.category.name}</Badge>
              </Link>
            ) : null}
            <h1 dir="auto" className="text-3xl leading-tight font-extrabold text-stone-900 sm:text-4xl">
              {product.name}
            </h1>
          </div>

          <div className="space-y-2">
            <p className="text-3xl font-extrabold text-date-700">
              <Money value={product.retail_price} />
              <span className="ms-2 text-base font-semibold text-stone-600">{t('product_page.each')}</span>
            </p>
            {product.wholesale_price !== null && product.wholesale_threshold !== null ? (
              <p className="inline-flex flex-wrap items-center gap-1 rounded-md bg-honey-50 px-3 py-1.5 font-semibold text-honey-800">
                {t('product_page.wholesale_offer', { count: product.wholesale_threshold })}
                <Money value={product.wholesale_price} />
                {t('product_page.each')}
              </p>
            ) : null}
            <StockLine product={product} />
          </div>

          {product.description ? (
            <p dir="auto" className="leading-relaxed whitespace-pre-line text-stone-700">
              {product.description}
            </p>
          ) : null}

          {weight || origin ? (
            <dl className="grid grid-cols-2 gap-3" aria-label={t('product.details')}>
              {weight ? (
                <div className="rounded-[var(--radius-control)] bg-sand-200 px-3 py-2">
                  <dt className="flex items-center gap-1 text-xs text-stone-600">
                    <Scale className="size-3.5" />
                    {t('product.weight')}
                  </dt>
                  <dd dir="auto" className="font-semibold text-stone-800">
                    {weight}
                  </dd>
                </div>
              ) : null}
              {origin ? (
                <div className="rounded-[var(--radius-control)] bg-sand-200 px-3 py-2">
                  <dt className="flex items-center gap-1 text-xs text-stone-600">
                    <MapPin className="size-3.5" />
                    {t('product.origin')}
                  </dt>
                  <dd dir="auto" className="font-semibold text-stone-800">
                    {origin}
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : null}

          {!outOfStock ? (
            <div className="space-y-3 rounded-[var(--radius-card)] border border-sand-300 bg-white p-4 shadow-[var(--shadow-soft)]">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <span className="font-semibold text-stone-700">{t('product_page.quantity')}</span>
                <QuantityStepper
                  name={product.name}
                  quantity={shown}
                  onDecrease={() => setQuantity(Math.max(1, shown - 1))}
                  onIncrease={() => setQuantity(Math.min(max, shown + 1))}
                  onSet={setQuantity}
                  max={max}
                  canIncrease={shown < room}
                />
              </div>
              <p className="flex items-center justify-between text-stone-700">
                <span>{t('product_page.total')}</span>
                <Money value={(unitCents * shown) / 100} className="text-xl font-extrabold text-date-700" />
              </p>
              {toWholesale !== null && toWholesale > 0 ? (
                <p className="text-sm font-semibold text-honey-800" data-testid="wholesale-hint">
                  {t('product_page.to_wholesale', { count: toWholesale })}
                </p>
              ) : wholesaleApplies ? (
                <p className="text-sm font-semibold text-palm-700" data-testid="wholesale-hint">
                  {t('product_page.wholesale_applies')}
                </p>
              ) : null}
              {room === 0 ? (
                <p className="text-sm text-stone-600">{t('product_page.all_in_cart', { count: inCart })}</p>
              ) : null}
              <Button
                variant="primary"
                size="lg"
                className="w-full"
                disabled={room === 0}
                icon={<ShoppingCart className="size-5" />}
                onClick={add}
              >
                {t('product.add_to_cart')}
              </Button>
              {inCart > 0 && room > 0 ? (
                <p className="text-center text-sm text-stone-600">
                  {t('product_page.in_cart', { count: inCart })}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </article>

      {related.length > 0 ? (
        <section className="mt-14" aria-labelledby="related-title">
          <h2 id="related-title" className="mb-5 text-2xl font-extrabold text-stone-900">
            {product.category
              ? t('product_page.related_in', { category: product.category.name })
              : t('product_page.related')}
          </h2>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((p) => (
              <li key={p.id} className="flex">
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

function Crumb() {
  return (
    <li aria-hidden="true" className="text-stone-400">
      <ChevronLeft className="size-4 ltr:rotate-180" />
    </li>
  )
}

/** The page for a product the shop does not have (or no longer sells): HTTP 404, and the way back to the shelves. */
export function ProductNotFound() {
  const { t } = useTranslation('storefront')
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <p className="ltr-nums text-6xl font-extrabold text-date-600">404</p>
      <h1 className="text-2xl font-extrabold text-stone-900">{t('product_page.not_found_title')}</h1>
      <p className="text-stone-600">{t('product_page.not_found_text')}</p>
      <Link
        to="/products"
        className="mt-3 inline-flex h-12 items-center rounded-[var(--radius-control)] bg-palm-700 px-6 font-bold text-white hover:bg-palm-800"
      >
        {t('product_page.browse')}
      </Link>
    </div>
  )
}
