import type { ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { City } from '@shop/shared/schemas/city'
import type { PaymentMethod } from '@shop/shared/schemas/order'
import type { PaymentMethods } from '@shop/shared/schemas/payment'
import { usdCentsFor } from '@shop/shared/money/exchange'
import { cn } from '../../../lib/cn.ts'
import { Field, FieldError, Input, Select } from '../../../components/ui/field.tsx'
import type { CheckoutForm } from '@shop/shared/schemas/order'
import { fromCents } from '@shop/shared/money/money'
import { useShopBrand, useShopSettings } from '../../../lib/shop-settings.ts'
import { Checkbox } from '../../../components/ui/checkbox.tsx'

export interface CheckoutFieldsProps {
  form: UseFormReturn<CheckoutForm>
  cities: City[]
  citiesLoading: boolean
  cityId: number | null
  onCityChange(city: City | null): void
  /** Decision 0071: why cash on delivery is not offered for this city or total (null when it is). */
  cashRefusal?: string | null
  /** The methods the shop offers now (GET /api/payments/methods); cash alone until known. */
  methods: PaymentMethods | undefined
  /** The order's total in hundredths, for PayPal's dollar amount. */
  totalCents: number
  /** Under the payment methods: what is possible when none can pay the order (decision 0136). */
  afterPayment?: ReactNode
}

/**
 * Issue 41: Meta requires the shopper's agreement before the shop writes first; the checkout says plainly that the
 * order is confirmed and followed on WhatsApp, with a box to decline (then nothing goes on WhatsApp for this order).
 */
function WhatsAppConsent({ form }: { form: UseFormReturn<CheckoutForm> }) {
  const { t } = useTranslation('storefront')
  return (
    <div
      className="rounded-[var(--radius-control)] bg-sand-50 p-3 text-sm text-stone-700 sm:col-span-2"
      data-testid="whatsapp-consent"
    >
      <p>{t('checkout.whatsapp_consent')}</p>
      <label className="mt-2 flex items-center gap-2 font-semibold text-stone-800">
        <Checkbox {...form.register('whatsappDecline')} />
        {t('checkout.whatsapp_decline')}
      </label>
    </div>
  )
}

/** product.md §5.3 checkout form fields with their messages (shared CheckoutForm schema). */
export function CheckoutFields({
  form,
  cities,
  citiesLoading,
  cityId,
  onCityChange,
  methods,
  totalCents,
  cashRefusal = null,
  afterPayment = null,
}: CheckoutFieldsProps) {
  const { t } = useTranslation('storefront')
  const { formatMoney, moneySymbol } = useShopBrand()
  const { register, formState, setValue, watch } = form
  const errors = formState.errors
  const method = watch('paymentMethod')
  // Issue 41: said only when the shop's WhatsApp messages are set up (nothing is sent otherwise).
  const whatsappOn = useShopSettings().whatsapp_enabled === true
  const offered = methods?.methods ?? ['cash']
  // The label says what the shopper will use (the configured Plutu gateways), PayPal's the dollars it will charge.
  const methodTitle = (m: PaymentMethod) =>
    m === 'massarat' && methods?.massarat
      ? methods.massarat.gateways.map((g) => t(`pay.option.${g}.title`)).join(' / ')
      : t(`payment_method.${m}`, { ns: 'common' })
  const methodHint = (m: PaymentMethod) => {
    if (m === 'paypal' && methods?.paypal && totalCents > 0) {
      const rate = methods.paypal.exchange_rate
      // Two lines, each amount isolated, so neither language's order mixes up the numbers.
      return (
        <>
          {t('checkout.payment_hint.paypal_usd')}{' '}
          <span className="ltr-nums font-semibold">{`${fromCents(usdCentsFor(totalCents, rate)).toFixed(2)} USD`}</span>
          <span className="block">
            <span className="ltr-nums">{`1 USD = ${rate} ${moneySymbol}`}</span>
          </span>
        </>
      )
    }
    return t(`checkout.payment_hint.${m}`)
  }

  return (
    <div className="space-y-6">
      <fieldset className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]">
        <legend className="float-start mb-4 w-full text-lg font-bold text-stone-900">
          {t('checkout.contact_details')}
        </legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <Field label={t('checkout.first_name')} required error={errors.firstName?.message}>
            {(p) => <Input {...p} autoComplete="given-name" {...register('firstName')} />}
          </Field>
          <Field label={t('checkout.last_name')} required error={errors.lastName?.message}>
            {(p) => <Input {...p} autoComplete="family-name" {...register('lastName')} />}
          </Field>
          <Field label={t('checkout.email')} required error={errors.email?.message} className="sm:col-span-2">
            {(p) => <Input {...p} type="email" dir="ltr" autoComplete="email" {...register('email')} />}
          </Field>
          <Field label={t('checkout.phone')} required error={errors.phone?.message}>
            {(p) => (
              <Input
                {...p}
                type="tel"
                inputMode="tel"
                dir="ltr"
                autoComplete="tel"
                {...register('phone', {
                  // product.md §2.8: the WhatsApp number is copied from the phone whenever the phone changes.
                  onChange: (e: { target: { value: string } }) =>
                    setValue('whatsappNumber', e.target.value, { shouldValidate: formState.isSubmitted }),
                })}
              />
            )}
          </Field>
          <Field
            label={t('checkout.whatsapp')}
            required
            error={errors.whatsappNumber?.message}
            hint={t('checkout.whatsapp_hint')}
          >
            {(p) => <Input {...p} type="tel" inputMode="tel" dir="ltr" {...register('whatsappNumber')} />}
          </Field>
          {whatsappOn && <WhatsAppConsent form={form} />}
        </div>
      </fieldset>

      <fieldset className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]">
        <legend className="float-start mb-4 w-full text-lg font-bold text-stone-900">
          {t('checkout.delivery_details')}
        </legend>
        <div className="clear-both grid gap-4 sm:grid-cols-2">
          <Field
            label={t('checkout.address')}
            required
            error={errors.address?.message}
            className="sm:col-span-2"
          >
            {(p) => <Input {...p} autoComplete="address-line1" {...register('address')} />}
          </Field>
          <Field label={t('checkout.city')} required error={errors.city?.message}>
            {(p) => (
              <Select
                {...p}
                name="city"
                value={cityId ?? ''}
                disabled={citiesLoading}
                onBlur={() => void form.trigger('city')}
                // The form keeps the city's name; the select only lends RHF its focus for "first invalid field".
                ref={(el) => register('city').ref(el ? { focus: () => el.focus() } : null)}
                onChange={(e) => {
                  const city = cities.find((c) => String(c.id) === e.target.value) ?? null
                  onCityChange(city)
                }}
              >
                <option value="">
                  {citiesLoading ? t('checkout.loading_cities') : t('checkout.choose_city')}
                </option>
                {cities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name} — {formatMoney(c.delivery_price)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('checkout.state')} required error={errors.state?.message}>
            {(p) => <Input {...p} autoComplete="address-level1" {...register('state')} />}
          </Field>
        </div>
      </fieldset>

      <fieldset className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-5 shadow-[var(--shadow-soft)]">
        <legend className="float-start mb-4 w-full text-lg font-bold text-stone-900">
          {t('checkout.payment_method')}
        </legend>
        <div
          className={cn('clear-both grid gap-3', offered.length > 2 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}
        >
          {offered.map((m: PaymentMethod) => {
            const refused = m === 'cash' ? cashRefusal : null
            return (
              <label
                key={m}
                className={cn(
                  'flex items-start gap-3 rounded-[var(--radius-control)] border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-palm-600',
                  refused ? 'cursor-not-allowed border-sand-300 bg-sand-100' : 'cursor-pointer',
                  !refused &&
                    (method === m ? 'border-palm-700 bg-palm-50' : 'border-sand-300 hover:bg-sand-50'),
                )}
              >
                <input
                  type="radio"
                  value={m}
                  disabled={Boolean(refused)}
                  className="mt-1 accent-palm-700"
                  {...register('paymentMethod')}
                />
                <span>
                  <span className={cn('block font-semibold', refused ? 'text-stone-500' : 'text-stone-900')}>
                    {methodTitle(m)}
                  </span>
                  <span
                    className={cn(
                      'block text-xs',
                      refused ? 'font-semibold text-honey-800' : 'text-stone-600',
                    )}
                  >
                    {refused ?? methodHint(m)}
                  </span>
                </span>
              </label>
            )
          })}
        </div>
        <FieldError message={errors.paymentMethod?.message} />
      </fieldset>
      {afterPayment}
    </div>
  )
}
