import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../src/db/client.ts'
import { orderAdjustments, promotionUses, promotions } from '../src/db/schema/promotions.ts'

// Test support for offers (issue 29, decision 0170): an offer is a row of `promotions`, written straight to the
// database until the staff API (POST /api/promotions) is used by every suite.

export type OfferRow = typeof promotions.$inferSelect
export type OfferFields = Partial<typeof promotions.$inferInsert> & { name_en?: string }

/** A unique code for a test (codes are unique without case). */
export const offerCode = (prefix = 'EID') => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`

/**
 * An offer with sensible defaults: an automatic 10 % on the whole order, active, not combinable, no conditions and no
 * limits. Pass `code` for a code, `name_en` for its English label.
 */
export async function createOffer(db: DbOrTx, fields: OfferFields = {}): Promise<OfferRow> {
  const { name_en, ...columns } = fields
  const name = columns.name ?? `عرض ${randomBytes(2).toString('hex')}`
  const [row] = await db
    .insert(promotions)
    .values({
      valueType: 'percentage',
      value: 10,
      target: 'order',
      // "No conditions": wholesale lines take the discount too unless a test says otherwise (new offers default to
      // leaving them alone, decision 0227).
      retailOnly: false,
      ...columns,
      name,
      translations: columns.translations ?? { en: { name: name_en ?? `Offer ${name}` } },
    })
    .returning()
  return row!
}

/** The stored offer (used_count as counted). */
export async function offerRow(db: DbOrTx, id: number): Promise<OfferRow> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id))
  return row!
}

/** Uses an offer holds (not released), and how many orders carry it in their adjustments. */
export async function offerUses(db: DbOrTx, id: number) {
  const [uses] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(sql`${promotionUses.promotionId} = ${id} and ${promotionUses.releasedAt} is null`)
  const [orders] = await db
    .select({ n: sql<number>`count(distinct ${orderAdjustments.orderId})::int` })
    .from(orderAdjustments)
    .where(eq(orderAdjustments.promotionId, id))
  const row = await offerRow(db, id)
  return { held: Number(uses!.n), orders: Number(orders!.n), usedCount: row.usedCount }
}

/** Switches every automatic offer off, so that a suite's own offers are the only ones that apply. */
export async function offersOff(db: DbOrTx) {
  await db.update(promotions).set({ isActive: false })
}
