import { and, asc, count, eq, ilike, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  buildTranslations,
  ownTranslation,
  translatedText,
  type Translations,
} from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Category, CategoryInput } from '@shop/shared/schemas/category'
import type { DbOrTx } from '../../db/client.ts'
import { categories, products, type CategoryText } from '../../db/schema/catalog.ts'
import { anyTextLike, textIn, translatedTextIs } from '../../db/translated.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { firstFreeSlug, slugify } from '../../domain/slug.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { Actor } from '../../domain/actor.ts'
import { auditFields, recordAudit } from '../../domain/audit.ts'
import { escapeLike, likePattern } from '../../db/like.ts'

// The Arabic name is also reported under `name`, the field of clients written before content languages (decision 0057).
const nameTaken = () =>
  new AppError('VALIDATION_FAILED', 422, {
    fields: { name_ar: ['errors.CATEGORY_TAKEN'], name: ['errors.CATEGORY_TAKEN'] },
  })
const englishNameTaken = () =>
  new AppError('VALIDATION_FAILED', 422, { fields: { name_en: ['errors.CATEGORY_TAKEN'] } })

interface CategoryRow {
  id: number
  name: string
  description: string | null
  translations: Translations<CategoryText>
  slug: string
  is_active: boolean
  products_count: number
}

/** Category in the reader's language; staff also get every language as stored (decision 0057). */
function toCategory(row: CategoryRow, staff: boolean, lang: Language): Category {
  const { translations, ...rest } = row
  const view: Category = {
    ...rest,
    name: translatedText(row.name, translations, 'name', lang) ?? '',
    description: translatedText(row.description, translations, 'description', lang),
  }
  if (staff) {
    view.name_ar = row.name
    view.name_en = ownTranslation(translations, 'en', 'name')
    view.description_ar = row.description || null
    view.description_en = ownTranslation(translations, 'en', 'description')
  }
  return view
}

const categoryTranslations = (input: CategoryInput) =>
  buildTranslations<CategoryText>({ en: { name: input.name_en, description: input.description_en } })

function withCounts(db: DbOrTx) {
  // product.md §3.3 products_count: products that still exist in the catalogue (archived ones are history).
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
      translations: categories.translations,
      slug: categories.slug,
      is_active: categories.isActive,
      products_count: sql<number>`coalesce(${counts.n}, 0)::int`.mapWith(Number),
    })
    .from(categories)
    .leftJoin(counts, eq(counts.categoryId, categories.id))
}

/** GET /categories: the public sees active categories; staff see all and may search (names in every language). */
export async function listCategories(
  db: DbOrTx,
  query: { search?: string; active?: string },
  staff: boolean,
  lang: Language,
): Promise<Category[]> {
  const where: SQL[] = []
  if (!staff || query.active === 'true' || query.active === '1') where.push(eq(categories.isActive, true))
  else if (query.active === 'false' || query.active === '0') where.push(eq(categories.isActive, false))
  if (query.search) {
    const pattern = likePattern(query.search)
    where.push(
      or(
        anyTextLike(categories.name, categories.translations, 'name', pattern),
        ilike(categories.slug, pattern),
      )!,
    )
  }
  const rows = await withCounts(db)
    .where(and(...where))
    .orderBy(asc(textIn(categories.name, categories.translations, 'name', lang)), asc(categories.id))
  return rows.map((r) => toCategory(r, staff, lang))
}

async function getCategory(db: DbOrTx, id: number, lang: Language): Promise<Category> {
  const [row] = await withCounts(db).where(eq(categories.id, id)).limit(1)
  if (!row) throw notFound()
  return toCategory(row, true, lang)
}

/** Names are unique per language, whatever the case (indexes categories_name_unique, categories_name_en_unique). */
async function assertNameFree(db: DbOrTx, input: CategoryInput, exceptId?: number) {
  const except = exceptId ? ne(categories.id, exceptId) : undefined
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(sql`lower(${categories.name}) = lower(${input.name_ar})`, except))
    .limit(1)
  if (taken) throw nameTaken()
  if (!input.name_en) return
  const [takenEn] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(translatedTextIs(categories.translations, 'en', 'name', input.name_en), except))
    .limit(1)
  if (takenEn) throw englishNameTaken()
}

async function freeSlug(db: DbOrTx, name: string, exceptId?: number): Promise<string> {
  const base = slugify(name)
  const where = [or(eq(categories.slug, base), sql`${categories.slug} LIKE ${`${escapeLike(base)}-%`}`)!]
  if (exceptId) where.push(ne(categories.id, exceptId))
  const rows = await db
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(...where))
  return firstFreeSlug(
    base,
    rows.map((r) => r.slug),
  )
}

/**
 * Writes with a unique slug; two admins saving at once may pick the same slug, so a slug clash is
 * retried with the next free one, and a name clash (unique lower(name) index) becomes the 422.
 */
async function writeWithSlug(
  db: DbOrTx,
  name: string,
  exceptId: number | undefined,
  write: (slug: string) => Promise<number>,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, name, exceptId)
    try {
      // A savepoint: a clash undoes this attempt only, and the transaction goes on with the next slug.
      return await db.transaction(() => write(slug))
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_en_unique')) throw englishNameTaken()
      if (isUniqueViolation(err, 'categories_name_unique')) throw nameTaken()
      if (isUniqueViolation(err, 'categories_slug_unique') && attempt < 5) continue
      throw err
    }
  }
}

export async function createCategory(
  db: DbOrTx,
  actor: Actor,
  input: CategoryInput,
  lang: Language,
): Promise<Category> {
  const id = await db.transaction(async (tx) => {
    await assertNameFree(tx, input)
    const id = await writeWithSlug(tx, input.name_ar, undefined, async (slug) => {
      const [row] = await tx
        .insert(categories)
        .values({
          name: input.name_ar,
          description: input.description_ar || null,
          translations: categoryTranslations(input),
          isActive: input.is_active,
          slug,
        })
        .returning()
      await recordAudit(tx, actor, {
        action: 'category.created',
        entity: 'category',
        entityId: row!.id,
        after: auditFields(row),
      })
      return row!.id
    })
    return id
  })
  return getCategory(db, id, lang)
}

/**
 * The slug follows the Arabic name; an unchanged Arabic name keeps its slug (links stay valid, and the address of a
 * category does not change with the language: decision 0057).
 */
export async function updateCategory(
  db: DbOrTx,
  actor: Actor,
  id: number,
  input: CategoryInput,
  lang: Language,
): Promise<Category> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(categories).where(eq(categories.id, id)).limit(1)
    if (!current) throw notFound()
    await assertNameFree(tx, input, id)
    const values = {
      name: input.name_ar,
      description: input.description_ar || null,
      translations: categoryTranslations(input),
      isActive: input.is_active,
      updatedAt: new Date(),
    }
    let slug = current.slug
    if (current.name === input.name_ar) {
      await tx.update(categories).set(values).where(eq(categories.id, id)).catch(rethrowTaken)
    } else {
      await writeWithSlug(tx, input.name_ar, id, async (free) => {
        await tx
          .update(categories)
          .set({ ...values, slug: free })
          .where(eq(categories.id, id))
        slug = free
        return id
      })
    }
    await recordAudit(tx, actor, {
      action: 'category.updated',
      entity: 'category',
      entityId: id,
      before: auditFields(current),
      after: auditFields({ ...current, ...values, slug }),
    })
  })
  return getCategory(db, id, lang)
}

/** Two admins saving the same name at once: the unique indexes decide, and the loser gets the 422. */
function rethrowTaken(err: unknown): never {
  if (isUniqueViolation(err, 'categories_name_en_unique')) throw englishNameTaken()
  if (isUniqueViolation(err, 'categories_name_unique')) throw nameTaken()
  throw err
}

/**
 * product.md §2.17: a category with products cannot be deleted (409). Archived products only keep history,
 * so they lose the category instead of blocking the delete. The row lock orders us against product writes.
 */
export async function deleteCategory(db: DbOrTx, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(categories).where(eq(categories.id, id)).for('update')
    if (!locked) throw notFound()
    const [used] = await tx
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.categoryId, id), isNull(products.archivedAt)))
    if (Number(used?.n ?? 0) > 0) throw new AppError('CATEGORY_IN_USE', 409)
    await tx.update(products).set({ categoryId: null }).where(eq(products.categoryId, id))
    await tx.delete(categories).where(eq(categories.id, id))
    await recordAudit(tx, actor, {
      action: 'category.deleted',
      entity: 'category',
      entityId: id,
      before: auditFields(locked),
    })
  })
}
