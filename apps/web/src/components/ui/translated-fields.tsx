import { Languages } from 'lucide-react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { clsx } from 'clsx'
import { Badge } from './badge.tsx'
import { Field, Input, Textarea } from './field.tsx'

export interface TranslatedFieldsProps {
  /** The field's name in the interface language, e.g. "Name". */
  label: string
  /** The Arabic text is required (the English one never is: decision 0057). */
  required?: boolean
  /** Rows of a multi-line text; a one-line input when absent. */
  rows?: number
  ar: UseFormRegisterReturn
  en: UseFormRegisterReturn
  errorAr?: string
  errorEn?: string
  placeholderAr?: string
  placeholderEn?: string
  className?: string
}

/**
 * One translatable text of a dashboard form: its Arabic and English fields side by side (stacked on phones), the
 * English one marked optional. Each field is typed in its own language and direction, whatever the dashboard's.
 */
export function TranslatedFields({
  label,
  required,
  rows,
  ar,
  en,
  errorAr,
  errorEn,
  placeholderAr,
  placeholderEn,
  className,
}: TranslatedFieldsProps) {
  const { t } = useTranslation('dashboard')
  const control = (
    p: { id: string },
    lang: 'ar' | 'en',
    field: UseFormRegisterReturn,
    placeholder?: string,
  ) =>
    rows ? (
      <Textarea
        {...p}
        lang={lang}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        rows={rows}
        placeholder={placeholder}
        {...field}
      />
    ) : (
      <Input {...p} lang={lang} dir={lang === 'ar' ? 'rtl' : 'ltr'} placeholder={placeholder} {...field} />
    )
  return (
    <div className={clsx('grid grid-cols-1 gap-4 sm:grid-cols-2', className)}>
      <Field label={t('languages.in_arabic', { field: label })} required={required} error={errorAr}>
        {(p) => control(p, 'ar', ar, placeholderAr)}
      </Field>
      <Field
        label={
          <>
            {t('languages.in_english', { field: label })}{' '}
            <span className="font-normal text-stone-500">({t('languages.optional')})</span>
          </>
        }
        error={errorEn}
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
