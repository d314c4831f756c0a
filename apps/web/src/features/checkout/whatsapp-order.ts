import type { TFunction } from 'i18next'
import { formatMoney, fromCents } from '@shop/shared/money/money'
import { whatsappHref } from '@shop/shared/orders/phone'
import { itemLineCents, lineName, type CartItem } from '../../lib/cart/cart-model.ts'

/**
 * Issue 26, decision 0136: where no payment method can pay the order, the shopper may send it to the shop on WhatsApp.
 * The message is in the page's language: a greeting, one line per product (quantity × name = line total), subtotal,
 * delivery, total and the city, so the shop can answer with a way to pay.
 */
export function whatsappOrderText(
  t: TFunction<'storefront'>,
  order: {
    items: CartItem[]
    subtotalCents: number
    deliveryCents: number
    totalCents: number
    /** Decision 0176: the order's discounts (dinars), each on a line. */
    discounts?: { label: string; code: string | null; amount: number }[]
    city: string | null
  },
  /** The shop's money symbol in the page's language (decision 0122). */
  moneySymbol?: string,
): string {
  const money = (cents: number) => formatMoney(fromCents(cents), moneySymbol)
  return [
    t('checkout.no_way.whatsapp_greeting'),
    '',
    ...order.items.map((i) => `- ${i.quantity} × ${lineName(i)} = ${money(itemLineCents(i))}`),
    '',
    `${t('checkout.subtotal')}: ${money(order.subtotalCents)}`,
    ...(order.discounts ?? []).map(
      (d) => `${d.label}${d.code ? ` (${d.code})` : ''}: −${formatMoney(d.amount, moneySymbol)}`,
    ),
    `${t('checkout.delivery')}: ${money(order.deliveryCents)}`,
    `${t('checkout.total')}: ${money(order.totalCents)}`,
    ...(order.city ? [`${t('checkout.city')}: ${order.city}`] : []),
  ].join('\n')
}

/** The wa.me link to the shop's WhatsApp number with the order written in; null when the shop has no number. */
export const whatsappOrderHref = (shopNumber: string | undefined, text: string) =>
  shopNumber ? whatsappHref(shopNumber, text) : null
