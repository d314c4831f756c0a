import { inArray, isNull, sql } from 'drizzle-orm'
import {
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_REQUIRED,
  ProductImportRow,
  type ImportResult,
  type ImportResultItem,
} from '@shop/shared/schemas/imports'
import { PRODUCT_TEXT_FIELDS } from '@shop/shared/schemas/product'
import { overStored } from '@shop/shared/schemas/translatable'
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import {
  categories,
  productSlugRedirects,
  products,
  productVariants,
  variantPriceTiers,
} from '../../db/schema/catalog.ts'
import { defaultVariant, loadVariantsOf } from '../../domain/sellable.ts'
import { specTiers } from '../../domain/variant-writes.ts'
import type { ProductInput } from '@shop/shared/schemas/product'
import { AppError } from '../../lib/app-error.ts'
import { storeImage } from '../../domain/images.ts'
import { productColumns, toProductFields } from '../../domain/product-view.ts'
import { slugSource, storedSlugSource } from '../../domain/product-slug.ts'
import { firstFreeSlug, slugify } from '../../domain/slug.ts'
import {
  assertColumns,
  parseCsv,
  toCsvFile,
  yieldingEvery,
  importProgress,
  nextTurn,
  oneAtATime,
  type CsvTable,
} from './csv.ts'
import {
  describeRowErrors,
  givenCells,
  normaliseBoolean,
  zodRowError,
  type RowError,
  type Translate,
} from './row-errors.ts'
import {
  fetchImage,
  IMAGE_FETCH_CONCURRENCY,
  ImageFetchError,
  parseImageUrl,
  type ImageFetchFailure,
} from './image-fetch.ts'

/** A product as the import sees it: stored (id) or created by an earlier row of the file (id null). */
interface Entry {
  id: number | null
  fields: Record<string, unknown>
  values: ProductValues | null
  /** A stored product's address and what it was made from before this import (decision 0034: a new name, a new address). */
  stored?: { slug: string; source: string }
  /** The address written with `values`. */
  slug?: string
  /** A row gave a stock for it (an empty cell keeps the stock of the moment of the write). */
  stockGiven?: boolean
  /** The picture an `image_url` cell gave (decision 0118); undefined keeps the stored one. */
  imageId?: string
  /** Decision 0150: a row of today's format is the product's default pack; its id (null for a new product). */
  packId?: number | null
  /** The default pack's figures and breaks from the row. */
  pack?: PackValues
  /** The stored default pack's breaks (those above the row's wholesale pair stay). */
  storedTiers?: { minQuantity: number; price: number }[]
}

interface PackValues {
  sku: string | null
  retailPrice: number
  retailBuyingPrice: number | null
  wholesaleBuyingPrice: number | null
  stock: number
  isAlwaysInStock: boolean
  tiers: { min_quantity: number; price: number }[]
}

const packValues = (input: ProductInput, storedTiers: Entry['storedTiers']): PackValues => ({
  sku: input.sku,
  retailPrice: input.price as number,
  retailBuyingPrice: input.retail_buying_price,
  wholesaleBuyingPrice: input.wholesale_buying_price,
  stock: input.stock,
  isAlwaysInStock: input.is_always_in_stock,
  tiers: specTiers(input, storedTiers ?? []),
})

/** What each distinct `image_url` of the file gave: a stored image's id or why not (decision 0118). */
type ImageOutcomes = Map<string, { imageId: string } | { failure: ImageFetchFailure }>

export interface ProductsImportOptions {
  /** IMPORT_IMAGE_PRIVATE_HOSTS=allow */
  allowPrivateImageHosts?: boolean
}

type ImportItem = Omit<ImportResultItem, 'id'> & { id: number | null; entry?: Entry }

type ProductValues = ReturnType<typeof productColumns>

/**
 * Products by lower-cased Arabic name (the `name` column); more than one entry under a name makes a name-only row
 * ambiguous.
 */
class NameIndex {
  private readonly map = new Map<string, Entry[]>()
  get(name: string): Entry[] {
    return this.map.get(name.toLowerCase()) ?? []
  }
  add(entry: Entry) {
    const key = String(entry.fields.name_ar).toLowerCase()
    this.map.set(key, [...(this.map.get(key) ?? []), entry])
  }
  remove(entry: Entry) {
    const key = String(entry.fields.name_ar).toLowerCase()
    const rest = (this.map.get(key) ?? []).filter((e) => e !== entry)
    if (rest.length > 0) this.map.set(key, rest)
    else this.map.delete(key)
  }
}

function* chunks<T>(items: T[], size: number) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size)
}

/** One UPDATE … FROM (VALUES …) for a batch of stored products. */
function updateStatement(batch: Entry[]) {
  const rows = batch.map(({ id, values: v, slug, imageId }) => {
    const x = v!
    return sql`(${id}::int, ${imageId ?? null}::text, ${x.name}::text, ${slug}::text, ${x.description}::text, ${x.categoryId}::int,
      ${x.isActive}::boolean, ${JSON.stringify(x.attributes)}::jsonb, ${JSON.stringify(x.translations)}::jsonb)`
  })
  return sql`UPDATE ${products} AS p SET image_id = COALESCE(v.image_id, p.image_id), name = v.name, slug = v.slug, description = v.description, category_id = v.category_id,
      is_active = v.is_active, attributes = v.attributes, translations = v.translations, updated_at = now()
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, image_id, name, slug, description, category_id, is_active, attributes, translations)
    WHERE p.id = v.id`
}

/** One UPDATE … FROM (VALUES …) for the default packs of a batch of stored products (decision 0150). */
function updatePacksStatement(batch: Entry[]) {
  const rows = batch.map(({ packId, pack, stockGiven }) => {
    const x = pack!
    return sql`(${packId}::int, ${x.sku}::text, ${x.retailPrice}::numeric, ${x.retailBuyingPrice}::numeric, ${x.wholesaleBuyingPrice}::numeric,
      ${x.stock}::int, ${stockGiven === true}::boolean, ${x.isAlwaysInStock}::boolean)`
  })
  return sql`UPDATE ${productVariants} AS pv SET sku = v.sku, retail_price = v.retail_price, retail_buying_price = v.retail_buying_price,
      wholesale_buying_price = v.wholesale_buying_price, stock = CASE WHEN v.stock_given THEN v.stock ELSE pv.stock END,
      is_always_in_stock = v.is_always_in_stock, updated_at = now()
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, sku, retail_price, retail_buying_price, wholesale_buying_price, stock, stock_given, is_always_in_stock)
    WHERE pv.id = v.id`
}

/** The breaks of the batch's packs, rewritten (the pack ids must be known). */
async function writeTiers(tx: Tx, batch: Entry[]) {
  const ids = batch.flatMap((e) => (e.packId ? [e.packId] : []))
  if (ids.length === 0) return
  await tx.delete(variantPriceTiers).where(inArray(variantPriceTiers.variantId, ids))
  const tiers = batch.flatMap((e) =>
    e.packId
      ? e.pack!.tiers.map((t) => ({ variantId: e.packId!, minQuantity: t.min_quantity, price: t.price }))
      : [],
  )
  if (tiers.length) await tx.insert(variantPriceTiers).values(tiers)
}

/**
 * Sample file of GET /products/import/sample: the columns the import reads (PRODUCT_IMPORT_COLUMNS order), with
 * example rows in Arabic and English (decision 0060: the English columns are optional; the last row leaves them empty).
 * The `image_url` column is empty in the sample (decision 0118): an address of a picture that does not exist would make
 * the sample's rows errors.
 */
export function productsSampleCsv(): Buffer {
  return toCsvFile(PRODUCT_IMPORT_COLUMNS, [
    [
      '',
      'DATES-DN-1KG',
      'تمر دقلة نور',
      'Deglet Nour Dates',
      'تمر ليبي فاخر من واحات الجفرة',
      'Premium Libyan dates from the oases of Al Jufrah',
      'تمور',
      '25.00',
      '20.00',
      '10',
      '15.00',
      '12.00',
      '100',
      'true',
      'false',
      '1 كغ',
      '1 kg',
      'الجفرة',
      'Al Jufrah',
      '',
    ],
    [
      '',
      'HONEY-SIDR-500',
      'عسل السدر',
      'Sidr Honey',
      'عسل سدر طبيعي من الجبل الأخضر',
      'Natural sidr honey from the Green Mountain',
      'عسل',
      '120.50',
      '',
      '',
      '80.00',
      '',
      '30',
      'true',
      'false',
      '500 غ',
      '500 g',
      'الجبل الأخضر',
      'Green Mountain',
      '',
    ],
    [
      '',
      '',
      'فسيلة نخيل برني',
      '',
      'فسيلة نخيل جاهزة للزراعة',
      '',
      'فسائل',
      '150',
      '130',
      '5',
      '',
      '',
      '0',
      'true',
      'true',
      '',
      '',
      'هون',
      '',
      '',
    ],
  ])
}

interface Plan {
  errors: RowError[]
  /** What each written row did, in file order; ids of new products are filled in after their insert. */
  items: ImportItem[]
  fresh: Entry[]
  changed: Entry[]
  redirects: { slug: string; productId: number }[]
  /** What the plan was made from (decision 0115): when it changed before the write, the plan is made again. */
  fingerprint: string
}

/**
 * Products, categories and old addresses as the plan read them: a product, category or address added, removed, renamed
 * or edited since (every edit sets updated_at) changes this text.
 */
async function catalogFingerprint(q: DbOrTx): Promise<string> {
  const [row] = rowsOf<{ f: string }>(
    await q.execute(sql`SELECT concat_ws('|',
      (SELECT concat_ws(':', count(*), max(id), max(updated_at)) FROM ${products}),
      (SELECT concat_ws(':', count(*), max(id), max(updated_at)) FROM ${productVariants}),
      (SELECT concat_ws(':', count(*), max(id), max(updated_at)) FROM ${categories}),
      (SELECT count(*) FROM ${productSlugRedirects})) AS f`),
  )
  return row!.f
}

/**
 * The work of an import that needs no lock: every row read, matched and checked against the catalogue as it is now,
 * yielding to other requests every few rows (decision 0115).
 */
async function planImport(q: DbOrTx, table: CsvTable, t: Translate, images: ImageOutcomes): Promise<Plan> {
  const fingerprint = await catalogFingerprint(q)
  const categoryIds = new Map<string, number>()
  for (const c of await q.select({ id: categories.id, name: categories.name }).from(categories)) {
    categoryIds.set(c.name.trim().toLowerCase(), c.id)
  }
  const byId = new Map<number, Entry>()
  const byName = new NameIndex()
  const bySku = new Map<string, Entry>()
  const storedProducts = await q
    .select()
    .from(products)
    .where(isNull(products.archivedAt))
    .orderBy(products.id)
  const packs = await loadVariantsOf(
    q,
    storedProducts.map((p) => p.id),
  )
  for (const p of storedProducts) {
    const variants = packs.get(p.id) ?? []
    const pack = defaultVariant(variants)
    const entry: Entry = {
      id: p.id,
      fields: toProductFields(p, variants),
      values: null,
      stored: { slug: p.slug, source: slugSource(storedSlugSource(p)) },
      packId: pack?.id ?? null,
      storedTiers: pack?.tiers ?? [],
    }
    byId.set(p.id, entry)
    byName.add(entry)
    // Decision 0116: any of the product's pack codes finds it (a row of today's format writes its default pack).
    for (const v of variants) if (v.sku) bySku.set(v.sku.toLowerCase(), entry)
  }
  const fresh: Entry[] = []
  const errors: RowError[] = []
  const items: ImportItem[] = []

  for await (const { row, cells } of yieldingEvery(table.rows)) {
    const given = givenCells(cells, PRODUCT_IMPORT_COLUMNS)
    const fieldErrors: Record<string, string[]> = {}
    let target: Entry | undefined
    let matchedBy: ImportItem['matched_by'] = null
    if (given.id !== undefined) {
      if (!/^\d{1,9}$/.test(given.id)) fieldErrors.id = ['validation.id_invalid']
      else target = byId.get(Number(given.id))
      if (target) matchedBy = 'id'
    }
    const givenSku = given.sku?.toLowerCase()
    // Decision 0116: by id, else by SKU, else by name (a product with another SKU is another product).
    if (!target && !fieldErrors.id && givenSku) {
      target = bySku.get(givenSku)
      if (target) matchedBy = 'sku'
    }
    if (!target && given.name && !fieldErrors.id) {
      const matches = byName.get(given.name).filter((e) => {
        const stored = e.fields.sku
        return !stored || !givenSku || String(stored).toLowerCase() === givenSku
      })
      if (matches.length > 1) fieldErrors.name = ['validation.name_ambiguous']
      else target = matches[0]
      if (target) matchedBy = 'name'
    }
    if (givenSku) {
      const holder = bySku.get(givenSku)
      if (holder && holder !== target) fieldErrors.sku = ['validation.sku_taken']
    }
    let categoryId: number | null | undefined
    if (given.category !== undefined) {
      categoryId = categoryIds.get(given.category.toLowerCase()) ?? null
      if (categoryId === null) fieldErrors.category = ['validation.category_not_found']
    }
    // Decision 0118: a picture that could not be fetched makes the row an error; the row is not written.
    let imageId: string | undefined
    if (given.image_url !== undefined) {
      const outcome = images.get(given.image_url)
      if (!outcome) fieldErrors.image_url = ['validation.image_url_invalid']
      else if ('failure' in outcome) fieldErrors.image_url = [`validation.${outcome.failure}`]
      else imageId = outcome.imageId
    }
    if (Object.keys(fieldErrors).length > 0) {
      errors.push({ row, error: describeRowErrors(fieldErrors, t) })
      continue
    }
    const { id: _id, category: _category, image_url: _imageUrl, ...fields } = given
    // `name`, `description`, `weight`, `origin` are the Arabic texts; an empty cell keeps the stored one (decision 0060).
    const raw: Record<string, unknown> = {
      ...overStored(target?.fields ?? {}, fields, PRODUCT_TEXT_FIELDS),
      ...(categoryId !== undefined ? { category_id: categoryId } : {}),
    }
    for (const key of ['is_active', 'is_always_in_stock'] as const) {
      if (typeof raw[key] === 'string') raw[key] = normaliseBoolean(raw[key])
    }
    const parsed = ProductImportRow.safeParse(raw)
    if (!parsed.success) {
      errors.push({ row, error: zodRowError(parsed.error, t) })
      continue
    }
    if (target) {
      byName.remove(target)
      if (target.fields.sku && bySku.get(String(target.fields.sku).toLowerCase()) === target)
        bySku.delete(String(target.fields.sku).toLowerCase())
    } else {
      target = { id: null, fields: {}, values: null }
      fresh.push(target)
    }
    // A stock cell left empty keeps the stock the product has when the import writes, not when it was read.
    if (given.stock !== undefined) target.stockGiven = true
    if (imageId !== undefined) target.imageId = imageId
    target.fields = parsed.data
    target.values = productColumns(parsed.data)
    target.pack = packValues(parsed.data, target.storedTiers)
    byName.add(target)
    if (parsed.data.sku) bySku.set(parsed.data.sku.toLowerCase(), target)
    const item: ImportItem = {
      row,
      action: matchedBy ? 'updated' : 'created',
      id: target.id,
      name: parsed.data.name_ar,
      matched_by: matchedBy,
      entry: target,
    }
    items.push(item)
  }

  // Addresses (decision 0034): a new product gets a free one; a renamed one a new one, its old kept as a redirect.
  const taken = new Set<string>()
  for (const r of await q.select({ slug: products.slug }).from(products)) taken.add(r.slug)
  for (const r of await q.select({ slug: productSlugRedirects.slug }).from(productSlugRedirects))
    taken.add(r.slug)
  const changed = [...byId.values()].filter((e) => e.values)
  const redirects: { slug: string; productId: number }[] = []
  for (const entry of changed) {
    const { stored } = entry
    const source = slugSource(storedSlugSource(entry.values!))
    if (!stored || source === stored.source) {
      entry.slug = stored?.slug
      continue
    }
    taken.delete(stored.slug)
    entry.slug = firstFreeSlug(slugify(source, 'product'), taken)
    taken.add(entry.slug).add(stored.slug)
    if (entry.slug !== stored.slug) redirects.push({ slug: stored.slug, productId: entry.id! })
  }
  for (const entry of fresh) {
    entry.slug = firstFreeSlug(slugify(slugSource(storedSlugSource(entry.values!)), 'product'), taken)
    taken.add(entry.slug)
  }
  return { errors, items, fresh, changed, redirects, fingerprint }
}

/** Rows written per transaction (decision 0115): on the embedded database a transaction holds every other query. */
const WRITE_BATCH = 100

interface WriteBatch {
  entries: Entry[]
  write(tx: Tx): Promise<void>
}

function writeBatches(plan: Plan): WriteBatch[] {
  const batches: WriteBatch[] = []
  for (const batch of chunks(plan.fresh, WRITE_BATCH)) {
    batches.push({
      entries: batch,
      async write(tx) {
        const inserted = await tx
          .insert(products)
          .values(batch.map((e) => ({ ...e.values!, slug: e.slug!, imageId: e.imageId ?? null })))
          .returning({ id: products.id, slug: products.slug })
        const ids = new Map(inserted.map((r) => [r.slug, r.id]))
        for (const e of batch) e.id = ids.get(e.slug!) ?? null
        // Each new product's one pack (decision 0150).
        const packRows = await tx
          .insert(productVariants)
          .values(
            batch.map((e) => {
              const { tiers: _tiers, ...pack } = e.pack!
              return { ...pack, productId: e.id! }
            }),
          )
          .returning({ id: productVariants.id, productId: productVariants.productId })
        const packIds = new Map(packRows.map((r) => [r.productId, r.id]))
        for (const e of batch) e.packId = packIds.get(e.id!) ?? null
        await writeTiers(tx, batch)
      },
    })
  }
  for (const batch of chunks(plan.changed, WRITE_BATCH)) {
    const ids = new Set(batch.map((e) => e.id))
    const redirects = plan.redirects.filter((r) => ids.has(r.productId))
    batches.push({
      entries: batch,
      async write(tx) {
        await tx.execute(updateStatement(batch))
        const withPack = batch.filter((e) => e.packId)
        if (withPack.length > 0) await tx.execute(updatePacksStatement(withPack))
        await writeTiers(tx, withPack)
        if (redirects.length > 0)
          await tx.insert(productSlugRedirects).values(redirects).onConflictDoNothing()
      },
    })
  }
  return batches
}

/**
 * product.md §10.6: products matched by `id`, else by name (case-insensitive); categories by name.
 * A name shared by several products matches none: that row is an error (the id column picks one; decision 0024).
 * Bad rows are reported with their row number.
 *
 * Decision 0115: the file is read and checked outside any transaction, a few rows at a time, then written in
 * transactions of 100 rows with a turn of the event loop between them, so that checkouts and the health check pass
 * (on the embedded database a transaction holds every other query until it ends). Imports of one shop run one at a
 * time; each batch checks that the catalogue is still the one the rows were checked against. When it changed before
 * the first write (another process's import, a staff edit), the file is checked again; when it changed after, the
 * rows not yet written are reported as not imported (importing the file again is safe: rows match by id or name).
 */
export function importProducts(
  db: Db,
  text: string,
  t: Translate,
  options: ProductsImportOptions = {},
): Promise<ImportResult> {
  return oneAtATime(db, 'products', () => runProductsImport(db, text, t, options))
}

/**
 * Decision 0118: every distinct `image_url` of the file fetched (a few at a time, outside any transaction) and put
 * through the upload's image pipeline before the rows are checked, so a row whose picture failed is a row error.
 */
async function fetchImages(db: Db, table: CsvTable, options: ProductsImportOptions): Promise<ImageOutcomes> {
  const outcomes: ImageOutcomes = new Map()
  const urls = new Set<string>()
  for (const { cells } of table.rows) if (cells.image_url) urls.add(cells.image_url)
  const queue = [...urls]
  const worker = async () => {
    for (let value = queue.shift(); value !== undefined; value = queue.shift()) {
      const url = parseImageUrl(value)
      if (!url) {
        outcomes.set(value, { failure: 'image_url_invalid' })
        continue
      }
      try {
        const body = await fetchImage(url, { allowPrivate: options.allowPrivateImageHosts })
        outcomes.set(value, { imageId: await storeImage(db, body) })
      } catch (err) {
        if (err instanceof ImageFetchError) outcomes.set(value, { failure: err.reason })
        else if (err instanceof AppError && err.status === 413)
          outcomes.set(value, { failure: 'image_url_too_big' })
        else if (err instanceof AppError && err.status === 415)
          outcomes.set(value, { failure: 'image_url_not_image' })
        else throw err
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(IMAGE_FETCH_CONCURRENCY, queue.length) }, worker))
  return outcomes
}

async function runProductsImport(
  db: Db,
  text: string,
  t: Translate,
  options: ProductsImportOptions,
): Promise<ImportResult> {
  const table = await parseCsv(text)
  assertColumns(table, PRODUCT_IMPORT_REQUIRED, t('errors.IMPORT_HELP'))
  if (table.rows.length === 0) throw new AppError('CSV_EMPTY', 422)
  importProgress.publish({ kind: 'products', phase: 'parsed' })
  const images = await fetchImages(db, table, options)

  let plan = await planImport(db, table, t, images)
  importProgress.publish({ kind: 'products', phase: 'planned' })
  let batches = writeBatches(plan)
  let seen = plan.fingerprint
  let replans = 0
  const written = new Set<Entry>()
  let interrupted = false
  importProgress.publish({ kind: 'products', phase: 'writing' })
  for (let i = 0; i < batches.length;) {
    const batch = batches[i]!
    let outcome: 'written' | 'changed'
    try {
      outcome = await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('import:products'))`)
        if ((await catalogFingerprint(tx)) !== seen) return 'changed'
        await batch.write(tx)
        seen = await catalogFingerprint(tx)
        return 'written'
      })
    } catch (err) {
      // A product saved from the dashboard took an address or code at that very moment: as if the catalogue changed.
      if (!isUniqueViolation(err)) throw err
      outcome = 'changed'
    }
    if (outcome === 'changed') {
      if (written.size === 0 && replans < 3) {
        replans++
        plan = await planImport(db, table, t, images)
        batches = writeBatches(plan)
        seen = plan.fingerprint
        i = 0
        continue
      }
      if (written.size === 0) throw new AppError('CONFLICT', 409)
      interrupted = true
      break
    }
    for (const e of batch.entries) written.add(e)
    i++
    if (i < batches.length) await nextTurn()
  }
  importProgress.publish({ kind: 'products', phase: 'written' })

  const errors = [...plan.errors]
  const items: ImportResultItem[] = []
  for (const { entry, ...item } of plan.items) {
    if (entry && written.has(entry)) items.push({ ...item, id: entry.id! })
    else errors.push({ row: item.row, error: t('errors.IMPORT_INTERRUPTED') })
  }
  if (interrupted) errors.sort((a, b) => a.row - b.row)
  const created = items.filter((i) => i.action === 'created').length
  const updated = items.length - created
  return {
    message: t('errors.IMPORT_DONE', { created, updated, errors: errors.length }),
    summary: { created, updated, errors, items },
  }
}
