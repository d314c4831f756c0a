import { and, eq, inArray, sql } from 'drizzle-orm'
import { internationalNumber, samePhone } from '@shop/shared/orders/phone'
import { OTP_RESEND_SECONDS } from '@shop/shared/schemas/payment'
import { ORDER_LIMIT_DEFAULTS, ORDER_LIMIT_KEYS, parseOrderLimit } from '@shop/shared/schemas/setting'
import type { DbOrTx, Tx } from '../db/client.ts'
import { orders } from '../db/schema/orders.ts'
import { settings } from '../db/schema/settings.ts'
import { AppError } from '../lib/app-error.ts'
import type { Limit } from '../lib/rate-limit.ts'

// Decision 0091: the per-client limits of the shop's anonymous doors. Sized so that a shopper, or a family behind one
// home connection, never meets them: they stop scripts that place dozens of orders or send dozens of codes.

const HOUR_MS = 3_600_000

/** Wallet codes (Sadad, Edfali): each one is an SMS to someone's phone, paid for by the merchant. */
export const OTP_LIMITS = {
  perNumberPerHour: 5,
  perIpPerHour: 10,
  /** Seconds between two codes to one number. */
  cooldownSeconds: OTP_RESEND_SECONDS,
} as const

/** Registrations (each answer tells whether an email has an account) per IP and hour. */
export const REGISTRATIONS_PER_IP_PER_HOUR = 10

export type OrderLimits = Record<(typeof ORDER_LIMIT_KEYS)[number], number>

/** The owner's order limits (settings; a missing or unreadable row reads as its default). */
export async function orderLimits(db: DbOrTx): Promise<OrderLimits> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ORDER_LIMIT_KEYS))
  const values = new Map(rows.map((r) => [r.key, r.value]))
  return Object.fromEntries(
    ORDER_LIMIT_KEYS.map((k) => [k, parseOrderLimit(values.get(k)) ?? ORDER_LIMIT_DEFAULTS[k]]),
  ) as OrderLimits
}

/** A phone as one key however it was typed (`+218 91…`, `091…`, Arabic digits). */
export const phoneKey = (phone: string) => internationalNumber(phone) ?? phone.trim()

/** Orders per client address, per phone and per email in the last hour. */
export function orderHitLimits(
  limits: OrderLimits,
  order: { customer_phone: string; customer_email: string },
  ip: string,
): Limit[] {
  return [
    { scope: 'order:ip', key: ip, max: limits.orders_per_ip_per_hour, windowMs: HOUR_MS },
    {
      scope: 'order:phone',
      key: phoneKey(order.customer_phone),
      max: limits.orders_per_phone_per_hour,
      windowMs: HOUR_MS,
    },
    {
      scope: 'order:email',
      key: order.customer_email.trim().toLowerCase(),
      max: limits.orders_per_email_per_hour,
      windowMs: HOUR_MS,
    },
  ]
}

/** Wallet codes per number and per client address in the last hour, and the pause between two codes to one number. */
export function otpHitLimits(mobile: string, ip: string): Limit[] {
  const number = phoneKey(mobile)
  return [
    { scope: 'otp:number', key: number, max: OTP_LIMITS.perNumberPerHour, windowMs: HOUR_MS },
    { scope: 'otp:ip', key: ip, max: OTP_LIMITS.perIpPerHour, windowMs: HOUR_MS },
    { scope: 'otp:cooldown', key: number, max: 1, windowMs: OTP_LIMITS.cooldownSeconds * 1000 },
  ]
}

/**
 * Decision 0091: a phone may have at most `cap` cash orders waiting for staff's confirming call (order status pending).
 * Runs in the order's transaction under a lock on the phone, so two orders placed at once cannot both be the last one.
 */
export async function assertPendingCashBelowCap(tx: Tx, phone: string, cap: number): Promise<void> {
  if (cap <= 0) return
  const key = phoneKey(phone)
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'pending-cash:' + key}))`)
  // The last nine digits narrow the rows in the database; samePhone decides (spaces, +218, Arabic digits).
  const tail = key.replace(/\D/g, '').slice(-9)
  const rows = await tx
    .select({ phone: orders.customerPhone })
    .from(orders)
    .where(
      and(
        eq(orders.orderStatus, 'pending'),
        eq(orders.paymentMethod, 'cash'),
        sql`right(regexp_replace(translate(${orders.customerPhone}, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹', '01234567890123456789'), '\\D', '', 'g'), 9) = ${tail}`,
      ),
    )
  const waiting = rows.filter((r) => samePhone(r.phone, phone)).length
  if (waiting >= cap)
    throw new AppError('PENDING_ORDERS_LIMIT', 429, {
      params: { count: waiting },
      fields: { customer_phone: ['errors.PENDING_ORDERS_LIMIT'] },
    })
}
