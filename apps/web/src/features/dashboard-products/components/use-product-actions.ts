import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import type { Product } from '@shop/shared/schemas/product'
import { runBatch } from '../../../components/ui/batch-bar.tsx'
import { refreshDashboard } from '../../../lib/query-client.ts'
import { deleteProduct, productKeys, setProductStatus, setProductStock } from '../api/products-api.ts'

export type ProductBatchKind = 'activate' | 'deactivate' | 'in_stock' | 'out_of_stock' | 'delete'

/** Single and batch row actions; each refreshes the dashboard queries once (SPEC §4) and reports errors (SPEC §8 fix). */
export function useProductActions() {
  const { t } = useTranslation('dashboard')
  const queryClient = useQueryClient()
  const [toggling, setToggling] = useState<ReadonlySet<number>>(new Set())
  const [batchBusy, setBatchBusy] = useState(false)
  const [deleting, setDeleting] = useState(false)
  // SPEC §4: product changes also move category counts, overview totals and low-stock alerts.
  const refresh = () => refreshDashboard(queryClient)

  const toggleStatus = async (p: Product) => {
    setToggling((s) => new Set(s).add(p.id))
    try {
      await setProductStatus(p.id, !p.is_active)
      await refresh()
    } catch (err) {
      toast.error(t('products.toggle_failed', { message: (err as Error).message }))
    } finally {
      setToggling((s) => {
        const next = new Set(s)
        next.delete(p.id)
        return next
      })
    }
  }

  const remove = async (p: Product): Promise<boolean> => {
    setDeleting(true)
    try {
      await deleteProduct(p.id)
      queryClient.removeQueries({ queryKey: productKeys.detail(p.id) })
      await refresh()
      toast.success(t('products.deleted', { name: p.name }))
      return true
    } catch (err) {
      toast.error(t('products.delete_failed', { message: (err as Error).message }))
      return false
    } finally {
      setDeleting(false)
    }
  }

  /** SPEC §4: stock is binary in the admin area; "mark in stock" only touches rows at 0. */
  const batch = async (kind: ProductBatchKind, rows: Product[]) => {
    const targets = kind === 'in_stock' ? rows.filter((r) => r.stock <= 0) : rows
    setBatchBusy(true)
    try {
      const outcome = await runBatch(
        targets.map((r) => r.id),
        (id) => {
          if (kind === 'activate') return setProductStatus(id, true)
          if (kind === 'deactivate') return setProductStatus(id, false)
          if (kind === 'in_stock') return setProductStock(id, 1)
          if (kind === 'out_of_stock') return setProductStock(id, 0)
          return deleteProduct(id)
        },
      )
      await refresh()
      if (outcome.failed === 0) toast.success(t('batch.done', { count: outcome.ok }))
      else toast.error(t('batch.partial', { ok: outcome.ok, failed: outcome.failed }))
      return outcome
    } finally {
      setBatchBusy(false)
    }
  }

  return { toggling, toggleStatus, remove, deleting, batch, batchBusy, refresh }
}
