import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { NewTrackingLink, Order } from '@shop/shared/schemas/order'
import type { Db } from '../../db/client.ts'
import { orderStatusHistory, orders } from '../../db/schema/orders.ts'
import { cancelByCustomer, notPending } from '../../domain/order-cancel.ts'
import type { OrderNotifier } from '../../domain/notifications/notifier.ts'
import { findOrder } from '../../domain/order-view.ts'
import { trackingSecret, trackingToken, trackingUrl } from '../../domain/tracking-link.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { mailText } from '../../domain/notifications/mail-texts.ts'
import { releaseOrderUses } from '../../domain/offers.ts'
import { restoreOrderStock } from '../../domain/stock.ts'
import { actorUserId, type Actor } from '../../domain/actor.ts'
import type { AuthUser } from '../../plugins/auth.ts'

async function answer(db: Db, id: number, staff: boolean, lang: Language): Promise<Order> {
  const order = await findOrder(db, id, staff, lang)
  if (!order) throw notFound()
  return order
}

/**
 * POST /api/orders/:id/cancel (decision 0069): a signed-in shopper cancels their own pending order. Someone else's
 * order answers 404, as reading it does (its existence is not revealed); an order past pending answers 409.
 */
export async function cancelMyOrder(
  db: Db,
  user: AuthUser,
  id: number,
  reason: string,
  lang: Language,
  notify: OrderNotifier,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const [owner] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)).limit(1)
    if (!owner || owner.userId !== user.id) throw notFound()
    const { historyId } = await cancelByCustomer(tx, id, { actor: 'shopper', userId: user.id, reason })
    await notify.statusChanged(tx, id, historyId)
  })
  return answer(db, id, false, lang)
}

/**
 * POST /api/orders/:id/confirm (decision 0070): staff reached the customer of a pending order by phone or WhatsApp and
 * the customer confirmed it: it moves to processing, the history says so, the shopper gets the confirmation mail.
 */
export async function confirmByPhone(
  db: Db,
  adminId: number,
  id: number,
  lang: Language,
  notify: OrderNotifier,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
    if (!current) throw notFound()
    if (current.orderStatus !== 'pending') throw notPending()
    await tx.update(orders).set({ orderStatus: 'processing', updatedAt: new Date() }).where(eq(orders.id, id))
    const [history] = await tx
      .insert(orderStatusHistory)
      .values({
        orderId: id,
        fromStatus: 'pending',
        toStatus: 'processing',
        fromPaymentStatus: current.paymentStatus,
        toPaymentStatus: current.paymentStatus,
        changedBy: adminId,
        actor: 'staff',
        action: 'confirmed_by_phone',
      })
      .returning({ id: orderStatusHistory.id })
    await notify.statusChanged(tx, id, history!.id)
  })
  return answer(db, id, true, lang)
}

/**
 * POST /api/orders/:id/refused-at-door (decision 0173): the customer refused a cash order when it was delivered. A
 * pending or processing cash order is cancelled with the history's `refused_at_door` action: its stock goes back once
 * and the uses of its offers are given back (a code's use never becomes a sale). 409 ORDER_NOT_EDITABLE for an order
 * already completed or cancelled, 409 ORDER_PAID_ONLINE for an order paid online (a refund, not a refusal).
 */
export async function refusedAtDoor(
  db: Db,
  actor: Actor,
  id: number,
  lang: Language,
  notify: OrderNotifier,
): Promise<Order> {
  const adminId = actorUserId(actor)!
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, id)).for('update')
    if (!current) throw notFound()
    if (current.orderStatus !== 'pending' && current.orderStatus !== 'processing')
      throw new AppError('ORDER_NOT_EDITABLE', 409, {
        params: { status: mailText(lang, `status_${current.orderStatus}`) },
      })
    if (current.paymentStatus === 'paid') throw new AppError('ORDER_PAID_ONLINE', 409)
    await releaseOrderUses(tx, id)
    await restoreOrderStock(tx, id, { actor, reason: 'cancellation' })
    await tx.update(orders).set({ orderStatus: 'cancelled', updatedAt: new Date() }).where(eq(orders.id, id))
    const [history] = await tx
      .insert(orderStatusHistory)
      .values({
        orderId: id,
        fromStatus: current.orderStatus,
        toStatus: 'cancelled',
        fromPaymentStatus: current.paymentStatus,
        toPaymentStatus: current.paymentStatus,
        changedBy: adminId,
        actor: 'staff',
        action: 'refused_at_door',
      })
      .returning({ id: orderStatusHistory.id })
    await notify.statusChanged(tx, id, history!.id)
  })
  return answer(db, id, true, lang)
}

/**
 * Decision 0105: staff give the order a new tracking key, so every link mailed before stops opening it; the answer is
 * the new link (in the order's language) to send the shopper another way.
 */
export async function renewTrackingLink(db: Db, orderId: number, appUrl: string): Promise<NewTrackingLink> {
  const [row] = await db
    .update(orders)
    .set({ trackingKey: randomBytes(16).toString('hex') })
    .where(eq(orders.id, orderId))
    .returning({
      orderNumber: orders.orderNumber,
      trackingKey: orders.trackingKey,
      language: orders.language,
    })
  if (!row) throw notFound()
  const token = trackingToken(await trackingSecret(db), row.orderNumber, row.trackingKey)
  return { tracking_url: trackingUrl(appUrl, row.orderNumber, token, row.language === 'en' ? 'en' : 'ar') }
}
