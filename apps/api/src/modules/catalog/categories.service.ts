import { and, asc, count, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Category, CategoryInput } from '@shop/shared/schemas/category'
import type { DbOrTx } from '../../db/client.ts'
import { categories, products } from '../../db/schema/catalog.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { firstFreeSlug, slugify } from './slug.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { escapeLike, likePattern } from '../../db/like.ts'

const nameTaken = () => new AppError('VALIDATION_FAILED', 422, { fields: { name: ['errors.CATEGORY_TAKEN'] } })

function withCounts(db: DbOrTx) {
  // SPEC §3 products_count: products that still exist in the catalogue (archived ones are history).
  const counts = db
    .select({ categoryId: products.categoryId, n: count().as('n') })
    .from(products)
    .where(and(isNull(products.archivedAt), isNotNull(products.categoryId)))
    .groupBy(products.categoryId)
    .as('counts')
  return db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      slug: categories.slug,
      is_active: categories.isActive,
      products_count: sql<number>`coalesce(${counts.n}, 0)::int`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
}

/** GET /categories: the public sees active categories; staff see all and may search. */
export async function listCategories(db: DbOrTx, query: { search?: string; active?: string }, staff: boolean): Promise<Category[]> {
  const where: SQL[] = []
  if (!staff || query.active === 'true' || query.active === '1') where.push(eq(categories.isActive, true))
  else if (query.active === 'false' || query.active === '0') where.push(eq(categories.isActive, false))
  if (query.search) {
    const pattern = likePattern(query.search)
    where.push(or(ilike(categories.name, pattern), ilike(categories.slug, pattern))!)
  }
  return withCounts(db).where(and(...where)).orderBy(asc(categories.name), asc(categories.id))
}

async function getCategory(db: DbOrTx, id: number): Promise<Category> {
  const [row] = await withCounts(db).where(eq(categories.id, id)).limit(1)
  if (!row) throw notFound()
  return row
}

async function assertNameFree(db: DbOrTx, name: string, exceptId?: number) {
  const where = [sql`lower(${categories.name}) = lower(${name})`]
  if (exceptId) where.push(ne(categories.id, exceptId))
  const [taken] = await db.select({ id: categories.id }).from(categories).where(and(...where)).limit(1)
  if (taken) throw nameTaken()
}

async function freeSlug(db: DbOrTx, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name)
  const where = [or(eq(categories.slug, base), sql`${categories.slug} LIKE ${`${escapeLike(base)}-%`}`)!]
  if (exceptId) where.push(ne(categories.id, exceptId))
  const rows = await db.select({ slug: categories.slug }).from(categories).where(and(...where))
  return firstFreeSlug(base, rows.map((r) => r.slug))
}

/**
 * Writes with a unique slug; two admins saving at once may pick the same slug, so a slug clash is
 * retried with the next free one, and a name clash (unique lower(name) index) becomes the 422.
 */
async function writeWithSlug(db: DbOrTx, name: string, exceptId: number | undefined, write: (slug: string) => Promise<number>): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, name, exceptId)
    try {
      return await write(slug)
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_unique')) throw nameTaken()
      if (isUniqueViolation(err, 'categories_slug_unique') && attempt < 5) continue
      throw err
    }
  }
}

export async function createCategory(db: DbOrTx, input: CategoryInput): Promise<Category> {
  await assertNameFree(db, input.name)
  const id = await writeWithSlug(db, input.name, undefined, async (slug) => {
    const [row] = await db
      .insert(categories)
      .values({ name: input.name, description: input.description || null, isActive: input.is_active, slug })
      .returning({ id: categories.id })
    return row!.id
  })
  return getCategory(db, id)
}

/** The slug follows the name; an unchanged name keeps its slug (links stay valid). */
export async function updateCategory(db: DbOrTx, id: number, input: CategoryInput): Promise<Category> {
  const [current] = await db.select().from(categories).where(eq(categories.id, id)).limit(1)
  if (!current) throw notFound()
  await assertNameFree(db, input.name, id)
  const values = { name: input.name, description: input.description || null, isActive: input.is_active, updatedAt: new Date() }
  if (current.name === input.name) {
    await db.update(categories).set(values).where(eq(categories.id, id))
  } else {
    await writeWithSlug(db, input.name, id, async (slug) => {
      await db.update(categories).set({ ...values, slug }).where(eq(categories.id, id))
      return id
    })
  }
  return getCategory(db, id)
}

/**
 * SPEC §5: a category with products cannot be deleted (409). Archived products only keep history,
 * so they lose the category instead of blocking the delete. The row lock orders us against product writes.
 */
export async function deleteCategory(db: DbOrTx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update')
    if (!locked) throw notFound()
    const [used] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.archivedAt)))
    if (Number(used?.n ?? 0) > 0) throw new AppError('CATEGORY_IN_USE', 409)
    await tx.update(products).set({ categoryId: null }).where(eq(products.categoryId, id))
    await tx.delete(categories).where(eq(categories.id, id))
  })
}
