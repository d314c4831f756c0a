import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Actor } from '../../domain/actor.ts'
import { actorColumns } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { categories, productVariants, products } from '../../db/schema/catalog.ts'
import { shopContent } from '../../db/schema/content.ts'
import { orderItems, orders } from '../../db/schema/orders.ts'
import { promotionUses, promotions } from '../../db/schema/promotions.ts'
import { stockMovements } from '../../db/schema/team.ts'
import { users } from '../../db/schema/users.ts'
import { hasDemoContent, withoutDemoContent } from '../../db/seed-content.ts'
import type { StorefrontContent } from '@shop/shared/schemas/content'

export interface DemoCounts {
  orders: number
  customers: number
  products: number
  categories: number
  offers: number
  content: boolean
}

const countOf = async (
  db: DbOrTx,
  table: typeof orders | typeof products | typeof categories | typeof promotions,
) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .where(eq(table.isDemo, true))
    )[0]?.n ?? 0,
  )

async function readContent(db: DbOrTx): Promise<StorefrontContent | null> {
  const [row] = await db
    .select({ document: shopContent.document })
    .from(shopContent)
    .where(eq(shopContent.id, 1))
  return (row?.document as StorefrontContent | undefined) ?? null
}

/** Decision 0225: what is still the demo shop's (the dashboard's banner shows while any of it is present). */
export async function demoStatus(db: DbOrTx): Promise<{ present: boolean; counts: DemoCounts }> {
  const content = await readContent(db)
  const counts: DemoCounts = {
    orders: await countOf(db, orders),
    customers: Number(
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(users)
          .where(and(eq(users.isDemo, true), eq(users.role, 'user')))
      )[0]?.n ?? 0,
    ),
    products: await countOf(db, products),
    categories: await countOf(db, categories),
    offers: await countOf(db, promotions),
    content: content !== null && hasDemoContent(content),
  }
  const present = counts.content || Object.values(counts).some((n) => typeof n === 'number' && n > 0)
  return { present, counts }
}

/**
 * Decision 0225: removes the demo shop in one transaction and keeps everything of the owner's. A second call finds
 * nothing to remove and changes nothing (its audit row says so).
 */
export async function removeDemoData(db: Db, actor: Actor): Promise<{ removed: DemoCounts }> {
  return db.transaction(async (tx) => {
    // One removal at a time (two owners clicking together): the second waits and then finds nothing left.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shop:remove-demo'))`)
    const demoOrderIds = (await tx.select({ id: orders.id }).from(orders).where(eq(orders.isDemo, true))).map(
      (o) => o.id,
    )

    // The ledger: a demo order's movements go with it. On a pack that stays, the stock the owner sees does not change
    // (removing a record moves nothing on the shelf), so their sum is written back as one movement and the pack's stock
    // is still the sum of its movements (decision 0191).
    if (demoOrderIds.length > 0) {
      const moved = await tx
        .select({
          productId: stockMovements.productId,
          variantId: stockMovements.variantId,
          delta: sql<number>`sum(${stockMovements.delta})::int`,
        })
        .from(stockMovements)
        .where(inArray(stockMovements.orderId, demoOrderIds))
        .groupBy(stockMovements.productId, stockMovements.variantId)
      await tx.delete(stockMovements).where(inArray(stockMovements.orderId, demoOrderIds))
      const kept = moved.filter((m) => m.delta !== 0)
      if (kept.length > 0) {
        const stockOf = new Map(
          (
            await tx
              .select({ id: productVariants.id, stock: productVariants.stock })
              .from(productVariants)
              .where(
                inArray(
                  productVariants.id,
                  kept.map((m) => m.variantId),
                ),
              )
          ).map((v) => [v.id, v.stock]),
        )
        const rows = kept
          .filter((m) => stockOf.has(m.variantId))
          .map((m) => ({
            productId: m.productId,
            variantId: m.variantId,
            delta: m.delta,
            stockAfter: stockOf.get(m.variantId)!,
            reason: 'count_correction' as const,
            ...actorColumns(actor),
            note: 'demo orders removed (decision 0225)',
          }))
        if (rows.length > 0) await tx.insert(stockMovements).values(rows)
      }
      // History, payments, holds, offer uses and adjustments, idempotency keys and the sales mirror go with their
      // order (ON DELETE CASCADE and the sales lines' triggers).
      await tx.delete(orders).where(inArray(orders.id, demoOrderIds))
    }

    // Demo customers; an order of the owner's placed with such an account keeps its contact and loses the link.
    const customers = await tx
      .delete(users)
      .where(and(eq(users.isDemo, true), eq(users.role, 'user')))
      .returning({ id: users.id })

    // Demo offers without uses go; one an order of the owner's used stays, as the owner's (its figures are theirs).
    const usedOffers = tx.select({ id: promotionUses.promotionId }).from(promotionUses)
    const offers = await tx
      .delete(promotions)
      .where(and(eq(promotions.isDemo, true), sql`${promotions.id} not in (${usedOffers})`))
      .returning({ id: promotions.id })
    // A kept one counts only the uses that remain (the demo orders' went with them).
    await tx
      .update(promotions)
      .set({
        isDemo: false,
        usedCount: sql`(select count(*) from ${promotionUses} u where u.promotion_id = ${promotions.id} and u.released_at is null)`,
      })
      .where(eq(promotions.isDemo, true))

    // Demo products no order of the owner's sold go, with their packs, breaks and ledger rows; a sold one stays (its
    // lines, stock and figures are the owner's).
    const sold = tx
      .select({ id: orderItems.productId })
      .from(orderItems)
      .where(sql`${orderItems.productId} is not null`)
    const gone = await tx
      .delete(products)
      .where(and(eq(products.isDemo, true), sql`${products.id} not in (${sold})`))
      .returning({ id: products.id })
    if (gone.length > 0)
      await tx.delete(stockMovements).where(
        inArray(
          stockMovements.productId,
          gone.map((p) => p.id),
        ),
      )
    await tx.update(products).set({ isDemo: false }).where(eq(products.isDemo, true))

    const holding = tx
      .select({ id: products.categoryId })
      .from(products)
      .where(sql`${products.categoryId} is not null`)
    const goneCategories = await tx
      .delete(categories)
      .where(and(eq(categories.isDemo, true), sql`${categories.id} not in (${holding})`))
      .returning({ id: categories.id })
    await tx.update(categories).set({ isDemo: false }).where(eq(categories.isDemo, true))

    // The demo farm's texts and claims; what the owner wrote stays. Featured products that are gone leave the list.
    const content = await readContent(tx)
    let contentChanged = false
    if (content) {
      const goneIds = new Set(gone.map((p) => p.id))
      const cleaned = withoutDemoContent(content)
      cleaned.featured_product_ids = (cleaned.featured_product_ids ?? []).filter((id) => !goneIds.has(id))
      contentChanged =
        hasDemoContent(content) ||
        cleaned.featured_product_ids.length !== (content.featured_product_ids ?? []).length
      if (contentChanged) await tx.update(shopContent).set({ document: cleaned }).where(eq(shopContent.id, 1))
    }

    const removed: DemoCounts = {
      orders: demoOrderIds.length,
      customers: customers.length,
      products: gone.length,
      categories: goneCategories.length,
      offers: offers.length,
      content: contentChanged,
    }
    const nothing = !contentChanged && Object.values(removed).every((n) => n === 0 || n === false)
    await recordAudit(tx, actor, {
      action: 'demo.removed',
      entity: 'shop',
      after: { ...removed },
      note: nothing ? 'nothing left to remove' : null,
    })
    return { removed }
  })
}
