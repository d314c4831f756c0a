import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { TFunction } from 'i18next'
import { useNavigate } from 'react-router'
import { fromCents } from '@shop/shared/money/money'
import type { CheckoutForm, CreateOrderInput, Quote } from '@shop/shared/schemas/order'
import { ApiError } from '../../../lib/api-client.ts'
import type { CartContextValue } from '../../../lib/cart/cart-provider.tsx'
import type { AskedLine } from '../../../lib/cart/cart-model.ts'
import { couponErrorOf, orderItems, quoteKey } from '../../../lib/cart/use-cart-pricing.ts'
import { summaryOfCart, summaryOfOrder, type ConfirmationState } from '../../../lib/confirmation.ts'
import {
  forgetPendingPayment,
  orderFingerprint,
  payPendingOnDelivery,
  readPendingPayment,
  releasePendingOrder,
  savePendingPayment,
} from '../../../lib/pending-payment.ts'
import { toast } from '../../../lib/toast.ts'
import { placeOrder } from '../api/checkout-api.ts'
import { forgetIdempotencyKey, idempotencyKeyFor } from '../idempotency.ts'
import { askedOf } from './use-quote-changes.ts'

// The checkout's last step (issue 38: the checkout page split along its steps): check → the order as the API takes it
// → the same pending online order again, or a new order → the payment step or the confirmation; a refusal is said
// where the shopper can act on it.

type Numbers = Parameters<typeof summaryOfCart>[1] & { totalCents: number }

interface PlaceOrderOptions {
  form: UseFormReturn<CheckoutForm>
  cart: CartContextValue
  cityId: number | null
  /** The city's cash refusal (decision 0071) and what to say under the methods when cash was chosen anyway. */
  cash: { refusal: string | null; chooseOther: string }
  numbers: Numbers
  /** Whether the typed code goes with the order (not when the quote or an earlier placing refused it). */
  sendCode: boolean
  /** The quote's query (its key, to store a fresher quote; refetch, to show what is left). */
  quote: { input: Parameters<typeof quoteKey>[0]; refetch: () => unknown }
  applyQuote: (q: Quote, asked: AskedLine[]) => void
  onCodeRefused: (message: string) => void
}

/** The order as the API takes it (decision 0214: the contact in parts; the server joins the spec's texts). */
function orderPayload(
  values: CheckoutForm,
  { cart, cityId, numbers, sendCode }: PlaceOrderOptions,
): CreateOrderInput {
  return {
    customer: {
      first_name: values.firstName,
      last_name: values.lastName,
      phone: values.phone,
      whatsapp: values.whatsappNumber,
      email: values.email,
      address_line: values.address,
      city_id: cityId!,
      state: values.state,
    },
    payment_method: values.paymentMethod,
    // Issue 41: the checkbox beside the WhatsApp number declines its messages for this order.
    whatsapp_opt_in: !values.whatsappDecline,
    notes: '',
    items: orderItems(cart.items),
    expected_total: fromCents(numbers.totalCents),
    // Decision 0176: the code goes with the order unless it is refused (then the order is priced without it, as shown).
    ...(cart.code && sendCode ? { coupon_code: cart.code } : {}),
  }
}

/** A refusal from placing, said where the shopper can act on it; the form and the cart are kept. */
function explainRefusal(
  err: unknown,
  payload: CreateOrderInput,
  options: PlaceOrderOptions,
  { t, queryClient }: { t: TFunction<'storefront'>; queryClient: QueryClient },
) {
  const couponError = couponErrorOf(err)
  if (err instanceof ApiError && err.code === 'PRICE_CHANGED' && err.body?.quote) {
    const fresh = err.body.quote as Quote
    queryClient.setQueryData(quoteKey(options.quote.input), fresh)
    options.applyQuote(fresh, askedOf(payload.items))
    toast.error(t('checkout.prices_changed_toast'))
  } else if (couponError !== null) {
    // Decision 0176: the code was refused on placing (used up meanwhile): said under the field, the form kept.
    options.onCodeRefused(couponError)
    toast.error(couponError)
    options.quote.refetch()
  } else if (err instanceof ApiError && err.status > 0 && err.message) {
    // OUT_OF_STOCK and validation answers arrive translated and name the product (product.md §2.8).
    toast.error(err.message)
    // The quote shows what is left (OUT_OF_STOCK) and drops products that no longer exist (PRODUCT_UNAVAILABLE).
    if (err.code === 'OUT_OF_STOCK' || err.code === 'PRODUCT_UNAVAILABLE') options.quote.refetch()
  } else {
    toast.error(t('checkout.error'))
  }
}

export function usePlaceOrder(options: PlaceOrderOptions) {
  const { t } = useTranslation('storefront')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [submitting, setSubmitting] = useState(false)
  const submittingRef = useRef(false)
  const { form, cart, numbers } = options

  const confirm = (state: ConfirmationState) => {
    toast.success(t('checkout.success', { number: state.orderNumber }))
    return navigate('/order-confirmation', { state })
  }

  /** Decision 0082: an order of this tab still waiting for its online payment is the same order when the form is. */
  const samePendingOrder = async (payload: CreateOrderInput, fingerprint: string) => {
    const pending = readPendingPayment()
    if (pending && pending.fingerprint === fingerprint) {
      if (payload.payment_method !== 'cash')
        await navigate('/checkout/pay', { state: { method: payload.payment_method } })
      else {
        await payPendingOnDelivery(pending)
        forgetPendingPayment()
        const summary = summaryOfCart(cart.items, numbers)
        cart.clear()
        await confirm({ orderId: pending.orderId, orderNumber: pending.orderNumber, summary })
      }
      return true
    }
    // A changed cart or address gives the pending order's stock back first.
    if (pending) {
      await releasePendingOrder(pending).catch(() => undefined)
      forgetPendingPayment()
    }
    return false
  }

  const place = async (payload: CreateOrderInput) => {
    const fingerprint = orderFingerprint(payload)
    if (await samePendingOrder(payload, fingerprint)) return
    const order = await placeOrder(payload, idempotencyKeyFor(payload))
    forgetIdempotencyKey()
    if (order.payment) {
      // Paid online: the stock is held while the shopper pays; the cart stays until the payment is confirmed.
      savePendingPayment({
        orderId: order.id,
        orderNumber: order.order_number,
        token: order.payment.token,
        fingerprint,
        summary: order.items?.length ? summaryOfOrder(order) : summaryOfCart(cart.items, numbers),
      })
      return navigate('/checkout/pay', { state: { method: payload.payment_method } })
    }
    const lines = cart.items
    cart.clear()
    await confirm({
      orderId: order.id,
      orderNumber: order.order_number ?? String(order.id),
      summary: order.items?.length ? summaryOfOrder(order) : summaryOfCart(lines, numbers),
    })
  }

  const onSubmit = form.handleSubmit(async (values) => {
    // product.md §2.8: a second submit while the first runs is ignored.
    if (submittingRef.current) return
    if (options.cityId === null) {
      form.setError('city', { message: 'validation.city_required' }, { shouldFocus: true })
      return
    }
    if (options.cash.refusal && values.paymentMethod === 'cash') {
      form.setError('paymentMethod', { message: options.cash.chooseOther }, { shouldFocus: true })
      return
    }
    submittingRef.current = true
    setSubmitting(true)
    const payload = orderPayload(values, options)
    try {
      await place(payload)
    } catch (err) {
      explainRefusal(err, payload, options, { t, queryClient })
    } finally {
      submittingRef.current = false
      setSubmitting(false)
    }
  })
  return { onSubmit, submitting }
}
