import { ChevronLeft, MapPin, Scale, ShoppingCart } from 'lucide-react'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { fromCents, toCents } from '@shop/shared/money/money'
import { nextTier, referenceUnitPrice, tierFor, unitPriceCents } from '@shop/shared/pricing/pricing'
import type { Product, Variant } from '@shop/shared/schemas/product'
import { FALLBACK_IMAGE, ProductCard } from '../../../components/product/product-card.tsx'
import { StockLine } from '../../../components/product/stock-line.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OfferBadge, OfferPrice } from '../../../components/product/offer-price.tsx'
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { activePacks, heldOf, packToCart, roomFor, toPricedLine } from '../../../lib/cart/cart-model.ts'
import { useAddToCart } from '../../../lib/cart/use-add-to-cart.ts'
import { SizePicker } from './size-picker.tsx'

/**
 * The pack the address names (`?variant=<id>`, decision 0151), or the default pack (the first active one) for none, an
 * unknown one or one no longer on sale. Null for a product without packs.
 */
export function chosenPack(
  product: Pick<Product, 'variants'>,
  search: URLSearchParams | string,
): Variant | null {
  const packs = activePacks(product)
  const asked = Number(new URLSearchParams(search).get('variant'))
  return packs.find((v) => v.id === asked) ?? packs[0] ?? null
}

/**
 * The product page: everything about one product, its sizes (the chosen one in the address, so a shared link opens it
 * and the server renders it), the quantity to buy and what each price break takes.
 */
export function ProductPage({ product, related }: { product: Product; related: Product[] }) {
  const { t } = useTranslation('storefront')
  const { items } = useCart()
  const addToCart = useAddToCart()
  const [quantity, setQuantity] = useState(1)
  const [searchParams, setSearchParams] = useSearchParams()

  const packs = activePacks(product)
  const pack = chosenPack(product, searchParams)
  const choose = (next: Variant) =>
    setSearchParams(
      (params) => {
        const after = new URLSearchParams(params)
        if (next.id === packs[0]?.id) after.delete('variant')
        else after.set('variant', String(next.id))
        return after
      },
      { replace: true, preventScrollReset: true },
    )
  const forCart = packToCart(product, pack)
  const outOfStock = forCart.stock <= 0
  // The stepper stops at what the stock leaves after what this cart already holds (decision 0015).
  const room = roomFor(items, forCart)
  const max = Math.max(1, room)
  const shown = Math.min(quantity, max)
  const { weight, origin } = product.attributes ?? { weight: null, origin: null }
  const retail = pack?.price ?? product.retail_price
  const tiers = pack?.tiers ?? []
  const line = toPricedLine({ retail_price: retail, price: retail, tiers, quantity: shown })
  const unitCents = unitPriceCents(line)
  const applied = tierFor(line)
  const next = nextTier(line)
  const reference = pack
    ? referenceUnitPrice(toCents(retail) ?? 0, { weightGrams: pack.weight_grams, volumeMl: pack.volume_ml })
    : null
  const inCart = heldOf(items, forCart)
  const image = pack?.image_url ?? product.image_url

  const add = () => {
    if (addToCart(forCart, shown) !== 'limit') setQuantity(1)
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
            key={image ?? ''}
            src={image ?? FALLBACK_IMAGE}
            // Issue 40, decision 0234: the 400 px picture where it is enough (a phone at 1× density, a small window),
            // the 800 px one where the picture is drawn larger; the picture is the page's largest paint.
            srcSet={
              image && /\/large\.webp$/.test(image)
                ? `${image.replace(/large\.webp$/, 'small.webp')} 400w, ${image} 800w`
                : undefined
            }
            sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
            alt={pack?.label ? `${product.name} – ${pack.label}` : product.name}
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

          {packs.length > 1 && pack ? <SizePicker packs={packs} chosen={pack} onChoose={choose} /> : null}

          <div className="space-y-2">
            {product.offer ? (
              <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
                <OfferBadge offer={product.offer} />
                <span dir="auto" className="font-semibold">
                  {product.offer.label}
                </span>
                {product.offer.retail_only && tiers.length ? (
                  <span>({t('offer_badge.wholesale')})</span>
                ) : null}
              </p>
            ) : null}
            <p className="text-3xl font-extrabold text-date-700" data-testid="pack-price">
              <OfferPrice price={retail} offerPrice={pack ? pack.offer_price : product.offer_price} />
              <span className="ms-2 text-base font-semibold text-stone-600">{t('product_page.each')}</span>
            </p>
            {reference ? (
              <p className="text-sm text-stone-600" data-testid="reference-price">
                <Trans
                  t={t}
                  i18nKey={`product_page.reference.${reference.per}`}
                  components={[<Money key="price" value={fromCents(reference.cents)} />]}
                />
              </p>
            ) : null}
            {tiers.length ? (
              <ul className="space-y-1" aria-label={t('product_page.tiers_title')} data-testid="tiers">
                {tiers.map((tier) => {
                  const current = applied?.minQuantity === tier.min_quantity
                  return (
                    <li
                      key={tier.min_quantity}
                      aria-current={current ? 'true' : undefined}
                      className={`flex w-fit flex-wrap items-center gap-1 rounded-md px-3 py-1.5 font-semibold ${
                        current
                          ? 'bg-palm-50 text-palm-800 ring-1 ring-palm-300'
                          : 'bg-honey-50 text-honey-800'
                      }`}
                    >
                      {t('product_page.wholesale_offer', { count: tier.min_quantity })}
                      <Money value={tier.price} />
                      {t('product_page.each')}
                    </li>
                  )
                })}
              </ul>
            ) : null}
            <StockLine
              product={{ stock: forCart.stock, is_always_in_stock: forCart.is_always_in_stock ?? false }}
            />
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
                  name={pack?.label ? `${product.name} – ${pack.label}` : product.name}
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
              {applied ? (
                <p className="text-sm font-semibold text-palm-700" data-testid="wholesale-hint">
                  {t('product_page.wholesale_applies')}
                </p>
              ) : null}
              {next && !applied ? (
                <p className="text-sm font-semibold text-honey-800" data-testid="next-tier-hint">
                  {t('product_page.to_wholesale', { count: next.units })}
                </p>
              ) : next ? (
                <p className="text-sm font-semibold text-honey-800" data-testid="next-tier-hint">
                  <Trans
                    t={t}
                    i18nKey="product_page.next_tier"
                    count={next.units}
                    components={[<Money key="price" value={fromCents(next.tier.priceCents)} />]}
                  />
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
