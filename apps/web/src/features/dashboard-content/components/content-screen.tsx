import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, ImagePlus, Plus, Trash2 } from 'lucide-react'
import { useId, useRef, useState, type ReactNode } from 'react'
import { useFieldArray, useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form'
import { Link, useRevalidator } from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  CONTENT_ICONS,
  CONTENT_LIMITS,
  StorefrontContent,
  type ContentCard,
} from '@shop/shared/schemas/content'
import { Button } from '../../../components/ui/button.tsx'
import { Field, FieldError, Input, Select } from '../../../components/ui/field.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { ErrorState } from '../../../components/ui/states.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { contentQuery, productOptionsQuery, saveContent, uploadContentImage } from '../api/content-api.ts'

type Form = UseFormReturn<StorefrontContent>
const resolver = zodResolver(StorefrontContent) as unknown as Resolver<StorefrontContent>

/** The message of a nested field (`about.cards.0.title.ar`) among the form's errors. */
function errorAt(errors: FieldErrors<StorefrontContent>, path: string): string | undefined {
  let node: unknown = errors
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  return (node as { message?: string } | undefined)?.message
}

function Panel({
  id,
  title,
  hint,
  children,
}: {
  id: string
  title: string
  hint?: string
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-[var(--radius-card)] border border-sand-300 bg-white p-4 shadow-[var(--shadow-soft)] sm:p-5"
    >
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-stone-600">{hint}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  )
}

/** Up, down and remove for one row of a list (cards, badges, hours, featured products). */
function RowActions({
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  index: number
  count: number
  label: string
  onMove: (from: number, to: number) => void
  onRemove: () => void
}) {
  const { t } = useTranslation('dashboard')
  return (
    <div className="flex shrink-0 gap-1">
      <Button
        variant="ghost"
        size="icon"
        disabled={index === 0}
        aria-label={t('content.move_up', { item: label })}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        disabled={index === count - 1}
        aria-label={t('content.move_down', { item: label })}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost-danger"
        size="icon"
        aria-label={t('content.remove', { item: label })}
        onClick={onRemove}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </div>
  )
}

/** Highlight cards, quality practices or badges: icon, title and text in both languages, added, removed, moved. */
function CardList({
  form,
  name,
  title,
  itemLabel,
  max,
}: {
  form: Form
  name: 'about.cards' | 'quality.practices' | 'quality.badges'
  title: string
  itemLabel: string
  max: number
}) {
  const { t } = useTranslation('dashboard')
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name })
  const errors = form.formState.errors
  const headingId = useId()
  const blank: ContentCard = { icon: 'star', title: { ar: '', en: '' }, text: { ar: '', en: '' } }
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-bold text-stone-800">
        {title}
      </h3>
      <ol className="space-y-3">
        {fields.map((field, i) => {
          const label = form.watch(`${name}.${i}.title.ar`) || `${itemLabel} ${i + 1}`
          return (
            <li
              key={field.id}
              className="rounded-[var(--radius-control)] border border-sand-200 bg-sand-50 p-3"
            >
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
                label={t('content.item_title')}
                required
                ar={form.register(`${name}.${i}.title.ar`)}
                en={form.register(`${name}.${i}.title.en`)}
                errorAr={errorAt(errors, `${name}.${i}.title.ar`)}
                errorEn={errorAt(errors, `${name}.${i}.title.en`)}
              />
              <TranslatedFields
                className="mt-3"
                label={t('content.item_text')}
                rows={2}
                ar={form.register(`${name}.${i}.text.ar`)}
                en={form.register(`${name}.${i}.text.en`)}
                errorAr={errorAt(errors, `${name}.${i}.text.ar`)}
                errorEn={errorAt(errors, `${name}.${i}.text.en`)}
              />
            </li>
          )
        })}
      </ol>
      {fields.length === 0 ? <p className="text-sm text-stone-600">{t('content.list_empty')}</p> : null}
      <FieldError message={errorAt(errors, name)} />
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={fields.length >= max}
        icon={<Plus className="size-4" aria-hidden="true" />}
        onClick={() => append(blank)}
      >
        {t('content.add', { item: itemLabel })}
      </Button>
    </div>
  )
}

/** The logo or the hero picture: shown, replaced by an upload, or removed (the shop's own picture then). */
function PictureField({
  form,
  name,
  label,
  fallback,
}: {
  form: Form
  name: 'logo_image_id' | 'hero.image_id'
  label: string
  fallback: string
}) {
  const { t } = useTranslation('dashboard')
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string>()
  const id = form.watch(name)
  const upload = useMutation({
    mutationFn: uploadContentImage,
    onSuccess: (res) => {
      setProblem(undefined)
      form.setValue(name, res.id, { shouldDirty: true })
    },
    onError: (err) =>
      setProblem(err instanceof ApiError ? (err.errors?.image?.[0] ?? err.message) : String(err)),
  })
  return (
    <div className="flex flex-wrap items-center gap-4">
      <img
        src={id ? `/api/images/${id}/small.webp` : fallback}
        alt={t('content.picture_preview', { item: label })}
        className="size-20 rounded-[var(--radius-control)] border border-sand-300 bg-sand-50 object-contain p-1"
      />
      <div className="min-w-0">
        <p className="font-semibold text-stone-800">{label}</p>
        <p className="text-sm text-stone-600">
          {id ? t('content.picture_custom') : t('content.picture_default')}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            className="sr-only"
            tabIndex={-1}
            aria-label={t('content.file_for', { item: label })}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) upload.mutate(file)
              e.target.value = ''
            }}
          />
          <Button
            variant="outline"
            size="sm"
            busy={upload.isPending}
            icon={<ImagePlus className="size-4" aria-hidden="true" />}
            aria-label={t('content.upload', { item: label })}
            onClick={() => input.current?.click()}
          >
            {t('content.upload_button')}
          </Button>
          {id ? (
            <Button
              variant="ghost-danger"
              size="sm"
              aria-label={t('content.remove_picture', { item: label })}
              onClick={() => form.setValue(name, null, { shouldDirty: true })}
            >
              {t('content.default_button')}
            </Button>
          ) : null}
        </div>
        <FieldError message={problem ?? errorAt(form.formState.errors, name)} />
      </div>
    </div>
  )
}

function StatsList({ form }: { form: Form }) {
  const { t } = useTranslation('dashboard')
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'about.stats' })
  const errors = form.formState.errors
  const headingId = useId()
  return (
    <div role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 font-bold text-stone-800">
        {t('content.stats')}
      </h3>
      <ol className="space-y-3">
        {fields.map((field, i) => (
          <li
            key={field.id}
            className="rounded-[var(--radius-control)] border border-sand-200 bg-sand-50 p-3"
          >
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
              className="mt-3"
              label={t('content.stat_label')}
              ar={form.register(`about.stats.${i}.label.ar`)}
              en={form.register(`about.stats.${i}.label.en`)}
              errorAr={errorAt(errors, `about.stats.${i}.label.ar`)}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={fields.length >= CONTENT_LIMITS.stats}
        icon={<Plus className="size-4" aria-hidden="true" />}
        onClick={() => append({ value: '', label: { ar: '', en: '' } })}
      >
        {t('content.add', { item: t('content.stat') })}
      </Button>
    </div>
  )
}

function HoursList({ form }: { form: Form }) {
  const { t } = useTranslation('dashboard')
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'hours' })
  const errors = form.formState.errors
  return (
    <div>
      <ol className="space-y-3">
        {fields.map((field, i) => (
          <li
            key={field.id}
            className="rounded-[var(--radius-control)] border border-sand-200 bg-sand-50 p-3"
          >
            <div className="flex items-end gap-2">
              <Field
                label={t('content.hours_time')}
                className="w-48"
                error={errorAt(errors, `hours.${i}.time`)}
              >
                {(p) => (
                  <Input {...p} dir="ltr" placeholder="8:00 – 20:00" {...form.register(`hours.${i}.time`)} />
                )}
              </Field>
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
              className="mt-3"
              label={t('content.hours_days')}
              required
              ar={form.register(`hours.${i}.days.ar`)}
              en={form.register(`hours.${i}.days.en`)}
              errorAr={errorAt(errors, `hours.${i}.days.ar`)}
            />
          </li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={fields.length >= CONTENT_LIMITS.hours}
        icon={<Plus className="size-4" aria-hidden="true" />}
        onClick={() => append({ days: { ar: '', en: '' }, time: '' })}
      >
        {t('content.add', { item: t('content.hours_row') })}
      </Button>
    </div>
  )
}

/** The owner's featured products in order (decision 0127); none: the landing shows the newest four. */
function FeaturedPicker({ form }: { form: Form }) {
  const { t } = useTranslation('dashboard')
  const products = useQuery(productOptionsQuery())
  const ids = form.watch('featured_product_ids')
  const [adding, setAdding] = useState('')
  const set = (next: number[]) => form.setValue('featured_product_ids', next, { shouldDirty: true })
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]))
  const selectId = useId()
  return (
    <div>
      {ids.length === 0 ? <p className="text-sm text-stone-600">{t('content.featured_none')}</p> : null}
      <ol className="space-y-2">
        {ids.map((id, i) => {
          const product = byId.get(id)
          const name = product?.name ?? `#${id}`
          return (
            <li
              key={id}
              className="flex items-center gap-2 rounded-[var(--radius-control)] border border-sand-200 bg-sand-50 px-3 py-2"
            >
              <span className="ltr-nums w-6 text-sm font-bold text-stone-500">{i + 1}</span>
              <span className="min-w-0 flex-1 truncate font-semibold text-stone-800">{name}</span>
              {product && (!product.is_active || product.stock <= 0) ? (
                <span className="text-xs text-amber-800">{t('content.featured_hidden')}</span>
              ) : null}
              <RowActions
                index={i}
                count={ids.length}
                label={name}
                onMove={(from, to) => {
                  const next = [...ids]
                  next.splice(to, 0, next.splice(from, 1)[0]!)
                  set(next)
                }}
                onRemove={() => set(ids.filter((x) => x !== id))}
              />
            </li>
          )
        })}
      </ol>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-stone-700">
            {t('content.featured_add')}
          </label>
          <Select id={selectId} value={adding} onChange={(e) => setAdding(e.target.value)}>
            <option value="">{t('content.featured_choose')}</option>
            {(products.data ?? [])
              .filter((p) => !ids.includes(p.id))
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
          </Select>
        </div>
        <Button
          variant="outline"
          disabled={!adding || ids.length >= CONTENT_LIMITS.featured}
          icon={<Plus className="size-4" aria-hidden="true" />}
          onClick={() => {
            set([...ids, Number(adding)])
            setAdding('')
          }}
        >
          {t('content.featured_add_button')}
        </Button>
      </div>
      <FieldError message={errorAt(form.formState.errors, 'featured_product_ids')} />
    </div>
  )
}

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
  return <ContentForm initial={content.data} />
}

/** The whole document as one form, saved whole; what the server refuses shows under its field. */
function ContentForm({ initial }: { initial: StorefrontContent }) {
  const { t } = useTranslation('dashboard')
  const revalidator = useRevalidator()
  const form = useForm<StorefrontContent>({ resolver, defaultValues: initial })
  const { reset, register, handleSubmit, setError, formState } = form

  const save = useMutation({
    mutationFn: saveContent,
    meta: { invalidates: changedBy.content },
    onSuccess: (saved) => {
      reset(saved)
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

  const errors = formState.errors
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

      <Panel id="content-logo" title={t('content.logo')} hint={t('content.logo_hint')}>
        <PictureField form={form} name="logo_image_id" label={t('content.logo')} fallback="/logo.webp" />
      </Panel>

      <Panel id="content-hero" title={t('content.hero')}>
        <TranslatedFields
          label={t('content.hero_eyebrow')}
          ar={register('hero.eyebrow.ar')}
          en={register('hero.eyebrow.en')}
          errorAr={errorAt(errors, 'hero.eyebrow.ar')}
        />
        <TranslatedFields
          label={t('content.hero_title')}
          required
          ar={register('hero.title.ar')}
          en={register('hero.title.en')}
          errorAr={errorAt(errors, 'hero.title.ar')}
          errorEn={errorAt(errors, 'hero.title.en')}
        />
        <TranslatedFields
          label={t('content.hero_text')}
          rows={3}
          ar={register('hero.text.ar')}
          en={register('hero.text.en')}
          errorAr={errorAt(errors, 'hero.text.ar')}
          errorEn={errorAt(errors, 'hero.text.en')}
        />
        <PictureField form={form} name="hero.image_id" label={t('content.hero_image')} fallback="/hero.svg" />
      </Panel>

      <Panel id="content-about" title={t('content.about')}>
        <TranslatedFields
          label={t('content.section_title')}
          ar={register('about.title.ar')}
          en={register('about.title.en')}
          errorAr={errorAt(errors, 'about.title.ar')}
        />
        <TranslatedFields
          label={t('content.about_text')}
          rows={4}
          ar={register('about.text.ar')}
          en={register('about.text.en')}
          errorAr={errorAt(errors, 'about.text.ar')}
        />
        <StatsList form={form} />
        <CardList
          form={form}
          name="about.cards"
          title={t('content.cards')}
          itemLabel={t('content.card')}
          max={CONTENT_LIMITS.cards}
        />
      </Panel>

      <Panel id="content-featured" title={t('content.featured')} hint={t('content.featured_hint')}>
        <FeaturedPicker form={form} />
      </Panel>

      <Panel id="content-quality" title={t('content.quality')}>
        <TranslatedFields
          label={t('content.section_title')}
          ar={register('quality.title.ar')}
          en={register('quality.title.en')}
          errorAr={errorAt(errors, 'quality.title.ar')}
        />
        <TranslatedFields
          label={t('content.section_text')}
          rows={2}
          ar={register('quality.text.ar')}
          en={register('quality.text.en')}
          errorAr={errorAt(errors, 'quality.text.ar')}
        />
        <CardList
          form={form}
          name="quality.practices"
          title={t('content.practices')}
          itemLabel={t('content.practice')}
          max={CONTENT_LIMITS.practices}
        />
        <CardList
          form={form}
          name="quality.badges"
          title={t('content.badges')}
          itemLabel={t('content.badge')}
          max={CONTENT_LIMITS.badges}
        />
      </Panel>

      <Panel id="content-footer" title={t('content.footer')} hint={t('content.footer_hint')}>
        <TranslatedFields
          label={t('content.footer_text')}
          rows={2}
          ar={register('footer_text.ar')}
          en={register('footer_text.en')}
          errorAr={errorAt(errors, 'footer_text.ar')}
        />
        <TranslatedFields
          label={t('content.address')}
          ar={register('address.ar')}
          en={register('address.en')}
          errorAr={errorAt(errors, 'address.ar')}
        />
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
