import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { CategoryInput, type Category } from '@shop/shared/schemas/category'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, Input, Textarea } from '../../../components/ui/field.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { categoryKeys, createCategory, updateCategory } from '../api/categories-api.ts'

interface Values {
  name: string
  description: string
  is_active: boolean
}
const EMPTY: Values = { name: '', description: '', is_active: true }
const resolver = zodResolver(CategoryInput) as unknown as Resolver<Values, unknown, CategoryInput>

/** SPEC §2/§5 category modal: name required, description optional, active. */
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
  const queryClient = useQueryClient()
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, CategoryInput>({
    resolver,
    defaultValues: EMPTY,
  })

  useEffect(() => {
    if (open)
      reset(
        category
          ? { name: category.name, description: category.description ?? '', is_active: category.is_active }
          : EMPTY,
      )
  }, [open, category, reset])

  const save = useMutation({
    mutationFn: (v: CategoryInput) => (category ? updateCategory(category.id, v) : createCategory(v)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: categoryKeys.lists() })
      toast.success(category ? t('categories.updated') : t('categories.created'))
      onClose()
    },
    onError: (err) => {
      if (err instanceof ApiError && err.errors?.name?.[0]) setError('name', { message: err.errors.name[0] })
      toast.error(t('common.save_failed', { message: err.message }))
    },
  })

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={category ? t('categories.edit_title') : t('categories.add_title')}
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
        <Field label={t('categories.name')} required error={formState.errors.name?.message}>
          {(p) => <Input {...p} {...register('name')} />}
        </Field>
        <Field label={t('categories.description')} error={formState.errors.description?.message}>
          {(p) => <Textarea {...p} rows={3} {...register('description')} />}
        </Field>
        <label className="flex items-center gap-2 text-sm font-semibold text-stone-700">
          <input type="checkbox" className="size-4 accent-palm-700" {...register('is_active')} />
          {t('categories.active')}
        </label>
      </form>
    </Dialog>
  )
}
