import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { NewTrackingLink, Order } from '@shop/shared/schemas/order'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { actorUserId, type Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { cancelByCustomer } from '../../domain/order-cancel.ts'
import { findOrder } from '../../domain/order-view.ts'
import { actorView, SHOPPER_VIEW, type Viewer } from '../../domain/viewer.ts'
import { trackingSecret, trackingToken, trackingUrl } from '../../domain/tracking-link.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { lockOrder, moveOrder } from '../../domain/order-state.ts'

async function answer(db: Db, id: number, view: Viewer, lang: Language): Promise<Order> {
  const order = await findOrder(db, id, view, lang)
  if (!order) throw notFound()
  return order
}

/**
 * POST /api/orders/:id/cancel (decision 0069): a signed-in shopper cancels their own pending order. Someone else's
 * order answers 404, as reading it does (its existence is not revealed); an order past pending answers 409.
 */
export async function cancelMyOrder(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  lang: Language,
): Promise<Order> {
  const userId = actorUserId(actor)
  await db.transaction(async (tx) => {
    const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)).limit(1)
    if (!owner || userId === null || owner.userId !== userId) throw notFound()
    await cancelByCustomer(tx, actor, id, reason)
  })
  // The shopper's own order: the shopper's view, whoever they are.
  return answer(db, id, SHOPPER_VIEW, lang)
}

/**
 * POST /api/orders/:id/confirm (decision 0070): staff reached the customer of a pending order by phone or WhatsApp and
 * the customer confirmed it: it moves to processing, the history says so, the shopper gets the confirmation mail.
 */
export async function confirmByPhone(db: Db, actor: Actor, id: number, lang: Language): Promise<Order> {
  await db.transaction(async (tx) => {
    const current = await lockOrder(tx, id)
    if (!current) throw notFound()
    await moveOrder(tx, actor, current, { name: 'confirmed_by_phone', lang })
  })
  return answer(db, id, actorView(actor), lang)
}

/**
 * POST /api/orders/:id/refused-at-door (decision 0173): the customer refused a cash order when it was delivered. A
 * pending or processing cash order is cancelled with the history's `refused_at_door` action: its stock goes back once
 * and the uses of its offers are given back (a code's use never becomes a sale). 409 ORDER_NOT_EDITABLE for an order
 * already completed or cancelled, 409 ORDER_PAID_ONLINE for an order paid online (a refund, not a refusal).
 */
export async function refusedAtDoor(db: Db, actor: Actor, id: number, lang: Language): Promise<Order> {
  await db.transaction(async (tx) => {
    const current = await lockOrder(tx, id)
    if (!current) throw notFound()
    // Pending or processing (the lifecycle table, decision 0219), and not paid online (a refund, not a refusal).
    if (current.paymentStatus === 'paid' && ['pending', 'processing'].includes(current.orderStatus))
      throw new AppError('ORDER_PAID_ONLINE', 409)
    await moveOrder(tx, actor, current, { name: 'refused_at_door', lang })
  })
  return answer(db, id, actorView(actor), lang)
}

/**
 * Decision 0105: staff give the order a new tracking key, so every link mailed before stops opening it; the answer is
 * the new link (in the order's language) to send the shopper another way.
 */
export async function renewTrackingLink(
  db: Db,
  actor: Actor,
  orderId: number,
  appUrl: string,
): Promise<NewTrackingLink> {
  const row = await db.transaction(async (tx) => {
    const [renewed] = await tx
      .update(orders)
      .set({ trackingKey: randomBytes(16).toString('hex') })
      .where(eq(orders.id, orderId))
      .returning({
        orderNumber: orders.orderNumber,
        trackingKey: orders.trackingKey,
        language: orders.language,
      })
    if (!renewed) throw notFound()
    // The trail says who sent a new link, never the key (decision 0192).
    await recordAudit(tx, actor, {
      action: 'order.tracking_link_renewed',
      entity: 'order',
      entityId: orderId,
    })
    return renewed
  })
  const token = trackingToken(await trackingSecret(db), row.orderNumber, row.trackingKey)
  return { tracking_url: trackingUrl(appUrl, row.orderNumber, token, row.language === 'en' ? 'en' : 'ar') }
}
