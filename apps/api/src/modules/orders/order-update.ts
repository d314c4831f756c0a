import type { Language } from '@shop/shared/i18n/messages'
import type { Order, UpdateOrderInput } from '@shop/shared/schemas/order'
import type { Db } from '../../db/client.ts'
import { actorUserId, type Actor } from '../../domain/actor.ts'
import { actorView } from '../../domain/viewer.ts'
import { findOrder } from '../../domain/order-view.ts'
import { editedContact } from '../../domain/order-contact.ts'
import { lockOrder, moveOrder } from '../../domain/order-state.ts'
import { applyStaffPaymentStatus } from '../../domain/payments.ts'
import { notFound } from '../../lib/app-error.ts'

/**
 * PUT /api/orders/:id (product.md §2.19 edit dialog): fields and statuses. Staff may set the statuses the lifecycle
 * table's status edit allows (decision 0219: 409 ORDER_MOVE_NOT_ALLOWED for completed → pending and cancelled →
 * completed); the move is moveOrder's (decision 0193): history and audit rows with this staff member, the mail, and the stock
 * and offer uses going back on a cancel and taken again on an un-cancel.
 */
export async function updateOrder(
  db: Db,
  actor: Actor,
  id: number,
  input: UpdateOrderInput,
  lang: Language,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const current = await lockOrder(tx, id)
    if (!current) throw notFound()
    // Decision 0075: a typed payment status becomes a record (a cash collection, a refund) by this staff member.
    const paymentStatus = await applyStaffPaymentStatus(
      tx,
      current,
      input.payment_status,
      actorUserId(actor)!,
    )
    await moveOrder(tx, actor, current, {
      name: 'status_edit',
      status: input.order_status,
      paymentStatus,
      fields: {
        // Decision 0214: the joined texts and their parts kept in step.
        ...editedContact(current, input, input.customer),
        customerEmail: input.customer_email,
        customerPhone: input.customer_phone,
      },
      lang,
    })
  })
  const order = await findOrder(db, id, actorView(actor), lang)
  if (!order) throw notFound()
  return order
}
