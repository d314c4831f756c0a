import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
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

/** The confirmation of a single delete: the screen's title and a message naming the row. */
export function ConfirmDeleteRow<V>({
  action,
  title,
  message,
}: {
  action: RowAction<V>
  title: ReactNode
  message: (row: V) => ReactNode
}) {
  const { t } = useTranslation('dashboard')
  return (
    <ConfirmRowAction
      action={action}
      title={() => title}
      message={message}
      confirmLabel={() => t('common:actions.delete')}
    />
  )
}
