import { Pencil, Tags, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Category } from '@shop/shared/schemas/category'
import { ConfirmDeleteRow } from '../../../components/data-list/confirm-row-action.tsx'
import { ListScreen } from '../../../components/data-list/data-list.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { actionsColumn } from '../../../components/data-list/columns.tsx'
import { useDeleteRow } from '../../../components/data-list/row-actions.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { EnglishMissing } from '../../../components/ui/translated-fields.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import { categoryListQuery, deleteCategory } from '../api/categories-api.ts'
import { CategoryFormDialog } from './category-form-dialog.tsx'

/** Dashboard categories (product.md §2.17): every category in one list, the category form, delete when unused. */
export function CategoriesScreen() {
  const { t } = useTranslation('dashboard')
  const [form, setForm] = useState<{ open: boolean; category: Category | null }>({
    open: false,
    category: null,
  })
  const openForm = (category: Category | null) => setForm({ open: true, category })
  const list = useDataList({ query: categoryListQuery, getRowId: (c) => c.id, paged: false })
  const remove = useDeleteRow<Category>(deleteCategory, changedBy.category, (c) =>
    t('categories.deleted', { name: c.name }),
  )

  const columns: DataColumn<Category>[] = [
    {
      id: 'id',
      header: '#',
      className: 'w-14',
      card: 'hidden',
      cell: (c) => <span className="ltr-nums text-stone-500">{c.id}</span>,
    },
    {
      id: 'name',
      header: t('categories.name'),
      card: 'title',
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
      card: 'subtitle',
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
        <code dir="ltr" className="break-all text-xs text-stone-600">
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
      card: 'status',
      cell: (c) => (
        <Badge tone={c.is_active ? 'green' : 'gray'}>
          {c.is_active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
    },
    actionsColumn<Category>(t, (c) => {
      const inUse = c.products_count > 0
      return (
        <>
          <IconButton
            label={t('categories.edit_named', { name: c.name })}
            icon={<Pencil aria-hidden="true" />}
            tone="primary"
            onClick={() => openForm(c)}
          />
          {/* product.md §2.17: a category with products cannot be deleted; the tooltip says why. A disabled button
              cannot show a tooltip, so it stays focusable and explains itself with aria-disabled instead. */}
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
            onClick={() =>
              inUse ? toast.info(t('categories.cannot_delete', { count: c.products_count })) : remove.ask(c)
            }
          />
        </>
      )
    }),
  ]
  return (
    <ListScreen
      title={t('categories.title')}
      add={{
        label: t('categories.add'),
        emptyLabel: t('categories.add_first'),
        onClick: () => openForm(null),
      }}
      searchLabel={t('categories.search')}
      list={list}
      columns={columns}
      loadFailed={t('categories.load_failed')}
      empty={{ title: t('categories.empty'), icon: <Tags className="size-10" aria-hidden="true" /> }}
      noResults={{ title: t('categories.no_results') }}
    >
      <CategoryFormDialog
        open={form.open}
        category={form.category}
        onClose={() => setForm({ open: false, category: null })}
      />
      <ConfirmDeleteRow
        action={remove}
        title={t('categories.delete_title')}
        message={(c) => t('categories.delete_confirm', { name: c.name })}
      />
    </ListScreen>
  )
}
