import { useQuery } from '@tanstack/react-query'
import { CheckCircle2, CircleOff, PackageCheck, PackageX, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useBackFromEmptiedPage } from '../../../lib/use-back-from-emptied-page.ts'
import { useTranslation } from 'react-i18next'
import { ADMIN_PAGE_SIZES } from '@shop/shared/schemas/common'
import type { Product } from '@shop/shared/schemas/product'
import { BatchBar } from '../../../components/ui/batch-bar.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { CsvImportActions } from '../../../components/ui/csv-import.tsx'
import { DataTable } from '../../../components/ui/data-table.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageSizeSelect } from '../../../components/ui/page-size-select.tsx'
import { Pagination, ShowingLine } from '../../../components/ui/pagination.tsx'
import { SearchInput } from '../../../components/ui/search-input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { downloadProductSample, importProducts, productListQuery } from '../api/products-api.ts'
import { productColumns } from './product-columns.tsx'
import { ProductFormDialog } from './product-form-dialog.tsx'
import { useProductActions, type ProductBatchKind } from './use-product-actions.ts'

const NO_ROWS: Product[] = []

/** SPEC §2 dashboard products. */
export function ProductsScreen() {
  const { t } = useTranslation('dashboard')
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(ADMIN_PAGE_SIZES[0])
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [form, setForm] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null })
  const [toDelete, setToDelete] = useState<Product | null>(null)
  const [confirmBatchDelete, setConfirmBatchDelete] = useState(false)
  const list = useQuery(productListQuery({ search, page, per_page: perPage }))
  const actions = useProductActions()
  const rows = list.data?.data ?? NO_ROWS
  // Deleting the last rows of the last page leaves this page empty although others still have rows:
  // move to the (new) last page instead of showing the empty state without a pager.
  const emptiedPage = useBackFromEmptiedPage(page, setPage, list, () => setSelected(new Set()))

  // Selection belongs to the rows on screen: a new page, size or search starts afresh.
  const changeParams = (next: { search?: string; page?: number; perPage?: number }) => {
    if (next.search !== undefined) setSearch(next.search)
    if (next.perPage !== undefined) setPerPage(next.perPage)
    setPage(next.page ?? 1)
    setSelected(new Set())
  }

  const selectedRows = rows.filter((r) => selected.has(r.id))
  const runBatch = async (kind: ProductBatchKind) => {
    await actions.batch(kind, selectedRows)
    setSelected(new Set())
    setConfirmBatchDelete(false)
  }

  const columns = productColumns(t, {
    toggling: actions.toggling,
    onToggle: (p) => void actions.toggleStatus(p),
    onEdit: (p) => setForm({ open: true, product: p }),
    onDelete: (p) => setToDelete(p),
  })

  let content
  if (list.isPending || emptiedPage) {
    // Also while moving back from an emptied last page.
    content = (
      <div
        className="space-y-2 rounded-[var(--radius-card)] border border-sand-300 bg-white p-4"
        aria-busy="true"
      >
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    )
  } else if (list.isError) {
    content = (
      <ErrorState
        title={t('products.load_failed')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    )
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        title={search ? t('products.no_results') : t('products.empty')}
        text={search ? t('common.try_other_search') : t('products.empty_text')}
        action={
          search ? (
            <Button variant="secondary" onClick={() => changeParams({ search: '' })}>
              {t('common.clear_search')}
            </Button>
          ) : (
            <Button
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => setForm({ open: true, product: null })}
            >
              {t('products.add')}
            </Button>
          )
        }
      />
    )
  } else {
    content = (
      <>
        <BatchBar
          count={selectedRows.length}
          busy={actions.batchBusy}
          onClear={() => setSelected(new Set())}
          actions={[
            {
              key: 'activate',
              label: t('batch.activate'),
              icon: <CheckCircle2 className="size-4" aria-hidden="true" />,
              onClick: () => void runBatch('activate'),
            },
            {
              key: 'deactivate',
              label: t('batch.deactivate'),
              icon: <CircleOff className="size-4" aria-hidden="true" />,
              onClick: () => void runBatch('deactivate'),
            },
            {
              key: 'in_stock',
              label: t('batch.in_stock'),
              icon: <PackageCheck className="size-4" aria-hidden="true" />,
              onClick: () => void runBatch('in_stock'),
            },
            {
              key: 'out_of_stock',
              label: t('batch.out_of_stock'),
              icon: <PackageX className="size-4" aria-hidden="true" />,
              onClick: () => void runBatch('out_of_stock'),
            },
            {
              key: 'delete',
              label: t('batch.delete'),
              tone: 'danger',
              icon: <Trash2 className="size-4" aria-hidden="true" />,
              onClick: () => setConfirmBatchDelete(true),
            },
          ]}
        />
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(p) => p.id}
          caption={t('products.title')}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (p) => t('batch.select_row', { name: p.name }),
            allLabel: t('batch.select_all'),
          }}
        />
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <ShowingLine page={page} perPage={perPage} total={list.data.total} count={rows.length} />
          <Pagination
            page={page}
            lastPage={list.data.last_page}
            onPageChange={(p) => changeParams({ page: p })}
          />
        </div>
      </>
    )
  }

  return (
    <div>
      <PageHeader
        title={t('products.title')}
        actions={
          <>
            <CsvImportActions
              upload={importProducts}
              downloadSample={downloadProductSample}
              onImported={() => void actions.refresh()}
            />
            <Button
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => setForm({ open: true, product: null })}
            >
              {t('products.add')}
            </Button>
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          label={t('products.search')}
          value={search}
          onChange={(e) => changeParams({ search: e.target.value })}
        />
        <PageSizeSelect
          value={perPage}
          sizes={ADMIN_PAGE_SIZES}
          label={t('common:pagination.per_page')}
          onChange={(s) => changeParams({ perPage: s })}
        />
      </div>
      {content}
      <ProductFormDialog
        open={form.open}
        product={form.product}
        onClose={() => setForm({ open: false, product: null })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={t('products.delete_title')}
        message={t('products.delete_confirm', { name: toDelete?.name ?? '' })}
        confirmLabel={t('common:actions.delete')}
        busy={actions.deleting}
        onConfirm={() => {
          if (toDelete) void actions.remove(toDelete).then(() => setToDelete(null))
        }}
      />
      <ConfirmDialog
        open={confirmBatchDelete}
        onOpenChange={setConfirmBatchDelete}
        title={t('batch.delete_title')}
        message={t('batch.delete_confirm', { count: selectedRows.length })}
        confirmLabel={t('common:actions.delete')}
        busy={actions.batchBusy}
        onConfirm={() => void runBatch('delete')}
      />
    </div>
  )
}
