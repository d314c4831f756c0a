import { ChevronLeft, MapPin, Scale, ShoppingCart } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { fromCents, toCents } from '@shop/shared/money/money'
import {
  nextTier,
  referenceUnitPrice,
  tierFor,
  unitPriceCents,
  type PricedLine,
} from '@shop/shared/pricing/pricing'
import type { Product, Variant } from '@shop/shared/schemas/product'
import { FALLBACK_IMAGE, ProductCard } from '../../../components/product/product-card.tsx'
import { StockLine } from '../../../components/product/stock-line.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OfferBadge, OfferPrice } from '../../../components/product/offer-price.tsx'
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx'
import type { CartProductInput } from '../../../lib/cart/cart-model.ts'

// The product page's steps, top to bottom (product-page.tsx puts them together): where it sits in the shop, the
// chosen pack's picture, its prices, the product's details, the quantity and the add button, related products.

/** Home › Products › the category › the product. */
export function Breadcrumbs({ product }: { product: Product }) {
  const { t } = useTranslation('storefront')
  return (
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
  )
}

function Crumb() {
  return (
    <li aria-hidden="true" className="text-stone-400">
      <ChevronLeft className="size-4 ltr:rotate-180" />
    </li>
  )
}

/** The chosen pack's picture (the product's when the pack has none), veiled with "out of stock" when none is left. */
export function PackImage({
  product,
  pack,
  outOfStock,
}: {
  product: Product
  pack: Variant | null
  outOfStock: boolean
}) {
  const { t } = useTranslation('storefront')
  const image = pack?.image_url ?? product.image_url
  return (
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
  )
}

/** The pack's price, its price per kilo or litre, its price breaks (the one that applies marked) and its stock. */
export function PackPrices({
  product,
  pack,
  retail,
  applied,
  forCart,
}: {
  product: Product
  pack: Variant | null
  retail: Product['retail_price']
  /** The quantity of the price break the chosen quantity reaches. */
  applied: number | undefined
  forCart: CartProductInput
}) {
  const { t } = useTranslation('storefront')
  const tiers = pack?.tiers ?? []
  const reference = pack
    ? referenceUnitPrice(toCents(retail) ?? 0, { weightGrams: pack.weight_grams, volumeMl: pack.volume_ml })
    : null
  return (
    <div className="space-y-2">
      {/* Decision 0228: the automatic offer the shopper gets, named, and its price beside the crossed-out one. */}
      {product.offer ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
          <OfferBadge offer={product.offer} />
          <span dir="auto" className="font-semibold">
            {product.offer.label}
          </span>
          {product.offer.retail_only && tiers.length ? <span>({t('offer_badge.wholesale')})</span> : null}
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
            const current = applied === tier.min_quantity
            return (
              <li
                key={tier.min_quantity}
                aria-current={current ? 'true' : undefined}
                className={`flex w-fit flex-wrap items-center gap-1 rounded-md px-3 py-1.5 font-semibold ${
                  current ? 'bg-palm-50 text-palm-800 ring-1 ring-palm-300' : 'bg-honey-50 text-honey-800'
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
  )
}

/** Weight and origin, when the product has them. */
export function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation('storefront')
  const { weight, origin } = product.attributes ?? { weight: null, origin: null }
  if (!weight && !origin) return null
  return (
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
  )
}

/** How many to buy, what they cost, how far the next price break is, and the add button. */
export function BuyBox({
  name,
  line,
  quantity: shown,
  room,
  max,
  inCart,
  onQuantity: setQuantity,
  onAdd: add,
}: {
  name: string
  line: PricedLine
  quantity: number
  /** What the stock leaves after what the cart holds (decision 0015). */
  room: number
  max: number
  inCart: number
  onQuantity: (quantity: number) => void
  onAdd: () => void
}) {
  const { t } = useTranslation('storefront')
  const unitCents = unitPriceCents(line)
  const applied = tierFor(line)
  const next = nextTier(line)
  return (
    <div className="space-y-3 rounded-[var(--radius-card)] border border-sand-300 bg-white p-4 shadow-[var(--shadow-soft)]">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="font-semibold text-stone-700">{t('product_page.quantity')}</span>
        <QuantityStepper
          name={name}
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
        <p className="text-center text-sm text-stone-600">{t('product_page.in_cart', { count: inCart })}</p>
      ) : null}
    </div>
  )
}

/** More from the same category. */
export function RelatedProducts({ product, related }: { product: Product; related: Product[] }) {
  const { t } = useTranslation('storefront')
  if (related.length === 0) return null
  return (
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
  )
}
