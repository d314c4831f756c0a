import { BadgePercent, Trash2 } from 'lucide-react'
import { Trans, useTranslation } from 'react-i18next'
import { fromCents } from '@shop/shared/money/money'
import { Money } from '../../../components/ui/money.tsx'
import { DiscountMoney } from '../../../components/offers/offers.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx'
import {
  itemIsWholesale,
  itemLineCents,
  itemNextTier,
  itemUnitCents,
  lineKey,
  lineName,
  maxQuantity,
  type CartItem,
} from '../../../lib/cart/cart-model.ts'

/**
 * product.md §2.7 cart line: image, name and size, unit price 'each', wholesale note, the hint to the next price break,
 * −/+, line total, remove.
 */
/** `discountCents`: this line's part of the cart's discounts (decision 0176), shown under its total. */
export function CartLine({ item, discountCents = 0 }: { item: CartItem; discountCents?: number }) {
  const { t } = useTranslation('storefront')
  const cart = useCart()
  const wholesale = itemIsWholesale(item)
  const next = itemNextTier(item)
  const name = lineName(item)
  return (
    <li className="flex gap-4 p-4 sm:p-5">
      <img
        src={item.image_url || '/product-fallback.svg'}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className="size-20 shrink-0 rounded-[var(--radius-control)] bg-sand-100 object-cover sm:size-24"
        onError={(e) => {
          if (!e.currentTarget.src.endsWith('/product-fallback.svg'))
            e.currentTarget.src = '/product-fallback.svg'
        }}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 dir="auto" className="line-clamp-2 font-bold text-stone-900">
              {item.name}
            </h2>
            {item.variant_label ? (
              <p dir="auto" className="text-sm font-semibold text-stone-700" data-testid="cart-line-size">
                <span className="sr-only">{t('cart.size')}: </span>
                {item.variant_label}
              </p>
            ) : null}
            <p className="text-sm text-stone-600">
              <Money value={fromCents(itemUnitCents(item))} className="font-semibold text-date-700" />{' '}
              {t('cart.each')}
            </p>
          </div>
          <button
            type="button"
            onClick={() => cart.remove(lineKey(item))}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-stone-600 hover:bg-red-50 hover:text-red-700"
            aria-label={t('cart.remove', { name })}
          >
            <Trash2 className="size-5" aria-hidden="true" />
          </button>
        </div>
        {wholesale ? (
          <p className="inline-flex w-fit items-center gap-1 rounded-md bg-honey-100 px-2 py-0.5 text-sm font-semibold text-honey-800">
            <BadgePercent className="size-4" aria-hidden="true" />
            {t('cart.wholesale_applied')}
          </p>
        ) : null}
        {next ? (
          <p className="text-sm text-honey-800">
            {wholesale ? (
              <Trans
                t={t}
                i18nKey="cart.next_tier_hint"
                count={next.units}
                components={[<Money key="price" value={fromCents(next.tier.priceCents)} />]}
              />
            ) : (
              t('cart.wholesale_hint', { count: next.units })
            )}
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-3">
          <QuantityStepperInline item={item} />
          <p className="flex flex-col items-end text-lg font-extrabold text-date-700">
            <Money value={fromCents(itemLineCents(item))} />
            {discountCents > 0 ? (
              <span className="text-sm font-semibold" data-testid="line-discount">
                <span className="sr-only">{t('offers.line_discount')}: </span>
                <DiscountMoney value={fromCents(discountCents)} />
              </span>
            ) : null}
          </p>
        </div>
      </div>
    </li>
  )
}

function QuantityStepperInline({ item }: { item: CartItem }) {
  const cart = useCart()
  const key = lineKey(item)
  return (
    <QuantityStepper
      name={lineName(item)}
      quantity={item.quantity}
      onDecrease={() => cart.decrease(key)}
      onIncrease={() => cart.increase(key)}
      onSet={(q) => cart.setQuantity(key, q)}
      max={maxQuantity(item)}
      canIncrease={item.quantity < maxQuantity(item)}
    />
  )
}
