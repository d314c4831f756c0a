import type { TFunction } from 'i18next'
import { CheckCircle2, CircleOff, Trash2 } from 'lucide-react'
import type { BatchAction } from './use-data-list.ts'

/** The batch actions every list with an active pill has: activate and deactivate the selected rows. */
export function activeBatchActions<Row>(
  t: TFunction<'dashboard'>,
  setActive: (row: Row, active: boolean) => Promise<unknown>,
): BatchAction<Row>[] {
  return [
    {
      key: 'activate',
      label: t('batch.activate'),
      icon: <CheckCircle2 className="size-4" aria-hidden="true" />,
      run: (row) => setActive(row, true),
    },
    {
      key: 'deactivate',
      label: t('batch.deactivate'),
      icon: <CircleOff className="size-4" aria-hidden="true" />,
      run: (row) => setActive(row, false),
    },
  ]
}

/** Deleting the selected rows, asked first with their number (product.md §2.14). */
export function deleteBatchAction<Row>(
  t: TFunction<'dashboard'>,
  remove: (row: Row) => Promise<unknown>,
): BatchAction<Row> {
  return {
    key: 'delete',
    label: t('batch.delete'),
    tone: 'danger',
    icon: <Trash2 className="size-4" aria-hidden="true" />,
    confirm: {
      title: t('batch.delete_title'),
      message: (count) => t('batch.delete_confirm', { count }),
      label: t('common:actions.delete'),
    },
    run: remove,
  }
}
