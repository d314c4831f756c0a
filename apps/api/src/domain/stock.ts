import { and, asc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { StockReason } from '@shop/shared/permissions'
import type { Tx } from '../db/client.ts'
import { products, productVariants } from '../db/schema/catalog.ts'
import { orderItems, orders } from '../db/schema/orders.ts'
import { AppError } from '../lib/app-error.ts'
import { productText } from './product-view.ts'
import { translatedText } from '@shop/shared/i18n/content'
import { actorColumns, guestActor, type Actor } from './actor.ts'

// Every move of stock goes through this file: checkout takes it, cancelling an order puts it back once,
// un-cancelling takes it again (decision 0011). Stock is a pack's (decision 0150). Pack ids are always visited in
// ascending order, the one lock order of every writer, so two orders over the same packs never deadlock.

/**
 * Why stock moves and who moves it (decision 0191). Every function here that changes stock takes one, so TypeScript
 * makes every caller say why; the database's trigger (migration 0026) writes the movement from it and refuses a change
 * of stock made without one.
 */
export interface StockCause {
  actor: Actor
  reason: StockReason
  orderId?: number | null
  note?: string | null
}

/**
 * Tells the stock ledger's trigger why the stock changes in this transaction: a transaction-local setting, so it ends
 * with the transaction (commit or rollback) and never leaks to the next user of a pooled connection. Takes a `Tx` only:
 * outside a transaction the setting would vanish before the update. Each call replaces the previous one.
 * A new pack is always an `opening_balance` (the trigger says so), whatever the reason given here.
 */
export async function stockContext(tx: Tx, cause: StockCause): Promise<void> {
  const who = actorColumns(cause.actor)
  const context = JSON.stringify({
    reason: cause.reason,
    actor_kind: who.actorKind,
    actor_user_id: who.actorUserId,
    actor_name: who.actorName,
    order_id: cause.orderId ?? null,
    note: cause.note ?? null,
  })
  await tx.execute(sql`select set_config('shop.stock_context', ${context}, true)`)
}

/**
 * The order's shopper as an actor, for a move they make without a request at hand (a cancel, paying again after the
 * time ran out): signed in (their id and the order's name) or a guest.
 */
export const orderShopper = (
  order: { userId: number | null; customerName: string },
  kind?: 'shopper' | 'guest',
): Actor =>
  order.userId === null || kind === 'guest'
    ? guestActor()
    : { kind: 'shopper', userId: order.userId, name: order.customerName, ip: null }

/** Units of one pack to take or put back; `name` is what a 409 tells the shopper. */
export interface StockLine {
  productId: number
  variantId: number
  name: string
  quantity: number
}

/** 409 OUT_OF_STOCK naming the product (and pack) and how many units are left. */
export const outOfStock = (productId: number, variantId: number | null, name: string, available: number) =>
  new AppError('OUT_OF_STOCK', 409, {
    params: { product: name, available },
    extra: { product_id: productId, variant_id: variantId, available },
  })

/**
 * Can `quantity` units be sold now? An always-in-stock product is not counted down, so any quantity can while it is
 * in stock; marked out of stock (stock 0), it cannot (stock above 0 is what makes a product sellable).
 */
export const hasStock = (p: { isAlwaysInStock: boolean; stock: number }, quantity: number) =>
  p.isAlwaysInStock ? p.stock > 0 : p.stock >= quantity

const byVariantId = (lines: StockLine[]) => [...lines].sort((a, b) => a.variantId - b.variantId)

/**
 * Takes each line's units with a conditional update (never below zero: no overselling, whatever runs at the same
 * time). The first line short of stock throws 409 OUT_OF_STOCK with the units left; the caller's transaction then
 * rolls back what was taken before it.
 */
export async function takeStock(tx: Tx, lines: StockLine[], cause: StockCause): Promise<void> {
  await stockContext(tx, cause)
  for (const line of byVariantId(lines)) {
    const taken = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
      .returning({ id: productVariants.id })
    if (taken.length === 0) {
      const [now] = await tx
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, line.variantId))
      throw outOfStock(line.productId, line.variantId, line.name, now?.stock ?? 0)
    }
  }
}

/** Units of one pack to take (delta > 0) or put back (delta < 0). */
export interface StockMove {
  productId: number
  variantId: number
  name: string
  delta: number
}

/**
 * Takes and puts back in one pass in ascending pack id order (the one lock order of every writer; two passes would
 * lock a higher id before a lower one): an order edit (decision 0133) that raises one line and lowers another. Taking
 * is the same conditional update as checkout's (409 OUT_OF_STOCK with the units left, never below zero).
 */
export async function moveStock(tx: Tx, moves: StockMove[], cause: StockCause): Promise<void> {
  for (const move of [...moves].sort((a, b) => a.variantId - b.variantId)) {
    if (move.delta > 0) await takeStock(tx, [{ ...move, quantity: move.delta }], cause)
    else if (move.delta < 0) await returnStock(tx, [{ ...move, quantity: -move.delta }], cause)
  }
}

/** Puts each line's units back (a pack removed meanwhile has nothing to put them on). */
export async function returnStock(tx: Tx, lines: StockLine[], cause: StockCause): Promise<void> {
  await stockContext(tx, cause)
  for (const line of byVariantId(lines)) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(productVariants.id, line.variantId))
  }
}

/**
 * The order's lines whose units were taken from stock when it was placed (not always-in-stock at the time of sale,
 * whatever the product's flag says now), for packs that still exist.
 */
async function takenLines(tx: Tx, orderId: number, lang: Language = 'ar'): Promise<StockLine[]> {
  const rows = await tx
    .select({
      productId: products.id,
      variantId: productVariants.id,
      label: productVariants.label,
      labels: productVariants.translations,
      product: {
        name: products.name,
        description: products.description,
        attributes: products.attributes,
        translations: products.translations,
      },
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .innerJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.takesStock, true)))
    .orderBy(asc(productVariants.id))
  // The name a refusal shows, in the reader's language (decision 0056).
  return rows.map((r) => {
    const name = productText(r.product, 'name', lang) ?? r.product.name
    const label = translatedText(r.label, r.labels, 'label', lang)
    return {
      productId: r.productId,
      variantId: r.variantId,
      name: label ? `${name} – ${label}` : name,
      quantity: r.quantity,
    }
  })
}

/**
 * Puts an order's stock back once: the `stock_restored_at` mark and the stock move share the caller's transaction,
 * so a second cancel (or two at once) returns nothing more.
 */
export async function restoreOrderStock(
  tx: Tx,
  orderId: number,
  cause: Omit<StockCause, 'orderId'>,
): Promise<void> {
  const marked = await tx
    .update(orders)
    .set({ stockRestoredAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.stockRestoredAt)))
    .returning({ id: orders.id })
  if (marked.length > 0) await returnStock(tx, await takenLines(tx, orderId), { ...cause, orderId })
}

/**
 * Takes a restored order's stock again (un-cancelling, decision 0011): 409 when it has been sold meanwhile, naming the
 * product in `lang`.
 */
export async function retakeOrderStock(
  tx: Tx,
  orderId: number,
  cause: Omit<StockCause, 'orderId'>,
  lang: Language = 'ar',
): Promise<void> {
  const cleared = await tx
    .update(orders)
    .set({ stockRestoredAt: null })
    .where(and(eq(orders.id, orderId), isNotNull(orders.stockRestoredAt)))
    .returning({ id: orders.id })
  if (cleared.length > 0) await takeStock(tx, await takenLines(tx, orderId, lang), { ...cause, orderId })
}
