import { useMutation, useQuery } from '@tanstack/react-query'
import { FlaskConical } from 'lucide-react'
import { useMemo } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useRevalidator } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { StorefrontContent } from '@shop/shared/schemas/content'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ErrorState } from '../../../components/ui/states.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { contentQuery, saveContent } from '../api/content-api.ts'
import { contentResolver, toFormValues, type ContentForm, type ContentValues } from './content-form-values.ts'
import { CardList, HoursList, StatsList } from './content-lists.tsx'
import { Panel } from './content-parts.tsx'
import { FeaturedPicker } from './featured-picker.tsx'
import { PictureField } from './picture-field.tsx'
import { demoItemCount, withoutDemoItems } from './demo-items.ts'

/** Storefront content (decision 0125): what the landing page and the footer say, in Arabic and English. */
export function ContentScreen() {
  const { t } = useTranslation('dashboard')
  const content = useQuery(contentQuery())
  if (content.isPending) return <Skeleton className="h-96 rounded-[var(--radius-card)]" />
  if (content.isError)
    return (
      <ErrorState
        title={t('content.load_failed')}
        message={content.error.message}
        onRetry={() => void content.refetch()}
      />
    )
  return <ContentEditor initial={content.data} />
}

/**
 * Decision 0232: how many of the demo farm's cards, practices, badges and figures the page still shows, marked where
 * they stand, with one button that takes them all out of the form (saved with the rest).
 */
function DemoNotice({ form }: { form: ContentForm }) {
  const { t } = useTranslation('dashboard')
  const values = useWatch({ control: form.control }) as ContentValues
  const count = demoItemCount(values)
  if (count === 0) return null
  return (
    <div
      role="status"
      className="flex flex-wrap items-start gap-3 rounded-[var(--radius-card)] border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-60 text-sm">{t('content.demo_notice', { count })}</p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          // Each list through its own name, so the lists' rows (useFieldArray) follow.
          const { about, quality } = withoutDemoItems(form.getValues())
          form.setValue('about.stats', about.stats, { shouldDirty: true })
          form.setValue('about.cards', about.cards, { shouldDirty: true })
          form.setValue('quality.practices', quality.practices, { shouldDirty: true })
          form.setValue('quality.badges', quality.badges, { shouldDirty: true })
        }}
      >
        {t('content.demo_remove', { count })}
      </Button>
    </div>
  )
}

/** The whole document as one form, saved whole; what the server refuses shows under its field. */
function ContentEditor({ initial }: { initial: StorefrontContent }) {
  const { t } = useTranslation('dashboard')
  const revalidator = useRevalidator()
  const resolver = useMemo(() => contentResolver(t('content.hours_digits')), [t])
  const form = useForm<ContentValues, unknown, StorefrontContent>({
    resolver,
    defaultValues: toFormValues(initial),
  })
  const { reset, handleSubmit, setError, formState } = form

  const save = useMutation({
    mutationFn: saveContent,
    meta: { invalidates: changedBy.content },
    onSuccess: (saved) => {
      reset(toFormValues(saved))
      toast.success(t('content.saved'))
      // The header, footer and favicon read the logo and the footer's content from the root route's data.
      void revalidator.revalidate()
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errors)
        for (const [field, messages] of Object.entries(err.errors))
          setError(field as 'hero', { message: messages[0] })
      toast.error(t('content.save_failed'))
    },
  })

  return (
    <form
      noValidate
      onSubmit={handleSubmit(
        (values) => save.mutate(values),
        () => toast.error(t('content.save_failed')),
      )}
      className="space-y-6 pb-24"
    >
      <PageHeader title={t('content.title')} description={t('content.description')} />
      <DemoNotice form={form} />

      <Panel id="content-logo" title={t('content.logo')} hint={t('content.logo_hint')}>
        <PictureField form={form} name="logo_image_id" label={t('content.logo')} fallback="/logo.webp" />
      </Panel>

      <Panel id="content-hero" title={t('content.hero')}>
        <TranslatedFields
          form={form}
          label={t('content.hero_eyebrow')}
          ar="hero.eyebrow.ar"
          en="hero.eyebrow.en"
        />
        <TranslatedFields
          form={form}
          label={t('content.hero_title')}
          required
          ar="hero.title.ar"
          en="hero.title.en"
        />
        <TranslatedFields
          form={form}
          label={t('content.hero_text')}
          rows={3}
          ar="hero.text.ar"
          en="hero.text.en"
        />
        <PictureField form={form} name="hero.image_id" label={t('content.hero_image')} fallback="/hero.svg" />
      </Panel>

      <Panel id="content-about" title={t('content.about')}>
        <TranslatedFields
          form={form}
          label={t('content.about_title')}
          ar="about.title.ar"
          en="about.title.en"
        />
        <TranslatedFields
          form={form}
          label={t('content.about_text')}
          rows={4}
          ar="about.text.ar"
          en="about.text.en"
        />
        <StatsList form={form} />
        <CardList form={form} name="about.cards" />
      </Panel>

      <Panel id="content-featured" title={t('content.featured')} hint={t('content.featured_hint')}>
        <FeaturedPicker form={form} />
      </Panel>

      <Panel id="content-quality" title={t('content.quality')}>
        <TranslatedFields
          form={form}
          label={t('content.quality_title')}
          ar="quality.title.ar"
          en="quality.title.en"
        />
        <TranslatedFields
          form={form}
          label={t('content.quality_text')}
          rows={2}
          ar="quality.text.ar"
          en="quality.text.en"
        />
        <CardList form={form} name="quality.practices" />
        <CardList form={form} name="quality.badges" />
      </Panel>

      <Panel id="content-footer" title={t('content.footer')} hint={t('content.footer_hint')}>
        <TranslatedFields
          form={form}
          label={t('content.footer_text')}
          rows={2}
          ar="footer_text.ar"
          en="footer_text.en"
        />
        <TranslatedFields form={form} label={t('content.address')} ar="address.ar" en="address.en" />
        <h3 className="font-bold text-stone-800">{t('content.hours')}</h3>
        <HoursList form={form} />
        <p className="text-sm text-stone-600">
          {t('content.contacts_in_settings')}{' '}
          <Link to="/dashboard/settings" className="font-semibold text-palm-700 underline">
            {t('nav.settings')}
          </Link>
        </p>
      </Panel>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-sand-300 bg-white/95 px-4 py-3 backdrop-blur">
        {formState.isDirty ? <p className="me-auto text-sm text-amber-800">{t('content.unsaved')}</p> : null}
        <Button type="submit" busy={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  )
}
