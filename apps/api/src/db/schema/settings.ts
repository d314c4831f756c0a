import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'

export const settings = pgTable(
  'settings',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    description: text('description'),
    value: text('value').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('settings_key_unique').on(t.key)],
)

/**
 * Every mail the shop sends; without SMTP_URL this table is the outbox tests read. Decision 0065: a mail is written in
 * the transaction of the event it tells about (one row per `event_key`, so never twice for one event), then delivered
 * after the answer by whichever API process claims it first, and retried with back-off while SMTP fails.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The last failed try's error (kept once sent: the metrics count a sent mail as sent). */
    error: text('error'),
    /** What the mail is about (`order:42:placed:shopper`): unique, so an event never yields a second mail. */
    eventKey: text('event_key'),
    /** Tries so far (a claim counts as one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the next try may start; null once the mailer gave up on it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).defaultNow(),
    /** A process that claimed it is sending it until then; after that another process may take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    /**
     * Decision 0104: the mail's Message-ID (`<uuid@domain>`), random when the row is written, the same on every try;
     * never an outbox row id, which a fresh install or a restored backup gives out again.
     */
    messageId: uuid('message_id').notNull().defaultRandom(),
    /** Decision 0104: the sender's display name in the mail's language (null: MAIL_FROM as it is). */
    fromName: text('from_name'),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    uniqueIndex('mail_outbox_event_key_unique').on(t.eventKey),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
  ],
)

/**
 * Secrets the shop makes for itself on first use and every API process shares (decision 0068: the key that signs
 * tracking links). Not a setting: the dashboard lists every setting.
 */
export const shopSecrets = pgTable('shop_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
