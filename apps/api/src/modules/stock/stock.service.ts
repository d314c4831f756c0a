import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import { translatedText } from '@shop/shared/i18n/content'
import type {
  StockMovement,
  StockMovementInput,
  StockMovementList,
  StockMovementQuery,
} from '@shop/shared/schemas/team'
import type { Db, DbOrTx } from '../../db/client.ts'
import { products, productVariants } from '../../db/schema/catalog.ts'
import { orders } from '../../db/schema/orders.ts'
import { stockMovements } from '../../db/schema/team.ts'
import type { Actor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { productText } from '../../domain/product-view.ts'
import { packNamed } from '../../domain/sellable.ts'
import { adjustStock as adjustPackStock, setStockCount } from '../../domain/stock.ts'
import { AppError, notFound } from '../../lib/app-error.ts'

// Decision 0191: the stock ledger's API. Movements are written by the database's trigger (migration 0026) from the
// cause every stock writer gives; this module reads them and lets staff adjust a pack's stock by hand, with a reason.

type MovementRow = Awaited<ReturnType<typeof selectMovements>>[number]

const selectMovements = (db: DbOrTx, where: SQL | undefined, limit: number, offset: number) =>
  db
    .select({
      movement: stockMovements,
      product: {
        name: products.name,
        description: products.description,
        attributes: products.attributes,
        translations: products.translations,
      },
      label: productVariants.label,
      labels: productVariants.translations,
      orderNumber: orders.orderNumber,
    })
    .from(stockMovements)
    .leftJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .where(where)
    .orderBy(desc(stockMovements.id))
    .limit(limit)
    .offset(offset)

function toMovement(row: MovementRow, lang: Language): StockMovement {
  const m = row.movement
  const user = m.actorKind === 'staff' || m.actorKind === 'shopper'
  return {
    id: m.id,
    created_at: m.createdAt.toISOString(),
    product_id: m.productId,
    variant_id: m.variantId,
    // A product or pack erased since keeps its movements; its name is gone with it.
    product_name: row.product?.name
      ? (productText(row.product, 'name', lang) ?? row.product.name)
      : `#${m.productId}`,
    variant_name: translatedText(row.label, row.labels, 'label', lang) || null,
    delta: m.delta,
    stock_after: m.stockAfter,
    reason: m.reason,
    actor: { kind: m.actorKind, user_id: user ? m.actorUserId : null, name: m.actorName },
    order_id: m.orderId,
    order_number: row.orderNumber ?? null,
    note: m.note,
  }
}

/** GET /api/stock-movements: newest first, by product, pack and reason. */
export async function listStockMovements(
  db: Db,
  query: StockMovementQuery,
  lang: Language,
): Promise<StockMovementList> {
  const where = and(
    query.product_id === undefined ? undefined : eq(stockMovements.productId, query.product_id),
    query.variant_id === undefined ? undefined : eq(stockMovements.variantId, query.variant_id),
    query.reason === undefined ? undefined : eq(stockMovements.reason, query.reason),
  )
  const [{ total }] = (await db.select({ total: count() }).from(stockMovements).where(where)) as [
    { total: number },
  ]
  const rows = await selectMovements(db, where, query.per_page, (query.page - 1) * query.per_page)
  return {
    data: rows.map((r) => toMovement(r, lang)),
    total,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
    current_page: query.page,
    per_page: query.per_page,
  }
}

/**
 * POST /api/stock-movements: staff add or take units of a pack by hand (received, returned, damaged, count correction),
 * or give the count on the shelf with the stock it was based on (decision 0218: 409 STOCK_CHANGED when it moved since).
 * Never below zero (409 STOCK_BELOW_ZERO with what is left, decided by the same conditional update as checkout's, so a
 * sale at the same moment cannot make it negative). An always-in-stock pack counts no units (409 STOCK_NOT_COUNTED); a
 * count equal to the stock changes nothing (422). The movement, the stock and the audit row are one transaction.
 */
export async function adjustStock(
  db: Db,
  actor: Actor,
  input: StockMovementInput,
  lang: Language,
): Promise<StockMovement> {
  const id = await db.transaction(async (tx) => {
    const [product] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, input.product_id), isNull(products.archivedAt)))
    if (!product) throw notFound()
    const packs = await tx
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, product.id), isNull(productVariants.archivedAt)))
    const pack = packNamed(packs, input.variant_id)
    if (!pack)
      throw new AppError('VALIDATION_FAILED', 422, {
        fields: { variant_id: ['validation.stock_pack_unknown'] },
      })
    const name = [
      productText(product, 'name', lang) ?? product.name,
      translatedText(pack.label, pack.translations, 'label', lang),
    ]
      .filter(Boolean)
      .join(' – ')
    if (pack.isAlwaysInStock) throw new AppError('STOCK_NOT_COUNTED', 409, { params: { product: name } })
    const ref = { productId: product.id, variantId: pack.id, name }
    const cause = { actor, reason: input.reason, note: input.note || null }
    // Decision 0218: a count is sent as a count (with the stock it was based on) and the server finds the difference.
    const written =
      input.count !== undefined
        ? await setStockCount(tx, ref, input.count, input.stock_based_on, cause)
        : await adjustPackStock(tx, ref, input.delta!, cause)
    if (written.before === written.after)
      throw new AppError('VALIDATION_FAILED', 422, { fields: { count: ['validation.stock_count_same'] } })
    const [movement] = await tx
      .select({ id: stockMovements.id })
      .from(stockMovements)
      .where(eq(stockMovements.variantId, pack.id))
      .orderBy(desc(stockMovements.id))
      .limit(1)
    await recordAudit(tx, actor, {
      action: 'stock.adjusted',
      entity: 'product',
      entityId: product.id,
      // Decision 0230: the pack only after (a field the same on both sides is dropped as unchanged), so the row says
      // which pack was counted.
      before: { stock: written.before },
      after: { variant_id: pack.id, stock: written.after, reason: input.reason },
      note: input.note || null,
    })
    return movement!.id
  })
  const [row] = await selectMovements(db, eq(stockMovements.id, id), 1, 0)
  return toMovement(row!, lang)
}
