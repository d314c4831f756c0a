import { eq } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { StockReason } from '@shop/shared/permissions'
import type { Tx } from '../db/client.ts'
import { orderStatusHistory, orders } from '../db/schema/orders.ts'
import { actorUserId, type Actor } from './actor.ts'
import { recordAudit } from './audit.ts'
import { emitOrderEvent } from './order-events.ts'
import { releaseOrderUses, retakeOrderUses } from './offers.ts'
import type { ContactParts } from './order-contact.ts'
import type { OrderRow } from './order-view.ts'
import {
  moveAllowed,
  moveRefused,
  moveTarget,
  ORDER_MOVES,
  type MoveRule,
  type OrderMoveName,
} from './order-lifecycle.ts'
import { restoreOrderStock, retakeOrderStock } from './stock.ts'

// Decision 0193: the one owner of an order's state; decision 0219: its moves are order-lifecycle.ts's table. Every change of an order's status, payment status or payment
// method goes through moveOrder (and an order's first history row through recordOrderPlaced): it writes the order row,
// the history row with its actor, the audit row when staff act, the mail event, and the side effects of cancelling and
// un-cancelling (offer uses, then stock: the one lock order). No other file writes order_status_history or an order's
// statuses (order-state.test.ts checks the source).

/** Contact and delivery fields staff may change with a move (PUT /api/orders/:id). */
export type OrderFields = Partial<
  Pick<OrderRow, 'customerName' | 'customerEmail' | 'customerPhone' | 'shippingAddress' | 'notes'> &
    // Decision 0214: the contact's parts, written with the texts they belong to (domain/order-contact.ts).
    ContactParts
>

export interface OrderMove {
  /** Which move of the lifecycle table (order-lifecycle.ts): who may make it, from where, to where, its history action. */
  name: OrderMoveName
  /** The status asked for by a status edit (`status_edit`); every other move's status comes from the table. */
  status?: OrderRow['orderStatus']
  paymentStatus?: OrderRow['paymentStatus']
  /** Paid with another method than chosen at checkout, or switched to cash: written without a history row by itself. */
  paymentMethod?: OrderRow['paymentMethod']
  /** Staff's edit of the contact and delivery fields, written with the move and kept in the audit row. */
  fields?: OrderFields
  /** The shopper's reason for cancelling; the totals before and after an edit of the lines. */
  reason?: string | null
  /** A history row even when neither status moves (an edit of the lines, decision 0133). */
  record?: boolean
  /** Why the stock moves when the move cancels (default `cancellation`) or un-cancels (default `sale`) the order. */
  stockReason?: { cancel?: StockReason; uncancel?: StockReason }
  /** The language a 409 (OUT_OF_STOCK when un-cancelling, a move refused) is written in. */
  lang?: Language
  /** The mail of an edit of the lines (the new total) instead of the status mail. */
  edited?: { previousTotal: number }
  /** The audit row's fields beyond the statuses (an edit's totals and city), before and after. */
  audit?: { before: Record<string, unknown>; after: Record<string, unknown> }
}

export interface MovedOrder {
  order: OrderRow
  /** The history row written (null: neither status moved). */
  historyId: number | null
}

/** The order row locked for the caller's transaction (every writer of an order locks it first: one lock order). */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  return row ?? null
}

/**
 * What a history row keeps of who moved the order: the user (staff, shopper) in `changed_by`, the kind in `actor`, a
 * provider's name (plutu, paypal) in its own column (decision 0221; a job is told by the row's `action`).
 */
function historyActor(actor: Actor, reason: string | null) {
  return {
    changedBy: actorUserId(actor),
    actor: actor.kind,
    reason,
    provider: actor.kind === 'provider' ? actor.provider : null,
    // Issue 41: the shopper's number when they answered on WhatsApp.
    actorWhatsapp: actor.kind === 'guest' ? (actor.whatsapp ?? null) : null,
    courierId: actor.kind === 'courier' ? actor.courierId : null,
  }
}

const snake = (fields: OrderFields) => ({
  customer_name: fields.customerName,
  customer_email: fields.customerEmail,
  customer_phone: fields.customerPhone,
  shipping_address: fields.shippingAddress,
  notes: fields.notes,
  first_name: fields.firstName,
  last_name: fields.lastName,
  whatsapp: fields.whatsapp,
  address_line: fields.addressLine,
  state: fields.state,
  customer_notes: fields.customerNotes,
})

/**
 * Moves an order (locked by the caller, `order` as read under the lock) to the statuses of `move`, as `actor`.
 * Cancelling gives back the offers' uses and then the stock (once, by their marks); un-cancelling takes them again
 * (409 OUT_OF_STOCK when the stock was sold meanwhile: the caller's transaction rolls back). Writes the order row, one
 * history row when a status moved (or `record`), an audit row for staff (every call: the row says the action was
 * taken even when nothing changed) and the mail event of that history row.
 */
export async function moveOrder(tx: Tx, actor: Actor, order: OrderRow, move: OrderMove): Promise<MovedOrder> {
  const status = moveTarget(move.name, order.orderStatus, move.status)
  // Decision 0219: a move the lifecycle table does not allow is refused before anything is written.
  if (!moveAllowed(move.name, actor.kind, order.orderStatus, status))
    throw moveRefused(move.name, order.orderStatus, status, move.lang ?? 'ar')
  const action = ORDER_MOVES[move.name].action as string | null
  const paymentStatus = move.paymentStatus ?? order.paymentStatus
  const paymentMethod = move.paymentMethod ?? order.paymentMethod
  const fields = Object.fromEntries(
    Object.entries(move.fields ?? {}).filter(([k, v]) => v !== undefined && v !== order[k as keyof OrderRow]),
  ) as OrderFields
  const moved = status !== order.orderStatus || paymentStatus !== order.paymentStatus
  const changed = moved || paymentMethod !== order.paymentMethod || Object.keys(fields).length > 0

  if (status === 'cancelled' && order.orderStatus !== 'cancelled') {
    // Issue 42: a box refused at the door is still with the courier: the offers' uses go back, the stock when it does.
    if ((ORDER_MOVES[move.name] as MoveRule).keepsStock) await releaseOrderUses(tx, order.id)
    else await stockBack(tx, actor, order.id, move.stockReason?.cancel ?? 'cancellation')
  }
  if (order.orderStatus === 'cancelled' && status !== 'cancelled')
    await stockAgain(tx, actor, order.id, move.stockReason?.uncancel ?? 'sale', move.lang)

  let next = order
  if (changed) {
    const [row] = await tx
      .update(orders)
      .set({ ...fields, orderStatus: status, paymentStatus, paymentMethod, updatedAt: new Date() })
      .where(eq(orders.id, order.id))
      .returning()
    next = row!
  }

  let historyId: number | null = null
  if (moved || move.record) {
    const [history] = await tx
      .insert(orderStatusHistory)
      .values({
        orderId: order.id,
        fromStatus: order.orderStatus,
        toStatus: status,
        fromPaymentStatus: order.paymentStatus,
        toPaymentStatus: paymentStatus,
        action,
        ...historyActor(actor, move.reason ?? null),
      })
      .returning({ id: orderStatusHistory.id })
    historyId = history!.id
  }

  if (actor.kind === 'staff')
    await recordAudit(tx, actor, {
      action: `order.${action ?? (moved ? 'status_changed' : 'updated')}`,
      entity: 'order',
      entityId: order.id,
      before: {
        order_status: order.orderStatus,
        payment_status: order.paymentStatus,
        payment_method: order.paymentMethod,
        ...snake(Object.fromEntries(Object.keys(fields).map((k) => [k, order[k as keyof OrderFields]]))),
        ...move.audit?.before,
      },
      after: {
        order_status: status,
        payment_status: paymentStatus,
        payment_method: paymentMethod,
        ...snake(fields),
        ...move.audit?.after,
      },
    })

  // Decision 0220: the history row is told to the app's listeners (the mailer: decision 0066), in this transaction.
  if (historyId !== null)
    await emitOrderEvent(
      tx,
      move.edited
        ? {
            type: 'order.edited',
            orderId: order.id,
            historyId,
            by: actor.kind,
            previousTotal: move.edited.previousTotal,
          }
        : {
            type: 'order.moved',
            orderId: order.id,
            historyId,
            move: move.name,
            by: actor.kind,
            from: { status: order.orderStatus, paymentStatus: order.paymentStatus },
            to: { status, paymentStatus },
          },
    )
  return { order: next, historyId }
}

/**
 * The first history row of an order checkout has just written (null → pending), by who placed it, and its mails
 * (the shopper's receipt, the staff's new-order mail).
 */
export async function recordOrderPlaced(
  tx: Tx,
  actor: Actor,
  order: Pick<OrderRow, 'id' | 'orderStatus' | 'paymentStatus'>,
): Promise<void> {
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: order.orderStatus,
    fromPaymentStatus: null,
    toPaymentStatus: order.paymentStatus,
    ...historyActor(actor, null),
  })
  if (actor.kind === 'staff')
    await recordAudit(tx, actor, {
      action: 'order.placed',
      entity: 'order',
      entityId: order.id,
      before: null,
      after: { order_status: order.orderStatus, payment_status: order.paymentStatus },
    })
  await emitOrderEvent(tx, { type: 'order.placed', orderId: order.id, by: actor.kind })
}

// The stock and offer-use side of a move, in one place: uses first, then stock (checkout's lock order).

async function stockBack(tx: Tx, actor: Actor, orderId: number, reason: StockReason): Promise<void> {
  await releaseOrderUses(tx, orderId)
  await restoreOrderStock(tx, orderId, { actor, reason })
}

async function stockAgain(
  tx: Tx,
  actor: Actor,
  orderId: number,
  reason: StockReason,
  lang: Language = 'ar',
): Promise<void> {
  await retakeOrderUses(tx, orderId)
  await retakeOrderStock(tx, orderId, { actor, reason }, lang)
}
