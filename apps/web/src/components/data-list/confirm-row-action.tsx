import type { ReactNode } from 'react'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import type { RowAction } from './use-row-action.ts'

/** The confirmation of a row action that asks first (a delete names its row, product.md §2.14). */
export function ConfirmRowAction<V>({
  action,
  title,
  message,
  confirmLabel,
  tone,
  canConfirm,
}: {
  action: RowAction<V>
  title: (row: V) => ReactNode
  message: (row: V) => ReactNode
  confirmLabel: (row: V) => ReactNode
  tone?: (row: V) => 'danger' | 'primary'
  canConfirm?: (row: V) => boolean
}) {
  const row = action.asking
  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => !open && action.cancel()}
      title={row !== null ? title(row) : null}
      message={row !== null ? message(row) : null}
      confirmLabel={row !== null ? confirmLabel(row) : null}
      tone={row !== null ? tone?.(row) : undefined}
      confirmDisabled={row !== null && canConfirm ? !canConfirm(row) : false}
      busy={action.isPending}
      onConfirm={action.confirm}
    />
  )
}
