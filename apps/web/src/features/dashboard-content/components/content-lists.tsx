import { useId } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { CONTENT_ICONS, CONTENT_LIMITS, type ContentCard } from '@shop/shared/schemas/content'
import { Checkbox } from '../../../components/ui/checkbox.tsx'
import { Field, FieldError, Input, Select } from '../../../components/ui/field.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import { errorAt, type ContentForm, type ContentValues } from './content-form-values.ts'
import { AddRowButton, DemoMark, RowActions, RowFrame } from './content-parts.tsx'
import { isDemoItem } from './demo-items.ts'

/** What a card list holds: its heading, the name of one row, and its two texts' labels (each field says what it is). */
const CARD_LISTS = {
  'about.cards': { max: CONTENT_LIMITS.cards, kind: 'card' },
  'quality.practices': { max: CONTENT_LIMITS.practices, kind: 'practice' },
  'quality.badges': { max: CONTENT_LIMITS.badges, kind: 'badge' },
} as const

/** Highlight cards, quality practices or badges: icon, title and text in both languages, added, removed, moved. */
export function CardList({ form, name }: { form: ContentForm; name: keyof typeof CARD_LISTS }) {
  const { t } = useTranslation('dashboard')
  const { max, kind } = CARD_LISTS[name]
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name })
  const values = useWatch({ control: form.control }) as ContentValues
  const headingId = useId()
  const itemLabel = t(`content.${kind}`)
  const blank: ContentCard = { icon: 'star', title: { ar: '', en: '' }, text: { ar: '', en: '' } }
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-bold text-stone-800">
        {t(`content.${kind}s`)}
      </h3>
      <ol className="space-y-3">
        {fields.map((field, i) => {
          const label = form.watch(`${name}.${i}.title.ar`) || `${itemLabel} ${i + 1}`
          return (
            <RowFrame key={field.id}>
              {isDemoItem(name, values, i) ? <DemoMark /> : null}
              <div className="mb-2 flex items-end gap-2">
                <Field label={t('content.icon')} className="w-40">
                  {(p) => (
                    <Select {...p} {...form.register(`${name}.${i}.icon`)}>
                      {CONTENT_ICONS.map((icon) => (
                        <option key={icon} value={icon}>
                          {t(`content.icons.${icon}`)}
                        </option>
                      ))}
                    </Select>
                  )}
                </Field>
                <div className="flex-1" />
                <RowActions
                  index={i}
                  count={fields.length}
                  label={label}
                  onMove={move}
                  onRemove={() => remove(i)}
                />
              </div>
              <TranslatedFields
                form={form}
                label={t(`content.${kind}_title`)}
                required
                ar={`${name}.${i}.title.ar`}
                en={`${name}.${i}.title.en`}
              />
              <TranslatedFields
                form={form}
                className="mt-3"
                label={t(`content.${kind}_text`)}
                rows={2}
                ar={`${name}.${i}.text.ar`}
                en={`${name}.${i}.text.en`}
              />
            </RowFrame>
          )
        })}
      </ol>
      {fields.length === 0 ? <p className="text-sm text-stone-600">{t('content.list_empty')}</p> : null}
      <FieldError message={errorAt(form.formState.errors, name)} />
      <AddRowButton disabled={fields.length >= max} onClick={() => append(blank)}>
        {t('content.add', { item: itemLabel })}
      </AddRowButton>
    </div>
  )
}

/** The figures under the about text ("2018 — Founded"). */
export function StatsList({ form }: { form: ContentForm }) {
  const { t } = useTranslation('dashboard')
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'about.stats' })
  const values = useWatch({ control: form.control }) as ContentValues
  const errors = form.formState.errors
  const headingId = useId()
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-bold text-stone-800">
        {t('content.stats')}
      </h3>
      <ol className="space-y-3">
        {fields.map((field, i) => (
          <RowFrame key={field.id}>
            {isDemoItem('about.stats', values, i) ? <DemoMark /> : null}
            <div className="flex items-end gap-2">
              <Field
                label={t('content.stat_value')}
                required
                className="w-32"
                error={errorAt(errors, `about.stats.${i}.value`)}
              >
                {(p) => <Input {...p} dir="ltr" {...form.register(`about.stats.${i}.value`)} />}
              </Field>
              <div className="flex-1" />
              <RowActions
                index={i}
                count={fields.length}
                label={form.watch(`about.stats.${i}.value`) || `${i + 1}`}
                onMove={move}
                onRemove={() => remove(i)}
              />
            </div>
            <TranslatedFields
              form={form}
              className="mt-3"
              label={t('content.stat_label')}
              ar={`about.stats.${i}.label.ar`}
              en={`about.stats.${i}.label.en`}
            />
          </RowFrame>
        ))}
      </ol>
      <AddRowButton
        disabled={fields.length >= CONTENT_LIMITS.stats}
        onClick={() => append({ value: '', label: { ar: '', en: '' } })}
      >
        {t('content.add', { item: t('content.stat') })}
      </AddRowButton>
    </div>
  )
}

/**
 * Opening hours (decision 0232): the days in both languages; the hours in digits, which read the same on Arabic and
 * English pages, or "closed", which each page says in its own language.
 */
export function HoursList({ form }: { form: ContentForm }) {
  const { t } = useTranslation('dashboard')
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'hours' })
  const errors = form.formState.errors
  return (
    <div>
      <ol className="space-y-3">
        {fields.map((field, i) => {
          const closed = form.watch(`hours.${i}.closed`)
          return (
            <RowFrame key={field.id}>
              <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
                <label className="flex min-h-10 items-center gap-2 text-sm font-semibold text-stone-700">
                  <Checkbox
                    {...form.register(`hours.${i}.closed`, {
                      onChange: () => form.clearErrors(`hours.${i}.time`),
                    })}
                  />
                  {t('content.hours_closed')}
                </label>
                {closed ? null : (
                  <Field
                    label={t('content.hours_time')}
                    required
                    className="w-48"
                    hint={t('content.hours_time_hint')}
                    error={errorAt(errors, `hours.${i}.time`)}
                  >
                    {(p) => (
                      <Input
                        {...p}
                        dir="ltr"
                        inputMode="numeric"
                        placeholder="8:00 – 20:00"
                        {...form.register(`hours.${i}.time`)}
                      />
                    )}
                  </Field>
                )}
                <div className="flex-1" />
                <RowActions
                  index={i}
                  count={fields.length}
                  label={form.watch(`hours.${i}.days.ar`) || `${i + 1}`}
                  onMove={move}
                  onRemove={() => remove(i)}
                />
              </div>
              <TranslatedFields
                form={form}
                className="mt-3"
                label={t('content.hours_days')}
                required
                ar={`hours.${i}.days.ar`}
                en={`hours.${i}.days.en`}
              />
            </RowFrame>
          )
        })}
      </ol>
      <AddRowButton
        disabled={fields.length >= CONTENT_LIMITS.hours}
        onClick={() => append({ days: { ar: '', en: '' }, time: '', closed: false })}
      >
        {t('content.add', { item: t('content.hours_row') })}
      </AddRowButton>
    </div>
  )
}
