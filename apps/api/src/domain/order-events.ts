import type { ActorKind } from '@shop/shared/permissions'
import type { Db, Tx } from '../db/client.ts'
import type { OrderNotifier } from './notifications/notifier.ts'
import type { OrderMoveName } from './order-lifecycle.ts'
import type { OrderRow } from './order-view.ts'

// Decision 0220: what happens to an order is told as typed events, emitted by the one writer of its state
// (order-state.ts) inside the transaction that made the change. Listeners run in that transaction too, so what they
// write (the mailer's outbox rows; WhatsApp messages and courier bookings later) exists exactly when the change
// committed, and a rollback takes it away with the change. A listener is registered once, when the app is built
// (app.ts), instead of a notifier handed through every service that moves an order.

type Statuses = { status: OrderRow['orderStatus']; paymentStatus: OrderRow['paymentStatus'] }

export type OrderEvent =
  /** Checkout wrote the order and its first history row. */
  | { type: 'order.placed'; orderId: number; by: ActorKind }
  /** A move of the lifecycle table wrote history row `historyId` (a status or payment status moved, or `record`). */
  | {
      type: 'order.moved'
      orderId: number
      historyId: number
      move: OrderMoveName
      by: ActorKind
      from: Statuses
      to: Statuses
    }
  /** Staff changed the order's lines or city (decision 0133): the total was `previousTotal`. */
  | { type: 'order.edited'; orderId: number; historyId: number; by: ActorKind; previousTotal: number }

export type OrderListener = (tx: Tx, event: OrderEvent) => Promise<void>

/** The listeners of the app whose database handle opened a transaction. */
const listenersOf = new WeakMap<object, readonly OrderListener[]>()

/**
 * The app's database handle: the same queries as `db`, and every transaction it opens (and every savepoint inside
 * one) carries the app's order listeners, so that `emitOrderEvent(tx, …)` reaches them. A handle made without them
 * (a script, the seed) emits to no one, as before a listener existed.
 */
export function withOrderListeners(db: Db, listeners: readonly OrderListener[]): Db {
  const carrying = (tx: Tx): Tx => {
    const inner = Object.create(tx) as Tx
    inner.transaction = ((work: (sp: Tx) => Promise<unknown>) =>
      tx.transaction((sp) => work(carrying(sp)))) as Tx['transaction']
    listenersOf.set(inner, listeners)
    return inner
  }
  const handle = Object.create(db) as Db
  handle.transaction = ((work, config) =>
    db.transaction((tx) => work(carrying(tx)), config)) as Db['transaction']
  return handle
}

/** Tells the transaction's listeners, one after the other, in the transaction (a listener's error rolls it back). */
export async function emitOrderEvent(tx: Tx, event: OrderEvent): Promise<void> {
  for (const listener of listenersOf.get(tx) ?? []) await listener(tx, event)
}

/** Decision 0066 as a listener: the mails an order's events send (the notifier decides which statuses matter). */
export const mailOnOrderEvents =
  (notifier: OrderNotifier): OrderListener =>
  async (tx, event) => {
    if (event.type === 'order.placed') await notifier.orderPlaced(tx, event.orderId)
    else if (event.type === 'order.edited')
      await notifier.orderEdited(tx, event.orderId, event.historyId, event.previousTotal)
    else await notifier.statusChanged(tx, event.orderId, event.historyId)
  }
