import { PackageCheck, PackageX, Plus } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Product } from '@shop/shared/schemas/product'
import { activeBatchActions, deleteBatchAction } from '../../../components/data-list/batch-actions.tsx'
import { ConfirmRowAction } from '../../../components/data-list/confirm-row-action.tsx'
import { DataList, ListToolbar } from '../../../components/data-list/data-list.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { useRowAction } from '../../../components/data-list/use-row-action.ts'
import { Button } from '../../../components/ui/button.tsx'
import { CsvImportActions } from '../../../components/ui/csv-import.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { toast } from '../../../lib/toast.ts'
import {
  deleteProduct,
  downloadProductSample,
  importProducts,
  productListQuery,
  setProductStatus,
  setProductStock,
} from '../api/products-api.ts'
import { productColumns } from './product-columns.tsx'
import { ProductFormDialog } from './product-form-dialog.tsx'

const icon = (Icon: typeof Plus) => <Icon className="size-4" aria-hidden="true" />

/** Dashboard products (product.md §2.16): the list, its batch actions, the product form and the CSV import. */
export function ProductsScreen() {
  const { t } = useTranslation('dashboard')
  const [form, setForm] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null })
  const openForm = (product: Product | null) => setForm({ open: true, product })

  const list = useDataList({
    query: productListQuery,
    getRowId: (p) => p.id,
    batch: {
      invalidates: changedBy.product,
      actions: [
        ...activeBatchActions<Product>(t, (p, active) => setProductStatus(p.id, active)),
        {
          key: 'in_stock',
          label: t('batch.in_stock'),
          icon: icon(PackageCheck),
          // product.md §2.16: "mark in stock" sets 1 only on rows at 0 (§10.4).
          targets: (rows) => rows.filter((p) => p.stock <= 0),
          run: (p) => setProductStock(p.id, 1),
        },
        { key: 'out_of_stock', label: t('batch.out_of_stock'), icon: icon(PackageX), run: (p) => setProductStock(p.id, 0) },
        deleteBatchAction<Product>(t, (p) => deleteProduct(p.id)),
      ],
    },
  })
  const toggle = useRowAction({
    mutationFn: (p: Product) => setProductStatus(p.id, !p.is_active),
    invalidates: changedBy.product,
    rowId: (p) => p.id,
    onError: (err) => toast.error(t('products.toggle_failed', { message: err.message })),
  })
  const remove = useRowAction({
    mutationFn: (p: Product) => deleteProduct(p.id),
    invalidates: changedBy.product,
    rowId: (p) => p.id,
    onSuccess: (_r, p) => toast.success(t('products.deleted', { name: p.name })),
    onError: (err) => toast.error(t('products.delete_failed', { message: err.message })),
  })

  const columns = productColumns(t, {
    busy: (p) => toggle.isBusy(p) || list.isBusy(p),
    onToggle: toggle.run,
    onEdit: openForm,
    onDelete: remove.ask,
  })
  const addButton = (
    <Button icon={icon(Plus)} onClick={() => openForm(null)}>
      {t('products.add')}
    </Button>
  )

  return (
    <div>
      <PageHeader
        title={t('products.title')}
        actions={
          <>
            <CsvImportActions upload={importProducts} downloadSample={downloadProductSample} invalidates={changedBy.product} />
            {addButton}
          </>
        }
      />
      <ListToolbar list={list} searchLabel={t('products.search')} />
      <DataList
        list={list}
        columns={columns}
        caption={t('products.title')}
        rowName={(p) => p.name}
        loadFailed={t('products.load_failed')}
        empty={{ title: t('products.empty'), text: t('products.empty_text'), action: addButton }}
        noResults={{ title: t('products.no_results'), text: t('common.try_other_search') }}
      />
      <ProductFormDialog open={form.open} product={form.product} onClose={() => setForm({ open: false, product: null })} />
      <ConfirmRowAction
        action={remove}
        title={() => t('products.delete_title')}
        message={(p) => t('products.delete_confirm', { name: p.name })}
        confirmLabel={() => t('common:actions.delete')}
      />
    </div>
  )
}
