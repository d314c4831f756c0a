import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm'
import type { City, CityInput } from '@shop/shared/schemas/city'
import type { Paginated } from '@shop/shared/schemas/common'
import type { DbOrTx } from '../../db/client.ts'
import { cities } from '../../db/schema/cities.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { likePattern } from '../../db/like.ts'

type CityRow = typeof cities.$inferSelect

export const toCity = (row: CityRow): City => ({ id: row.id, name: row.name, delivery_price: row.deliveryPrice, is_active: row.isActive })


/** Checkout needs every active city in one list (SPEC §7: GET /api/cities, no paging in the browser). */
export async function activeCities(db: DbOrTx): Promise<Paginated<City>> {
  const rows = await db.select().from(cities).where(eq(cities.isActive, true)).orderBy(asc(cities.name), asc(cities.id))
  return { data: rows.map(toCity), total: rows.length, last_page: 1, current_page: 1, per_page: rows.length }
}

/** Dashboard list: search by name, optional active filter, paginated (SPEC §9: default 10). */
export async function adminCities(db: DbOrTx, q: { search?: string; page: number; per_page: number; active?: boolean }): Promise<Paginated<City>> {
  const where: SQL[] = []
  if (q.search) where.push(ilike(cities.name, likePattern(q.search)))
  if (q.active !== undefined) where.push(eq(cities.isActive, q.active))
  const condition = where.length ? and(...where) : undefined
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(cities).where(condition)
  const rows = await db
    .select()
    .from(cities)
    .where(condition)
    .orderBy(asc(cities.name), asc(cities.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page)
  return { data: rows.map(toCity), total, last_page: Math.max(1, Math.ceil(total / q.per_page)), current_page: q.page, per_page: q.per_page }
}

const cityTaken = () => new AppError('VALIDATION_FAILED', 422, { fields: { name: ['errors.CITY_TAKEN'] } })

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  const clash = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(sql`lower(${cities.name}) = lower(${name})`, exceptId ? ne(cities.id, exceptId) : undefined))
    .limit(1)
  if (clash.length) throw cityTaken()
}

/** The unique index on lower(name) is the real guard; the check above only gives the common case a clean path. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw cityTaken()
    throw error
  }
}

export async function createCity(db: DbOrTx, input: CityInput): Promise<City> {
  await assertNameFree(db, input.name)
  const [row] = await unique(() => db.insert(cities).values({ name: input.name, deliveryPrice: input.delivery_price, isActive: input.is_active }).returning())
  return toCity(row!)
}

export async function updateCity(db: DbOrTx, id: number, input: CityInput): Promise<City> {
  await assertNameFree(db, input.name, id)
  const [row] = await unique(() =>
    db
      .update(cities)
      .set({ name: input.name, deliveryPrice: input.delivery_price, isActive: input.is_active, updatedAt: new Date() })
      .where(eq(cities.id, id))
      .returning(),
  )
  if (!row) throw notFound()
  return toCity(row)
}

export async function setCityStatus(db: DbOrTx, id: number, isActive: boolean): Promise<City> {
  const [row] = await db.update(cities).set({ isActive, updatedAt: new Date() }).where(eq(cities.id, id)).returning()
  if (!row) throw notFound()
  return toCity(row)
}

/** Orders keep their city_name snapshot; their city_id becomes null (FK on delete set null). */
export async function deleteCity(db: DbOrTx, id: number): Promise<void> {
  const deleted = await db.delete(cities).where(eq(cities.id, id)).returning({ id: cities.id })
  if (deleted.length === 0) throw notFound()
}
