import { useEffect, useMemo, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { City } from '@shop/shared/schemas/city'
import type { CheckoutForm } from '@shop/shared/schemas/order'
import { useActiveCities, useProfileAutofill } from '../api/checkout-api.ts'

// The checkout's first step, the contact (issue 38: the checkout page split along its steps): the delivery city the
// shopper chooses (it sets the fee, product.md §4.8) and a signed-in shopper's prefill (product.md §2.8).

export function useCheckoutContact(form: UseFormReturn<CheckoutForm>, signedIn: boolean) {
  const [cityId, setCityId] = useState<number | null>(null)
  const cities = useActiveCities()
  const cityList = useMemo(() => cities.data ?? [], [cities.data])
  const selectedCity = cityList.find((c) => c.id === cityId) ?? null

  const chooseCity = (city: City | null) => {
    // product.md §4.8: choosing a city sets the city and the delivery fee; clearing it sets the fee to 0.
    setCityId(city?.id ?? null)
    form.setValue('city', city?.name ?? '', { shouldValidate: form.formState.isSubmitted })
  }

  // Decision 0061: after a language switch the cities come again in the new language; the chosen one's name follows
  // (the field shows it).
  useEffect(() => {
    if (selectedCity && form.getValues('city') !== selectedCity.name) form.setValue('city', selectedCity.name)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedCity?.name])

  // Signed-in shopper: prefill from the last order (product.md §2.8), once, without overwriting what was typed.
  const autofill = useProfileAutofill(signedIn)
  const [autofilled, setAutofilled] = useState(false)
  useEffect(() => {
    const a = autofill.data
    if (!a || autofilled) return
    setAutofilled(true)
    const current = form.getValues()
    const pick = (typed: string, saved: string | undefined) => typed || saved || ''
    form.reset({
      ...current,
      firstName: pick(current.firstName, a.first_name),
      lastName: pick(current.lastName, a.last_name),
      email: pick(current.email, a.email),
      phone: pick(current.phone, a.phone),
      whatsappNumber: pick(current.whatsappNumber, a.whatsapp || a.phone),
      address: pick(current.address, a.address),
      state: pick(current.state, a.state),
    })
    if (cityId === null && a.city_id !== null) {
      const city = cityList.find((c) => c.id === a.city_id)
      if (city) chooseCity(city)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autofill.data, autofilled, cityList])

  /** The prefill notice: what filled the form (the last order, or the new account's own name and email). */
  const prefilled = autofill.data && autofilled ? autofill.data : null
  return { cityId, selectedCity, chooseCity, cityList, citiesLoading: cities.isPending, prefilled }
}
