import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Field, Input, Textarea } from '../../../components/ui/field.tsx'
import type { OrderFormValues } from './order-status-fields.tsx'

/** The order dialog's customer fields (product.md §2.19): name, email, phone and address, all required. */
export function OrderContactFields({
  register,
  errors,
}: {
  register: UseFormRegister<OrderFormValues>
  errors: FieldErrors<OrderFormValues>
}) {
  const { t } = useTranslation('dashboard')
  return (
    <>
      <Field label={t('orders.customer_name')} required error={errors.customer_name?.message}>
        {(p) => <Input {...p} autoComplete="off" {...register('customer_name')} />}
      </Field>
      <Field label={t('orders.email')} required error={errors.customer_email?.message}>
        {(p) => <Input {...p} type="email" dir="ltr" {...register('customer_email')} />}
      </Field>
      <Field label={t('orders.phone')} required error={errors.customer_phone?.message}>
        {(p) => <Input {...p} type="tel" inputMode="tel" dir="ltr" {...register('customer_phone')} />}
      </Field>
      <Field label={t('orders.shipping_address')} required error={errors.shipping_address?.message}>
        {(p) => <Input {...p} {...register('shipping_address')} />}
      </Field>
    </>
  )
}

/** The order's notes, under the statuses. */
export function OrderNotesField({
  register,
  errors,
}: {
  register: UseFormRegister<OrderFormValues>
  errors: FieldErrors<OrderFormValues>
}) {
  const { t } = useTranslation('dashboard')
  return (
    <Field label={t('orders.notes')} error={errors.notes?.message} className="sm:col-span-2">
      {(p) => <Textarea {...p} rows={3} {...register('notes')} />}
    </Field>
  )
}
