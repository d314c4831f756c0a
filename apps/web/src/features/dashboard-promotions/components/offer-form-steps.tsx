import type { ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PAYMENT_METHODS } from '@shop/shared/schemas/payment-methods'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Field, FieldError, Input, Select } from '../../../components/ui/field.tsx'
import type { City } from '@shop/shared/schemas/city'
import { OfferItemsPicker } from './offer-items-picker.tsx'
import type { OfferValues } from './offer-values.ts'

// The offer form's steps, as the dialog shows them (offer-form-dialog.tsx puts them together): how shoppers get it,
// what it gives, its conditions, its limits. Each reads the form's values as the dialog last drew them (`v`).

interface StepProps {
  form: UseFormReturn<OfferValues>
  v: OfferValues
}

const numeric = { type: 'number', inputMode: 'decimal', className: 'ltr-nums' } as const
const toggleIn = <T,>(list: T[], item: T, on: boolean) =>
  on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item)

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-[var(--radius-control)] border border-sand-300 p-3">
      <legend className="px-1 text-sm font-bold text-stone-800">{title}</legend>
      {children}
    </fieldset>
  )
}

function Check({
  label,
  hint,
  ...rest
}: { label: ReactNode; hint?: ReactNode } & Parameters<typeof Checkbox>[0]) {
  return (
    <label className="flex items-start gap-2 text-sm font-semibold text-stone-700">
      <Checkbox className="mt-0.5 shrink-0" {...rest} />
      <span>
        {label}
        {hint ? <span className="block text-xs font-normal text-stone-500">{hint}</span> : null}
      </span>
    </label>
  )
}

/** A code to type, or automatic; whether it adds to other offers; active. */
export function HowStep({ form, v }: StepProps) {
  const { t } = useTranslation('dashboard')
  const { register, setValue } = form
  const e = form.formState.errors
  return (
    <Section title={t('offers.form.how')}>
      <Check
        label={t('offers.form.has_code')}
        hint={v.has_code ? t('offers.form.has_code_hint') : t('offers.form.automatic_hint')}
        {...register('has_code')}
      />
      {v.has_code ? (
        <Field
          label={t('offers.form.code')}
          required
          error={e.code?.message}
          hint={t('offers.form.code_hint')}
        >
          {(p) => (
            <Input
              {...p}
              dir="ltr"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase"
              {...register('code', {
                onChange: (ev: { target: HTMLInputElement }) => {
                  const upper = ev.target.value.toUpperCase()
                  if (upper !== ev.target.value) setValue('code', upper)
                },
              })}
            />
          )}
        </Field>
      ) : null}
      <Check
        label={t('offers.form.combinable')}
        hint={t('offers.form.combinable_hint')}
        {...register('combinable')}
      />
      <Check label={t('offers.form.active')} {...register('is_active')} />
    </Section>
  )
}

/** What it takes off (a percentage or an amount, or free delivery) and from what: the order, products, delivery. */
export function GivesStep({ form, v }: StepProps) {
  const { t } = useTranslation('dashboard')
  const { register, setValue, clearErrors } = form
  const e = form.formState.errors
  return (
    <Section title={t('offers.form.gives')}>
      <Field label={t('offers.form.target')} error={e.target?.message}>
        {(p) => (
          <Select {...p} {...register('target')}>
            <option value="order">{t('offers.form.target_order')}</option>
            <option value="products">{t('offers.form.target_products')}</option>
            <option value="delivery">{t('offers.form.target_delivery')}</option>
          </Select>
        )}
      </Field>
      {v.target === 'delivery' ? (
        <Check label={t('offers.form.free_delivery')} {...register('free_delivery')} />
      ) : null}
      {v.target === 'delivery' && v.free_delivery ? null : (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('offers.form.value_type')} error={e.value_type?.message}>
            {(p) => (
              <Select {...p} {...register('value_type')}>
                <option value="percentage">{t('offers.form.percentage')}</option>
                <option value="fixed">{t('offers.form.fixed')}</option>
              </Select>
            )}
          </Field>
          <Field
            label={
              v.value_type === 'percentage' ? t('offers.form.value_percent') : t('offers.form.value_amount')
            }
            required
            error={e.value?.message}
          >
            {(p) => <Input {...p} {...numeric} step="0.01" min="0" {...register('value')} />}
          </Field>
        </div>
      )}
      {v.target === 'products' ? (
        <div>
          <p className="mb-1 text-sm font-semibold text-stone-700">
            {t('offers.form.pick')}
            <span className="ms-0.5 text-red-700" aria-hidden="true">
              *
            </span>
          </p>
          <OfferItemsPicker
            value={{
              product_ids: v.product_ids,
              category_ids: v.category_ids,
              variant_ids: v.variant_ids,
            }}
            onChange={(next) => {
              setValue('product_ids', next.product_ids)
              setValue('category_ids', next.category_ids)
              setValue('variant_ids', next.variant_ids)
              clearErrors(['product_ids', 'category_ids', 'variant_ids'])
            }}
            error={e.product_ids?.message ?? e.category_ids?.message ?? e.variant_ids?.message}
          />
          <FieldError message={e.product_ids?.message ?? e.category_ids?.message ?? e.variant_ids?.message} />
        </div>
      ) : null}
      {v.target !== 'delivery' ? (
        <Check
          label={t('offers.form.retail_only')}
          hint={t('offers.form.retail_only_hint')}
          {...register('retail_only')}
        />
      ) : null}
    </Section>
  )
}

/** A minimum, dates in the shop's time zone, cities, payment methods, first order only. */
export function ConditionsStep({ form, v, tz, cities }: StepProps & { tz: string; cities: City[] }) {
  const { t } = useTranslation('dashboard')
  const { register, setValue } = form
  const e = form.formState.errors
  return (
    <Section title={t('offers.form.conditions')}>
      <Field
        label={t('offers.form.min_subtotal')}
        hint={t('offers.form.min_subtotal_hint')}
        error={e.min_subtotal?.message}
      >
        {(p) => <Input {...p} {...numeric} step="0.01" min="0" {...register('min_subtotal')} />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={t('offers.form.starts_at')}
          error={e.starts_at?.message}
          hint={t('offers.form.zone_hint', { zone: tz })}
        >
          {(p) => <Input {...p} type="datetime-local" className="ltr-nums" {...register('starts_at')} />}
        </Field>
        <Field label={t('offers.form.ends_at')} error={e.ends_at?.message} hint={t('offers.form.ends_hint')}>
          {(p) => <Input {...p} type="datetime-local" className="ltr-nums" {...register('ends_at')} />}
        </Field>
      </div>
      <div>
        <p className="mb-1 text-sm font-semibold text-stone-700">{t('offers.form.cities')}</p>
        <p className="mb-2 text-xs text-stone-500">{t('offers.form.cities_hint')}</p>
        <ul className="grid max-h-48 gap-1 overflow-y-auto rounded-[var(--radius-control)] border border-sand-300 p-2 sm:grid-cols-2">
          {cities.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-9 items-center gap-2 text-sm text-stone-800">
                <Checkbox
                  checked={v.city_ids.includes(c.id)}
                  onChange={(ev) => setValue('city_ids', toggleIn(v.city_ids, c.id, ev.target.checked))}
                />
                <bdi>{c.name}</bdi>
              </label>
            </li>
          ))}
        </ul>
        <FieldError message={e.city_ids?.message} />
      </div>
      <div>
        <p className="mb-1 text-sm font-semibold text-stone-700">{t('offers.form.payment_methods')}</p>
        <p className="mb-2 text-xs text-stone-500">{t('offers.form.payment_hint')}</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {PAYMENT_METHODS.map((m) => (
            <label key={m} className="flex min-h-9 items-center gap-2 text-sm text-stone-800">
              <Checkbox
                checked={v.payment_methods.includes(m)}
                onChange={(ev) =>
                  setValue('payment_methods', toggleIn(v.payment_methods, m, ev.target.checked))
                }
              />
              {t(`common:payment_method.${m}`)}
            </label>
          ))}
        </div>
        <FieldError message={e.payment_methods?.message} />
      </div>
      <Check
        label={t('offers.form.first_order_only')}
        hint={t('offers.form.first_order_hint')}
        {...register('first_order_only')}
      />
    </Section>
  )
}

/** One whole-number limit (uses in all, uses per customer); empty: no limit. */
function LimitField({
  form,
  name,
  label,
  hint,
}: {
  form: UseFormReturn<OfferValues>
  name: 'usage_limit' | 'per_customer_limit'
  label: string
  hint: string
}) {
  return (
    <Field label={label} hint={hint} error={form.formState.errors[name]?.message}>
      {(p) => (
        <Input
          {...p}
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          className="ltr-nums"
          {...form.register(name)}
        />
      )}
    </Field>
  )
}

/** How many times in all, and per customer. */
export function LimitsStep({ form }: Pick<StepProps, 'form'>) {
  const { t } = useTranslation('dashboard')
  return (
    <Section title={t('offers.form.limits')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <LimitField
          form={form}
          name="usage_limit"
          label={t('offers.form.usage_limit')}
          hint={t('offers.form.limit_hint')}
        />
        <LimitField
          form={form}
          name="per_customer_limit"
          label={t('offers.form.per_customer_limit')}
          hint={t('offers.form.per_customer_hint')}
        />
      </div>
    </Section>
  )
}
