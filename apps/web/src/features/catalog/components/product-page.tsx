import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { tierFor } from '@shop/shared/pricing/pricing'
import type { Product, Variant } from '@shop/shared/schemas/product'
import { Badge } from '../../../components/ui/badge.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { activePacks, heldOf, packToCart, roomFor, toPricedLine } from '../../../lib/cart/cart-model.ts'
import { useAddToCart } from '../../../lib/cart/use-add-to-cart.ts'
import {
  BuyBox,
  Breadcrumbs,
  PackImage,
  PackPrices,
  ProductDetails,
  RelatedProducts,
} from './product-page-parts.tsx'
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
  const retail = pack?.price ?? product.retail_price
  const tiers = pack?.tiers ?? []
  const line = toPricedLine({ retail_price: retail, price: retail, tiers, quantity: shown })
  const applied = tierFor(line)

  const add = () => {
    if (addToCart(forCart, shown) !== 'limit') setQuantity(1)
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <Breadcrumbs product={product} />

      <article className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <PackImage product={product} pack={pack} outOfStock={outOfStock} />

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

          <PackPrices
            product={product}
            pack={pack}
            retail={retail}
            applied={applied?.minQuantity}
            forCart={forCart}
          />

          {product.description ? (
            <p dir="auto" className="leading-relaxed whitespace-pre-line text-stone-700">
              {product.description}
            </p>
          ) : null}

          <ProductDetails product={product} />

          {!outOfStock ? (
            <BuyBox
              name={pack?.label ? `${product.name} – ${pack.label}` : product.name}
              line={line}
              quantity={shown}
              room={room}
              max={max}
              inCart={heldOf(items, forCart)}
              onQuantity={setQuantity}
              onAdd={add}
            />
          ) : null}
        </div>
      </article>

      <RelatedProducts product={product} related={related} />
    </div>
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
