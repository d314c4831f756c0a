import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Plus, Tags, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import type { Category } from '@shop/shared/schemas/category'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable, type DataColumnSpec } from '../../../components/ui/data-table.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { SearchInput } from '../../../components/ui/search-input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { categoryKeys, categoryListQuery, deleteCategory } from '../api/categories-api.ts'
import { CategoryFormDialog } from './category-form-dialog.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'

const NO_ROWS: Category[] = []

/** SPEC §2 dashboard categories. */
export function CategoriesScreen() {
  const { t } = useTranslation('dashboard')
  const queryClient = useQueryClient()
  const [search, setSearch] = useState('')
  const [form, setForm] = useState<{ open: boolean; category: Category | null }>({
    open: false,
    category: null,
  })
  const list = useQuery(categoryListQuery(search))
  const rows = list.data ?? NO_ROWS

  const remove = useMutation({
    mutationFn: (c: Category) => deleteCategory(c.id),
    onSuccess: async (_r, c) => {
      await queryClient.invalidateQueries({ queryKey: categoryKeys.lists() })
      toast.success(t('categories.deleted', { name: c.name }))
    },
    onError: (err) => toast.error(t('common.delete_failed', { message: err.message })),
  })

  const add = () => setForm({ open: true, category: null })
  const columns: DataColumnSpec<Category>[] = [
    {
      id: 'id',
      header: '#',
      className: 'w-14',
      cell: (c) => <span className="ltr-nums text-stone-500">{c.id}</span>,
    },
    {
      id: 'name',
      header: t('categories.name'),
      cell: (c) => (
        <span className="flex flex-wrap items-center gap-2">
          <bdi className="font-semibold text-stone-900">{c.name}</bdi>
          {/* Decision 0057: English missing where the Arabic text exists. */}
          {c.name_en === null || (c.description_ar && c.description_en === null) ? <EnglishMissing /> : null}
        </span>
      ),
    },
    {
      id: 'description',
      header: t('categories.description'),
      cell: (c) =>
        c.description ? (
          <bdi className="line-clamp-2 max-w-sm">{c.description}</bdi>
        ) : (
          <span className="text-stone-500">{t('categories.no_description')}</span>
        ),
    },
    {
      id: 'slug',
      header: t('categories.slug'),
      cell: (c) => (
        <code dir="ltr" className="text-xs text-stone-600">
          {c.slug}
        </code>
      ),
    },
    {
      id: 'count',
      header: t('categories.products_count'),
      cell: (c) => <span className="ltr-nums">{c.products_count}</span>,
    },
    {
      id: 'status',
      header: t('categories.status'),
      cell: (c) => (
        <Badge tone={c.is_active ? 'green' : 'gray'}>
          {c.is_active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      cell: (c) => {
        const inUse = c.products_count > 0
        return (
          <div className="flex gap-1">
            <IconButton
              label={t('categories.edit_named', { name: c.name })}
              icon={<Pencil aria-hidden="true" />}
              tone="primary"
              onClick={() => setForm({ open: true, category: c })}
            />
            {/* SPEC §2: a category with products cannot be deleted; the tooltip says why. A disabled button cannot show a
                tooltip, so it stays focusable and explains itself with aria-disabled instead. */}
            <IconButton
              label={
                inUse
                  ? t('categories.cannot_delete', { count: c.products_count })
                  : t('categories.delete_named', { name: c.name })
              }
              icon={<Trash2 aria-hidden="true" />}
              tone="danger"
              aria-disabled={inUse}
              className={inUse ? 'cursor-not-allowed opacity-40 hover:bg-transparent' : undefined}
              onClick={() => {
                if (inUse) toast.info(t('categories.cannot_delete', { count: c.products_count }))
                // SPEC §2 (categories): "otherwise a browser confirmation".
                else if (!remove.isPending && window.confirm(t('categories.delete_confirm', { name: c.name }))) remove.mutate(c)
              }}
            />
          </div>
        )
      },
    },
  ]

  let content
  if (list.isPending) content = <Skeleton className="h-64 rounded-[var(--radius-card)]" />
  else if (list.isError)
    content = (
      <ErrorState
        title={t('categories.load_failed')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    )
  else if (rows.length === 0)
    content = search ? (
      <EmptyState
        title={t('categories.no_results')}
        action={
          <Button variant="secondary" onClick={() => setSearch('')}>
            {t('common.clear_search')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={<Tags className="size-10" aria-hidden="true" />}
        title={t('categories.empty')}
        action={
          <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={add}>
            {t('categories.add_first')}
          </Button>
        }
      />
    )
  else
    content = (
      <DataTable rows={rows} columns={columns} getRowId={(c) => c.id} caption={t('categories.title')} />
    )

  return (
    <div>
      <PageHeader
        title={t('categories.title')}
        actions={
          <Button icon={<Plus className="size-4" aria-hidden="true" />} onClick={add}>
            {t('categories.add')}
          </Button>
        }
      />
      <div className="mb-4">
        <SearchInput
          label={t('categories.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {content}
      <CategoryFormDialog
        open={form.open}
        category={form.category}
        onClose={() => setForm({ open: false, category: null })}
      />
    </div>
  )
}
