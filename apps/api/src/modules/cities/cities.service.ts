import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm'
import { buildTranslations, ownTranslation, translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { City, CityInput } from '@shop/shared/schemas/city'
import type { Paginated } from '@shop/shared/schemas/common'
import type { DbOrTx } from '../../db/client.ts'
import { cities } from '../../db/schema/cities.ts'
import { anyTextLike, textIn, translatedTextIs } from '../../db/translated.ts'
import type { Actor } from '../../domain/actor.ts'
import { auditFields, recordAudit } from '../../domain/audit.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { likePattern } from '../../db/like.ts'

type CityRow = typeof cities.$inferSelect

/** A city in the reader's language (decision 0056); staff also get both names as stored (decision 0057). */
export function toCity(row: CityRow, lang: Language, staff = false): City {
  const city: City = {
    id: row.id,
    name: translatedText(row.name, row.translations, 'name', lang) ?? row.name,
    delivery_price: row.deliveryPrice,
    is_active: row.isActive,
    // Public too: the checkout explains why cash is not offered (decision 0071).
    cod_allowed: row.codAllowed,
    cod_max_total: row.codMaxTotal,
  }
  if (staff) {
    city.name_ar = row.name
    city.name_en = ownTranslation(row.translations, 'en', 'name')
  }
  return city
}

/**
 * Checkout needs every active city in one list (product.md §7.2: GET /api/cities, no paging in the browser), by name
 * in the reader's language.
 */
export async function activeCities(db: DbOrTx, lang: Language, staff = false): Promise<Paginated<City>> {
  const rows = await db
    .select()
    .from(cities)
    .where(eq(cities.isActive, true))
    .orderBy(asc(textIn(cities.name, cities.translations, 'name', lang)), asc(cities.id))
  return {
    data: rows.map((r) => toCity(r, lang, staff)),
    total: rows.length,
    last_page: 1,
    current_page: 1,
    per_page: rows.length,
  }
}

/** Dashboard list: search by name (every language), optional active filter, paginated (product.md §9: default 10). */
export async function adminCities(
  db: DbOrTx,
  q: { search?: string; page: number; per_page: number; active?: boolean },
  lang: Language,
): Promise<Paginated<City>> {
  const where: SQL[] = []
  if (q.search) where.push(anyTextLike(cities.name, cities.translations, 'name', likePattern(q.search)))
  if (q.active !== undefined) where.push(eq(cities.isActive, q.active))
  const condition = where.length ? and(...where) : undefined
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(cities).where(condition)
  const rows = await db
    .select()
    .from(cities)
    .where(condition)
    .orderBy(asc(textIn(cities.name, cities.translations, 'name', lang)), asc(cities.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
  return {
    data: rows.map((r) => toCity(r, lang, true)),
    total,
    last_page: Math.max(1, Math.ceil(total / q.per_page)),
    current_page: q.page,
    per_page: q.per_page,
  }
}

// The Arabic name is also reported under `name`, the field of clients written before content languages (decision 0057).
const cityTaken = () =>
  new AppError('VALIDATION_FAILED', 422, {
    fields: { name_ar: ['errors.CITY_TAKEN'], name: ['errors.CITY_TAKEN'] },
  })
const englishCityTaken = () =>
  new AppError('VALIDATION_FAILED', 422, { fields: { name_en: ['errors.CITY_TAKEN'] } })

/** Names are unique per language, whatever the case. */
async function assertNameFree(db: DbOrTx, input: CityInput, exceptId?: number) {
  const except = exceptId ? ne(cities.id, exceptId) : undefined
  const clash = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(sql`lower(${cities.name}) = lower(${input.name_ar})`, except))
    .limit(1)
  if (clash.length) throw cityTaken()
  if (!input.name_en) return
  const clashEn = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(translatedTextIs(cities.translations, 'en', 'name', input.name_en), except))
    .limit(1)
  if (clashEn.length) throw englishCityTaken()
}

/** The unique indexes on the names are the real guard; the check above only gives the common case a clean path. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error, 'cities_name_en_unique')) throw englishCityTaken()
    if (isUniqueViolation(error)) throw cityTaken()
    throw error
  }
}

const cityValues = (input: CityInput) => ({
  name: input.name_ar,
  translations: buildTranslations<'name'>({ en: { name: input.name_en } }),
  deliveryPrice: input.delivery_price,
  isActive: input.is_active,
  codAllowed: input.cod_allowed,
  codMaxTotal: input.cod_max_total,
})

const audited = { entity: 'city' } as const

export async function createCity(db: DbOrTx, actor: Actor, input: CityInput, lang: Language): Promise<City> {
  const row = await db.transaction(async (tx) => {
    await assertNameFree(tx, input)
    const [row] = await unique(() => tx.insert(cities).values(cityValues(input)).returning())
    await recordAudit(tx, actor, {
      ...audited,
      action: 'city.created',
      entityId: row!.id,
      after: auditFields(row),
    })
    return row!
  })
  return toCity(row, lang, true)
}

export async function updateCity(
  db: DbOrTx,
  actor: Actor,
  id: number,
  input: CityInput,
  lang: Language,
): Promise<City> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cities).where(eq(cities.id, id)).for('update')
    if (!before) throw notFound()
    await assertNameFree(tx, input, id)
    const [row] = await unique(() =>
      tx
        .update(cities)
        .set({ ...cityValues(input), updatedAt: new Date() })
        .where(eq(cities.id, id))
        .returning(),
    )
    await recordAudit(tx, actor, {
      ...audited,
      action: 'city.updated',
      entityId: id,
      before: auditFields(before),
      after: auditFields(row),
    })
    return row!
  })
  return toCity(row, lang, true)
}

export async function setCityStatus(
  db: DbOrTx,
  actor: Actor,
  id: number,
  isActive: boolean,
  lang: Language,
): Promise<City> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cities).where(eq(cities.id, id)).for('update')
    if (!before) throw notFound()
    const [row] = await tx
      .update(cities)
      .set({ isActive, updatedAt: new Date() })
      .where(eq(cities.id, id))
      .returning()
    await recordAudit(tx, actor, {
      ...audited,
      action: 'city.status_changed',
      entityId: id,
      before: { is_active: before.isActive },
      after: { is_active: isActive },
    })
    return row!
  })
  return toCity(row, lang, true)
}

/** Orders keep their city_name snapshot; their city_id becomes null (FK on delete set null). */
export async function deleteCity(db: DbOrTx, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx.delete(cities).where(eq(cities.id, id)).returning()
    if (deleted.length === 0) throw notFound()
    await recordAudit(tx, actor, {
      ...audited,
      action: 'city.deleted',
      entityId: id,
      before: auditFields(deleted[0]),
    })
  })
}
