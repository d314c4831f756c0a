import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { CreateOrderInput, Quote } from '@shop/shared/schemas/order'
import type { CartContextValue } from '../../../lib/cart/cart-provider.tsx'
import {
  lineKey,
  lineName,
  quotedLineOf,
  type AskedLine,
  type PriceChange,
} from '../../../lib/cart/cart-model.ts'
import { toast } from '../../../lib/toast.ts'

// The checkout's pricing step (issue 38: the checkout page split along its steps): the server's quote is applied to
// the cart as it arrives (product.md §2.8: a changed price updates the cart and is shown, never silently charged).

/** The cart lines a request asked for, from its items. */
export const askedOf = (items: CreateOrderInput['items']): AskedLine[] =>
  items.map((i) => ({ id: i.product_id, variant_id: i.variant_id ?? null, quantity: i.quantity }))

export function useQuoteChanges(cart: CartContextValue, fresh: Quote | null | undefined, asked: AskedLine[]) {
  const { t } = useTranslation('storefront')
  const [changes, setChanges] = useState<PriceChange[]>([])
  const { applyServerPrices } = cart
  /**
   * `asked`: the lines the quote was asked for; those it leaves out no longer exist (decision 0009), also a pack that
   * was removed or switched off (decision 0152).
   */
  const applyQuote = (q: Quote, asked: AskedLine[]) => {
    const askedKeys = new Set(asked.map(lineKey))
    for (const gone of cart.items.filter(
      (i) => askedKeys.has(lineKey(i)) && !quotedLineOf(i, asked, q.items),
    )) {
      cart.remove(lineKey(gone))
      toast.error(t('checkout.removed_unavailable', { name: lineName(gone) }))
    }
    const changed = applyServerPrices(q.items, asked)
    if (changed.length)
      setChanges((prev) => [...prev.filter((p) => !changed.some((c) => c.key === p.key)), ...changed])
  }
  useEffect(() => {
    if (fresh) applyQuote(fresh, asked)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh])
  return { changes, dismissChanges: () => setChanges([]), applyQuote }
}
