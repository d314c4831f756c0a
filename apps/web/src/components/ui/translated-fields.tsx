import { Languages } from 'lucide-react'
import {
  get,
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { Badge } from './badge.tsx'
import { Button } from './button.tsx'
import { Field, Input, Textarea } from './field.tsx'

export interface TranslatedFieldsProps<V extends FieldValues, T extends FieldValues = V> {
  /** The form the two texts belong to; their errors and saved values are read from it. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form context; only values and errors are read
  form: UseFormReturn<V, any, T>
  /** The Arabic text's field, e.g. `name_ar` or `hero.title.ar`. */
  ar: Path<V>
  /** The English text's field. */
  en: Path<V>
  /** The field's name in the interface language, e.g. "Name". */
  label: string
  /** The Arabic text is required (the English one never is: decision 0057). */
  required?: boolean
  /** Rows of a multi-line text; a one-line input when absent. */
  rows?: number
  placeholderAr?: string
  placeholderEn?: string
  className?: string
}

/** The message of a field's error, nested paths included (`hero.title.ar`). */
const messageAt = (errors: object, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/**
 * One translatable text of a dashboard form (products, categories, cities, offers, the storefront content): its Arabic
 * and English fields side by side (stacked on phones), the English one marked optional, each typed in its own language
 * and direction whatever the dashboard's. Decision 0231: when the Arabic is changed and the English still holds the
 * text it had when the form opened, a note under the English says so plainly (English pages would keep showing the old
 * words, e.g. the demo farm's story), with a button that empties it so English pages show the new Arabic instead.
 */
export function TranslatedFields<V extends FieldValues, T extends FieldValues = V>({
  form,
  ar,
  en,
  label,
  required,
  rows,
  placeholderAr,
  placeholderEn,
  className,
}: TranslatedFieldsProps<V, T>) {
  const { t } = useTranslation('dashboard')
  const [arValue, enValue] = useWatch({ control: form.control, name: [ar, en] })
  const saved = form.formState.defaultValues
  const englishOutdated =
    text(arValue) !== text(get(saved, ar)) && text(enValue) !== '' && text(enValue) === text(get(saved, en))
  const errors = form.formState.errors
  const control = (p: { id: string }, lang: 'ar' | 'en', name: Path<V>, placeholder?: string) => {
    const field = {
      ...p,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
      placeholder,
      ...form.register(name),
    }
    return rows ? <Textarea rows={rows} {...field} /> : <Input {...field} />
  }
  return (
    <div className={clsx('grid grid-cols-1 gap-4 sm:grid-cols-2', className)}>
      <Field
        label={t('languages.in_arabic', { field: label })}
        required={required}
        error={messageAt(errors, ar)}
      >
        {(p) => control(p, 'ar', ar, placeholderAr)}
      </Field>
      <Field
        label={
          <>
            {t('languages.in_english', { field: label })}{' '}
            <span className="font-normal text-stone-500">({t('languages.optional')})</span>
          </>
        }
        error={messageAt(errors, en)}
        hint={
          englishOutdated ? (
            <span
              className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-[var(--radius-control)] bg-amber-50 px-2 py-1.5 text-sm text-amber-900"
              data-testid="english-outdated"
            >
              <Languages className="size-4 shrink-0" aria-hidden="true" />
              <span className="min-w-0 flex-1">{t('languages.english_outdated')}</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={() =>
                  form.setValue(en, '' as PathValue<V, Path<V>>, { shouldDirty: true, shouldValidate: false })
                }
              >
                {t('languages.clear_english')}
              </Button>
            </span>
          ) : undefined
        }
      >
        {(p) => control(p, 'en', en, placeholderEn)}
      </Field>
    </div>
  )
}

/** The lists' marker of a row whose English text is missing (it shows in Arabic to English readers). */
export function EnglishMissing({ className }: { className?: string }) {
  const { t } = useTranslation('dashboard')
  return (
    <Badge tone="amber" className={clsx('whitespace-nowrap', className)}>
      <Languages className="size-3" aria-hidden="true" />
      {t('languages.english_missing')}
    </Badge>
  )
}
