import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { orders } from './orders.ts'

// Issue 41 (decision 0236): WhatsApp Business messages, a channel beside mail. What the shop sends goes through
// `whatsapp_messages` as mail goes through `mail_outbox` (decision 0065): written in the transaction of the order event
// it tells about, one row per `event_key`, sent after the answer by whichever process claims it, retried with back-off.
// What Meta sends (replies, statuses) is kept in `whatsapp_inbox` as it arrived (signed), answered at once and handled
// after the answer; each reply and each status is handled once, by its id.

export const WHATSAPP_MESSAGE_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
  'received',
] as const
export type WhatsAppMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number]

export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: serial('id').primaryKey(),
    /** The order it is about (null: a reply or text the shop could not place on an order). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['out', 'in'] }).notNull(),
    /**
     * out: the order event told (confirm_request, received, confirmed, shipped, completed, cancelled, payment_link);
     * in: what the shopper sent (button, text).
     */
    event: text('event').notNull(),
    /** out: the template's name and language as sent. */
    template: text('template'),
    language: text('language'),
    /** out: the body's parameters in order and the buttons' payloads; in: the button's payload and text, or the text. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull().default({}),
    /** The shopper's number in international digits (to for out, from for in). */
    number: text('number').notNull(),
    /** out: what it tells (`order:42:history:7`): unique, so an event never yields a second message. */
    eventKey: text('event_key'),
    /** Meta's id of the message (`wamid.…`): answered when sent, given with a reply; replies and statuses point to it. */
    waId: text('wa_id'),
    /** in: the id of the shop's message the shopper answered (a button's `context.id`). */
    contextWaId: text('context_wa_id'),
    /** out: queued → sent → delivered → read, or failed; in: received. */
    status: text('status', { enum: WHATSAPP_MESSAGE_STATUSES }).notNull(),
    /**
     * in: what the shop did with it: confirmed, cancelled, not_pending, wrong_number, unknown_message, opted_out,
     * opted_in, kept (a text, or a reply to a message that asked nothing).
     */
    outcome: text('outcome'),
    /** out: Meta's error code of a failed send or a failed status (131026, 132001 …) and its text. */
    errorCode: text('error_code'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next try may start; null once sent or given up. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    /** A process that claimed it is sending it until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** When the latest status (or the failure) arrived. */
    statusAt: timestamp('status_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('whatsapp_messages_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('whatsapp_messages_event_key_unique').on(t.eventKey),
    uniqueIndex('whatsapp_messages_wa_id_unique').on(t.waId),
    index('whatsapp_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('whatsapp_messages_number_idx').on(t.number, t.createdAt),
  ],
)

/** Every status Meta reported of a message, once each (a redelivered status changes nothing). */
export const whatsappStatuses = pgTable(
  'whatsapp_statuses',
  {
    waId: text('wa_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    /** Meta's time of the status. */
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.waId, t.status] })],
)

/** Numbers that answered STOP (or «إيقاف»): nothing more goes to them on WhatsApp until they answer START. */
export const whatsappOptOuts = pgTable('whatsapp_opt_outs', {
  number: text('number').primaryKey(),
  createdAt: createdAt(),
})

/** Meta's webhook posts as they arrived, after their signature was checked; handled after the answer. */
export const whatsappInbox = pgTable(
  'whatsapp_inbox',
  {
    id: serial('id').primaryKey(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [
    index('whatsapp_inbox_due_idx')
      .on(t.receivedAt)
      .where(sql`${t.processedAt} IS NULL`),
  ],
)
