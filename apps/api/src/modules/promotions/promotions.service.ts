import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { buildTranslations, ownTranslation, translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Paginated } from '@shop/shared/schemas/common'
import {
  PROMOTION_TEXT_FIELDS,
  PromotionInput,
  type Promotion,
  type PromotionListQuery,
  type PromotionStatus,
} from '@shop/shared/schemas/promotion'
import { overStored } from '@shop/shared/schemas/translatable'
import type { DbOrTx, Tx } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { likePattern } from '../../db/like.ts'
import { anyTextLike } from '../../db/translated.ts'
import { categories, products, productVariants } from '../../db/schema/catalog.ts'
import { cities } from '../../db/schema/cities.ts'
import { orderAdjustments, promotionUses, promotions } from '../../db/schema/promotions.ts'
import { type PromotionRow } from '../../domain/offers.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import type { Actor } from '../../domain/actor.ts'
import { auditFields, recordAudit } from '../../domain/audit.ts'
import { parseOrThrow } from '../../lib/validation.ts'

// Issue 29 / decisions 0170, 0171, 0174: staff manage offers at /api/promotions. Offers that were used are never
// erased (deactivated instead); the list carries what each offer did (uses, discount given, revenue of its orders).

/** An offer's state now: switched off, not started, over, every use taken, or running. */
function statusSql(now: Date): SQL<PromotionStatus> {
  const at = now.toISOString()
  return sql<PromotionStatus>`case
    when not ${promotions.isActive} then 'inactive'
    when ${promotions.startsAt} is not null and ${promotions.startsAt} > ${at} then 'scheduled'
    when ${promotions.endsAt} is not null and ${promotions.endsAt} <= ${at} then 'ended'
    when ${promotions.usageLimit} is not null and ${promotions.usedCount} >= ${promotions.usageLimit} then 'used_up'
    else 'active' end`
}

interface Stats {
  uses: number
  discountGiven: number
  revenue: number
  ordersCount: number
  typedNotApplied: number
}

/**
 * What an offer did, as columns of the query that reads it (one query for a page of offers, no query per offer): uses
 * held (released_at null, pending orders too: the usage limit's count); Σ of its adjustments and Σ total_amount of the
 * **completed** orders that used it (each order once), in cents so no float drift; how many such orders. Decision
 * 0229: the same basis as the overview's revenue and discounts and the sales report.
 */
const statsColumns = {
  uses: sql<string>`(select count(*) from promotion_uses u where u.promotion_id = promotions.id and u.released_at is null)`,
  discountCents: sql<string>`(select coalesce(sum(round(a.amount * 100)), 0) from order_adjustments a join orders o on o.id = a.order_id where a.promotion_id = promotions.id and o.order_status = 'completed')`,
  revenueCents: sql<string>`(select coalesce(sum(round(o.total_amount * 100)), 0) from orders o where o.order_status = 'completed' and exists (select 1 from order_adjustments a where a.order_id = o.id and a.promotion_id = promotions.id))`,
  ordersCount: sql<string>`(select count(*) from orders o where o.order_status = 'completed' and exists (select 1 from order_adjustments a where a.order_id = o.id and a.promotion_id = promotions.id))`,
  // Decision 0227: orders whose shopper typed this code while a better offer won (not cancelled, as the others).
  typedNotApplied: sql<string>`(select count(*) from orders o where o.order_status <> 'cancelled' and o.lost_promotion_id = promotions.id)`,
}

const statsOf = (r: {
  uses: string | number
  discountCents: string | number
  revenueCents: string | number
  ordersCount: string | number
  typedNotApplied: string | number
}): Stats => ({
  uses: Number(r.uses),
  discountGiven: Number(r.discountCents) / 100,
  revenue: Number(r.revenueCents) / 100,
  ordersCount: Number(r.ordersCount),
  typedNotApplied: Number(r.typedNotApplied),
})

/** An offer's rules and limits under the API's names, as stored (the answer and the base a change is merged over). */
function ruleFields(row: PromotionRow) {
  return {
    value_type: row.valueType,
    value: Number(row.value),
    target: row.target,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    variant_ids: row.variantIds,
    min_subtotal: row.minSubtotal === null ? null : Number(row.minSubtotal),
    city_ids: row.cityIds,
    payment_methods: row.paymentMethods,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    first_order_only: row.firstOrderOnly,
    retail_only: row.retailOnly,
    combinable: row.combinable,
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    is_active: row.isActive,
  }
}

/** An offer as staff see it, its name in the reader's language and both names as stored. */
export function toPromotion(
  row: PromotionRow,
  status: PromotionStatus,
  stats: Stats,
  lang: Language,
): Promotion {
  return {
    id: row.id,
    code: row.code,
    name: translatedText(row.name, row.translations, 'name', lang) ?? row.name,
    name_ar: row.name,
    name_en: ownTranslation(row.translations, 'en', 'name'),
    ...ruleFields(row),
    status,
    uses: stats.uses,
    discount_given: stats.discountGiven,
    revenue: stats.revenue,
    orders_count: stats.ordersCount,
    typed_not_applied: stats.typedNotApplied,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** GET /promotions: newest first, filtered by status and by a text in the names or the code. */
export async function listPromotions(
  db: DbOrTx,
  q: PromotionListQuery,
  lang: Language,
  now = new Date(),
): Promise<Paginated<Promotion>> {
  const status = statusSql(now)
  const where: SQL[] = []
  if (q.status) where.push(sql`(${status}) = ${q.status}`)
  if (q.search) {
    const pattern = likePattern(q.search)
    where.push(
      sql`(${anyTextLike(promotions.name, promotions.translations, 'name', pattern)} OR ${promotions.code} ILIKE ${pattern})`,
    )
  }
  const condition = where.length ? and(...where) : undefined
  const rows = await db
    .select({ row: promotions, status, total: sql<number>`count(*) over ()`, ...statsColumns })
    .from(promotions)
    .where(condition)
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
  let total = rows.length ? Number(rows[0]!.total) : 0
  if (rows.length === 0 && q.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(promotions)
      .where(condition)
    total = Number(c?.n ?? 0)
  }
  return {
    data: rows.map((r) => toPromotion(r.row, r.status, statsOf(r), lang)),
    total,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
    per_page: q.per_page,
  }
}

async function readPromotion(db: DbOrTx, id: number, lang: Language, now = new Date()): Promise<Promotion> {
  const [found] = await db
    .select({ row: promotions, status: statusSql(now), ...statsColumns })
    .from(promotions)
    .where(eq(promotions.id, id))
  if (!found) throw notFound()
  return toPromotion(found.row, found.status, statsOf(found), lang)
}

export const getPromotion = (db: DbOrTx, id: number, lang: Language) => readPromotion(db, id, lang)

const codeTaken = () =>
  new AppError('PROMOTION_CODE_TAKEN', 409, { fields: { code: ['errors.PROMOTION_CODE_TAKEN'] } })

/** Codes are unique without case; the unique index on lower(code) is the real guard. */
async function assertCodeFree(db: DbOrTx, code: string | null, exceptId?: number) {
  if (!code) return
  const clash = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        sql`lower(${promotions.code}) = lower(${code})`,
        exceptId ? sql`${promotions.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1)
  if (clash.length) throw codeTaken()
}

async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken()
    throw error
  }
}

/** Every chosen product, category, size and city exists; else 422 on that field. */
async function assertIdsKnown(db: DbOrTx, input: PromotionInput) {
  const checks: [string, number[], () => Promise<{ id: number }[]>][] = [
    [
      'product_ids',
      input.product_ids,
      () => db.select({ id: products.id }).from(products).where(inArray(products.id, input.product_ids)),
    ],
    [
      'category_ids',
      input.category_ids,
      () =>
        db.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.category_ids)),
    ],
    [
      'variant_ids',
      input.variant_ids,
      () =>
        db
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(inArray(productVariants.id, input.variant_ids)),
    ],
    [
      'city_ids',
      input.city_ids,
      () => db.select({ id: cities.id }).from(cities).where(inArray(cities.id, input.city_ids)),
    ],
  ]
  const fields: Record<string, string[]> = {}
  for (const [field, ids, find] of checks) {
    if (ids.length === 0) continue
    const found = new Set((await find()).map((r) => r.id))
    if (new Set(ids).size !== found.size || ids.some((id) => !found.has(id)))
      fields[field] = ['validation.offer_ids_unknown']
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', 422, { fields })
}

const uniq = (ids: number[]) => [...new Set(ids)]

function promotionColumns(input: PromotionInput) {
  const scoped = input.target === 'products'
  return {
    code: input.code ?? null,
    name: input.name_ar,
    translations: buildTranslations<'name'>({ en: { name: input.name_en } }),
    valueType: input.value_type,
    value: input.value!,
    target: input.target,
    // Only an offer on chosen products keeps its choice; the order and delivery apply to everything.
    productIds: scoped ? uniq(input.product_ids) : [],
    categoryIds: scoped ? uniq(input.category_ids) : [],
    variantIds: scoped ? uniq(input.variant_ids) : [],
    minSubtotal: input.min_subtotal,
    cityIds: uniq(input.city_ids),
    paymentMethods: [...new Set(input.payment_methods)],
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
    firstOrderOnly: input.first_order_only,
    retailOnly: input.retail_only,
    combinable: input.combinable,
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    isActive: input.is_active,
  }
}

/** The stored offer as the input that would create it (a change is merged over it and checked as a whole). */
function storedFields(row: PromotionRow): Record<string, unknown> {
  return {
    name_ar: row.name,
    name_en: ownTranslation(row.translations, 'en', 'name') ?? '',
    code: row.code,
    ...ruleFields(row),
  }
}

/** The offer as the trail keeps it (its counters are not changes anyone made). */
const promotionAudit = (row: PromotionRow | undefined) => auditFields(row, ['usedCount'])

export async function createPromotion(
  db: DbOrTx,
  actor: Actor,
  input: PromotionInput,
  lang: Language,
): Promise<Promotion> {
  const id = await uniqueCode(() =>
    db.transaction(async (tx) => {
      await assertCodeFree(tx, input.code)
      await assertIdsKnown(tx, input)
      const [row] = await tx.insert(promotions).values(promotionColumns(input)).returning()
      await recordAudit(tx, actor, {
        action: 'promotion.created',
        entity: 'promotion',
        entityId: row!.id,
        after: promotionAudit(row),
      })
      return row!.id
    }),
  )
  return readPromotion(db, id, lang)
}

/** The uses held by orders that are not cancelled, counted again (decision 0171), the row locked by the caller. */
async function recountUses(tx: Tx, id: number) {
  await tx
    .update(promotions)
    .set({
      usedCount: sql`(select count(*)::int from ${promotionUses} where ${promotionUses.promotionId} = ${id} and ${promotionUses.releasedAt} is null)`,
    })
    .where(eq(promotions.id, id))
}

/** PATCH /promotions/:id: the given fields over the stored offer, checked with the rules of a new one. */
export async function updatePromotion(
  db: DbOrTx,
  actor: Actor,
  id: number,
  given: Record<string, unknown>,
  lang: Language,
): Promise<Promotion> {
  await uniqueCode(() =>
    db.transaction(async (tx) => {
      // The row lock orders this change with the checkouts taking uses (domain/offers.ts takeUses).
      const [current] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update')
      if (!current) throw notFound()
      const sent = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined))
      const input = parseOrThrow(
        PromotionInput,
        overStored(storedFields(current), sent, PROMOTION_TEXT_FIELDS),
      )
      await assertCodeFree(tx, input.code, id)
      await assertIdsKnown(tx, input)
      const [after] = await tx
        .update(promotions)
        .set({ ...promotionColumns(input), updatedAt: new Date() })
        .where(eq(promotions.id, id))
        .returning()
      if (input.usage_limit !== current.usageLimit || input.per_customer_limit !== current.perCustomerLimit)
        await recountUses(tx, id)
      await recordAudit(tx, actor, {
        action: 'promotion.updated',
        entity: 'promotion',
        entityId: id,
        before: promotionAudit(current),
        after: promotionAudit(after),
      })
    }),
  )
  return readPromotion(db, id, lang)
}

/**
 * DELETE /promotions/:id: an offer no order ever used is erased (null); a used one is switched off and kept (the
 * offer), so its orders, uses and figures stay explained.
 */
export async function deletePromotion(
  db: DbOrTx,
  actor: Actor,
  id: number,
  lang: Language,
): Promise<Promotion | null> {
  const erased = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update')
    if (!current) throw notFound()
    const [used] = await tx
      .select({ n: sql<number>`1` })
      .from(promotionUses)
      .where(eq(promotionUses.promotionId, id))
      .limit(1)
    const [adjusted] = await tx
      .select({ n: sql<number>`1` })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.promotionId, id))
      .limit(1)
    if (!used && !adjusted) {
      await tx.delete(promotions).where(eq(promotions.id, id))
      await recordAudit(tx, actor, {
        action: 'promotion.deleted',
        entity: 'promotion',
        entityId: id,
        before: promotionAudit(current),
      })
      return true
    }
    await tx
      .update(promotions)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(promotions.id, id), eq(promotions.isActive, true)))
    // A used offer is kept, switched off: the trail says so.
    await recordAudit(tx, actor, {
      action: 'promotion.deactivated',
      entity: 'promotion',
      entityId: id,
      before: { is_active: current.isActive },
      after: { is_active: false },
    })
    return false
  })
  return erased ? null : readPromotion(db, id, lang)
}
