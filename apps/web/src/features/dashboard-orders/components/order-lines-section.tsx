import { PackageOpen } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Order } from '@shop/shared/schemas/order'
import { Button } from '../../../components/ui/button.tsx'
import { useCan } from '../../../lib/auth/permissions.ts'
import { OrderItemsEditor, type ItemsDraft } from './order-items-editor.tsx'
import { OrderLines } from './order-lines.tsx'

/** Decision 0133: pending and processing orders' lines can be changed, unless money was taken online for them. */
export const linesEditable = (order: Order) =>
  (order.order_status === 'pending' || order.order_status === 'processing') &&
  !(order.payment_method !== 'cash' && order.payment_status === 'paid')

/**
 * The order's lines, or the editor while staff change them. The draft is the dialog's, so its main Save can save an
 * open edit (decision 0223).
 */
export function OrderLinesSection({
  order,
  draft,
  saving,
  onEdit,
  onSave,
  onCancel,
}: {
  order: Order
  /** The open edit, or null while the lines are only shown. */
  draft: ItemsDraft | null
  saving: boolean
  onEdit(): void
  onSave(): void
  onCancel(): void
}) {
  const { t } = useTranslation('dashboard')
  const can = useCan()
  if (draft)
    return (
      <OrderItemsEditor order={order} draft={draft} saving={saving} onSave={onSave} onCancel={onCancel} />
    )
  const open = order.order_status === 'pending' || order.order_status === 'processing'
  return (
    <OrderLines
      order={order}
      action={
        // Decision 0190: changing lines changes what the customer pays (orders.edit; not an order clerk's).
        can('orders.edit') && open ? (
          !linesEditable(order) ? (
            <span className="text-xs text-stone-600">{t('orders.edit_items.locked_paid')}</span>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              icon={<PackageOpen className="size-4" aria-hidden="true" />}
              onClick={onEdit}
            >
              {t('orders.edit_items.edit')}
            </Button>
          )
        ) : undefined
      }
    />
  )
}
