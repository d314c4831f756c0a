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

// The shop's one inventory module: every write of a pack's stock goes through this file (stock.test.ts checks the
// source). Checkout takes it, cancelling an order puts it back once, un-cancelling takes it again (decision 0011), an
// order edit moves the difference; staff add or take units with a reason, or set a count; the product form, the CSV
// import and the seed give a new pack its opening stock. Stock is a pack's (decision 0150). Writes are deltas, or counts
// compared with the stock they were based on (decision 0218): a count never puts back a sale made since it was read.
// Pack ids are always visited in ascending order, the one lock order of every writer, so two orders over the same
// packs never deadlock.

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

/** A pack as a refusal names it: the product and pack ids and the name in the reader's language. */
export interface PackRef {
  productId: number
  variantId: number
  name: string
}

/** 409 STOCK_CHANGED: the stock moved since the count's figure was read; says what it is now (decision 0218). */
export const stockChanged = (pack: PackRef, stock: number) =>
  new AppError('STOCK_CHANGED', 409, {
    params: { product: pack.name, stock },
    extra: { product_id: pack.productId, variant_id: pack.variantId, stock },
  })

/** What a write did to a pack's stock. */
export interface StockWritten {
  before: number
  after: number
}

/**
 * Sets a pack's stock to a count (the shelf's, the form's, a file's), as `cause` says. With `basedOn` (the stock the
 * count was made against) it is a compare-and-set: the pack's row is locked and, when its stock is no longer
 * `basedOn` (a sale, a cancel, another count meanwhile), nothing is written and 409 STOCK_CHANGED tells the figure now.
 * Without it (the spec's call, an older client) the count is written as given. A count equal to the stock writes
 * nothing (the ledger records no movement of 0).
 */
export async function setStockCount(
  tx: Tx,
  pack: PackRef,
  count: number,
  basedOn: number | undefined,
  cause: StockCause,
): Promise<StockWritten> {
  const [row] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, pack.variantId))
    .for('update')
  if (!row) throw new AppError('NOT_FOUND', 404)
  if (basedOn !== undefined && row.stock !== basedOn) throw stockChanged(pack, row.stock)
  if (row.stock === count) return { before: row.stock, after: count }
  await stockContext(tx, cause)
  await tx
    .update(productVariants)
    .set({ stock: count, updatedAt: new Date() })
    .where(eq(productVariants.id, pack.variantId))
  return { before: row.stock, after: count }
}

/**
 * Adds (delta > 0) or takes (delta < 0) units of one pack by hand, never below zero: the same conditional update as
 * checkout's, so a sale at the same moment cannot make it negative (409 STOCK_BELOW_ZERO with what is left).
 */
export async function adjustStock(
  tx: Tx,
  pack: PackRef,
  delta: number,
  cause: StockCause,
): Promise<StockWritten> {
  await stockContext(tx, cause)
  const [moved] = await tx
    .update(productVariants)
    .set({ stock: sql`${productVariants.stock} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(productVariants.id, pack.variantId), gte(sql`${productVariants.stock} + ${delta}`, 0)))
    .returning({ stock: productVariants.stock })
  if (moved) return { before: moved.stock - delta, after: moved.stock }
  const [now] = await tx
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, pack.variantId))
  const available = now?.stock ?? 0
  throw new AppError('STOCK_BELOW_ZERO', 409, {
    params: { product: pack.name, available },
    extra: { product_id: pack.productId, variant_id: pack.variantId, available },
  })
}

/**
 * Counts from a file (the CSV import, decision 0191): each pack's stock set as given, in one statement, as count
 * corrections. A file has no "based on"; the import's catalogue fingerprint is what keeps it from a stale plan.
 */
export async function setStockCounts(
  tx: Tx,
  counts: { variantId: number; count: number }[],
  cause: StockCause,
): Promise<void> {
  if (counts.length === 0) return
  await stockContext(tx, cause)
  const rows = [...counts]
    .sort((a, b) => a.variantId - b.variantId)
    .map((c) => sql`(${c.variantId}::int, ${c.count}::int)`)
  await tx.execute(sql`UPDATE ${productVariants} AS pv SET stock = v.stock, updated_at = now()
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, stock)
    WHERE pv.id = v.id AND pv.stock <> v.stock`)
}

/**
 * Adds packs with their opening stock (the product form, the CSV import, the seed): the ledger's trigger records each
 * as an `opening_balance` (decision 0191). Returns the new rows' ids in the order given.
 */
export async function insertPacks(
  tx: Tx,
  rows: (typeof productVariants.$inferInsert)[],
  actor: Actor,
  note: string | null = null,
): Promise<{ id: number; productId: number; position: number }[]> {
  if (rows.length === 0) return []
  await stockContext(tx, { actor, reason: 'opening_balance', note })
  return tx.insert(productVariants).values(rows).returning({
    id: productVariants.id,
    productId: productVariants.productId,
    position: productVariants.position,
  })
}
