import { BadgePercent, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { fromCents } from '@shop/shared/money/money'
import { Money } from '../../../components/ui/money.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx'
import {
  itemIsWholesale,
  itemLineCents,
  itemUnitCents,
  itemUnitsToWholesale,
  maxQuantity,
  type CartItem,
} from '../../../lib/cart/cart-model.ts'

/** product.md §2.7 cart line: image, name, unit price 'each', wholesale note or hint, −/+, line total, remove. */
export function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation('storefront')
  const cart = useCart()
  const wholesale = itemIsWholesale(item)
  const toWholesale = itemUnitsToWholesale(item)
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
            <p className="text-sm text-stone-600">
              <Money value={fromCents(itemUnitCents(item))} className="font-semibold text-date-700" />{' '}
              {t('cart.each')}
            </p>
          </div>
          <button
            type="button"
            onClick={() => cart.remove(item.id)}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-[var(--radius-control)] text-stone-600 hover:bg-red-50 hover:text-red-700"
            aria-label={t('cart.remove', { name: item.name })}
          >
            <Trash2 className="size-5" aria-hidden="true" />
          </button>
        </div>
        {wholesale ? (
          <p className="inline-flex w-fit items-center gap-1 rounded-md bg-honey-100 px-2 py-0.5 text-sm font-semibold text-honey-800">
            <BadgePercent className="size-4" aria-hidden="true" />
            {t('cart.wholesale_applied')}
          </p>
        ) : toWholesale !== null ? (
          <p className="text-sm text-honey-800">{t('cart.wholesale_hint', { count: toWholesale })}</p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-3">
          <QuantityStepperInline item={item} />
          <p className="text-lg font-extrabold text-date-700">
            <Money value={fromCents(itemLineCents(item))} />
          </p>
        </div>
      </div>
    </li>
  )
}

function QuantityStepperInline({ item }: { item: CartItem }) {
  const cart = useCart()
  return (
    <QuantityStepper
      name={item.name}
      quantity={item.quantity}
      onDecrease={() => cart.decrease(item.id)}
      onIncrease={() => cart.increase(item.id)}
      onSet={(q) => cart.setQuantity(item.id, q)}
      max={maxQuantity(item)}
      canIncrease={item.quantity < maxQuantity(item)}
    />
  )
}
