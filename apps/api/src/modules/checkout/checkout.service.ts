import type { Language } from '@shop/shared/i18n/messages'
import type { CreateOrderInput, Order, PaymentMethod } from '@shop/shared/schemas/order'
import type { Db, Tx } from '../../db/client.ts'
import { AppError } from '../../lib/app-error.ts'
import { releaseHits, takeHits, type Hits, type Limit } from '../../lib/rate-limit.ts'
import { isRetryable, isUniqueViolation } from '../../db/errors.ts'
import { findOrder } from '../../domain/order-view.ts'
import type { Actor } from '../../domain/actor.ts'
import { renewPaymentToken } from '../../domain/payments.ts'
import { actorView, SHOPPER_VIEW } from '../../domain/viewer.ts'
import { requestHash, storedOrderId } from './idempotency.ts'
import {
  checkPricedOrder,
  claimKey,
  emitOrderPlaced,
  KeyAlreadyUsed,
  priceAndTakeOfferUses,
  takeOrderStock,
  validateCart,
  writeOrderRows,
  type PaymentKey,
} from './place-order-steps.ts'

export interface PlaceOrderContext {
  /** From the bearer token only, never from the body (product.md §6.2). */
  userId: number | null
  staff?: boolean
  /** Who places it (guest, shopper or staff): the stock ledger's actor (decision 0191), the history's first row (0193). */
  actor: Actor
  /** The shopper's language (Accept-Language): names in errors and answers, and the order's language. */
  lang?: Language
  idempotencyKey?: string
  /**
   * The methods the shop offers now and how long an online-paid order holds its stock (domain/payment-methods.ts);
   * without it only cash is accepted.
   */
  payments?: { methods: readonly PaymentMethod[]; holdMinutes: number }
  /**
   * Decision 0091: the client's order limits (per IP, phone, email) and the cap on a phone's cash orders waiting for
   * confirmation; absent for staff and when the limits are off.
   */
  limits?: { hits: Limit[]; pendingCashCap: number }
  /** Test seam: runs after the stock is taken and before the order is written. */
  hooks?: { afterStockUpdate?: () => Promise<void> }
}

export interface PlaceOrderResult {
  order: Order
  /** false when an earlier request with the same Idempotency-Key already placed it. */
  created: boolean
}

const MAX_ATTEMPTS = 5
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * POST /api/orders (product.md §10.1 prices, §10.2 no overselling, §10.3 exactly once).
 * One transaction: idempotency row first, then prices, then conditional stock updates in ascending
 * product id order (no deadlocks), then the order, its items and its first history row.
 */
export async function placeOrder(
  db: Db,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
): Promise<PlaceOrderResult> {
  const key = ctx.idempotencyKey
  const hash = requestHash(input, ctx.userId)
  // Counted once per order: a retry with the same Idempotency-Key is the same order (decision 0091).
  let hits: Hits | null = null
  for (let attempt = 1; ; attempt++) {
    if (key) {
      const existing = await storedOrderId(db, key, hash)
      if (existing !== null) {
        // Decision 0081: the same order again, with a new payment token (only the hash of the first was kept).
        const payment = await renewPaymentToken(db, existing)
        return { order: await loadPlaced(db, existing, ctx, payment), created: false }
      }
    }
    // A method that is not configured (or PayPal without an exchange rate) would take no money: refused, not placed.
    if (!(ctx.payments?.methods ?? ['cash']).includes(input.payment_method)) {
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 422, {
        fields: { payment_method: ['errors.PAYMENT_METHOD_UNAVAILABLE'] },
      })
    }
    hits ??= ctx.limits ? await takeHits(db, ctx.limits.hits, key) : { ids: [] }
    try {
      const { id, payment } = await db.transaction((tx) => writeOrder(tx, input, ctx, hash))
      return { order: await loadPlaced(db, id, ctx, payment), created: true }
    } catch (error) {
      const raced = error instanceof KeyAlreadyUsed || (isUniqueViolation(error) && key !== undefined)
      if ((raced || isRetryable(error)) && attempt < MAX_ATTEMPTS) {
        // The other request has committed by now (the insert waited for it); the next round reads its order.
        await pause(attempt * 20)
        continue
      }
      // Not placed: the attempt does not count against the shopper's limits.
      await releaseHits(db, hits)
      if (error instanceof KeyAlreadyUsed) throw new AppError('CONFLICT', 409)
      throw error
    }
  }
}

async function loadPlaced(
  db: Db,
  id: number,
  ctx: PlaceOrderContext,
  payment: PaymentKey = null,
): Promise<Order> {
  const order = await findOrder(db, id, ctx.staff ? actorView(ctx.actor) : SHOPPER_VIEW, ctx.lang ?? 'ar')
  if (!order) throw new AppError('NOT_FOUND', 404)
  const { history: _history, ...rest } = order
  return payment ? { ...rest, payment: { token: payment.token, due_at: payment.dueAt.toISOString() } } : rest
}

/** One transaction, the steps of place-order-steps.ts in their order (issue 38). */
async function writeOrder(
  tx: Tx,
  input: CreateOrderInput,
  ctx: PlaceOrderContext,
  hash: string,
): Promise<{ id: number; payment: PaymentKey }> {
  await claimKey(tx, ctx.idempotencyKey, hash)
  const cart = await validateCart(tx, input, ctx)
  const offers = await priceAndTakeOfferUses(tx, input, cart)
  await checkPricedOrder(tx, input, ctx, cart, offers)
  const placed = await takeOrderStock(tx, input, ctx, cart)
  await writeOrderRows(tx, placed, input, ctx, cart, offers)
  const payment = await emitOrderPlaced(tx, placed.id, input, ctx, cart.now)
  return { id: placed.id, payment }
}
