import { fromCents, toCents } from '@shop/shared/money/money'
import type { Order } from '@shop/shared/schemas/order'
import { itemLineCents, type CartItem } from './cart/cart-model.ts'
import type { DiscountLine } from './cart/cart-offers.ts'

/**
 * What the confirmation page shows of the order just placed (issue 26): its lines and totals, so a shopper paying on
 * delivery knows how much cash to have ready. The checkout hands it over in the navigation state; amounts in dinars.
 */
export interface ConfirmationSummary {
  /** `variant_label`: the pack size (decision 0152; '' or absent for an unnamed pack or a summary kept before it). */
  lines: {
    name: string
    variant_label?: string
    quantity: number
    line_total: number
    is_wholesale: boolean
  }[]
  subtotal: number
  /** Decision 0176: the order's discounts as stored (absent in a summary kept before offers). */
  discounts?: DiscountLine[]
  discount_total?: number
  delivery: number
  total: number
  cash: boolean
}

export interface ConfirmationState {
  orderId?: number
  orderNumber?: string
  /** Paid online: the payment was confirmed before coming here (decision 0082). */
  paid?: boolean
  summary?: ConfirmationSummary
}

/** From the server's answer to the order (its names and prices). */
export const summaryOfOrder = (order: Order): ConfirmationSummary => ({
  lines: order.items.map((i) => ({
    name: i.product_name,
    variant_label: i.variant_label,
    quantity: i.quantity,
    line_total: i.line_total,
    is_wholesale: i.is_wholesale,
  })),
  subtotal: order.subtotal,
  ...(order.adjustments?.length
    ? { discounts: discountsOfOrder(order.adjustments), discount_total: order.discount_total }
    : {}),
  delivery: order.delivery_price,
  total: order.total_amount,
  cash: order.payment_method === 'cash',
})

/** From the cart and the server's quote (an order switched to cash on delivery keeps the quoted numbers). */
export const summaryOfCart = (
  items: CartItem[],
  numbers: {
    subtotalCents: number
    deliveryCents: number
    totalCents: number
    discounts?: DiscountLine[]
  },
): ConfirmationSummary => ({
  lines: items.map((i) => ({
    name: i.name,
    variant_label: i.variant_label,
    quantity: i.quantity,
    line_total: fromCents(itemLineCents(i)),
    is_wholesale: false,
  })),
  subtotal: fromCents(numbers.subtotalCents),
  ...(numbers.discounts?.length
    ? {
        discounts: numbers.discounts,
        discount_total: fromCents(numbers.discounts.reduce((s, d) => s + (toCents(d.amount) ?? 0), 0)),
      }
    : {}),
  delivery: fromCents(numbers.deliveryCents),
  total: fromCents(numbers.totalCents),
  cash: true,
})

/** An order's stored adjustments as discount lines (never added up again: each amount as stored). */
export const discountsOfOrder = (adjustments: Order['adjustments']): DiscountLine[] =>
  adjustments.map((a, i) => ({
    key: `${a.promotion_id ?? `n${i}`}:${a.target}:${i}`,
    label: a.label,
    code: a.code,
    target: a.target,
    amount: a.amount,
  }))
