import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { Courier, CourierInput, CourierUpdate } from '@shop/shared/schemas/delivery'
import { FormDialog, showServerErrors } from '../../../components/ui/form-dialog.tsx'
import { Field, Input } from '../../../components/ui/field.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { createCourier, updateCourier } from '../api/couriers-api.ts'
import { CompanyFields, KindChoice } from './courier-form-fields.tsx'
import {
  courierResolver,
  EMPTY_COURIER,
  valuesOf,
  type CourierPayload,
  type CourierValues,
} from './courier-form-values.ts'

const FIELDS = ['name', 'phone', 'tracking_url_pattern', 'default_fee', 'kind'] as const

/** Add or edit a courier (issue 42): the kind only when adding; a company's tracking address and fee per parcel. */
export function CourierFormDialog({
  open,
  courier,
  onClose,
}: {
  open: boolean
  courier: Courier | null
  onClose(): void
}) {
  const { t } = useTranslation('dashboard')
  const editing = useRef(false)
  editing.current = courier !== null
  const form = useForm<CourierValues, unknown, CourierPayload>({
    resolver: courierResolver(() => editing.current),
    defaultValues: EMPTY_COURIER,
  })
  const { register, handleSubmit, reset, setError, formState, watch } = form
  useEffect(() => {
    if (open) reset(courier ? valuesOf(courier) : EMPTY_COURIER)
  }, [open, courier, reset])
  const kind = watch('kind')

  const save = useMutation({
    mutationFn: (v: CourierPayload) =>
      courier ? updateCourier(courier.id, v as CourierUpdate) : createCourier(v as CourierInput),
    meta: { invalidates: changedBy.courier },
    onSuccess: (c) => {
      toast.success(t(courier ? 'delivery.updated' : 'delivery.created', { name: c.name }))
      onClose()
    },
    onError: (err) => {
      showServerErrors(err, setError, FIELDS)
      toast.error(t('common.save_failed', { message: err.message }))
    },
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={courier ? t('delivery.edit_title', { name: courier.name }) : t('delivery.add_title')}
      busy={save.isPending}
      onSubmit={handleSubmit((v) => save.mutate(v))}
    >
      {courier ? null : <KindChoice register={register} />}
      <Field label={t('delivery.name')} required error={formState.errors.name?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('name')} />}
      </Field>
      <Field
        label={t('delivery.phone')}
        hint={t('delivery.phone_hint')}
        error={formState.errors.phone?.message}
      >
        {(p) => (
          <Input {...p} type="tel" inputMode="tel" dir="ltr" className="text-start" {...register('phone')} />
        )}
      </Field>
      {kind === 'company' ? <CompanyFields register={register} errors={formState.errors} /> : null}
      {courier ? (
        <div>
          <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
            <input type="checkbox" className="size-4 accent-palm-700" {...register('is_active')} />
            {t('delivery.active')}
          </label>
          <p className="mt-1 text-xs text-stone-500">{t('delivery.active_hint')}</p>
        </div>
      ) : null}
    </FormDialog>
  )
}
