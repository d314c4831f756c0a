import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { COURIER_KINDS } from '@shop/shared/schemas/delivery'
import { Field, Input } from '../../../components/ui/field.tsx'
import type { CourierValues } from './courier-form-values.ts'

/** Own driver or courier company: chosen once, when the courier is added. */
export function KindChoice({ register }: { register: UseFormRegister<CourierValues> }) {
  const { t } = useTranslation('dashboard')
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-stone-700">{t('delivery.kind')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {COURIER_KINDS.map((kind) => (
          <label
            key={kind}
            className="flex cursor-pointer items-start gap-2 rounded-[var(--radius-control)] border border-sand-300 p-3 has-[:checked]:border-palm-600 has-[:checked]:bg-palm-50"
          >
            <input type="radio" value={kind} className="mt-1 size-4 accent-palm-700" {...register('kind')} />
            <span>
              <span className="block text-sm font-semibold text-stone-900">
                {t(`delivery.kinds.${kind}`)}
              </span>
              <span className="block text-xs text-stone-600">{t(`delivery.kind_hints.${kind}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** A courier company's tracking address pattern and fee per parcel (own drivers have neither). */
export function CompanyFields({
  register,
  errors,
}: {
  register: UseFormRegister<CourierValues>
  errors: FieldErrors<CourierValues>
}) {
  const { t } = useTranslation('dashboard')
  return (
    <>
      <Field
        label={t('delivery.tracking_pattern')}
        hint={
          <>
            <span className="block">
              {t('delivery.tracking_pattern_hint')} <bdi className="font-mono">{'{tracking_number}'}</bdi>
            </span>
            <span className="block">
              {t('delivery.tracking_pattern_example')}{' '}
              <bdi dir="ltr" className="font-mono break-all">
                https://example.ly/track/{'{tracking_number}'}
              </bdi>
            </span>
          </>
        }
        error={errors.tracking_url_pattern?.message}
      >
        {(p) => (
          <Input
            {...p}
            type="url"
            dir="ltr"
            className="text-start"
            placeholder="https://example.ly/track/{tracking_number}"
            {...register('tracking_url_pattern')}
          />
        )}
      </Field>
      <Field label={t('delivery.fee')} hint={t('delivery.fee_hint')} error={errors.default_fee?.message}>
        {(p) => (
          <Input
            {...p}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            className="ltr-nums"
            {...register('default_fee')}
          />
        )}
      </Field>
    </>
  )
}
