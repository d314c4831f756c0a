import { downloadProductsCsv } from '../../../components/ui/csv-export-button.tsx'
import { useQuery } from '@tanstack/react-query'
import { PackageCheck, PackageX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { Product } from '@shop/shared/schemas/product'
import { activeBatchActions, deleteBatchAction } from '../../../components/data-list/batch-actions.tsx'
import { ConfirmDeleteRow } from '../../../components/data-list/confirm-row-action.tsx'
import { ListScreen } from '../../../components/data-list/data-list.tsx'
import { useDeleteRow, useToggleActive } from '../../../components/data-list/row-actions.ts'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import {
  deleteProduct,
  downloadProductSample,
  importProducts,
  lowStockQuery,
  productDetailQuery,
  productListQuery,
  setPacksStock,
  setProductStatus,
} from '../api/products-api.ts'
import { DEFAULT_LOW_STOCK, hasPackAtZero, productColumns } from './product-columns.tsx'
import { ProductFormDialog } from './product-form-dialog.tsx'
import { StockDialog } from './stock-dialog.tsx'

/** Dashboard products (product.md §2.16): the list, its batch actions, the product form and the CSV import. */
export function ProductsScreen() {
  const { t } = useTranslation('dashboard')
  const [form, setForm] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null })
  // The audit trail's link opens the product's form: /dashboard/products?product=<id> (decision 0192).
  const [params, setParams] = useSearchParams()
  const linked = Number(params.get('product')) || 0
  const linkedProduct = useQuery({ ...productDetailQuery(linked), enabled: linked > 0 })
  useEffect(() => {
    if (linked > 0 && linkedProduct.data) {
      setForm({ open: true, product: linkedProduct.data })
      setParams({}, { replace: true })
    }
  }, [linked, linkedProduct.data, setParams])
  const [stockOf, setStockOf] = useState<Product | null>(null)
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
          icon: <PackageCheck className="size-4" aria-hidden="true" />,
          // product.md §2.16: "mark in stock" sets 1 only on rows at 0 (§10.4); decision 0155: on each pack on sale
          // at 0 of the products that have one.
          targets: (rows) => rows.filter(hasPackAtZero),
          run: (p) => setPacksStock(p, 1, (v) => v.stock <= 0),
        },
        {
          key: 'out_of_stock',
          label: t('batch.out_of_stock'),
          icon: <PackageX className="size-4" aria-hidden="true" />,
          run: (p) => setPacksStock(p, 0),
        },
        deleteBatchAction<Product>(t, (p) => deleteProduct(p.id)),
      ],
    },
  })
  const toggle = useToggleActive<Product>(setProductStatus, changedBy.product, (message) =>
    t('products.toggle_failed', { message }),
  )
  const remove = useDeleteRow<Product>(
    deleteProduct,
    changedBy.product,
    (p) => t('products.deleted', { name: p.name }),
    (message) => t('products.delete_failed', { message }),
  )
  const lowStock = useQuery(lowStockQuery()).data ?? DEFAULT_LOW_STOCK
  const columns = productColumns(t, {
    lowStock,
    toggle: { busy: (p) => toggle.isBusy(p) || list.isBusy(p), run: toggle.run },
    onEdit: (product) => setForm({ open: true, product }),
    onDelete: remove.ask,
    onStock: setStockOf,
  })

  return (
    <ListScreen
      title={t('products.title')}
      csvImport={{
        upload: importProducts,
        downloadSample: downloadProductSample,
        // Decision 0158: one row per size, in the import's columns (export, edit, import again).
        downloadExport: downloadProductsCsv,
        invalidates: changedBy.product,
      }}
      add={{ label: t('products.add'), onClick: () => setForm({ open: true, product: null }) }}
      searchLabel={t('products.search')}
      list={list}
      columns={columns}
      rowName={(p) => p.name}
      loadFailed={t('products.load_failed')}
      empty={{ title: t('products.empty'), text: t('products.empty_text') }}
      noResults={{ title: t('products.no_results'), text: t('common.try_other_search') }}
    >
      <ProductFormDialog
        open={form.open}
        product={form.product}
        onClose={() => setForm({ open: false, product: null })}
      />
      <StockDialog product={stockOf} onClose={() => setStockOf(null)} />
      <ConfirmDeleteRow
        action={remove}
        title={t('products.delete_title')}
        message={(p) => t('products.delete_confirm', { name: p.name })}
      />
    </ListScreen>
  )
}
