import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Paginated } from '@shop/shared/schemas/common'
import type { AuditEntry, AuditQuery } from '@shop/shared/schemas/team'
import {
  AUDIT_RETENTION_KEY,
  AUDIT_RETENTION_MIN_DAYS,
  DEFAULT_AUDIT_RETENTION_DAYS,
} from '@shop/shared/schemas/setting'
import type { Db, DbOrTx } from '../../db/client.ts'
import { settings } from '../../db/schema/settings.ts'
import { categories, products, productVariants } from '../../db/schema/catalog.ts'
import { cities } from '../../db/schema/cities.ts'
import { auditLog, staffRoles } from '../../db/schema/team.ts'
import { systemActor } from '../../domain/actor.ts'
import { recordAudit } from '../../domain/audit.ts'
import { dayRange, shopTimezone } from '../../lib/shop-time.ts'

type AuditRow = typeof auditLog.$inferSelect

/** Keys of a row's fields that are costs (decision 0216): a product's and each pack's buying prices, an order's. */
const COST_KEYS = new Set([
  'retail_buying_price',
  'wholesale_buying_price',
  'unit_cost',
  'total_cost',
  'profit',
])

/** The fields without their costs, at any depth (a product's packs are a list inside it). */
function withoutCosts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCosts)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !COST_KEYS.has(key))
      .map(([key, v]) => [key, withoutCosts(v)]),
  )
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  actor: { kind: row.actorKind, user_id: row.actorUserId, name: row.actorName },
  ip: row.ip,
  action: row.action,
  entity: row.entity,
  entity_id: row.entityId,
  before: row.before ?? null,
  after: row.after ?? null,
  note: row.note,
})

/** The id fields the trail names (decision 0230), by what they point at. */
const ID_FIELDS = {
  staff_role_id: 'role',
  variant_id: 'variant',
  category_id: 'category',
  city_id: 'city',
  product_id: 'product',
} as const
type IdKind = (typeof ID_FIELDS)[keyof typeof ID_FIELDS]

/** Every (field, id) of a row's before and after, at any depth (a product's packs are a list inside it). */
function collectIds(value: unknown, into: Map<IdKind, Set<number>>, out: [string, number][]) {
  if (Array.isArray(value)) return value.forEach((v) => collectIds(v, into, out))
  if (typeof value !== 'object' || value === null) return
  for (const [key, v] of Object.entries(value)) {
    // `category_ids: [4, 9]` names each as a `category_id` (an offer's categories, cities, products, sizes).
    const one = key.endsWith('_ids') ? key.slice(0, -1) : key
    const kind = ID_FIELDS[one as keyof typeof ID_FIELDS]
    const ids = (Array.isArray(v) ? v : [v]).filter((x): x is number => Number.isInteger(x))
    if (kind && ids.length > 0) {
      for (const id of ids) {
        into.set(kind, (into.get(kind) ?? new Set()).add(id))
        out.push([one, id])
      }
    } else collectIds(v, into, out)
  }
}

/**
 * Decision 0230: the names, in the reader's language, of the roles, packs, categories, cities and products a page of
 * rows points at by id: one query per kind for the page, so the screen shows "Order clerk", not "staff role id: 3".
 */
async function namesOf(db: DbOrTx, entries: AuditEntry[], lang: Language): Promise<AuditEntry[]> {
  const ids = new Map<IdKind, Set<number>>()
  const perEntry = entries.map((e) => {
    const out: [string, number][] = []
    collectIds([e.before, e.after], ids, out)
    return out
  })
  const name = new Map<string, string>()
  const list = (kind: IdKind) => [...(ids.get(kind) ?? [])]
  const roleIds = list('role')
  if (roleIds.length)
    for (const r of await db.select().from(staffRoles).where(inArray(staffRoles.id, roleIds)))
      name.set(`role:${r.id}`, lang === 'en' ? r.nameEn : r.nameAr)
  const categoryIds = list('category')
  if (categoryIds.length)
    for (const c of await db.select().from(categories).where(inArray(categories.id, categoryIds)))
      name.set(`category:${c.id}`, translatedText(c.name, c.translations, 'name', lang) ?? c.name)
  const cityIds = list('city')
  if (cityIds.length)
    for (const c of await db.select().from(cities).where(inArray(cities.id, cityIds)))
      name.set(`city:${c.id}`, translatedText(c.name, c.translations, 'name', lang) ?? c.name)
  const productIds = list('product')
  if (productIds.length)
    for (const p of await db
      .select({ id: products.id, name: products.name, translations: products.translations })
      .from(products)
      .where(inArray(products.id, productIds)))
      name.set(`product:${p.id}`, translatedText(p.name, p.translations, 'name', lang) ?? p.name)
  const variantIds = list('variant')
  if (variantIds.length)
    for (const v of await db
      .select({
        id: productVariants.id,
        label: productVariants.label,
        labels: productVariants.translations,
        name: products.name,
        translations: products.translations,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(productVariants.id, variantIds))) {
      const product = translatedText(v.name, v.translations, 'name', lang) ?? v.name
      const label = translatedText(v.label, v.labels, 'label', lang) ?? v.label
      name.set(`variant:${v.id}`, label ? `${product} – ${label}` : product)
    }
  return entries.map((e, i) => {
    const names: Record<string, string> = {}
    for (const [field, id] of perEntry[i]!) {
      const found = name.get(`${ID_FIELDS[field as keyof typeof ID_FIELDS]}:${id}`)
      if (found) names[`${field}:${id}`] = found
    }
    return Object.keys(names).length ? { ...e, names } : e
  })
}

/**
 * GET /api/audit (decision 0192): newest first, filtered by who, what and when (whole days in the shop's time zone).
 * `action` is one action (`product.updated`) or, ending with a dot, a family of them (`product.`). Decision 0216:
 * without `costs` the rows' buying prices are left out of before and after (a change of one alone shows no field).
 */
export async function listAudit(
  db: DbOrTx,
  q: AuditQuery,
  costs: boolean,
  lang: Language = 'ar',
): Promise<Paginated<AuditEntry>> {
  const where: SQL[] = []
  if (q.actor_id !== undefined) where.push(eq(auditLog.actorUserId, q.actor_id))
  if (q.entity) where.push(eq(auditLog.entity, q.entity))
  if (q.entity_id) where.push(eq(auditLog.entityId, q.entity_id))
  if (q.action) {
    where.push(
      q.action.endsWith('.')
        ? sql`starts_with(${auditLog.action}, ${q.action})`
        : eq(auditLog.action, q.action),
    )
  }
  if (q.from || q.to) where.push(...dayRange(auditLog.createdAt, await shopTimezone(db), q.from, q.to))
  const condition = where.length ? and(...where) : undefined
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(condition)
  const rows = await db
    .select()
    .from(auditLog)
    .where(condition)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
  const entries = rows.map(toEntry).map((e) =>
    costs
      ? e
      : {
          ...e,
          before: withoutCosts(e.before) as AuditEntry['before'],
          after: withoutCosts(e.after) as AuditEntry['after'],
        },
  )
  return {
    data: await namesOf(db, entries, lang),
    total,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
    per_page: q.per_page,
  }
}

/** The `audit_retention_days` setting: days from 30; a missing or unreadable value is the default (two years). */
export async function auditRetentionDays(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, AUDIT_RETENTION_KEY))
    .limit(1)
  const n = Number(row?.value?.trim())
  if (!Number.isInteger(n) || n <= 0) return DEFAULT_AUDIT_RETENTION_DAYS
  return Math.max(AUDIT_RETENTION_MIN_DAYS, n)
}

/**
 * Decision 0192, retention: the rows older than the setting are deleted, by age only (nothing else ever removes or
 * changes a row). The prune itself is a row of the trail, by the system.
 */
export async function pruneAuditLog(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const days = await auditRetentionDays(tx)
    const cutoff = new Date(now.getTime() - days * 86_400_000)
    const pruned = await tx
      .delete(auditLog)
      .where(lt(auditLog.createdAt, cutoff))
      .returning({ id: auditLog.id })
    if (pruned.length > 0)
      await recordAudit(tx, systemActor('audit_retention'), {
        action: 'audit.pruned',
        entity: 'audit',
        after: { rows: pruned.length, older_than: cutoff.toISOString(), retention_days: days },
      })
    return pruned.length
  })
}
