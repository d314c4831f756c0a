import { useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, fromCents } from '@shop/shared/money/money'
import type { CouponRefusal } from '@shop/shared/pricing/offers'
import type { CreateOrderInput, Quote, QuoteInput } from '@shop/shared/schemas/order'
import { api, ApiError } from '../api-client.ts'
import { useShopBrand } from '../shop-settings.ts'
import { lineKey, type CartItem } from './cart-model.ts'
import {
  factsOfQuote,
  NO_FACTS,
  notAppliedOf,
  priceCart,
  pricingOfLocal,
  pricingOfQuote,
  type CartContextFacts,
  type CartPricing,
  type NotAppliedOffer,
  type QuoteFacts,
} from './cart-offers.ts'

// Issue 29 / decision 0176: the cart's and the checkout's prices with offers. The server's quote (POST /api/orders/quote
// with the typed code) is the truth; between two quotes the browser prices with the same function and the offers the
// last quote sent, so a quantity change shows its discount and the free-delivery hint at once.

/** The quote's cache key (the checkout puts a 409 PRICE_CHANGED's fresh quote under it). */
export const quoteKey = (input: QuoteInput) => ['checkout', 'quote', input] as const

export const fetchQuote = (input: QuoteInput, signal?: AbortSignal) =>
  api<Quote>('/api/orders/quote', { method: 'POST', body: input, signal })

/** The order's and the quote's lines: each cart line's product, pack (none for a line saved without one), quantity. */
export function orderItems(
  items: { id: number; variant_id: number | null; quantity: number }[],
): CreateOrderInput['items'] {
  return items.map((i) => ({
    product_id: i.id,
    ...(i.variant_id !== null ? { variant_id: i.variant_id } : {}),
    quantity: i.quantity,
  }))
}

/** A refusal of the typed code: an answer 422 with `errors.coupon_code` (its text in the shopper's language). */
export function couponErrorOf(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 422) return null
  const field = err.errors?.coupon_code
  if (!field && !err.code.startsWith('COUPON_')) return null
  return field?.[0] ?? err.message
}

export type CodeState =
  /** No code typed. */
  | { status: 'none' }
  /** Asking the server. */
  | { status: 'checking'; code: string }
  /** In the order. */
  | { status: 'applied'; code: string }
  /** It qualifies, but a better offer that does not combine with it applies (`winners`: what applied). */
  | { status: 'better'; code: string; winners: string[] }
  /** A delivery code waits for the city. */
  | { status: 'waiting'; code: string }
  /** Refused: the reason, translated. */
  | { status: 'refused'; code: string; message: string }

export interface CartPricingInput {
  items: CartItem[]
  code: string | null
  cityId: number | null
  /** The chosen city's fee (cents) for the browser's pricing; null while none is chosen. */
  deliveryCents: number | null
  phone?: string | null
  paymentMethod?: string | null
  enabled: boolean
}

export interface CartPricingResult {
  pricing: CartPricing
  /** Decision 0228: the offers the last quote did not apply, and why. */
  notApplied: NotAppliedOffer[]
  /** The server's quote for exactly this cart, code and form; null while it is asked for. */
  fresh: Quote | null
  /** The quote that answered last (with the code, or without it once the code was refused). */
  quote: Quote | null
  /** The input the fresh quote answers (send its items with the order). */
  input: QuoteInput
  codeState: CodeState
  fetching: boolean
  refetch(): void
}

export function useCartPricing({
  items,
  code,
  cityId,
  deliveryCents,
  phone = null,
  paymentMethod = null,
  enabled,
}: CartPricingInput): CartPricingResult {
  const { i18n } = useTranslation()
  const { moneySymbol } = useShopBrand()
  const lineSignature = items.map((i) => `${lineKey(i)}x${i.quantity}`).join(',')
  const base = useMemo<QuoteInput>(
    () => ({
      items: orderItems(items),
      ...(cityId !== null ? { city_id: cityId } : {}),
      ...(phone?.trim() ? { customer_phone: phone.trim() } : {}),
      ...(paymentMethod ? { payment_method: paymentMethod as QuoteInput['payment_method'] } : {}),
    }),
    // Only ids, packs, quantities and the facts matter; prices changing in the cart do not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lineSignature, cityId, phone, paymentMethod],
  )
  const coded = useMemo<QuoteInput>(() => (code ? { ...base, coupon_code: code } : base), [base, code])
  const on = enabled && items.length > 0
  const first = useQuery({
    queryKey: quoteKey(coded),
    queryFn: ({ signal }) => fetchQuote(coded, signal),
    enabled: on,
    staleTime: 0,
  })
  const refusal = code ? couponErrorOf(first.error) : null
  // A refused code: the cart keeps its prices without it.
  const plain = useQuery({
    queryKey: quoteKey(base),
    queryFn: ({ signal }) => fetchQuote(base, signal),
    enabled: on && refusal !== null,
    staleTime: 0,
  })
  const answered = refusal !== null ? plain : first
  const fresh = answered.data && !answered.isPlaceholderData ? answered.data : null
  const input = refusal !== null ? base : coded

  // The last answer and the facts it told, kept while the next one is asked for.
  const facts: CartContextFacts = { cityId, deliveryCents, paymentMethod }
  const learned = useMemo(() => (fresh ? { quote: fresh, learned: factsOfQuote(fresh) } : null), [fresh])
  const [last, setLast] = useState(learned)
  if (learned && learned !== last) setLast(learned)
  // The code's last refusal stays on screen while the server is asked again for the same code.
  const [lastRefusal, setLastRefusal] = useState<{ code: string; message: string } | null>(null)
  if (code && refusal !== null && (lastRefusal?.code !== code || lastRefusal.message !== refusal))
    setLastRefusal({ code, message: refusal })
  else if (lastRefusal && (!code || (first.isSuccess && !first.isFetching))) setLastRefusal(null)

  const shown = learned ?? last
  const offers = shown?.quote.offers ?? []
  const known: QuoteFacts = shown?.learned ?? NO_FACTS
  const stillRefused = refusal === null && code !== null && lastRefusal?.code === code
  const localCode = refusal !== null || stillRefused ? null : code
  const local = priceCart(items, offers, localCode, facts, known)
  const pricing = fresh ? pricingOfQuote(fresh, items, lineKey) : pricingOfLocal(local, items, lineKey)

  const localRefusal = (r: CouponRefusal, missingCents?: number) =>
    i18n.exists(`errors.${r}`, { ns: 'shared' })
      ? i18n.t(`errors.${r}`, {
          ns: 'shared',
          missing: missingCents === undefined ? '' : formatMoney(fromCents(missingCents), moneySymbol),
        })
      : null

  let codeState: CodeState = { status: 'none' }
  if (code) {
    if (refusal !== null) codeState = { status: 'refused', code, message: refusal }
    else if (fresh) {
      const applied = fresh.coupon?.applied ?? false
      // Decision 0228: the quote says why the code is not in the order (waiting for the city, or a better offer).
      // An answer from before the reasons existed: a delivery code waits while no city is chosen.
      const offer = (fresh.offers ?? []).find((o) => o.code?.toUpperCase() === code.trim().toUpperCase())
      const why = fresh.not_applied
        ? fresh.not_applied.find((s) => s.code !== null)?.reason
        : offer?.target === 'delivery' && cityId === null
          ? 'needs_city'
          : 'better_offer'
      if (applied) codeState = { status: 'applied', code }
      else if (why === 'needs_city') codeState = { status: 'waiting', code }
      else codeState = { status: 'better', code, winners: (fresh.adjustments ?? []).map((a) => a.label) }
    } else {
      // Between two answers: what the browser's pricing says, else the last answer's refusal, else checking.
      const mine = local.coupon
      const message =
        mine?.refusal && offers.some((o) => o.code !== null)
          ? localRefusal(mine.refusal, mine.missingCents)
          : null
      if (message) codeState = { status: 'refused', code, message }
      else if (stillRefused && lastRefusal)
        codeState = { status: 'refused', code, message: lastRefusal.message }
      else if (mine?.applied) codeState = { status: 'applied', code }
      else codeState = { status: 'checking', code }
    }
  }

  const shownQuote = fresh ?? last?.quote ?? null
  return {
    pricing,
    notApplied: notAppliedOf(shownQuote, shownQuote?.free_delivery_hint?.label ?? null),
    fresh,
    quote: shownQuote,
    input,
    codeState,
    fetching: first.isFetching || plain.isFetching,
    refetch: () => void (refusal !== null ? plain.refetch() : first.refetch()),
  }
}
