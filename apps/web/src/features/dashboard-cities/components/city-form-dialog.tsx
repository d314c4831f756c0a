import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { CityInput, type City } from '@shop/shared/schemas/city'
import { FormDialog, showServerErrors } from '../../../components/ui/form-dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { createCity, updateCity } from '../api/cities-api.ts'

/** Decision 0057: the name in Arabic (required) and English (optional). */
interface Values {
  name_ar: string
  name_en: string
  delivery_price: string
  is_active: boolean
  cod_allowed: boolean
  cod_max_total: string
}
const EMPTY: Values = {
  name_ar: '',
  name_en: '',
  delivery_price: '',
  is_active: true,
  cod_allowed: true,
  cod_max_total: '',
}
const resolver = zodResolver(CityInput) as unknown as Resolver<Values, unknown, CityInput>

/** product.md §5.5 city form: name required; delivery price required, at least 0, step 0.01. */
export function CityFormDialog({
  open,
  city,
  onClose,
}: {
  open: boolean
  city: City | null
  onClose(): void
}) {
  const { t } = useTranslation('dashboard')
  const form = useForm<Values, unknown, CityInput>({
    resolver,
    defaultValues: EMPTY,
  })
  const { register, handleSubmit, reset, setError, formState, watch } = form

  const codAllowed = watch('cod_allowed')
  useEffect(() => {
    if (open)
      reset(
        city
          ? {
              name_ar: city.name_ar ?? city.name,
              name_en: city.name_en ?? '',
              delivery_price: String(city.delivery_price),
              is_active: city.is_active,
              cod_allowed: city.cod_allowed ?? true,
              cod_max_total:
                city.cod_max_total === null || city.cod_max_total === undefined
                  ? ''
                  : String(city.cod_max_total),
            }
          : EMPTY,
      )
  }, [open, city, reset])

  const save = useMutation({
    mutationFn: (v: CityInput) => (city ? updateCity(city.id, v) : createCity(v)),
    meta: { invalidates: changedBy.city },
    onSuccess: () => {
      toast.success(city ? t('cities.updated') : t('cities.created'))
      onClose()
    },
    onError: (err) => {
      // product.md §8.3: a toast and the field message (city save errors were once only logged).
      showServerErrors(err, setError, ['name_ar', 'name_en', 'delivery_price', 'cod_max_total'])
      toast.error(t('common.save_failed', { message: err.message }))
    },
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={city ? t('cities.edit_title') : t('cities.add_title')}
      size="md"
      busy={save.isPending}
      onSubmit={handleSubmit((v) => save.mutate(v))}
    >
      <TranslatedFields form={form} label={t('cities.name')} required ar="name_ar" en="name_en" />
      <Field label={t('cities.delivery_price')} required error={formState.errors.delivery_price?.message}>
        {(p) => (
          <Input
            {...p}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            className="ltr-nums"
            {...register('delivery_price')}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
        <input type="checkbox" className="size-4 accent-palm-700" {...register('is_active')} />
        {t('cities.active')}
      </label>
      {/* Decision 0071: cash on delivery per city. */}
      <fieldset className="space-y-3 rounded-[var(--radius-control)] border border-sand-300 p-3">
        <legend className="px-1 text-sm font-bold text-stone-800">{t('cities.cod_title')}</legend>
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
          <input type="checkbox" className="size-4 accent-palm-700" {...register('cod_allowed')} />
          {t('cities.cod_allowed')}
        </label>
        <Field
          label={t('cities.cod_max_total')}
          hint={t('cities.cod_max_total_hint')}
          error={formState.errors.cod_max_total?.message}
        >
          {(p) => (
            <Input
              {...p}
              type="number"
              step="0.01"
              min="0"
              inputMode="decimal"
              className="ltr-nums"
              disabled={!codAllowed}
              {...register('cod_max_total')}
            />
          )}
        </Field>
      </fieldset>
    </FormDialog>
  )
}
