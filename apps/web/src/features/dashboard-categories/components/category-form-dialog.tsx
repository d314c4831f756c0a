import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { CategoryInput, type Category } from '@shop/shared/schemas/category'
import { FormDialog, showServerErrors } from '../../../components/ui/form-dialog.tsx'
import { TranslatedFields } from '../../../components/ui/translated-fields.tsx'
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
  const form = useForm<Values, unknown, CategoryInput>({
    resolver,
    defaultValues: EMPTY,
  })
  const { register, handleSubmit, reset, setError } = form

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
      showServerErrors(err, setError, ['name_ar', 'name_en', 'description_ar', 'description_en'])
      toast.error(t('common.save_failed', { message: err.message }))
    },
  })

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={category ? t('categories.edit_title') : t('categories.add_title')}
      size="lg"
      busy={save.isPending}
      onSubmit={handleSubmit((v) => save.mutate(v))}
    >
      <TranslatedFields form={form} label={t('categories.name')} required ar="name_ar" en="name_en" />
      <TranslatedFields
        form={form}
        label={t('categories.description')}
        rows={3}
        ar="description_ar"
        en="description_en"
      />
      <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
        <input type="checkbox" className="size-4 accent-palm-700" {...register('is_active')} />
        {t('categories.active')}
      </label>
    </FormDialog>
  )
}
