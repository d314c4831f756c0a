import { useMutation, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Promotion } from '@shop/shared/schemas/promotion'
import { FormDialog, showServerErrors } from '../../../components/ui/form-dialog.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import { useActiveCities } from '../../../lib/active-cities.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { createPromotion, shopTimezoneQuery, updatePromotion } from '../api/promotions-api.ts'
import { ConditionsStep, GivesStep, HowStep, LimitsStep } from './offer-form-steps.tsx'
import { EMPTY_OFFER, offerPayload, offerValues, type OfferValues } from './offer-values.ts'

const FIELDS = Object.keys(EMPTY_OFFER) as (keyof OfferValues)[]

/**
 * Issue 29: create or edit an offer: names, a code or automatic, the amount, what it applies to, its conditions
 * (minimum, cities, payment methods, dates in the shop's time zone, first order, retail only), stacking and limits.
 */
export function OfferFormDialog({
  open,
  offer,
  onClose,
}: {
  open: boolean
  offer: Promotion | null
  onClose(): void
}) {
  const { t } = useTranslation('dashboard')
  const tz = useQuery({ ...shopTimezoneQuery(), enabled: open }).data ?? 'Africa/Tripoli'
  const cities = useActiveCities(open)
  const form = useForm<OfferValues>({ defaultValues: EMPTY_OFFER })
  const { handleSubmit, reset, setError, clearErrors, watch } = form

  useEffect(() => {
    if (open) reset(offer ? offerValues(offer, tz) : EMPTY_OFFER)
  }, [open, offer, tz, reset])

  const save = useMutation({
    mutationFn: (body: ReturnType<typeof offerPayload>['payload'] & object) =>
      offer ? updatePromotion(offer.id, body) : createPromotion(body),
    meta: { invalidates: changedBy.promotion },
    onSuccess: (saved) => {
      toast.success(
        offer ? t('offers.updated', { name: saved.name }) : t('offers.created', { name: saved.name }),
      )
      onClose()
    },
    onError: (err) => {
      // The server's messages are in the page's language already (Accept-Language).
      showServerErrors(err, setError, FIELDS, { rename: { name: 'name_ar' } })
      toast.error(t('common.save_failed', { message: err.message }))
    },
  })

  const submit = handleSubmit((v) => {
    clearErrors()
    const { payload, errors } = offerPayload(v, tz)
    if (errors) {
      for (const [field, message] of Object.entries(errors)) setError(field as keyof OfferValues, { message })
      return
    }
    save.mutate(payload)
  })

  const v = watch()

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={offer ? t('offers.form.edit_title') : t('offers.form.add_title')}
      size="lg"
      busy={save.isPending}
      onSubmit={submit}
    >
      <TranslatedFields
        form={form}
        label={t('offers.form.name')}
        required
        ar="name_ar"
        en="name_en"
        placeholderAr="خصم العيد على التمور"
        placeholderEn="Eid dates discount"
      />

      <HowStep form={form} v={v} />
      <GivesStep form={form} v={v} />
      <ConditionsStep form={form} v={v} tz={tz} cities={cities.data ?? []} />
      <LimitsStep form={form} />
    </FormDialog>
  )
}
