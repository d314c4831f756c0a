import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { CategoryInput, type Category } from '@shop/shared/schemas/category'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { createCategory, updateCategory } from '../api/categories-api.ts'

/** Decision 0057: name and description in Arabic (name required) and English (optional). */
interface Values {
  name_ar: string
  name_en: string
  description_ar: string
  description_en: string
  is_active: boolean
}
const EMPTY: Values = { name_ar: '', name_en: '', description_ar: '', description_en: '', is_active: true }
const resolver = zodResolver(CategoryInput) as unknown as Resolver<Values, unknown, CategoryInput>

/** The category form (product.md §2.17, §5.5): name required, description optional, active. */
export function CategoryFormDialog({
  open,
  category,
  onClose,
}: {
  open: boolean
  category: Category | null
  onClose(): void
}) {
  const { t } = useTranslation('dashboard')
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, CategoryInput>({
    resolver,
    defaultValues: EMPTY,
  })

  useEffect(() => {
    if (open)
      reset(
        category
          ? {
              name_ar: category.name_ar ?? category.name,
              name_en: category.name_en ?? '',
              description_ar: category.description_ar ?? category.description ?? '',
              description_en: category.description_en ?? '',
              is_active: category.is_active,
            }
          : EMPTY,
      )
  }, [open, category, reset])

  const save = useMutation({
    mutationFn: (v: CategoryInput) => (category ? updateCategory(category.id, v) : createCategory(v)),
    meta: { invalidates: changedBy.category },
    onSuccess: () => {
      toast.success(category ? t('categories.updated') : t('categories.created'))
      onClose()
    },
    onError: (err) => {
      for (const field of ['name_ar', 'name_en', 'description_ar', 'description_en'] as const) {
        const message = err instanceof ApiError ? err.errors?.[field]?.[0] : undefined
        if (message) setError(field, { message })
      }
      toast.error(t('common.save_failed', { message: err.message }))
    },
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={category ? t('categories.edit_title') : t('categories.add_title')}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" form="category-form" busy={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </>
      }
    >
      <form
        id="category-form"
        noValidate
        onSubmit={(e) => void handleSubmit((v) => save.mutate(v))(e)}
        className="space-y-4"
      >
        <TranslatedFields
          label={t('categories.name')}
          required
          ar={register('name_ar')}
          en={register('name_en')}
          errorAr={formState.errors.name_ar?.message}
          errorEn={formState.errors.name_en?.message}
        />
        <TranslatedFields
          label={t('categories.description')}
          rows={3}
          ar={register('description_ar')}
          en={register('description_en')}
          errorAr={formState.errors.description_ar?.message}
          errorEn={formState.errors.description_en?.message}
        />
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
          <input type="checkbox" className="size-4 accent-palm-700" {...register('is_active')} />
          {t('categories.active')}
        </label>
      </form>
    </Dialog>
  )
}
