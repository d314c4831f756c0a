import type { ActorKind } from '@shop/shared/permissions'
import { STATUS_EDITS, type OrderStatus } from '@shop/shared/schemas/order'
import type { Language } from '@shop/shared/i18n/messages'
import { AppError } from '../lib/app-error.ts'
import { mailText } from './notifications/mail-texts.ts'

// Decision 0219: an order's life as one declared table (Saleor's and Vendure's order state machines). Every move an
// order can make, who may make it, from which statuses, where it goes, and what moveOrder (order-state.ts) does with
// it. A move the table does not allow is refused before anything is written: 409 with the move's own code
// (ORDER_NOT_PENDING for a confirm or a shopper's cancel, ORDER_NOT_EDITABLE for an edit or a refusal at the door,
// ORDER_MOVE_NOT_ALLOWED for the rest), translated. order-lifecycle.test.ts walks the whole table.
//
// What a move does follows from its statuses, the same for every move (order-state.ts):
// - to `cancelled` from another status: the offers' uses, then the stock, go back once (decision 0173, 0011);
// - from `cancelled` to another status: they are taken again (409 OUT_OF_STOCK when sold meanwhile);
// - a status or payment status that moves writes one history row with the actor and the table's `action`;
// - staff moves write an audit row (decision 0192); a history row is an event the mailer hears (decision 0066).
// Delivery (issue 42) adds shipped, delivered and returned here; WhatsApp messages (decision 0236) listen to the same
// events, and a shopper's WhatsApp answer is a guest's move (confirmed_on_whatsapp, cancelled_by_customer).

/** Every status; `any` in a rule's `from`. */
const ALL: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'completed', 'cancelled']

/** The status edit's table (shared with the dashboard's order dialog, which offers only these). */
export { STATUS_EDITS }

type Refusal = 'ORDER_NOT_PENDING' | 'ORDER_NOT_EDITABLE' | 'ORDER_MOVE_NOT_ALLOWED'

export interface MoveRule {
  /** Who may make it (the actor's kind). */
  by: readonly ActorKind[]
  /** The statuses the order may be in. */
  from: readonly OrderStatus[]
  /** Where it goes: a status, `same` (the status does not move), or `asked` (the status edit's table above). */
  to: OrderStatus | 'same' | 'asked'
  /** The history row's `action` (null: a plain status or payment change). */
  action: string | null
  /** What a refusal answers. */
  refusal: Refusal
  /** What it is, for the reader of the table (docs/decisions/0219). */
  does: string
  /** Cancelling without giving the stock back: the box is still with the courier until it is returned (issue 42). */
  keepsStock?: boolean
}

export const ORDER_MOVES = {
  status_edit: {
    by: ['staff'],
    from: ALL,
    to: 'asked',
    action: null,
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'Staff set the status (and contact fields, payment status) in the order dialog',
  },
  confirmed_by_phone: {
    by: ['staff'],
    from: ['pending'],
    to: 'processing',
    action: 'confirmed_by_phone',
    refusal: 'ORDER_NOT_PENDING',
    does: 'Staff reached the customer, who confirmed the order (decision 0070)',
  },
  confirmed_on_whatsapp: {
    by: ['guest'],
    from: ['pending'],
    to: 'processing',
    action: 'confirmed_on_whatsapp',
    refusal: 'ORDER_NOT_PENDING',
    does: "The customer tapped Confirm on the shop's WhatsApp confirmation request, from the order's number (decision 0236)",
  },
  cancelled_by_customer: {
    by: ['shopper', 'guest'],
    from: ['pending'],
    to: 'cancelled',
    action: 'cancelled_by_customer',
    refusal: 'ORDER_NOT_PENDING',
    does: 'The shopper cancels from my orders, or anyone with the tracking link (decision 0069)',
  },
  refused_at_door: {
    by: ['staff'],
    from: ['pending', 'processing'],
    to: 'cancelled',
    action: 'refused_at_door',
    refusal: 'ORDER_NOT_EDITABLE',
    does: 'The customer refused a cash order at delivery (decision 0173)',
  },
  items_edited: {
    by: ['staff'],
    from: ['pending', 'processing'],
    to: 'same',
    action: 'items_edited',
    refusal: 'ORDER_NOT_EDITABLE',
    does: "Staff changed the order's lines or city; stock moves by the difference (decision 0133)",
  },
  shipped: {
    by: ['staff'],
    from: ['processing'],
    to: 'shipped',
    action: 'shipped',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'Staff gave the box to a driver or a courier company: out for delivery (decision 0237)',
  },
  delivered: {
    by: ['staff', 'courier'],
    from: ['shipped'],
    to: 'completed',
    action: 'delivered',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'The courier delivered it (staff record it, or the driver on their phone page)',
  },
  refused_on_delivery: {
    by: ['staff', 'courier'],
    from: ['shipped'],
    to: 'cancelled',
    action: 'refused_on_delivery',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'The customer refused the box at the door: cancelled, offer uses back; the stock comes back when the box does',
    keepsStock: true,
  },
  delivery_failed: {
    by: ['staff', 'courier'],
    from: ['shipped'],
    to: 'same',
    action: 'delivery_failed',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'The courier could not deliver this time (nobody home, wrong address): still out for delivery',
  },
  payment_changed: {
    by: ['provider', 'staff', 'shopper', 'guest', 'system'],
    from: ALL,
    to: 'same',
    action: null,
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: "A payment's state or method changed (paid, failed, refunded, another provider): the payment status follows",
  },
  switched_to_cash: {
    by: ['shopper', 'guest', 'staff'],
    from: ['pending'],
    to: 'same',
    action: 'switched_to_cash',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'An order waiting for an online payment is paid in cash instead (decision 0080)',
  },
  payment_expired: {
    by: ['system'],
    from: ['pending'],
    to: 'cancelled',
    action: 'payment_expired',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'The time to pay online ran out: the held stock is released (decision 0076)',
  },
  released: {
    by: ['shopper', 'guest'],
    from: ['pending'],
    to: 'cancelled',
    action: 'released',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'The shopper placed a new order instead: the unpaid one gives its stock back at once (decision 0082)',
  },
  payment_revived: {
    by: ['shopper', 'guest', 'provider', 'system'],
    from: ['cancelled'],
    to: 'pending',
    action: 'payment_revived',
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: 'The shopper pays again after the time ran out: the stock is taken again',
  },
  paid_after_expiry: {
    by: ['provider', 'system', 'shopper', 'guest', 'staff'],
    from: ['cancelled'],
    to: 'pending',
    action: null,
    refusal: 'ORDER_MOVE_NOT_ALLOWED',
    does: "The provider's late answer says the shopper paid: the order comes back (decision 0077)",
  },
} as const satisfies Record<string, MoveRule>

export type OrderMoveName = keyof typeof ORDER_MOVES

/** The status a move leads to from `from` (the status edit: the one asked for). */
export function moveTarget(name: OrderMoveName, from: OrderStatus, asked?: OrderStatus): OrderStatus {
  const to: MoveRule['to'] = ORDER_MOVES[name].to
  return to === 'same' ? from : to === 'asked' ? (asked ?? from) : to
}

/** Is the move allowed for this actor from this status (to `to`)? */
export function moveAllowed(name: OrderMoveName, by: ActorKind, from: OrderStatus, to: OrderStatus): boolean {
  const rule: MoveRule = ORDER_MOVES[name]
  if (!rule.by.includes(by) || !rule.from.includes(from)) return false
  if (rule.to === 'asked') return to === from || STATUS_EDITS[from].includes(to)
  return to === moveTarget(name, from)
}

/** The refusal of a move the table does not allow, in the reader's language. */
export function moveRefused(
  name: OrderMoveName,
  from: OrderStatus,
  to: OrderStatus,
  lang: Language,
): AppError {
  const status = (s: OrderStatus) => mailText(lang, `status_${s}`)
  const refusal: Refusal = ORDER_MOVES[name].refusal
  if (refusal === 'ORDER_NOT_PENDING') return new AppError('ORDER_NOT_PENDING', 409)
  if (refusal === 'ORDER_NOT_EDITABLE')
    return new AppError('ORDER_NOT_EDITABLE', 409, { params: { status: status(from) } })
  return new AppError('ORDER_MOVE_NOT_ALLOWED', 409, {
    params: { from: status(from), to: status(to) },
    extra: { move: name, from, to },
  })
}
