import type { TFunction } from 'i18next'
import { Pencil, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { IconButton } from '../ui/icon-button.tsx'
import { OrderNumber } from '../ui/order-number.tsx'
import { StatusPill } from '../ui/status-pill.tsx'
import type { DataColumn } from './data-table.tsx'

/**
 * The active pill of a row (product.md §2.14, §4.5): a click toggles it; it waits while the row's toggle or a batch
 * on the row runs. On a phone's card it sits with the badges.
 */
export function activeColumn<Row extends { is_active: boolean }>(
  t: TFunction<'dashboard'>,
  header: string,
  toggle: { busy(row: Row): boolean; run(row: Row): void },
): DataColumn<Row> {
  return {
    id: 'status',
    header,
    card: 'status',
    cell: (row) => (
      <StatusPill
        active={row.is_active}
        busy={toggle.busy(row)}
        label={row.is_active ? t('status.active') : t('status.inactive')}
        actionLabel={row.is_active ? t('status.deactivate') : t('status.activate')}
        onToggle={() => toggle.run(row)}
      />
    ),
  }
}

/** The row's icon buttons, last in the table and along the bottom of a phone's card. */
export function actionsColumn<Row>(
  t: TFunction<'dashboard'>,
  cell: (row: Row) => ReactNode,
): DataColumn<Row> {
  return {
    id: 'actions',
    header: <span className="sr-only">{t('common.actions')}</span>,
    className: 'w-24',
    card: 'actions',
    cell: (row) => <div className="flex gap-1">{cell(row)}</div>,
  }
}

/** Edit and delete, each named after the row (docs/ui.md §3: icon buttons with tooltips and labels). */
export function EditDeleteButtons({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string
  deleteLabel: string
  onEdit(): void
  onDelete(): void
}) {
  return (
    <>
      <IconButton label={editLabel} icon={<Pencil aria-hidden="true" />} tone="primary" onClick={onEdit} />
      <IconButton label={deleteLabel} icon={<Trash2 aria-hidden="true" />} tone="danger" onClick={onDelete} />
    </>
  )
}

/** An order's `#id` with its order number under it (the orders list and the sales report). */
export function orderNumberColumn<Row extends { id: number; order_number: string | null }>(
  t: TFunction<'dashboard'>,
): DataColumn<Row> {
  return {
    id: 'number',
    header: t('orders.order_id'),
    card: 'title',
    cell: (row) => <OrderNumber id={row.id} number={row.order_number} />,
  }
}
