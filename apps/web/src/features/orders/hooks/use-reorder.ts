import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { quotedLineOf, roomFor, type AskedLine, type CartProductInput } from '../../../lib/cart/cart-model.ts'
import type { ReorderNotice } from '../../../lib/cart/reorder-notice.ts'
import { toast } from '../../../lib/toast.ts'
import { quoteLines } from '../api/order-actions.ts'

export interface ReorderLine {
  product_id: number | null
  /** The pack sold (decision 0152); left out, the product's default pack. */
  variant_id?: number | null
  product_name: string
  variant_label?: string
  quantity: number
}

/**
 * Decision 0072: "order again" puts an old order's products that can still be bought back in the cart, at today's
 * prices (the server's quote), as many as the stock allows; the cart then says what was left out and why.
 */
export function useReorder() {
  const cart = useCart()
  const navigate = useNavigate()
  const { t } = useTranslation('storefront')
  const [busy, setBusy] = useState(false)

  async function reorder(orderNumber: string, lines: ReorderLine[]) {
    if (busy) return
    setBusy(true)
    try {
      const known = lines.filter((l): l is ReorderLine & { product_id: number } => l.product_id !== null)
      const asked: AskedLine[] = known.map((l) => ({
        id: l.product_id,
        variant_id: l.variant_id ?? null,
        quantity: Math.min(l.quantity, 10_000),
      }))
      const quote = known.length
        ? await quoteLines(
            asked.map((a) => ({
              product_id: a.id,
              ...(a.variant_id !== null ? { variant_id: a.variant_id } : {}),
              quantity: a.quantity,
            })),
          )
        : { items: [] }
      const notice: ReorderNotice = { orderNumber, added: 0, leftOut: [] }
      for (const line of lines) {
        const q =
          line.product_id === null
            ? undefined
            : quotedLineOf(
                { id: line.product_id, variant_id: line.variant_id ?? null, quantity: line.quantity },
                asked,
                quote.items,
              )
        if (!q) {
          // A product, or a size, no longer sold (decision 0152: the pack sold, not another one).
          notice.leftOut.push({
            name: line.variant_label ? `${line.product_name} – ${line.variant_label}` : line.product_name,
            reason: 'gone',
          })
          continue
        }
        const name = q.variant_label ? `${q.name} – ${q.variant_label}` : q.name
        // An order holds each product once (its lines are merged), so what the cart held before is all roomFor needs.
        // `available` is null for an always-in-stock product that is in stock.
        const product: CartProductInput = {
          id: q.product_id,
          variant_id: q.variant_id,
          variant_label: q.variant_label,
          tiers: q.tiers,
          name: q.name,
          image_url: q.image_url ?? null,
          price: q.retail_price,
          retail_price: q.retail_price,
          wholesale_price: q.wholesale_price,
          wholesale_threshold: q.wholesale_threshold,
          stock: q.available ?? 1,
          is_always_in_stock: q.available === null,
        }
        const units = q.available === 0 ? 0 : Math.min(line.quantity, roomFor(cart.items, product))
        if (units <= 0) {
          notice.leftOut.push({ name, reason: 'unavailable' })
          continue
        }
        cart.add(product, units)
        notice.added += units
        if (units < line.quantity)
          notice.leftOut.push({ name, reason: 'fewer', added: units, wanted: line.quantity })
      }
      navigate('/cart', { state: { reorder: notice } })
    } catch (err) {
      toast.error((err as Error).message || t('reorder.failed'))
    } finally {
      setBusy(false)
    }
  }

  return { reorder, busy }
}
