import { and, count, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type {
  CreateShipmentsInput,
  Shipment,
  ShipmentOutcome,
  ShipmentStatus,
  ShipmentUpdate,
} from '@shop/shared/schemas/delivery'
import type { Db, Tx } from '../../db/client.ts'
import { couriers, shipmentEvents, shipments } from '../../db/schema/delivery.ts'
import { orders } from '../../db/schema/orders.ts'
import { actorColumns, type Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { lockOrder, moveOrder } from '../../domain/order-state.ts'
import type { OrderMoveName } from '../../domain/order-lifecycle.ts'
import { restoreOrderStock } from '../../domain/stock.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { findShipment, loadShipments, type ShipmentRow } from './shipment-view.ts'

// Issue 42 (decision 0237): an order's one shipment, from the moment staff give the box to a courier to what happened
// at the door and the box coming back. Every outcome moves the order through the lifecycle table (order-state.ts), so
// history, audit, mails and WhatsApp follow as for any other move.

/** Decision 0237: the parcel's fee is the order's courier cost (profit is net of it). */
export const setOrderCourierFee = (tx: Tx, orderId: number, fee: number) =>
  tx.update(orders).set({ courierFee: fee }).where(eq(orders.id, orderId))

const lockShipment = async (tx: Tx, id: number) =>
  (await tx.select().from(shipments).where(eq(shipments.id, id)).for('update'))[0] ?? null

async function event(
  tx: Tx,
  actor: Actor,
  shipmentId: number,
  values: {
    status: string
    reason?: string | null
    collectedAmount?: number | null
    condition?: string | null
  },
) {
  const who = actorColumns(actor)
  await tx.insert(shipmentEvents).values({
    shipmentId,
    status: values.status,
    reason: values.reason ?? null,
    collectedAmount: values.collectedAmount ?? null,
    condition: values.condition ?? null,
    actorKind: who.actorKind,
    actorName: who.actorName,
    actorUserId: who.actorUserId,
  })
}

/**
 * POST /api/shipments: the orders go out for delivery with one courier, all or none. Each must be confirmed
 * (processing) and not shipped yet; otherwise 409 ORDER_NOT_SHIPPABLE names the first that is not, and nothing is made.
 */
export async function createShipments(
  db: Db,
  actor: Actor,
  input: CreateShipmentsInput,
  lang: Language,
): Promise<Shipment[]> {
  const ids = [...new Set(input.order_ids)].sort((a, b) => a - b)
  const made = await db.transaction(async (tx) => {
    const [courier] = await tx.select().from(couriers).where(eq(couriers.id, input.courier_id))
    if (!courier) throw new AppError('NOT_FOUND', 404)
    if (!courier.isActive) throw new AppError('COURIER_INACTIVE', 409)
    const out: number[] = []
    // Orders locked in id order (one lock order for every writer of several orders).
    for (const orderId of ids) {
      const order = await lockOrder(tx, orderId)
      if (!order) throw new AppError('NOT_FOUND', 404, { extra: { order_id: orderId } })
      const [already] = await tx
        .select({ id: shipments.id })
        .from(shipments)
        .where(eq(shipments.orderId, orderId))
      if (order.orderStatus !== 'processing' || already)
        throw new AppError('ORDER_NOT_SHIPPABLE', 409, {
          params: { number: order.orderNumber },
          extra: { order_id: order.id, order_number: order.orderNumber, order_status: order.orderStatus },
        })
      const cod = order.paymentMethod === 'cash' && order.paymentStatus !== 'paid' ? order.totalAmount : 0
      const [row] = await tx
        .insert(shipments)
        .values({
          orderId,
          courierId: courier.id,
          trackingNumber: input.tracking_numbers?.[String(orderId)] ?? null,
          codAmount: cod,
          fee: courier.kind === 'company' ? courier.defaultFee : 0,
        })
        .returning({ id: shipments.id })
      await event(tx, actor, row!.id, { status: 'out_for_delivery' })
      if (courier.kind === 'company') await setOrderCourierFee(tx, orderId, courier.defaultFee)
      await moveOrder(tx, actor, order, { name: 'shipped', lang, reason: courier.name })
      out.push(row!.id)
    }
    return out
  })
  return loadShipments(db, inArray(shipments.id, made), lang, undefined, 'oldest')
}

export async function listShipments(
  db: Db,
  q: {
    courier_id?: number
    order_id?: number
    status?: ShipmentStatus
    settled?: boolean
    page: number
    per_page: number
  },
  lang: Language,
) {
  const where: (SQL | undefined)[] = [
    q.courier_id ? eq(shipments.courierId, q.courier_id) : undefined,
    q.order_id ? eq(shipments.orderId, q.order_id) : undefined,
    q.status ? eq(shipments.status, q.status) : undefined,
    q.settled === undefined
      ? undefined
      : q.settled
        ? isNotNull(shipments.settlementId)
        : isNull(shipments.settlementId),
  ]
  const condition = and(...where)
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(shipments).where(condition)
  const data = await loadShipments(db, condition, lang, {
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  })
  return {
    data,
    total,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
    per_page: q.per_page,
  }
}

export async function getShipment(db: Db, id: number, lang: Language): Promise<Shipment> {
  const found = await findShipment(db, id, lang)
  if (!found) throw notFound()
  return found
}

/** Where each outcome may come from. */
const FROM: Record<ShipmentOutcome['status'], readonly ShipmentStatus[]> = {
  delivered: ['out_for_delivery', 'failed_attempt'],
  refused: ['out_for_delivery', 'failed_attempt'],
  failed_attempt: ['out_for_delivery', 'failed_attempt'],
  returned: ['refused', 'failed_attempt'],
}

const statusWord = (lang: Language, s: string) =>
  lang === 'en'
    ? s.replace(/_/g, ' ')
    : ((
        {
          out_for_delivery: 'خرجت للتوصيل',
          delivered: 'سُلّمت',
          refused: 'رُفضت',
          failed_attempt: 'تعذر تسليمها',
          returned: 'أعيدت',
        } as Record<string, string>
      )[s] ?? s)

/**
 * One outcome of a shipment (staff's PATCH, or the driver's page): the shipment's status and history, and the order's
 * move: delivered → completed; refused → cancelled with the reason (offer uses back; the stock stays out with the
 * courier); failed attempt → still out for delivery, counted; returned → the box is back: `good` puts its stock back
 * once (ledger reason returned), `damaged` puts nothing back. A settled shipment never changes (409).
 */
export async function recordOutcome(
  tx: Tx,
  actor: Actor,
  current: ShipmentRow,
  outcome: ShipmentOutcome,
  lang: Language,
): Promise<void> {
  if (current.settlementId !== null) throw new AppError('SHIPMENT_SETTLED', 409)
  if (!FROM[outcome.status].includes(current.status))
    throw new AppError('SHIPMENT_MOVE_NOT_ALLOWED', 409, {
      params: { from: statusWord(lang, current.status), to: statusWord(lang, outcome.status) },
      extra: { shipment_status: current.status },
    })
  const order = await lockOrder(tx, current.orderId)
  if (!order) throw notFound()
  const move = async (name: OrderMoveName, reason?: string | null) => {
    if (order.orderStatus === 'shipped')
      await moveOrder(tx, actor, order, { name, lang, reason, record: true })
  }
  const now = new Date()
  switch (outcome.status) {
    case 'delivered': {
      const collected = outcome.collected_amount ?? current.codAmount
      await tx
        .update(shipments)
        .set({ status: 'delivered', collectedAmount: collected, deliveredAt: now, updatedAt: now })
        .where(eq(shipments.id, current.id))
      await event(tx, actor, current.id, { status: 'delivered', collectedAmount: collected })
      await move('delivered')
      break
    }
    case 'refused':
      await tx
        .update(shipments)
        .set({ status: 'refused', reason: outcome.reason, updatedAt: now })
        .where(eq(shipments.id, current.id))
      await event(tx, actor, current.id, { status: 'refused', reason: outcome.reason })
      await move('refused_on_delivery', outcome.reason)
      break
    case 'failed_attempt':
      await tx
        .update(shipments)
        .set({
          status: 'failed_attempt',
          reason: outcome.reason,
          attempts: current.attempts + 1,
          updatedAt: now,
        })
        .where(eq(shipments.id, current.id))
      await event(tx, actor, current.id, { status: 'failed_attempt', reason: outcome.reason })
      await move('delivery_failed', outcome.reason)
      break
    case 'returned': {
      await tx
        .update(shipments)
        .set({ status: 'returned', returnedCondition: outcome.condition, updatedAt: now })
        .where(eq(shipments.id, current.id))
      await event(tx, actor, current.id, { status: 'returned', condition: outcome.condition })
      // A box that came back after failed attempts was never refused: the order ends here.
      if (order.orderStatus === 'shipped')
        await moveOrder(tx, actor, order, {
          name: 'refused_on_delivery',
          lang,
          reason: lang === 'en' ? 'Back at the farm, not delivered' : 'عاد إلى المزرعة دون تسليم',
        })
      if (outcome.condition === 'good') await restoreOrderStock(tx, order.id, { actor, reason: 'returned' })
      break
    }
  }
  // Decision 0192: the audit trail names the courier or the staff member for every outcome.
  await recordAudit(tx, actor, {
    action: `shipment.${outcome.status}`,
    entity: 'shipment',
    entityId: current.id,
    before: { status: current.status, order_number: order.orderNumber },
    after: {
      status: outcome.status,
      ...('reason' in outcome ? { reason: outcome.reason } : {}),
      ...('collected_amount' in outcome || outcome.status === 'delivered'
        ? {
            collected_amount:
              outcome.status === 'delivered' ? (outcome.collected_amount ?? current.codAmount) : null,
          }
        : {}),
      ...('condition' in outcome ? { condition: outcome.condition } : {}),
    },
  })
}

/** PATCH /api/shipments/:id (staff): an outcome, or a correction of the fee or the tracking number. */
export async function updateShipment(
  db: Db,
  actor: Actor,
  id: number,
  input: ShipmentUpdate,
  lang: Language,
): Promise<Shipment> {
  await db.transaction(async (tx) => {
    const current = await lockShipment(tx, id)
    if (!current) throw notFound()
    if ('status' in input) return recordOutcome(tx, actor, current, input, lang)
    if (current.settlementId !== null) throw new AppError('SHIPMENT_SETTLED', 409)
    const changes = {
      ...(input.fee === undefined ? {} : { fee: input.fee }),
      ...(input.tracking_number === undefined ? {} : { trackingNumber: input.tracking_number }),
    }
    await tx
      .update(shipments)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(shipments.id, id))
    if (changes.fee !== undefined) await setOrderCourierFee(tx, current.orderId, changes.fee)
    await recordAudit(tx, actor, {
      action: 'shipment.updated',
      entity: 'shipment',
      entityId: id,
      before: { fee: current.fee, tracking_number: current.trackingNumber },
      after: {
        fee: changes.fee ?? current.fee,
        tracking_number: changes.trackingNumber ?? current.trackingNumber,
      },
    })
  })
  return getShipment(db, id, lang)
}

/** The shipments of one courier still on the road, oldest first (the driver's page, the delivery sheet). */
export async function openShipmentsOf(db: Db, courierId: number, lang: Language, where?: SQL) {
  return loadShipments(
    db,
    and(
      eq(shipments.courierId, courierId),
      inArray(shipments.status, ['out_for_delivery', 'failed_attempt']),
      where,
    ),
    lang,
    undefined,
    'oldest',
  )
}

export { lockShipment }
