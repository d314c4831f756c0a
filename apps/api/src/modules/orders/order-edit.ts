import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { copyTranslated } from '@shop/shared/i18n/content'
import { lineTranslations } from '../../domain/order-lines.ts'
import type { Language } from '@shop/shared/i18n/messages'
import { fromCents, MAX_MONEY_CENTS, toCents } from '@shop/shared/money/money'
import { priceOrder, type Offer, type PricedOrder } from '@shop/shared/pricing/offers'
import type { EditOrderItemsInput, Order } from '@shop/shared/schemas/order'
import type { Db, Tx } from '../../db/client.ts'
import { orderItems, orders } from '../../db/schema/orders.ts'
import { orderAdjustments, promotionUses, promotions } from '../../db/schema/promotions.ts'
import { adjustmentRows, toOffer } from '../../domain/offers.ts'
import { assertCashAccepted, deliveryCityOf } from '../../domain/cash-on-delivery.ts'
import { mailText } from '../../domain/notifications/mail-texts.ts'
import { actorView } from '../../domain/viewer.ts'
import { findOrder } from '../../domain/order-view.ts'
import { lockOrder, moveOrder } from '../../domain/order-state.ts'
import { isOnlineMethod } from '../../domain/payment-methods.ts'
import { orderPayments } from '../../domain/payments.ts'
import { moveStock, outOfStock, type StockMove } from '../../domain/stock.ts'
import type { Actor } from '../../domain/actor.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import {
  deliveryCity,
  isSellable,
  priceItem,
  resolveItems,
  sellableName,
  type Sellable,
} from '../../domain/order-pricing.ts'

type ItemRow = typeof orderItems.$inferSelect
type OrderRow = typeof orders.$inferSelect

/** A line of the order after the edit: kept as stored, changed (re-priced), new, or removed. */
interface PlannedLine {
  productId: number
  /** The pack (decision 0150); 0 for a line kept as sold whose pack is gone. */
  variantId: number
  quantity: number
  stored: ItemRow | null
  sellable: Sellable | null
  unitCents: number
  unitCostCents: number
  lineCents: number
  isWholesale: boolean
  takesStock: boolean
}

const unavailable = (productId: number, variantId: number | null, name: string) =>
  new AppError('PRODUCT_UNAVAILABLE', 422, {
    params: { product: name },
    fields: { items: ['errors.PRODUCT_UNAVAILABLE'] },
    extra: { product_id: productId, variant_id: variantId },
  })

/**
 * PUT /api/orders/:id/items (decision 0133): staff change a pending or processing order's quantities, remove or add
 * lines and change its delivery city, as Shopify's order editing does. One transaction with the order row locked (a
 * second edit, a cancel or a status change waits): a line whose quantity is unchanged keeps its stored price; a changed
 * or new line is priced as checkout would price it now (retail or wholesale by its new quantity); a new city brings its
 * fee, an unchanged one keeps the fee the order was sold with; a cash order must still be one its city takes cash for.
 * Stock moves both ways in one pass in product id order with checkout's conditional updates (no overselling); the
 * history gets a row by this staff member and the shopper a mail with the new total.
 */
export async function editOrderItems(
  db: Db,
  actor: Actor,
  id: number,
  input: EditOrderItemsInput,
  lang: Language,
): Promise<Order> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, id)
    if (!order) throw notFound()
    if (order.orderStatus !== 'pending' && order.orderStatus !== 'processing') {
      throw new AppError('ORDER_NOT_EDITABLE', 409, {
        params: { status: mailText(lang, `status_${order.orderStatus}`) },
      })
    }
    // Money taken online is given back through a refund, never by editing the lines under it.
    if (isOnlineMethod(order.paymentMethod) && order.paymentStatus === 'paid')
      throw new AppError('ORDER_PAID_ONLINE', 409)
    // An attempt started asks the provider for the total as it was: the shopper may be paying it right now.
    const attempts = await orderPayments(tx, id)
    if (attempts.some((p) => p.state === 'pending' && (p.provider === 'plutu' || p.provider === 'paypal')))
      throw new AppError('ORDER_PAYMENT_OPEN', 409)

    const stored = await tx.select().from(orderItems).where(eq(orderItems.orderId, id))
    const lines = await planLines(tx, stored, input, lang)
    const city = await cityAfterEdit(tx, order, input.city_id)
    const subtotalCents = lines.reduce((sum, l) => sum + l.lineCents, 0)
    // Decision 0178: an order placed with offers keeps them; its lines and delivery are priced with them again.
    const pricing = await repriceWithOrderOffers(tx, order, lines, city)
    const discountCents = pricing?.discountTotalCents ?? 0
    const totalCents = pricing?.totalCents ?? subtotalCents + city.deliveryCents
    const costCents = lines.reduce((sum, l) => sum + l.unitCostCents * l.quantity, 0)
    if (
      subtotalCents + city.deliveryCents > MAX_MONEY_CENTS ||
      costCents > MAX_MONEY_CENTS ||
      lines.some((l) => l.lineCents > MAX_MONEY_CENTS)
    )
      throw new AppError('VALIDATION_FAILED', 422, { fields: { items: ['validation.order_too_large'] } })
    if (order.paymentMethod === 'cash' && city.row) await assertCashAccepted(tx, city.row, totalCents, lang)

    const changed =
      city.changed ||
      stored.length !== lines.filter((l) => l.stored).length ||
      lines.some((l) => !l.stored || l.stored.quantity !== l.quantity)
    // Nothing to change: the trail still says the edit was made (decision 0192), no history row, no mail.
    if (!changed) {
      await moveOrder(tx, actor, order, { name: 'items_edited', lang })
      return
    }

    await moveStock(tx, stockMoves(stored, lines, lang), { actor, reason: 'order_edit', orderId: id })
    const itemIds = await writeLines(tx, id, stored, lines)
    if (pricing) await writeAdjustments(tx, id, pricing, itemIds)
    const previousTotal = order.totalAmount
    const [edited] = await tx
      .update(orders)
      .set({
        subtotal: fromCents(subtotalCents),
        deliveryPrice: fromCents(city.deliveryCents),
        totalAmount: fromCents(totalCents),
        ...(pricing ? { discountTotal: fromCents(discountCents) } : {}),
        totalCost: fromCents(costCents),
        ...(city.changed && city.row
          ? {
              cityId: city.row.id,
              cityName: city.row.name,
              translations: copyTranslated(city.row.translations, 'name', 'city_name'),
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, id))
      .returning()
    // Decision 0193: the history row (both statuses as they were) by this staff member, the audit row with the totals
    // and the city, and the shopper's mail with the new total.
    await moveOrder(tx, actor, edited!, {
      name: 'items_edited',
      lang,
      record: true,
      // The totals before and after, in figures (no language): the dialog's history shows them.
      reason: `${previousTotal.toFixed(2)} → ${fromCents(totalCents).toFixed(2)}`,
      edited: { previousTotal },
      audit: {
        before: { total_amount: previousTotal, city_id: order.cityId },
        after: { total_amount: edited!.totalAmount, city_id: edited!.cityId },
      },
    })
  })
  const order = await findOrder(db, id, actorView(actor), lang)
  if (!order) throw notFound()
  return order
}

/** The lines after the edit, priced; refuses packs that cannot be sold more of. Lines are keyed by pack (0150). */
async function planLines(
  tx: Tx,
  stored: ItemRow[],
  input: EditOrderItemsInput,
  lang: Language,
): Promise<PlannedLine[]> {
  const wanted = await resolveItems(tx, input.items)
  // Several stored lines of one pack (orders before lines were merged) count as one.
  const storedByVariant = new Map<number, ItemRow[]>()
  for (const row of stored)
    if (row.variantId !== null)
      storedByVariant.set(row.variantId, [...(storedByVariant.get(row.variantId) ?? []), row])
  // A line whose pack was removed since cannot be priced again: it stays as it was sold.
  const orphans: PlannedLine[] = stored
    .filter((r) => r.variantId === null)
    .map((row) => ({
      productId: 0,
      variantId: 0,
      quantity: row.quantity,
      stored: row,
      sellable: null,
      unitCents: toCents(row.unitPrice) ?? 0,
      unitCostCents: toCents(row.unitCost) ?? 0,
      lineCents: toCents(row.lineTotal) ?? 0,
      isWholesale: row.isWholesale,
      takesStock: false,
    }))
  const planned = wanted.map(({ product_id, variant_id, quantity, sellable }): PlannedLine => {
    const rows = variant_id === null ? [] : (storedByVariant.get(variant_id) ?? [])
    const name = (sellable && sellableName(sellable, lang)) ?? rows[0]?.productName ?? `#${product_id}`
    const before = rows.reduce((sum, r) => sum + r.quantity, 0)
    if (rows.length === 1 && before === quantity) {
      const row = rows[0]!
      return {
        productId: product_id,
        variantId: variant_id ?? 0,
        quantity,
        stored: row,
        sellable,
        unitCents: toCents(row.unitPrice) ?? 0,
        unitCostCents: toCents(row.unitCost) ?? 0,
        lineCents: toCents(row.lineTotal) ?? 0,
        isWholesale: row.isWholesale,
        takesStock: row.takesStock,
      }
    }
    // More of a pack than the order had must be sellable now; fewer of it only needs its row for the price.
    if (!sellable || (quantity > before && !isSellable(sellable)))
      throw unavailable(product_id, variant_id, name)
    const priced = priceItem(sellable, quantity)
    return {
      productId: product_id,
      variantId: sellable.variant.id,
      quantity,
      stored: rows[0] ?? null,
      sellable,
      unitCents: priced.unitCents,
      unitCostCents: priced.unitCostCents,
      lineCents: priced.lineCents,
      isWholesale: priced.isWholesale,
      // A line keeps what checkout did with its stock; a new one follows the pack's flag now.
      takesStock: rows[0]?.takesStock ?? !sellable.variant.isAlwaysInStock,
    }
  })
  if (orphans.length + planned.length === 0)
    throw new AppError('VALIDATION_FAILED', 422, { fields: { items: ['validation.items_required'] } })
  return [...orphans, ...planned]
}

/** Units to take (more than before) or put back (fewer, or a line removed), for lines that take stock. */
function stockMoves(stored: ItemRow[], lines: PlannedLine[], lang: Language): StockMove[] {
  const moves = new Map<number, StockMove>()
  const add = (productId: number, variantId: number, name: string, delta: number) => {
    const move = moves.get(variantId) ?? { productId, variantId, name, delta: 0 }
    move.delta += delta
    moves.set(variantId, move)
  }
  for (const row of stored)
    if (row.variantId !== null && row.takesStock)
      add(row.productId ?? 0, row.variantId, row.productName, -row.quantity)
  for (const line of lines) {
    if (line.variantId === 0) continue
    const name = (line.sellable && sellableName(line.sellable, lang)) ?? `#${line.productId}`
    if (line.takesStock) add(line.productId, line.variantId, name, line.quantity)
    // An always-in-stock pack marked out of stock (stock 0) sells no more, as at checkout.
    else if (
      line.sellable &&
      line.sellable.variant.stock <= 0 &&
      line.quantity > (line.stored?.quantity ?? 0)
    )
      throw outOfStock(line.productId, line.variantId, name, 0)
  }
  for (const move of moves.values()) {
    const line = lines.find((l) => l.variantId === move.variantId)
    if (line?.sellable) move.name = sellableName(line.sellable, lang)
  }
  return [...moves.values()].filter((m) => m.delta !== 0)
}

/**
 * Rewrites the order's lines: removed ones deleted, changed ones updated in place, new ones inserted. Returns each
 * planned line's row id (by its index in `lines`).
 */
async function writeLines(
  tx: Tx,
  orderId: number,
  stored: ItemRow[],
  lines: PlannedLine[],
): Promise<number[]> {
  const ids: number[] = []
  const kept = new Set(lines.flatMap((l) => (l.stored ? [l.stored.id] : [])))
  const removed = stored.filter((r) => !kept.has(r.id)).map((r) => r.id)
  if (removed.length) await tx.delete(orderItems).where(inArray(orderItems.id, removed))
  for (const line of lines) {
    const values = {
      quantity: line.quantity,
      unitPrice: fromCents(line.unitCents),
      unitCost: fromCents(line.unitCostCents),
      isWholesale: line.isWholesale,
      lineTotal: fromCents(line.lineCents),
    }
    if (line.stored) {
      ids.push(line.stored.id)
      if (line.stored.quantity !== line.quantity)
        await tx.update(orderItems).set(values).where(eq(orderItems.id, line.stored.id))
    } else {
      const { product, variant } = line.sellable!
      const [row] = await tx
        .insert(orderItems)
        .values({
          orderId,
          productId: product.id,
          productName: product.name,
          translations: lineTranslations(line.sellable!),
          variantId: variant.id,
          variantLabel: variant.label,
          sku: variant.sku,
          takesStock: line.takesStock,
          ...values,
        })
        .returning({ id: orderItems.id })
      ids.push(row!.id)
    }
  }
  return ids
}

/**
 * Decision 0178: the offers the order was placed with (its adjustments and the uses it holds), as the pricing needs
 * them. Their conditions held when the order was placed, so they count as met (dates, first order, payment method,
 * uses, switched off since) except the minimum, which the edited lines must still reach, and the cities when staff
 * move the order to another city. No new use is taken: the order holds its uses until it is cancelled.
 */
async function orderOffers(tx: Tx, orderId: number, cityChanged: boolean): Promise<Offer[]> {
  const fromAdjustments = await tx
    .selectDistinct({ id: orderAdjustments.promotionId })
    .from(orderAdjustments)
    .where(and(eq(orderAdjustments.orderId, orderId), isNotNull(orderAdjustments.promotionId)))
  const fromUses = await tx
    .selectDistinct({ id: promotionUses.promotionId })
    .from(promotionUses)
    .where(eq(promotionUses.orderId, orderId))
  const ids = [...new Set([...fromAdjustments, ...fromUses].map((r) => r.id!))]
  if (ids.length === 0) return []
  const rows = await tx.select().from(promotions).where(inArray(promotions.id, ids))
  return rows.map((row) => ({
    ...toOffer(row),
    isActive: true,
    startsAt: null,
    endsAt: null,
    firstOrderOnly: false,
    paymentMethods: [],
    cityIds: cityChanged ? row.cityIds : [],
  }))
}

/** The edited lines and delivery priced with the order's offers (null: the order has none). */
async function repriceWithOrderOffers(
  tx: Tx,
  order: OrderRow,
  lines: PlannedLine[],
  city: { row: { id: number } | null; deliveryCents: number; changed: boolean },
): Promise<PricedOrder | null> {
  const offers = await orderOffers(tx, order.id, city.changed)
  if (offers.length === 0) return null
  // The order's code, if one of its offers has one (at most one code per order).
  const code = offers.find((o) => o.code !== null)?.code ?? null
  return priceOrder({
    // Each line at the unit price it has after the edit: kept lines as sold, changed ones as priced now. A wholesale
    // line stays wholesale (an offer for retail only leaves it alone).
    lines: lines.map((l, key) => ({
      key,
      productId: l.sellable?.product.id ?? l.stored?.productId ?? 0,
      variantId: l.variantId || null,
      categoryId: l.sellable?.product.categoryId ?? null,
      retailCents: l.unitCents,
      tiers: l.isWholesale ? [{ minQuantity: 1, priceCents: l.unitCents }] : [],
      quantity: l.quantity,
    })),
    deliveryCents: city.deliveryCents,
    offers,
    code,
    context: {
      now: new Date(),
      cityId: city.row?.id ?? order.cityId,
      paymentMethod: order.paymentMethod,
      firstOrder: true,
      usedUp: new Set(),
    },
  })
}

/** The order's discounts as the new pricing gave them: each line's part, and the adjustment rows rewritten. */
async function writeAdjustments(tx: Tx, orderId: number, pricing: PricedOrder, itemIds: number[]) {
  for (const line of pricing.lines)
    await tx
      .update(orderItems)
      .set({ discount: fromCents(line.discountCents) })
      .where(eq(orderItems.id, itemIds[line.key]!))
  await tx.delete(orderAdjustments).where(eq(orderAdjustments.orderId, orderId))
  const rows = adjustmentRows(orderId, pricing, (key) => itemIds[key])
  if (rows.length > 0) await tx.insert(orderAdjustments).values(rows)
}

/** The delivery after the edit: another active city and its fee, or the order's own city and the fee it was sold with. */
async function cityAfterEdit(tx: Tx, order: OrderRow, cityId: number | undefined) {
  if (cityId !== undefined && cityId !== order.cityId) {
    const row = await deliveryCity(tx, cityId)
    return { row, deliveryCents: toCents(row.deliveryPrice) ?? 0, changed: true }
  }
  const row = await deliveryCityOf(tx, order.cityId)
  return { row, deliveryCents: toCents(order.deliveryPrice) ?? 0, changed: false }
}
