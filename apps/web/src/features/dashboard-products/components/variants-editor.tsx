import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useWatch, type Control, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { ProductInput } from '@shop/shared/schemas/product'
import { Button } from '../../../components/ui/button.tsx'
import { Field, FieldError, Input } from '../../../components/ui/field.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import type { ProductFormValues } from './product-form-dialog.tsx'
import { EMPTY_TIER, EMPTY_VARIANT } from './variant-form.ts'
import { useCan } from '../../../lib/auth/permissions.ts'

type Form = UseFormReturn<ProductFormValues, unknown, ProductInput>

// Decision 0150: ten breaks and fifty packs at most (the shared schema says so too).
const MAX_TIERS = 10
const MAX_VARIANTS = 50

const moneyInput = {
  type: 'number',
  step: '0.01',
  min: '0',
  inputMode: 'decimal' as const,
  className: 'ltr-nums',
}
const countInput = (min: string) => ({
  type: 'number',
  step: '1',
  min,
  inputMode: 'numeric' as const,
  className: 'ltr-nums',
})

/** The name staff read for pack `index`: its label in the dashboard's language, else "Size N". */
function usePackName(control: Control<ProductFormValues, unknown, ProductInput>, index: number) {
  const { t, i18n } = useTranslation('dashboard')
  const [ar, en] = useWatch({
    control,
    name: [`variants.${index}.label_ar`, `variants.${index}.label_en`],
  })
  const label = (i18n.language === 'en' ? en || ar : ar || en)?.trim()
  return label || t('products.size_n', { n: index + 1 })
}

/**
 * Decision 0154: the sizes (packs) of the product. One pack reads as the plain price and stock fields with "add
 * another size"; two or more are cards (one under the other on a phone, their fields in columns on a laptop), each
 * with its Arabic and English label, its quantity prices, and buttons to move it up or down or remove it.
 */
export function VariantsEditor({ form }: { form: Form }) {
  const { t } = useTranslation('dashboard')
  const { control, formState } = form
  const packs = useFieldArray({ control, name: 'variants', keyName: 'key' })
  const several = packs.fields.length > 1
  const rootError = formState.errors.variants?.root?.message ?? formState.errors.variants?.message

  return (
    <section aria-labelledby="product-sizes-title" className="sm:col-span-2">
      <h3 id="product-sizes-title" className="mb-1 font-bold text-stone-900">
        {several ? t('products.sizes_title') : t('products.price_stock_title')}
      </h3>
      {several ? <p className="mb-3 text-sm text-stone-600">{t('products.sizes_hint')}</p> : null}
      <FieldError message={rootError} />
      <ol className="space-y-4">
        {packs.fields.map((field, index) => (
          <li key={field.key}>
            <PackFields
              form={form}
              index={index}
              several={several}
              count={packs.fields.length}
              onMove={(to) => packs.move(index, to)}
              onRemove={() => packs.remove(index)}
            />
          </li>
        ))}
      </ol>
      {packs.fields.length < MAX_VARIANTS ? (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => packs.append({ ...EMPTY_VARIANT, tiers: [] }, { shouldFocus: true })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {several ? t('products.add_size') : t('products.add_another_size')}
        </Button>
      ) : null}
    </section>
  )
}

interface PackFieldsProps {
  form: Form
  index: number
  several: boolean
  count: number
  onMove(to: number): void
  onRemove(): void
}

function PackFields({ form, index, several, count, onMove, onRemove }: PackFieldsProps) {
  const { t } = useTranslation('dashboard')
  const { register, control, formState } = form
  const errors = formState.errors.variants?.[index]
  const name = usePackName(control, index)
  const path = `variants.${index}` as const
  const titleId = `pack-${index}-title`
  // Decision 0216: buying prices are shown and typed only with costs.view (the API keeps the stored ones otherwise).
  const costs = useCan()('costs.view')

  const fields = (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {several ? (
        <TranslatedFields
          form={form}
          label={t('products.size_label')}
          required
          ar={`${path}.label_ar`}
          en={`${path}.label_en`}
          placeholderAr={t('products.size_label_placeholder_ar')}
          placeholderEn={t('products.size_label_placeholder_en')}
          className="sm:col-span-2 lg:col-span-4"
        />
      ) : null}
      <Field label={t('products.price')} required error={errors?.price?.message}>
        {(p) => <Input {...p} {...moneyInput} {...register(`${path}.price`)} />}
      </Field>
      <Field label={t('products.stock')} error={errors?.stock?.message}>
        {(p) => <Input {...p} {...countInput('0')} {...register(`${path}.stock`)} />}
      </Field>
      <Field
        label={t('products.sku')}
        error={errors?.sku?.message}
        hint={several ? undefined : t('products.sku_hint')}
        className="sm:col-span-2"
      >
        {(p) => <Input {...p} dir="ltr" autoComplete="off" spellCheck={false} {...register(`${path}.sku`)} />}
      </Field>
      {costs && (
        <>
          <Field label={t('products.retail_buying_price')} error={errors?.retail_buying_price?.message}>
            {(p) => <Input {...p} {...moneyInput} {...register(`${path}.retail_buying_price`)} />}
          </Field>
          <Field label={t('products.wholesale_buying_price')} error={errors?.wholesale_buying_price?.message}>
            {(p) => <Input {...p} {...moneyInput} {...register(`${path}.wholesale_buying_price`)} />}
          </Field>
        </>
      )}
      <Field label={t('products.weight_grams')} error={errors?.weight_grams?.message}>
        {(p) => <Input {...p} {...countInput('1')} {...register(`${path}.weight_grams`)} />}
      </Field>
      <Field label={t('products.volume_ml')} error={errors?.volume_ml?.message}>
        {(p) => <Input {...p} {...countInput('1')} {...register(`${path}.volume_ml`)} />}
      </Field>
      <TiersEditor form={form} index={index} />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3 sm:col-span-2 lg:col-span-4">
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
          <input
            type="checkbox"
            className="size-4 accent-palm-700"
            {...register(`${path}.is_always_in_stock`)}
          />
          {t('products.always_in_stock')}
        </label>
        {several ? (
          <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
            <input type="checkbox" className="size-4 accent-palm-700" {...register(`${path}.is_active`)} />
            {t('products.size_active')}
          </label>
        ) : null}
      </div>
    </div>
  )

  if (!several) return fields
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="rounded-[var(--radius-card)] border border-sand-300 bg-sand-50/60 p-3 sm:p-4"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h4 id={titleId} className="min-w-0 font-bold text-stone-900">
          <span className="text-stone-500">{t('products.size_n', { n: index + 1 })}</span>
          {name !== t('products.size_n', { n: index + 1 }) ? (
            <>
              {' · '}
              <bdi>{name}</bdi>
            </>
          ) : null}
        </h4>
        <div className="flex shrink-0 items-center gap-1">
          <IconButton
            label={t('products.move_size_up', { name })}
            icon={<ArrowUp aria-hidden="true" />}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          />
          <IconButton
            label={t('products.move_size_down', { name })}
            icon={<ArrowDown aria-hidden="true" />}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          />
          <IconButton
            label={t('products.remove_size', { name })}
            tone="danger"
            icon={<Trash2 aria-hidden="true" />}
            onClick={onRemove}
          />
        </div>
      </div>
      {fields}
    </div>
  )
}

/** The pack's quantity prices: "from N units, each costs X", smallest quantity first (the first is wholesale). */
function TiersEditor({ form, index }: { form: Form; index: number }) {
  const { t } = useTranslation('dashboard')
  const { register, control, formState } = form
  const tiers = useFieldArray({ control, name: `variants.${index}.tiers`, keyName: 'key' })
  const errors = formState.errors.variants?.[index]?.tiers
  const titleId = `pack-${index}-tiers-title`

  return (
    <div role="group" aria-labelledby={titleId} className="sm:col-span-2 lg:col-span-4">
      <p id={titleId} className="text-sm font-semibold text-stone-700">
        {t('products.tiers_title')}
      </p>
      <p className="mb-2 text-xs text-stone-500">{t('products.tiers_hint')}</p>
      <FieldError message={errors?.root?.message ?? errors?.message} />
      {tiers.fields.length ? (
        <ol className="mb-2 space-y-2">
          {tiers.fields.map((field, j) => (
            <li
              key={field.key}
              role="group"
              aria-label={t('products.tier_n', { n: j + 1 })}
              className="flex items-start gap-2"
            >
              <div className="grid flex-1 grid-cols-2 gap-2 sm:max-w-md">
                <Field label={t('products.tier_min_quantity')} error={errors?.[j]?.min_quantity?.message}>
                  {(p) => (
                    <Input
                      {...p}
                      {...countInput('2')}
                      {...register(`variants.${index}.tiers.${j}.min_quantity`)}
                    />
                  )}
                </Field>
                <Field label={t('products.tier_price')} error={errors?.[j]?.price?.message}>
                  {(p) => (
                    <Input {...p} {...moneyInput} {...register(`variants.${index}.tiers.${j}.price`)} />
                  )}
                </Field>
              </div>
              <IconButton
                label={t('products.remove_tier', { n: j + 1 })}
                tone="danger"
                icon={<Trash2 aria-hidden="true" />}
                className="mt-6"
                onClick={() => tiers.remove(j)}
              />
            </li>
          ))}
        </ol>
      ) : null}
      {tiers.fields.length < MAX_TIERS ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => tiers.append({ ...EMPTY_TIER }, { shouldFocus: true })}
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('products.add_tier')}
        </Button>
      ) : null}
    </div>
  )
}
