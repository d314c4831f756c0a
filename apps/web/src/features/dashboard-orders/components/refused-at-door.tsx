import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { DoorClosed } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Order } from '@shop/shared/schemas/order'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { useMailWorks } from '../../../lib/mail-status.ts'
import { toast } from '../../../lib/toast.ts'
import { orderRefusedAtDoor } from '../api/orders-api.ts'

/**
 * Whether staff can record a refusal at the door: an order out for delivery (processing) not yet paid (decision 0173).
 * Decision 0224: never a pending one: it has not left the shop, and during the confirmation call a "no" is a
 * cancellation, not a refusal at the door.
 */
export const canBeRefusedAtDoor = (order: Pick<Order, 'order_status' | 'payment_status'>) =>
  order.order_status === 'processing' && order.payment_status !== 'paid'

/**
 * Decision 0173: the customer refused the order when it was delivered. After a confirmation the order is cancelled,
 * its stock and its offer uses come back, and the history says "refused at the door".
 */
export function RefusedAtDoor({
  order,
  onDone,
  blocked = false,
}: {
  order: Order
  onDone(): void
  /** Decision 0223: an open lines edit is saved or cancelled first (the refusal closes the dialog). */
  blocked?: boolean
}) {
  const { t } = useTranslation('dashboard')
  const mailWorks = useMailWorks()
  const [asking, setAsking] = useState(false)
  const refuse = useMutation({
    mutationFn: () => orderRefusedAtDoor(order.id),
    // Stock, the overview and the offers' uses change: the same refresh as a status change (decision 0086).
    meta: { invalidates: changedBy.order },
    onSuccess: () => {
      toast.success(t('orders.refused.done', { number: order.order_number }))
      setAsking(false)
      onDone()
    },
    onError: (err) => toast.error(err.message),
  })
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        icon={<DoorClosed className="size-4" aria-hidden="true" />}
        disabled={blocked}
        title={blocked ? t('orders.edit_items.open_edit') : undefined}
        onClick={() => setAsking(true)}
      >
        {t('orders.refused.button')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('orders.refused.title')}
        message={
          mailWorks
            ? t('orders.refused.message', { number: order.order_number })
            : t('orders.refused.message_no_mail', { number: order.order_number })
        }
        confirmLabel={t('orders.refused.confirm')}
        busy={refuse.isPending}
        onConfirm={() => refuse.mutate()}
      />
    </>
  )
}
