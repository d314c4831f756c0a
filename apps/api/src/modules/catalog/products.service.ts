import { promisedOffers } from '../../domain/offer-badges.ts'
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Language } from '@shop/shared/i18n/messages'
import type { Paginated } from '@shop/shared/schemas/common'
import {
  PRODUCT_TEXT_FIELDS,
  ProductInput,
  type Product,
  type ProductListQuery,
} from '@shop/shared/schemas/product'
import { overStored } from '@shop/shared/schemas/translatable'
import { translatedText } from '@shop/shared/i18n/content'
import type { DbOrTx } from '../../db/client.ts'
import { categories, products, productVariants } from '../../db/schema/catalog.ts'
import { orderItems } from '../../db/schema/orders.ts'
import { AppError, notFound } from '../../lib/app-error.ts'
import { storeImage } from '../../domain/images.ts'
import { freeProductSlug, moveProductSlug, slugSource, storedSlugSource } from '../../domain/product-slug.ts'
import {
  productColumns,
  productText,
  toProduct,
  toProductFields,
  type ProductWithCategory,
} from '../../domain/product-view.ts'
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors.ts'
import {
  defaultVariant,
  packNamed,
  productInStock,
  withVariants,
  type SellableVariant,
} from '../../domain/sellable.ts'
import { writeVariants } from '../../domain/variant-writes.ts'
import type { Actor } from '../../domain/actor.ts'
import { actorView, seesCosts, SHOPPER_VIEW, type Viewer } from '../../domain/viewer.ts'
import { setStockCount } from '../../domain/stock.ts'
import { auditFields, recordAudit } from '../../domain/audit.ts'
import { parseSearch } from '@shop/shared/search/normalize'
import { parseOrThrow } from '../../lib/validation.ts'
import {
  didYouMean,
  inStockFirst,
  searchCondition,
  searchPlan,
  searchRank,
  withTypos,
  type SearchPlan,
} from './search.ts'

const selectWithCategory = (db: DbOrTx) =>
  db
    .select({
      product: products,
      category: {
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        translations: categories.translations,
      },
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))

/**
 * The ids of a page of search matches, best first (decision 0140's order), each with the number of matches when
 * `counted` (the suggestions need no total: 0 then).
 */
const rankedIds = (
  db: DbOrTx,
  condition: SQL | undefined,
  plan: SearchPlan,
  limit: number,
  offset: number,
  counted = true,
) =>
  db
    .select({ id: products.id, total: (counted ? sql`count(*) over ()` : sql`0`).mapWith(Number) })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(condition)
    // Stable paging: the ranking, then in stock first, then newest first (ids are unique).
    .orderBy(searchRank(plan), inStockFirst, desc(products.id))
    .limit(limit)
    .offset(offset)

/** The products (with their categories and packs) of `ranked`, in its order. */
async function byIds(db: DbOrTx, ranked: { id: number }[]) {
  if (ranked.length === 0) return []
  const rows = await selectWithCategory(db).where(
    inArray(
      products.id,
      ranked.map((r) => r.id),
    ),
  )
  const at = new Map(ranked.map((r, i) => [r.id, i]))
  return withVariants(
    db,
    rows.sort((a, b) => at.get(a.product.id)! - at.get(b.product.id)!),
  )
}

const isTrue = (v: string | undefined) => v === 'true' || v === '1'
const isFalse = (v: string | undefined) => v === 'false' || v === '0'

/** docs/api.md GET /products: archived never; guests and shoppers active only. */
function listCondition(query: ProductListQuery, staff: boolean, search: SearchPlan | null) {
  const where: SQL[] = [isNull(products.archivedAt)]
  if (!staff || isTrue(query.active)) where.push(eq(products.isActive, true))
  else if (isFalse(query.active)) where.push(eq(products.isActive, false))
  if (query.category_id) where.push(eq(products.categoryId, query.category_id))
  if (isTrue(query.in_stock)) where.push(productInStock)
  // Decision 0140: every word in one of its forms, served by the trigram index on the folded texts.
  const matches = search ? searchCondition(search) : undefined
  if (matches) where.push(matches)
  return and(...where)
}

/** The filters of a list query as listCondition reads them: equal keys select the same products. */
export function productFilterKey(query: ProductListQuery, staff: boolean): string {
  const active = !staff || isTrue(query.active) ? 'active' : isFalse(query.active) ? 'inactive' : 'all'
  return JSON.stringify([
    active,
    query.category_id ?? null,
    isTrue(query.in_stock),
    query.search ? parseSearch(query.search).folded : '',
  ])
}

/**
 * docs/api.md GET /products, newest first, in the reader's language. `countTotal` lets a caller reuse an exact total
 * it already knows for these filters (the public list cache, decision 0019); it receives the count query to run
 * otherwise.
 */
export async function listProducts(
  db: DbOrTx,
  query: ProductListQuery,
  view: Viewer,
  lang: Language,
  countTotal: (run: () => Promise<number>) => Promise<number> = (run) => run(),
): Promise<Paginated<Product> & { did_you_mean?: string[] }> {
  const { staff } = view
  const parsed = query.search ? parseSearch(query.search) : null
  let search = parsed && parsed.words.length ? searchPlan(parsed) : null
  const perPage = query.per_page
  const runCount = (condition: SQL | undefined) => async () => {
    const [totals] = await db.select({ total: count() }).from(products).where(condition)
    return Number(totals?.total ?? 0)
  }
  const page = async (condition: SQL | undefined, plan: SearchPlan | null) =>
    withVariants(
      db,
      await selectWithCategory(db)
        .where(condition)
        // Stable paging: the ranking, then in stock first, then newest first (ids are unique).
        .orderBy(...(plan ? [searchRank(plan), inStockFirst, desc(products.id)] : [desc(products.id)]))
        .limit(perPage)
        .offset((query.page - 1) * perPage),
    )
  /**
   * A search's page and total (decision 0140, amended): the ranking sorts every match anyway, so the total comes with
   * the ranked ids (count(*) over the matches) instead of a second scan of the texts, and the sort carries only ids and
   * ranks, not whole products (wide rows of every match spilled to disk at 100k); the page's products are read by id.
   * Only a page past the last (no row to carry the total) asks for the count on its own.
   */
  const searchPage = async (condition: SQL | undefined, plan: SearchPlan) => {
    const ranked = await rankedIds(db, condition, plan, perPage, (query.page - 1) * perPage)
    const total = ranked[0]?.total ?? (query.page > 1 ? await runCount(condition)() : 0)
    return [await byIds(db, ranked), total] as const
  }
  let condition = listCondition(query, staff, search)
  let [rows, total]: readonly [unknown[], number] = search
    ? await searchPage(condition, search)
    : await Promise.all([page(condition, search), countTotal(runCount(condition))])
  let didYouMeanNames: string[] | undefined
  if (total === 0 && parsed && search) {
    // Decision 0140: nothing matched; words one or two letters off the shop's names are corrected, then, if still
    // nothing, the closest names are offered.
    const corrected = await withTypos(db, search, parsed)
    if (corrected) {
      search = corrected
      condition = listCondition(query, staff, search)
      ;[rows, total] = await searchPage(condition, search)
    }
    if (total === 0) didYouMeanNames = await didYouMean(db, parsed, lang)
  }
  const offers = view.staff ? undefined : await promisedOffers(db)
  return {
    data: (rows as ProductWithCategory[]).map((r) => toProduct(r, view, lang, offers)),
    total,
    current_page: query.page,
    per_page: perPage,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    ...(didYouMeanNames ? { did_you_mean: didYouMeanNames } : {}),
  }
}

/**
 * GET /products/suggest (decision 0140): the first `limit` in-stock products of a public search, ranked as the list,
 * without the list's count (a suggestion needs no total); corrections and "did you mean" as the list has them.
 */
export async function suggestProducts(
  db: DbOrTx,
  q: string,
  lang: Language,
  limit = 6,
): Promise<{ products: Product[]; didYouMean: string[] }> {
  const parsed = parseSearch(q)
  if (parsed.words.length === 0) return { products: [], didYouMean: [] }
  const query: ProductListQuery = { search: q, page: 1, per_page: limit, active: 'true', in_stock: 'true' }
  const run = async (plan: SearchPlan) =>
    byIds(db, await rankedIds(db, listCondition(query, false, plan), plan, limit, 0, false))
  const plan = searchPlan(parsed)
  let rows = await run(plan)
  if (rows.length === 0) {
    const corrected = await withTypos(db, plan, parsed)
    if (corrected) rows = await run(corrected)
  }
  const offers = await promisedOffers(db)
  return {
    products: (rows as ProductWithCategory[]).map((r) => toProduct(r, SHOPPER_VIEW, lang, offers)),
    didYouMean: rows.length ? [] : await didYouMean(db, parsed, lang),
  }
}

async function findProduct(db: DbOrTx, id: number): Promise<ProductWithCategory | null> {
  const [row] = await selectWithCategory(db).where(eq(products.id, id)).limit(1)
  return row ? ((await withVariants(db, [row]))[0] ?? null) : null
}

/** Inactive or archived products exist only for staff; a shopper gets 404. */
export async function getProduct(db: DbOrTx, id: number, view: Viewer, lang: Language): Promise<Product> {
  const row = await findProduct(db, id)
  if (!row || (!view.staff && (!row.product.isActive || row.product.archivedAt))) throw notFound()
  return toProduct(row, view, lang, view.staff ? undefined : await promisedOffers(db))
}

/**
 * A product as the audit trail keeps it (decision 0192): the form's fields, its address and picture, and each pack
 * (a change of a second pack's price shows too).
 */
function productAudit(row: ProductWithCategory | null): Record<string, unknown> | null {
  if (!row) return null
  const { product, variants } = row
  return {
    ...toProductFields(product, variants),
    slug: product.slug,
    image_id: product.imageId,
    archived_at: product.archivedAt,
    packs: variants.map((v) =>
      auditFields(v, ['productId', 'archivedAt', 'position', 'searchText', 'translations']),
    ),
  }
}

async function editableProduct(db: DbOrTx, id: number) {
  const row = await findProduct(db, id)
  if (!row || row.product.archivedAt) throw notFound()
  return row
}

/**
 * Decision 0150: a multipart form sends `variants` as one field holding the JSON array; bad JSON is a 422 on it.
 */
function parsedFields(fields: Record<string, unknown>): Record<string, unknown> {
  if (typeof fields.variants !== 'string') return fields
  try {
    return { ...fields, variants: JSON.parse(fields.variants) as unknown }
  } catch {
    throw new AppError('VALIDATION_FAILED', 422, { fields: { variants: ['validation.invalid'] } })
  }
}

async function assertCategoryExists(db: DbOrTx, categoryId: number | null) {
  if (categoryId === null) return
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1)
  if (!row)
    throw new AppError('VALIDATION_FAILED', 422, {
      fields: { category_id: ['validation.category_not_found'] },
    })
}

/** A category deleted between our check and the write: same 422 as an unknown one, not a 500. */
function rethrowForeignKey(err: unknown): never {
  if (isForeignKeyViolation(err))
    throw new AppError('VALIDATION_FAILED', 422, {
      fields: { category_id: ['validation.category_not_found'] },
    })
  // Decision 0116: a SKU is one product's.
  if (isUniqueViolation(err, 'product_variants_sku_unique'))
    throw new AppError('VALIDATION_FAILED', 422, { fields: { sku: ['validation.sku_taken'] } })
  throw err
}

/** Two writers picking the same free address at once: the loser picks again. */
async function retryOnSlugRace<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write()
    } catch (err) {
      if (
        attempt >= 3 ||
        !(
          isUniqueViolation(err, 'products_slug_unique') ||
          isUniqueViolation(err, 'product_slug_redirects_pkey')
        )
      )
        throw err
    }
  }
}

const COST_FIELDS = {
  retail_buying_price: 'retailBuyingPrice',
  wholesale_buying_price: 'wholesaleBuyingPrice',
} as const

/**
 * Decision 0216: buying prices are written only by someone with costs.view; from anyone else they are left unread, so
 * a save keeps the stored ones (a new pack starts without). A pack sent without them keeps its stored ones too, as an
 * absent field of the product does.
 */
function withStoredCosts(
  fields: Record<string, unknown>,
  stored: SellableVariant[],
  costs: boolean,
): Record<string, unknown> {
  const out = { ...fields }
  if (!costs) for (const key of Object.keys(COST_FIELDS)) delete out[key]
  if (!Array.isArray(out.variants)) return out
  out.variants = (out.variants as unknown[]).map((v) => {
    if (typeof v !== 'object' || v === null) return v
    const pack: Record<string, unknown> = { ...v }
    const kept = stored.find((s) => pack.id !== undefined && s.id === Number(pack.id))
    for (const [key, column] of Object.entries(COST_FIELDS))
      if (!costs || pack[key] === undefined) pack[key] = kept ? kept[column] : null
    return pack
  })
  return out
}

/** POST /products: fields as ProductInput (JSON or multipart strings), optional image (checked by content). */
export async function createProduct(
  db: DbOrTx,
  actor: Actor,
  fields: Record<string, unknown>,
  lang: Language,
  image?: Buffer,
): Promise<Product> {
  const input = parseOrThrow(ProductInput, withStoredCosts(parsedFields(fields), [], seesCosts(actor)))
  await assertCategoryExists(db, input.category_id)
  const imageId = image ? await storeImage(db, image) : null
  const id = await retryOnSlugRace(() =>
    db.transaction(async (tx) => {
      const slug = await freeProductSlug(tx, slugSource(input))
      const [row] = await tx
        .insert(products)
        .values({ ...productColumns(input), slug, imageId })
        .returning({ id: products.id })
        .catch(rethrowForeignKey)
      await writeVariants(tx, row!.id, input, [], actor, lang).catch(rethrowForeignKey)
      await recordAudit(tx, actor, {
        action: 'product.created',
        entity: 'product',
        entityId: row!.id,
        after: productAudit(await findProduct(tx, row!.id)),
      })
      return row!.id
    }),
  )
  return toProduct((await findProduct(db, id))!, actorView(actor), lang)
}

/**
 * Decision 0218: a stock left out of a PUT is the stock as it is when the write happens, not as it was read before
 * it: the default pack's (no `variants`) or a stored pack's stock left out is sent on as "based on what is stored",
 * which the inventory module leaves alone.
 */
function keepStockLeftOut(
  given: Record<string, unknown>,
  stored: SellableVariant[],
): Record<string, unknown> {
  if (given.variants === undefined) {
    const pack = defaultVariant(stored)
    return given.stock === undefined && pack
      ? { ...given, stock: pack.stock, stock_based_on: pack.stock }
      : given
  }
  if (!Array.isArray(given.variants)) return given
  const variants = given.variants.map((v: unknown) => {
    if (typeof v !== 'object' || v === null) return v
    const entry = v as Record<string, unknown>
    const pack = stored.find((p) => p.id === entry.id)
    return pack && (entry.stock === undefined || entry.stock === null)
      ? { ...entry, stock: pack.stock, stock_based_on: pack.stock }
      : entry
  })
  return { ...given, variants }
}

/** PUT /products/:id: absent fields keep their stored value, so a partial form never resets stock or prices. */
export async function updateProduct(
  db: DbOrTx,
  actor: Actor,
  id: number,
  fields: Record<string, unknown>,
  lang: Language,
  image?: Buffer,
): Promise<Product> {
  const stored = await editableProduct(db, id)
  const { product: current, variants } = stored
  const given = withStoredCosts(
    keepStockLeftOut(
      Object.fromEntries(Object.entries(parsedFields(fields)).filter(([, v]) => v !== undefined)),
      variants,
    ),
    variants,
    seesCosts(actor),
  )
  const input = parseOrThrow(
    ProductInput,
    overStored(toProductFields(current, variants), given, PRODUCT_TEXT_FIELDS),
  )
  await assertCategoryExists(db, input.category_id)
  const imageId = image ? await storeImage(db, image) : current.imageId
  await retryOnSlugRace(() =>
    db.transaction(async (tx) => {
      // A new name is a new address; the old one keeps answering with a redirect (decision 0034).
      const source = slugSource(input)
      const slug =
        source === slugSource(storedSlugSource(current))
          ? current.slug
          : await freeProductSlug(tx, source, id)
      await tx
        .update(products)
        .set({ ...productColumns(input), slug, imageId, updatedAt: new Date() })
        .where(eq(products.id, id))
        .catch(rethrowForeignKey)
      await writeVariants(tx, id, input, variants, actor, lang).catch(rethrowForeignKey)
      await moveProductSlug(tx, id, current.slug, slug)
      await recordAudit(tx, actor, {
        action: 'product.updated',
        entity: 'product',
        entityId: id,
        before: productAudit(stored),
        after: productAudit(await findProduct(tx, id)),
      })
    }),
  )
  return toProduct((await findProduct(db, id))!, actorView(actor), lang)
}

export async function setProductStatus(
  db: DbOrTx,
  actor: Actor,
  id: number,
  isActive: boolean,
  lang: Language,
): Promise<Product> {
  const { product } = await editableProduct(db, id)
  await db.transaction(async (tx) => {
    await tx.update(products).set({ isActive, updatedAt: new Date() }).where(eq(products.id, id))
    await recordAudit(tx, actor, {
      action: 'product.status_changed',
      entity: 'product',
      entityId: id,
      before: { is_active: product.isActive },
      after: { is_active: isActive },
    })
  })
  return toProduct((await findProduct(db, id))!, actorView(actor), lang)
}

/**
 * product.md §10.4: the admin sets the real quantity, of the default pack (decision 0150: the spec's `stock` is the
 * default pack's), or of the pack `variantId` names. The ledger records the difference as a count correction (also
 * the batch "mark in / out of stock", which sets 1 or 0 through here). With `basedOn` the count is set only if the
 * stock is still that figure (decision 0218: 409 STOCK_CHANGED otherwise).
 */
export async function setProductStock(
  db: DbOrTx,
  actor: Actor,
  id: number,
  stock: number,
  lang: Language,
  variantId?: number,
  basedOn?: number,
): Promise<Product> {
  const { product, variants } = await editableProduct(db, id)
  const pack = packNamed(variants, variantId)
  if (!pack) throw notFound()
  const label = translatedText(pack.label, pack.translations, 'label', lang)
  const name = productText(product, 'name', lang) ?? product.name
  await db.transaction(async (tx) => {
    const written = await setStockCount(
      tx,
      { productId: id, variantId: pack.id, name: label ? `${name} – ${label}` : name },
      stock,
      basedOn,
      { actor, reason: 'count_correction' },
    )
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id))
    await recordAudit(tx, actor, {
      action: 'product.stock_set',
      entity: 'product',
      entityId: id,
      // Decision 0230: the pack only after, so the row keeps which pack (an unchanged field is dropped).
      before: { stock: written.before },
      after: { variant_id: pack.id, stock },
    })
  })
  return toProduct((await findProduct(db, id))!, actorView(actor), lang)
}

/**
 * DELETE /products/:id. A product that appears in orders is archived (hidden everywhere, inactive) so
 * order history keeps it; otherwise it is erased. The row lock makes a concurrent checkout wait.
 */
export async function deleteProduct(db: DbOrTx, actor: Actor, id: number): Promise<'deleted' | 'archived'> {
  return db.transaction(async (tx) => {
    const before = productAudit(await findProduct(tx, id))
    const audit = (action: string) =>
      recordAudit(tx, actor, { action, entity: 'product', entityId: id, before, after: null })
    const [locked] = await tx
      .select({ id: products.id, archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
    if (!locked || locked.archivedAt) throw notFound()
    // A checkout taking this product's stock now finishes first (its packs' rows are locked by its updates).
    await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .for('update')
    const [used] = await tx
      .select({ one: sql<number>`1` })
      .from(orderItems)
      .where(eq(orderItems.productId, id))
      .limit(1)
    if (used) {
      const now = new Date()
      await tx
        .update(products)
        .set({ archivedAt: now, isActive: false, updatedAt: now })
        .where(eq(products.id, id))
      // Its packs leave with it: their SKUs are free again (decision 0116).
      await tx
        .update(productVariants)
        .set({ archivedAt: now, updatedAt: now })
        .where(eq(productVariants.productId, id))
      await audit('product.archived')
      return 'archived'
    }
    await tx.delete(products).where(eq(products.id, id))
    await audit('product.deleted')
    return 'deleted'
  })
}
