import type { QueryKey } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from '../../lib/toast.ts'
import { useRowAction } from './use-row-action.ts'

interface Named {
  id: number
  name: string
}

/**
 * Deleting one row: asked first, naming it (product.md §2.14); success and failure toast with the server's reason.
 * `deleted` says it in the screen's words; `failed` defaults to the dashboard's "could not delete".
 */
export function useDeleteRow<Row extends Named>(
  remove: (id: number) => Promise<unknown>,
  invalidates: readonly QueryKey[],
  deleted: (row: Row) => string,
  failed?: (message: string) => string,
) {
  const { t } = useTranslation('dashboard')
  return useRowAction({
    mutationFn: (row: Row) => remove(row.id),
    invalidates,
    rowId: (row) => row.id,
    onSuccess: (_r, row) => toast.success(deleted(row)),
    onError: (err) =>
      toast.error(failed ? failed(err.message) : t('common.delete_failed', { message: err.message })),
  })
}

/** Toggling a row's active pill (product.md §4.5); `failed` defaults to the dashboard's "could not update". */
export function useToggleActive<Row extends { id: number; is_active: boolean }>(
  setActive: (id: number, active: boolean) => Promise<unknown>,
  invalidates: readonly QueryKey[],
  failed?: (message: string) => string,
) {
  const { t } = useTranslation('dashboard')
  return useRowAction({
    mutationFn: (row: Row) => setActive(row.id, !row.is_active),
    invalidates,
    rowId: (row) => row.id,
    onError: (err) =>
      toast.error(failed ? failed(err.message) : t('common.update_failed', { message: err.message })),
  })
}
