import { sql } from 'drizzle-orm'
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createdAt, money, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * Decision 0075: one row per payment attempt (or per cash collection staff record). The order's payment_status is
 * derived from these rows; `state` moves pending → paid | failed | expired, and paid → refunded.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['plutu', 'paypal', 'cash', 'manual'] }).notNull(),
    /** Plutu's gateway (sadadapi, edfali, localbankcards, mpgs) or 'paypal'; null for cash. */
    gateway: text('gateway'),
    state: text('state', { enum: ['pending', 'paid', 'failed', 'expired', 'refunded'] })
      .notNull()
      .default('pending'),
    /** What the provider is asked to take, in `currency` (LYD, or USD for PayPal and MPGS). */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** Decision 0079: dinars for one US dollar used for a USD charge, stored with the attempt. */
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 6, mode: 'number' }),
    /** The order's total in dinars when the attempt started. */
    orderAmount: money('order_amount').notNull(),
    /** Our reference at the provider: Plutu's invoice_no, PayPal's invoice_id (unique per attempt, decision 0078). */
    invoiceNo: text('invoice_no').notNull(),
    /** Plutu's process_id (wallets) or PayPal's order id. */
    providerRef: text('provider_ref'),
    /** Plutu's transaction_id or PayPal's capture id. */
    providerTxnId: text('provider_txn_id'),
    refundId: text('refund_id'),
    redirectUrl: text('redirect_url'),
    /** A wallet confirm (or PayPal capture) in flight: set by the one request that calls the provider (decision 0082). */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    /** Wrong codes typed so far (a wallet attempt fails after 3). */
    otpTries: integer('otp_tries').notNull().default(0),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** Decision 0083: something staff should look at, until they mark it seen. */
    flag: text('flag', {
      enum: [
        'amount_mismatch',
        'paid_after_expiry',
        'paid_after_expiry_no_stock',
        'paid_after_cancel',
        'paid_twice',
        'outcome_unknown',
        'partial_refund',
      ],
    }),
    flagResolvedAt: timestamp('flag_resolved_at', { withTimezone: true, mode: 'date' }),
    flagResolvedBy: integer('flag_resolved_by').references(() => users.id, { onDelete: 'set null' }),
    /** Staff who recorded a cash collection, a manual payment or a manual refund. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('payments_invoice_unique').on(t.invoiceNo),
    index('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_provider_txn_idx').on(t.provider, t.providerTxnId),
    index('payments_flag_idx')
      .on(t.createdAt)
      .where(sql`${t.flag} is not null and ${t.flagResolvedAt} is null`),
  ],
)

/**
 * Every verified notification, return and answer a provider sent about a payment, kept as received (raw). The unique
 * key makes the same notification twice a no-op (decision 0078).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** return (browser back from the gateway), webhook, confirm, capture, refund, lookup. */
    source: text('source').notNull(),
    /** approved, canceled, PAYMENT.CAPTURE.COMPLETED … */
    kind: text('kind').notNull(),
    /** provider + its id of the notification (PayPal's event id, Plutu's hash): one row per notification. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_dedupe_unique').on(t.dedupeKey),
    index('payment_events_payment_idx').on(t.paymentId, t.createdAt),
  ],
)

/**
 * Decision 0076: an online-paid order holds its stock until `due_at`; the sweep (or the next access) expires it once.
 * Decision 0081: `token_hash` is the SHA-256 of the key that lets the placing browser pay without an account.
 */
export const orderPaymentHolds = pgTable(
  'order_payment_holds',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Set when the hold ran out and the stock went back. */
    expiredAt: timestamp('expired_at', { withTimezone: true, mode: 'date' }),
    /** Set when the order no longer waits: paid, switched to cash, or cancelled by staff. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_payment_holds_open_idx')
      .on(t.dueAt)
      .where(sql`${t.expiredAt} is null and ${t.closedAt} is null`),
  ],
)
