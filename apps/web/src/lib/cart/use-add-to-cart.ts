import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../toast.ts'
import { useCartAdd } from './cart-provider.tsx'
import { lineName, type CartProductInput } from './cart-model.ts'

/** Adds to the cart and tells the shopper what happened (product.md §8.3 toasts). */
export function useAddToCart() {
  const add = useCartAdd()
  const { t } = useTranslation('storefront')
  return useCallback(
    (product: CartProductInput, quantity = 1) => {
      const result = add(product, quantity)
      // The size too ("Tasfirt dates – 5 kg"): the shopper sees which pack went in.
      const name = lineName(product)
      if (result === 'out_of_stock') toast.error(t('product.out_of_stock_toast', { name }))
      else if (result === 'limit') toast.error(t('product.stock_limit_toast', { name, count: product.stock }))
      else toast.success(t('product.added_toast', { name }))
      return result
    },
    [add, t],
  )
}
