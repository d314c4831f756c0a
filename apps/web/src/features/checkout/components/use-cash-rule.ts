import { useEffect } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { codRefusal } from '@shop/shared/orders/cod'
import type { City } from '@shop/shared/schemas/city'
import type { CheckoutForm, PaymentMethod } from '@shop/shared/schemas/order'
import { useFormatMoney } from '../../../lib/shop-settings.ts'

// The checkout's payment step (issue 38: the checkout page split along its steps): the city's cash-on-delivery rule,
// explained before the shopper submits (decision 0071; the API refuses it too), and the methods on offer.

export function useCashRule(
  form: UseFormReturn<CheckoutForm>,
  city: City | null,
  totalCents: number,
  offered: PaymentMethod[] | undefined,
) {
  const { t } = useTranslation('storefront')
  const formatMoney = useFormatMoney()
  const paymentMethod = form.watch('paymentMethod')
  const refusal = city
    ? codRefusal(
        { cod_allowed: city.cod_allowed ?? true, cod_max_total: city.cod_max_total ?? null },
        totalCents,
      )
    : null
  const cashRefusal = !refusal
    ? null
    : refusal.reason === 'disabled'
      ? t('checkout.cod_unavailable', { city: city!.name })
      : t('checkout.cod_over_limit', { city: city!.name, max: formatMoney(refusal.max) })
  // Decision 0136: no cash here and no online method configured: no "choose another method" with none to choose, but
  // what is possible (a smaller order, another city, WhatsApp).
  const noWayToPay = refusal !== null && offered !== undefined && !offered.some((m) => m !== 'cash')
  const chooseOther = noWayToPay ? t('checkout.no_way.choose') : t('checkout.cod_choose_other')
  useEffect(() => {
    if (cashRefusal && paymentMethod === 'cash') form.setError('paymentMethod', { message: chooseOther })
    else form.clearErrors('paymentMethod')
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cashRefusal, paymentMethod, chooseOther])
  // A method that is not offered (not configured, or no exchange rate for PayPal) falls back to cash.
  useEffect(() => {
    if (offered && !offered.includes(paymentMethod)) form.setValue('paymentMethod', 'cash')
  }, [offered, paymentMethod, form])
  return { refusal, cashRefusal, noWayToPay, chooseOther }
}
