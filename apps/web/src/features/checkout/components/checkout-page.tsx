import { zodResolver } from '@hookform/resolvers/zod'
import { AlertTriangle, Info, Lock, ShoppingBag } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { useQueryClient } from '@tanstack/react-query'
import { fromCents, toCents } from '@shop/shared/money/money'
import { codRefusal } from '@shop/shared/orders/cod'
import { CheckoutForm, type CreateOrderInput, type Quote } from '@shop/shared/schemas/order'
import { ApiError } from '../../../lib/api-client.ts'
import { Button, LinkButton } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/states.tsx'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import {
  lineKey,
  lineName,
  quotedLineOf,
  type AskedLine,
  type PriceChange,
} from '../../../lib/cart/cart-model.ts'
import { placeOrder, usePaymentMethods } from '../api/checkout-api.ts'
import { useCheckoutContact } from './use-checkout-contact.ts'
import { couponErrorOf, orderItems, quoteKey, useCartPricing } from '../../../lib/cart/use-cart-pricing.ts'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import {
  forgetPendingPayment,
  orderFingerprint,
  payPendingOnDelivery,
  readPendingPayment,
  releasePendingOrder,
  savePendingPayment,
} from '../../../lib/pending-payment.ts'
import { forgetIdempotencyKey, idempotencyKeyFor } from '../idempotency.ts'
import { summaryOfCart, summaryOfOrder, type ConfirmationState } from '../../../lib/confirmation.ts'
import { CheckoutFields } from './checkout-fields.tsx'
import { OrderSummary } from './order-summary.tsx'
import { PendingPaymentBanner } from './pending-payment-banner.tsx'
import { NoWayToPay } from './no-way-to-pay.tsx'
import { useFormatMoney } from '../../../lib/shop-settings.ts'
import { CouponField, FreeDeliveryHintBar, NotAppliedOffers } from '../../../components/offers/offers.tsx'

const emptyForm: CheckoutForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  whatsappNumber: '',
  paymentMethod: 'cash',
}

/** product.md §2.8 checkout. */
export function CheckoutPage() {
  const { t } = useTranslation('storefront')
  const formatMoney = useFormatMoney()
  const cart = useCart()
  const { status } = useAuth()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [changes, setChanges] = useState<PriceChange[]>([])
  const [submitting, setSubmitting] = useState(false)
  const submittingRef = useRef(false)
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(CheckoutForm),
    defaultValues: emptyForm,
    shouldFocusError: true,
  })

  // Step 1, the contact: the delivery city and the signed-in shopper's prefill (use-checkout-contact.ts).
  const { cityId, selectedCity, chooseCity, cityList, citiesLoading, prefilled } = useCheckoutContact(
    form,
    status === 'signed-in',
  )
  const paymentMethods = usePaymentMethods()

  // Server prices before placing (product.md §2.8): a changed price updates the cart and is shown,
  // never silently charged. Decision 0176: with the typed code and what the form knows so far (city, phone, payment
  // method), so offers for a city, a first order or a method show before placing.
  const paymentMethod = form.watch('paymentMethod')
  const phone = useDebouncedValue(form.watch('phone'), 400)
  const [placeCodeError, setPlaceCodeError] = useState<string | null>(null)
  const priced = useCartPricing({
    items: cart.items,
    code: cart.code,
    cityId,
    deliveryCents: selectedCity ? (toCents(selectedCity.delivery_price) ?? 0) : null,
    phone: phone || null,
    paymentMethod,
    enabled: true,
  })
  const { pricing } = priced
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
  const serverFresh = priced.fresh
  useEffect(() => {
    if (serverFresh) applyQuote(serverFresh, askedOf(priced.input.items))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverFresh])
  // A refusal from placing stays under the field until the code or the cart changes.
  useEffect(() => setPlaceCodeError(null), [cart.code, priced.input])

  // The server's figures once quoted for this very cart, the same pricing in the browser until then (decision 0176).
  const numbers = {
    subtotalCents: pricing.subtotalCents,
    deliveryCents: pricing.deliveryCents,
    totalCents: pricing.totalCents,
    discounts: pricing.discounts,
    deliveryDiscountCents: pricing.deliveryDiscountCents,
  }
  const unavailable = (serverFresh?.items ?? []).filter((l) => !l.is_available)
  // Decision 0071: the city's cash-on-delivery rule, explained before the shopper submits (the API refuses it too).
  const refusal = selectedCity
    ? codRefusal(
        { cod_allowed: selectedCity.cod_allowed ?? true, cod_max_total: selectedCity.cod_max_total ?? null },
        numbers.totalCents,
      )
    : null
  const cashRefusal = !refusal
    ? null
    : refusal.reason === 'disabled'
      ? t('checkout.cod_unavailable', { city: selectedCity!.name })
      : t('checkout.cod_over_limit', { city: selectedCity!.name, max: formatMoney(refusal.max) })
  // Decision 0136: no cash here and no online method configured: no "choose another method" with none to choose, but
  // what is possible (a smaller order, another city, WhatsApp).
  const noWayToPay =
    refusal !== null &&
    paymentMethods.data !== undefined &&
    !paymentMethods.data.methods.some((m) => m !== 'cash')
  const chooseOther = noWayToPay ? t('checkout.no_way.choose') : t('checkout.cod_choose_other')
  useEffect(() => {
    if (cashRefusal && paymentMethod === 'cash') form.setError('paymentMethod', { message: chooseOther })
    else form.clearErrors('paymentMethod')
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cashRefusal, paymentMethod, chooseOther])
  // A method that is not offered (not configured, or no exchange rate for PayPal) falls back to cash.
  const offeredMethods = paymentMethods.data?.methods
  useEffect(() => {
    if (offeredMethods && !offeredMethods.includes(paymentMethod)) form.setValue('paymentMethod', 'cash')
  }, [offeredMethods, paymentMethod, form])

  if (cart.items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="mb-6 text-3xl font-extrabold text-stone-900">{t('checkout.title')}</h1>
        <EmptyState
          icon={<ShoppingBag className="size-10" aria-hidden="true" />}
          title={t('checkout.empty_title')}
          text={t('checkout.empty_text')}
          action={
            <LinkButton to="/products" size="lg">
              {t('cart.continue_shopping')}
            </LinkButton>
          }
        />
      </div>
    )
  }

  const onSubmit = form.handleSubmit(async (values) => {
    // product.md §2.8: a second submit while the first runs is ignored.
    if (submittingRef.current) return
    if (cityId === null) {
      form.setError('city', { message: 'validation.city_required' }, { shouldFocus: true })
      return
    }
    if (cashRefusal && values.paymentMethod === 'cash') {
      form.setError('paymentMethod', { message: chooseOther }, { shouldFocus: true })
      return
    }
    submittingRef.current = true
    setSubmitting(true)
    // Decision 0214: the contact in parts; the server joins the spec's texts (name, address, WhatsApp note) from them.
    const payload: CreateOrderInput = {
      customer: {
        first_name: values.firstName,
        last_name: values.lastName,
        phone: values.phone,
        whatsapp: values.whatsappNumber,
        email: values.email,
        address_line: values.address,
        city_id: cityId,
        state: values.state,
      },
      payment_method: values.paymentMethod,
      notes: '',
      items: orderItems(cart.items),
      expected_total: fromCents(numbers.totalCents),
      // Decision 0176: the code goes with the order unless it is refused (then the order is priced without it, as shown).
      ...(cart.code && priced.codeState.status !== 'refused' && !placeCodeError
        ? { coupon_code: cart.code }
        : {}),
    }
    try {
      // Decision 0082: an order of this tab still waiting for its online payment is the same order when the form is
      // the same (pay it, or pay it on delivery); a changed cart or address gives its stock back first.
      const fingerprint = orderFingerprint(payload)
      const pending = readPendingPayment()
      if (pending && pending.fingerprint === fingerprint) {
        if (payload.payment_method !== 'cash')
          return navigate('/checkout/pay', { state: { method: payload.payment_method } })
        await payPendingOnDelivery(pending)
        forgetPendingPayment()
        const summary = summaryOfCart(cart.items, numbers)
        cart.clear()
        toast.success(t('checkout.success', { number: pending.orderNumber }))
        return navigate('/order-confirmation', {
          state: {
            orderId: pending.orderId,
            orderNumber: pending.orderNumber,
            summary,
          } satisfies ConfirmationState,
        })
      }
      if (pending) {
        await releasePendingOrder(pending).catch(() => undefined)
        forgetPendingPayment()
      }
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
      toast.success(t('checkout.success', { number: order.order_number ?? order.id }))
      navigate('/order-confirmation', {
        state: {
          orderId: order.id,
          orderNumber: order.order_number ?? String(order.id),
          summary: order.items?.length ? summaryOfOrder(order) : summaryOfCart(lines, numbers),
        } satisfies ConfirmationState,
      })
    } catch (err) {
      const couponError = couponErrorOf(err)
      if (err instanceof ApiError && err.code === 'PRICE_CHANGED' && err.body?.quote) {
        const fresh = err.body.quote as Quote
        queryClient.setQueryData(quoteKey(priced.input), fresh)
        applyQuote(fresh, askedOf(payload.items))
        toast.error(t('checkout.prices_changed_toast'))
      } else if (couponError !== null) {
        // Decision 0176: the code was refused on placing (used up meanwhile): said under the field, the form kept.
        setPlaceCodeError(couponError)
        toast.error(couponError)
        priced.refetch()
      } else if (err instanceof ApiError && err.status > 0 && err.message) {
        // OUT_OF_STOCK and validation answers arrive translated and name the product (product.md §2.8).
        toast.error(err.message)
        // The quote shows what is left (OUT_OF_STOCK) and drops products that no longer exist (PRODUCT_UNAVAILABLE).
        if (err.code === 'OUT_OF_STOCK' || err.code === 'PRODUCT_UNAVAILABLE') priced.refetch()
      } else {
        toast.error(t('checkout.error'))
      }
    } finally {
      submittingRef.current = false
      setSubmitting(false)
    }
  })

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-extrabold text-stone-900">{t('checkout.title')}</h1>

      <PendingPaymentBanner />

      {prefilled ? (
        <p
          role="status"
          className="mb-5 flex items-start gap-2 rounded-[var(--radius-card)] border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
        >
          <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          {prefilled.fromAccount ? t('checkout.autofill_account_notice') : t('checkout.autofill_notice')}
        </p>
      ) : null}

      {changes.length ? (
        <div
          role="alert"
          className="mb-5 rounded-[var(--radius-card)] border border-honey-400 bg-honey-50 p-4 text-sm text-stone-900"
        >
          <p className="flex items-center gap-2 font-bold">
            <AlertTriangle className="size-5 text-honey-700" aria-hidden="true" />
            {t('checkout.prices_changed_title')}
          </p>
          <ul className="mt-2 list-disc space-y-1 ps-6">
            {changes.map((c) => (
              <li key={c.key}>
                {t('checkout.price_changed_line', { name: c.name })}{' '}
                <span className="ltr-nums line-through">{formatMoney(fromCents(c.from))}</span> →{' '}
                <span className="ltr-nums font-bold">{formatMoney(fromCents(c.to))}</span>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="mt-2 text-sm font-semibold text-palm-800 underline"
            onClick={() => setChanges([])}
          >
            {t('checkout.prices_changed_ok')}
          </button>
        </div>
      ) : null}

      {unavailable.length ? (
        <div
          role="alert"
          className="mb-5 rounded-[var(--radius-card)] border border-red-200 bg-red-50 p-4 text-sm text-red-900"
        >
          <p className="font-bold">{t('checkout.unavailable_title')}</p>
          <ul className="mt-2 list-disc space-y-1 ps-6">
            {unavailable.map((l) => (
              <li key={`${l.product_id}:${l.variant_id ?? ''}`}>
                {t('checkout.unavailable_line', { name: lineName(l), count: l.available ?? 0 })}
              </li>
            ))}
          </ul>
          <LinkButton to="/cart" variant="secondary" size="sm" className="mt-3">
            {t('checkout.edit_cart')}
          </LinkButton>
        </div>
      ) : null}

      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start"
        aria-label={t('checkout.title')}
      >
        <CheckoutFields
          form={form}
          cities={cityList}
          citiesLoading={citiesLoading}
          cityId={cityId}
          onCityChange={chooseCity}
          cashRefusal={cashRefusal}
          methods={paymentMethods.data}
          totalCents={numbers.totalCents}
          afterPayment={
            noWayToPay && refusal && selectedCity ? (
              <NoWayToPay
                refusal={refusal}
                city={selectedCity}
                cities={cityList}
                items={cart.items}
                numbers={numbers}
                onChooseCity={chooseCity}
              />
            ) : null
          }
        />
        <div className="space-y-4 lg:sticky lg:top-24">
          <OrderSummary
            items={cart.items}
            numbers={numbers}
            cityChosen={cityId !== null}
            refreshing={priced.fetching}
            lineDiscounts={pricing.lineDiscounts}
            offers={
              <>
                <FreeDeliveryHintBar hint={pricing.hint} />
                <NotAppliedOffers offers={priced.notApplied} />
                <CouponField
                  state={priced.codeState}
                  error={placeCodeError}
                  onApply={(code) => {
                    setPlaceCodeError(null)
                    if (code === cart.code) priced.refetch()
                    else cart.setCode(code)
                  }}
                  onRemove={() => {
                    setPlaceCodeError(null)
                    cart.setCode(null)
                  }}
                />
              </>
            }
          />
          <Button
            type="submit"
            size="lg"
            className="w-full"
            busy={submitting}
            icon={<Lock className="size-4" aria-hidden="true" />}
          >
            {submitting
              ? t('checkout.processing')
              : paymentMethod !== 'cash'
                ? t('checkout.continue_to_payment')
                : t('checkout.place_order')}
          </Button>
          <p className="text-center text-xs text-stone-600">{t('checkout.terms_note')}</p>
        </div>
      </form>
    </div>
  )
}

/** The cart lines a request asked for, from its items. */
const askedOf = (items: CreateOrderInput['items']): AskedLine[] =>
  items.map((i) => ({ id: i.product_id, variant_id: i.variant_id ?? null, quantity: i.quantity }))
