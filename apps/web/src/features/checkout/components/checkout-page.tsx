import { zodResolver } from '@hookform/resolvers/zod'
import { Lock, ShoppingBag } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toCents } from '@shop/shared/money/money'
import { CheckoutForm } from '@shop/shared/schemas/order'
import { Button, LinkButton } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/states.tsx'
import { useAuth } from '../../../lib/auth/auth-provider.tsx'
import { useCart } from '../../../lib/cart/cart-provider.tsx'
import { usePaymentMethods } from '../api/checkout-api.ts'
import { useCheckoutContact } from './use-checkout-contact.ts'
import { useCartPricing } from '../../../lib/cart/use-cart-pricing.ts'
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts'
import { CheckoutFields } from './checkout-fields.tsx'
import { PrefillNotice, PriceChangesAlert, UnavailableAlert } from './checkout-notices.tsx'
import { OrderSummary } from './order-summary.tsx'
import { PendingPaymentBanner } from './pending-payment-banner.tsx'
import { NoWayToPay } from './no-way-to-pay.tsx'
import { askedOf, useQuoteChanges } from './use-quote-changes.ts'
import { useCashRule } from './use-cash-rule.ts'
import { usePlaceOrder } from './use-place-order.ts'
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

/**
 * product.md §2.8 checkout, in its steps (issue 38): the contact (use-checkout-contact.ts), the server's prices
 * (use-quote-changes.ts), the payment method and the city's cash rule (use-cash-rule.ts), placing (use-place-order.ts).
 */
export function CheckoutPage() {
  const { t } = useTranslation('storefront')
  const cart = useCart()
  const { status } = useAuth()
  const form = useForm<CheckoutForm>({
    resolver: zodResolver(CheckoutForm),
    defaultValues: emptyForm,
    shouldFocusError: true,
  })

  const { cityId, selectedCity, chooseCity, cityList, citiesLoading, prefilled } = useCheckoutContact(
    form,
    status === 'signed-in',
  )
  const paymentMethods = usePaymentMethods()

  // Server prices before placing (product.md §2.8). Decision 0176: with the typed code and what the form knows so far
  // (city, phone, payment method), so offers for a city, a first order or a method show before placing.
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
  const { changes, dismissChanges, applyQuote } = useQuoteChanges(
    cart,
    priced.fresh,
    askedOf(priced.input.items),
  )
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
  const unavailable = (priced.fresh?.items ?? []).filter((l) => !l.is_available)
  const { refusal, cashRefusal, noWayToPay, chooseOther } = useCashRule(
    form,
    selectedCity,
    numbers.totalCents,
    paymentMethods.data?.methods,
  )
  const { onSubmit, submitting } = usePlaceOrder({
    form,
    cart,
    cityId,
    cash: { refusal: cashRefusal, chooseOther },
    numbers,
    sendCode: priced.codeState.status !== 'refused' && !placeCodeError,
    quote: { input: priced.input, refetch: priced.refetch },
    applyQuote,
    onCodeRefused: setPlaceCodeError,
  })

  if (cart.items.length === 0) return <EmptyCheckout />

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <h1 className="mb-6 text-3xl font-extrabold text-stone-900">{t('checkout.title')}</h1>
      <PendingPaymentBanner />
      {prefilled ? <PrefillNotice fromAccount={prefilled.fromAccount} /> : null}
      {changes.length ? <PriceChangesAlert changes={changes} onDismiss={dismissChanges} /> : null}
      {unavailable.length ? <UnavailableAlert lines={unavailable} /> : null}

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

/** An empty cart has nothing to check out: the way back to the products. */
function EmptyCheckout() {
  const { t } = useTranslation('storefront')
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
