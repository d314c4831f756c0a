import { inArray, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { buildTranslations } from '@shop/shared/i18n/content'
import {
  ImportSizeRow,
  parseTierList,
  PRODUCT_COST_COLUMNS,
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_REQUIRED,
  PRODUCT_IMPORT_SIZE_COLUMNS,
  ProductImportRow,
  type ImportResult,
  type ImportResultItem,
} from '@shop/shared/schemas/imports'
import { checkTiers, PRODUCT_TEXT_FIELDS } from '@shop/shared/schemas/product'
import { overStored } from '@shop/shared/schemas/translatable'
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import {
  categories,
  productSlugRedirects,
  products,
  productVariants,
  variantPriceTiers,
  type VariantText,
} from '../../db/schema/catalog.ts'
import { loadVariantsOf, type SellableVariant } from '../../domain/sellable.ts'
import { specTiers } from '../../domain/variant-writes.ts'
import type { Actor } from '../../domain/actor.ts'
import { seesCosts } from '../../domain/viewer.ts'
import { insertPacks, setStockCounts } from '../../domain/stock.ts'
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
} from '../../lib/csv.ts'
import {
  describeRowErrors,
  givenCells,
  normaliseBoolean,
  zodColumnErrors,
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
  /** The product's own fields (names, texts, category, active flag) as stored or as the last row gave them. */
  fields: Record<string, unknown>
  values: ProductValues | null
  /** A stored product's address and what it was made from before this import (decision 0034: a new name, a new address). */
  stored?: { slug: string; source: string }
  /** The address written with `values`. */
  slug?: string
  /** The picture an `image_url` cell gave (decision 0118); undefined keeps the stored one. */
  imageId?: string
  /** Decision 0158: the product's packs (sizes), stored ones and those rows of the file added, in the shop's order. */
  packs: PackEntry[]
}

/** A pack (size) of a product as the import sees it (decision 0158): stored (id) or added by a row (id null). */
interface PackEntry {
  id: number | null
  position: number
  /** The pack's figures as the spec's product fields (sku, price, wholesale pair…): what an empty cell keeps. */
  fields: Record<string, unknown>
  /** The size columns as stored or as the last row gave them. */
  size: SizeFields
  /** The pack's breaks as stored or last written (those above the row's wholesale pair stay when `more_tiers` is empty). */
  tiers: { minQuantity: number; price: number }[]
  /** What a row of the file writes; undefined leaves the pack as it is. */
  values?: PackValues
  /** A row gave a stock for it (an empty cell keeps the stock of the moment of the write). */
  stockGiven?: boolean
}

interface SizeFields {
  label_ar: string
  label_en: string
  weight_grams: number | null
  volume_ml: number | null
  is_active: boolean
}

interface PackValues {
  sku: string | null
  retailPrice: number
  retailBuyingPrice: number | null
  wholesaleBuyingPrice: number | null
  stock: number
  isAlwaysInStock: boolean
  isActive: boolean
  label: string
  translations: ReturnType<typeof buildTranslations<VariantText>>
  weightGrams: number | null
  volumeMl: number | null
  tiers: { min_quantity: number; price: number }[]
}

/** The spec's product fields that are the pack's (decision 0150): a row's base for them is its pack's, not the product's. */
const PACK_FIELDS = [
  'sku',
  'price',
  'wholesale_price',
  'wholesale_threshold',
  'retail_buying_price',
  'wholesale_buying_price',
  'stock',
  'is_always_in_stock',
] as const

const pick = (fields: Record<string, unknown>, keep: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(fields).filter(([key]) => keep(key)))
const isPackField = (key: string) => (PACK_FIELDS as readonly string[]).includes(key)
const productPart = (fields: Record<string, unknown>) => pick(fields, (key) => !isPackField(key))
const packPart = (fields: Record<string, unknown>) => pick(fields, isPackField)

/** A stored pack as the spec's fields and size columns. */
function storedPack(v: SellableVariant): PackEntry {
  const first = v.tiers[0]
  return {
    id: v.id,
    position: v.position,
    fields: {
      sku: v.sku,
      price: v.retailPrice,
      wholesale_price: first?.price ?? null,
      wholesale_threshold: first?.minQuantity ?? null,
      retail_buying_price: v.retailBuyingPrice,
      wholesale_buying_price: v.wholesaleBuyingPrice,
      stock: v.stock,
      is_always_in_stock: v.isAlwaysInStock,
    },
    size: {
      label_ar: v.label,
      label_en: v.translations?.en?.label ?? '',
      weight_grams: v.weightGrams,
      volume_ml: v.volumeMl,
      is_active: v.isActive,
    },
    tiers: v.tiers,
  }
}

/** The default pack as the plan stands (decision 0150: the first active one by position, then id). */
function defaultPackOf(entry: Entry): PackEntry | undefined {
  const sorted = [...entry.packs].sort(
    (a, b) => a.position - b.position || (a.id ?? Infinity) - (b.id ?? Infinity),
  )
  return sorted.find((p) => p.size.is_active) ?? sorted[0]
}

/** Decision 0158: the export writes a text that a spreadsheet would run as a formula with a leading apostrophe; an
 * import takes it off again, as a spreadsheet does when it saves the cell. */
const unquoteFormula = (value: string) => (/^'[=+\-@]/.test(value) ? value.slice(1) : value)

/** The breaks of a pack in the order given, checked with the product form's rule (decision 0150). */
const TierCheck = z
  .custom<{ price: number; tiers: { min_quantity: number; price: number }[] }>()
  .superRefine((v, ctx) => checkTiers(v, ctx))

/** What each distinct `image_url` of the file gave: a stored image's id or why not (decision 0118). */
type ImageOutcomes = Map<string, { imageId: string } | { failure: ImageFetchFailure }>

export interface ProductsImportOptions {
  /** IMPORT_IMAGE_PRIVATE_HOSTS=allow */
  allowPrivateImageHosts?: boolean
}

type ImportItem = Omit<ImportResultItem, 'id'> & { id: number | null; entry?: Entry }

type ProductValues = ReturnType<typeof productColumns>

/** The size columns of a pack that a row without size columns creates (the defaults of ImportSizeRow). */
const UNNAMED_SIZE: SizeFields = {
  label_ar: '',
  label_en: '',
  weight_grams: null,
  volume_ml: null,
  is_active: true,
}

/** Size columns by their schema field (decision 0158). */
const SIZE_COLUMN_OF: Record<string, string> = {
  label_ar: 'size',
  label: 'size',
  label_en: 'size_en',
  is_active: 'size_active',
}

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

/**
 * One UPDATE … FROM (VALUES …) for the stored packs a batch's rows wrote (decision 0158); their stock is the inventory
 * module's (packCounts).
 */
function updatePacksStatement(packs: PackEntry[]) {
  const rows = packs.map(({ id, values }) => {
    const x = values!
    return sql`(${id}::int, ${x.sku}::text, ${x.retailPrice}::numeric, ${x.retailBuyingPrice}::numeric, ${x.wholesaleBuyingPrice}::numeric,
      ${x.isAlwaysInStock}::boolean, ${x.isActive}::boolean, ${x.label}::text,
      ${JSON.stringify(x.translations)}::jsonb, ${x.weightGrams}::int, ${x.volumeMl}::int)`
  })
  return sql`UPDATE ${productVariants} AS pv SET sku = v.sku, retail_price = v.retail_price, retail_buying_price = v.retail_buying_price,
      wholesale_buying_price = v.wholesale_buying_price,
      is_always_in_stock = v.is_always_in_stock, is_active = v.is_active, label = v.label, translations = v.translations,
      weight_grams = v.weight_grams, volume_ml = v.volume_ml, updated_at = now()
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, sku, retail_price, retail_buying_price, wholesale_buying_price,
      is_always_in_stock, is_active, label, translations, weight_grams, volume_ml)
    WHERE pv.id = v.id`
}

/** The counts a batch's rows gave for stored packs (an empty stock cell keeps the stock of the moment of the write). */
const packCounts = (packs: PackEntry[]) =>
  packs.flatMap((p) => (p.stockGiven && p.id !== null ? [{ variantId: p.id, count: p.values!.stock }] : []))

/** One INSERT for the packs rows added (to new or stored products, whose ids are known by now); their ids filled in. */
async function addPacks(tx: Tx, entries: Entry[], actor: Actor) {
  const added = entries.flatMap((e) => e.packs.filter((p) => p.id === null).map((p) => ({ e, p })))
  if (added.length === 0) return
  const inserted = await insertPacks(
    tx,
    added.map(({ e, p }) => {
      const { tiers: _tiers, ...x } = p.values!
      return { ...x, productId: e.id!, position: p.position }
    }),
    actor,
    'CSV import',
  )
  const ids = new Map(inserted.map((r) => [`${r.productId}:${r.position}`, r.id]))
  for (const { e, p } of added) p.id = ids.get(`${e.id}:${p.position}`) ?? null
}

/** The breaks of the packs the batch's rows wrote, rewritten (the pack ids must be known). */
async function writeTiers(tx: Tx, entries: Entry[]) {
  const written = entries.flatMap((e) => e.packs.filter((p) => p.values && p.id !== null))
  if (written.length === 0) return
  await tx.delete(variantPriceTiers).where(
    inArray(
      variantPriceTiers.variantId,
      written.map((p) => p.id!),
    ),
  )
  const tiers = written.flatMap((p) =>
    p.values!.tiers.map((t) => ({ variantId: p.id!, minQuantity: t.min_quantity, price: t.price })),
  )
  if (tiers.length) await tx.insert(variantPriceTiers).values(tiers)
}

/** A sample row by column name (the file's order comes from PRODUCT_IMPORT_COLUMNS). */
type SampleRow = Partial<Record<(typeof PRODUCT_IMPORT_COLUMNS)[number], string>>

const DATES: SampleRow = {
  name: 'تمر دقلة نور',
  name_en: 'Deglet Nour Dates',
  description: 'تمر ليبي فاخر من واحات الجفرة',
  description_en: 'Premium Libyan dates from the oases of Al Jufrah',
  category: 'تمور',
  is_active: 'true',
  origin: 'الجفرة',
  origin_en: 'Al Jufrah',
}

/**
 * Sample file of GET /products/import/sample: the columns the import reads (PRODUCT_IMPORT_COLUMNS order). Decision
 * 0158: the dates come in three sizes, one row each (the same name makes them one product; each size has its SKU, its
 * label in Arabic and English, its weight, and the 5 kg carton two price breaks beyond the wholesale one); the honey is
 * a product of one named size; the offshoot a row in the format before sizes (decision 0060: the English columns are
 * optional; it leaves them empty). The `image_url` column is empty (decision 0118): an address of a picture that does
 * not exist would make the sample's rows errors.
 */
export function productsSampleCsv(): Buffer {
  const rows: SampleRow[] = [
    {
      ...DATES,
      sku: 'DATES-DN-500G',
      size: '500 غ',
      size_en: '500 g',
      price: '14.00',
      retail_buying_price: '9.00',
      stock: '120',
      size_active: 'true',
      is_always_in_stock: 'false',
      weight_grams: '500',
    },
    {
      ...DATES,
      sku: 'DATES-DN-1KG',
      size: '1 كغ',
      size_en: '1 kg',
      price: '25.00',
      wholesale_price: '22.00',
      wholesale_threshold: '10',
      retail_buying_price: '15.00',
      wholesale_buying_price: '12.00',
      stock: '100',
      size_active: 'true',
      is_always_in_stock: 'false',
      weight_grams: '1000',
    },
    {
      ...DATES,
      sku: 'DATES-DN-5KG',
      size: 'كرتونة 5 كغ',
      size_en: '5 kg carton',
      price: '115.00',
      wholesale_price: '108.00',
      wholesale_threshold: '5',
      more_tiers: '20:100.00; 50:95.00',
      retail_buying_price: '70.00',
      wholesale_buying_price: '65.00',
      stock: '40',
      size_active: 'true',
      is_always_in_stock: 'false',
      weight_grams: '5000',
    },
    {
      sku: 'HONEY-SIDR-500',
      name: 'عسل السدر',
      name_en: 'Sidr Honey',
      size: 'جرة 500 غ',
      size_en: '500 g jar',
      description: 'عسل سدر طبيعي من الجبل الأخضر',
      description_en: 'Natural sidr honey from the Green Mountain',
      category: 'عسل',
      price: '120.50',
      retail_buying_price: '80.00',
      stock: '30',
      is_active: 'true',
      size_active: 'true',
      is_always_in_stock: 'false',
      weight_grams: '500',
      origin: 'الجبل الأخضر',
      origin_en: 'Green Mountain',
    },
    {
      name: 'فسيلة نخيل برني',
      description: 'فسيلة نخيل جاهزة للزراعة',
      category: 'فسائل',
      price: '150',
      wholesale_price: '130',
      wholesale_threshold: '5',
      stock: '0',
      is_active: 'true',
      is_always_in_stock: 'true',
      origin: 'هون',
    },
  ]
  return toCsvFile(
    PRODUCT_IMPORT_COLUMNS,
    rows.map((r) => PRODUCT_IMPORT_COLUMNS.map((c) => r[c] ?? '')),
  )
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
  /** Decision 0116/0158: every pack's code finds its pack and product. */
  const bySku = new Map<string, { entry: Entry; pack: PackEntry }>()
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
    const entry: Entry = {
      id: p.id,
      fields: productPart(toProductFields(p, variants)),
      values: null,
      stored: { slug: p.slug, source: slugSource(storedSlugSource(p)) },
      packs: variants.map(storedPack),
    }
    byId.set(p.id, entry)
    byName.add(entry)
    for (const pack of entry.packs)
      if (pack.fields.sku) bySku.set(String(pack.fields.sku).toLowerCase(), { entry, pack })
  }
  const fresh: Entry[] = []
  const errors: RowError[] = []
  const items: ImportItem[] = []

  for await (const { row, cells } of yieldingEvery(table.rows)) {
    const given = givenCells(cells, PRODUCT_IMPORT_COLUMNS)
    for (const [column, value] of Object.entries(given)) given[column] = unquoteFormula(value)
    // Decision 0158: a row with any size column names its pack; without, it is the default pack (today's format).
    const sized = PRODUCT_IMPORT_SIZE_COLUMNS.some((c) => given[c] !== undefined)
    const fieldErrors: Record<string, string[]> = {}
    let target: Entry | undefined
    let pack: PackEntry | undefined
    let matchedBy: ImportItem['matched_by'] = null
    if (given.id !== undefined) {
      if (!/^\d{1,9}$/.test(given.id)) fieldErrors.id = ['validation.id_invalid']
      else target = byId.get(Number(given.id))
      if (target) matchedBy = 'id'
    }
    if (given.variant_id !== undefined && !/^\d{1,9}$/.test(given.variant_id))
      fieldErrors.variant_id = ['validation.id_invalid']
    const givenSku = given.sku?.toLowerCase()
    // Decision 0116: by id, else by SKU (any pack's), else by name (a product with another SKU is another product,
    // unless the row is a size row: then the SKU is its size's, decision 0158).
    if (!target && !fieldErrors.id && givenSku) {
      const holder = bySku.get(givenSku)
      if (holder) {
        target = holder.entry
        pack = holder.pack
        matchedBy = 'sku'
      }
    }
    if (!target && given.name && !fieldErrors.id) {
      const matches = byName.get(given.name).filter((e) => {
        const stored = defaultPackOf(e)?.fields.sku
        return sized || !stored || !givenSku || String(stored).toLowerCase() === givenSku
      })
      if (matches.length > 1) fieldErrors.name = ['validation.name_ambiguous']
      else target = matches[0]
      if (target) matchedBy = 'name'
    }
    // The pack of the product (decision 0158): by variant_id, else SKU, else the size's label, else the product's only
    // unnamed pack; a row without size columns is the default pack; else a new pack.
    if (target && !fieldErrors.id && !fieldErrors.variant_id) {
      if (given.variant_id !== undefined) {
        const named = target.packs.find((p) => p.id === Number(given.variant_id))
        if (!named) fieldErrors.variant_id = ['validation.variant_not_found']
        else if (pack && pack !== named) fieldErrors.sku = ['validation.sku_taken']
        else pack = named
      }
      if (!pack && givenSku)
        pack = target.packs.find((p) => String(p.fields.sku ?? '').toLowerCase() === givenSku)
      if (!pack && !sized) pack = defaultPackOf(target)
      if (!pack && given.variant_id === undefined) {
        const label = given.size?.toLowerCase()
        if (label) pack = target.packs.find((p) => p.size.label_ar.toLowerCase() === label)
        pack ??= target.packs.find((p) => p.size.label_ar === '' && (!givenSku || !p.fields.sku))
      }
    }
    if (givenSku && !fieldErrors.sku) {
      const holder = bySku.get(givenSku)
      if (holder && holder.pack !== pack) fieldErrors.sku = ['validation.sku_taken']
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
    const {
      id: _id,
      category: _category,
      image_url: _imageUrl,
      variant_id: _variantId,
      size: _size,
      size_en: _sizeEn,
      weight_grams: _grams,
      volume_ml: _ml,
      more_tiers: moreTiers,
      size_active: _sizeActive,
      ...fields
    } = given
    // `name`, `description`, `weight`, `origin` are the Arabic texts; an empty cell keeps the stored one (decision 0060);
    // the figures of the pack keep the pack's (a new pack starts from the defaults).
    const raw: Record<string, unknown> = {
      ...overStored({ ...(target?.fields ?? {}), ...(pack?.fields ?? {}) }, fields, PRODUCT_TEXT_FIELDS),
      ...(categoryId !== undefined ? { category_id: categoryId } : {}),
    }
    for (const key of ['is_active', 'is_always_in_stock'] as const) {
      if (typeof raw[key] === 'string') raw[key] = normaliseBoolean(raw[key])
    }
    const parsed = ProductImportRow.safeParse(raw)
    // A row of today's format keeps its pack's size columns (a new one has none): nothing to parse in 5,000 such rows.
    const size: { success: true; data: SizeFields } | ReturnType<typeof ImportSizeRow.safeParse> = !sized
      ? { success: true, data: pack?.size ?? UNNAMED_SIZE }
      : ImportSizeRow.safeParse({
          label_ar: given.size ?? pack?.size.label_ar ?? '',
          label_en: given.size_en ?? pack?.size.label_en ?? '',
          weight_grams: given.weight_grams ?? pack?.size.weight_grams ?? null,
          volume_ml: given.volume_ml ?? pack?.size.volume_ml ?? null,
          is_active: normaliseBoolean(given.size_active) ?? pack?.size.is_active ?? true,
        })
    const rowErrors: Record<string, string[]> = {}
    if (!parsed.success) zodColumnErrors(parsed.error, {}, rowErrors)
    if (!size.success) zodColumnErrors(size.error, SIZE_COLUMN_OF, rowErrors)
    // Decision 0158: the wholesale pair is the first break, `more_tiers` the breaks after it (empty: the stored ones).
    let tiers: { min_quantity: number; price: number }[] = []
    if (parsed.success) {
      const pair = specTiers(parsed.data, [])
      const more = moreTiers === undefined ? null : parseTierList(moreTiers)
      if (more === 'invalid') rowErrors.more_tiers = ['validation.tiers_invalid']
      else {
        tiers = more ? [...pair, ...more] : specTiers(parsed.data, pack?.tiers ?? [])
        const checked = tiers.length > 0 ? TierCheck.safeParse({ price: parsed.data.price, tiers }) : null
        if (checked && !checked.success) {
          for (const issue of checked.error.issues) {
            const index = Number(issue.path[1])
            const column =
              index >= pair.length
                ? 'more_tiers'
                : issue.path[2] === 'price'
                  ? 'wholesale_price'
                  : 'wholesale_threshold'
            const list = (rowErrors[column] ??= [])
            if (!list.includes(issue.message)) list.push(issue.message)
          }
        }
      }
    }
    if (size.success && Object.keys(rowErrors).length === 0) {
      // A product of several packs names each; at least one stays on sale; 50 packs at most (VariantsInput's rules).
      const others = target ? target.packs.filter((p) => p !== pack) : []
      const label = (size.data.label_ar ?? '').trim()
      if (!pack && others.length >= 50) rowErrors.size = ['validation.too_many']
      else if ((sized || !pack) && others.length > 0 && !label)
        rowErrors.size = ['validation.variant_label_required']
      else if (!pack && others.some((p) => p.size.label_ar === ''))
        rowErrors.size = ['validation.size_unnamed_sibling']
      if (!size.data.is_active && !others.some((p) => p.size.is_active))
        rowErrors.size_active = ['validation.variant_active_required']
    }
    if (!parsed.success || !size.success || Object.keys(rowErrors).length > 0) {
      errors.push({ row, error: describeRowErrors(rowErrors, t) })
      continue
    }
    const packAdded = !pack
    if (target) byName.remove(target)
    else {
      target = { id: null, fields: {}, values: null, packs: [] }
      fresh.push(target)
    }
    if (!pack) {
      pack = {
        id: null,
        position: Math.max(-1, ...target.packs.map((p) => p.position)) + 1,
        fields: {},
        size: size.data as SizeFields,
        tiers: [],
      }
      target.packs.push(pack)
    }
    const oldSku = String(pack.fields.sku ?? '').toLowerCase()
    if (oldSku && bySku.get(oldSku)?.pack === pack) bySku.delete(oldSku)
    // A stock cell left empty keeps the stock the pack has when the import writes, not when it was read.
    if (given.stock !== undefined) pack.stockGiven = true
    if (imageId !== undefined) target.imageId = imageId
    const data = parsed.data
    target.fields = productPart(data)
    target.values = productColumns(data)
    const label = (size.data.label_ar ?? '').trim()
    const labelEn = (size.data.label_en ?? '').trim()
    pack.fields = packPart(data)
    pack.size = {
      label_ar: label,
      label_en: labelEn,
      weight_grams: size.data.weight_grams,
      volume_ml: size.data.volume_ml,
      is_active: size.data.is_active,
    }
    pack.tiers = tiers.map((x) => ({ minQuantity: x.min_quantity, price: x.price }))
    pack.values = {
      sku: data.sku,
      retailPrice: data.price as number,
      retailBuyingPrice: data.retail_buying_price,
      wholesaleBuyingPrice: data.wholesale_buying_price,
      stock: data.stock,
      isAlwaysInStock: data.is_always_in_stock,
      isActive: size.data.is_active,
      label,
      translations: buildTranslations<VariantText>({ en: { label: labelEn } }),
      weightGrams: size.data.weight_grams,
      volumeMl: size.data.volume_ml,
      tiers,
    }
    byName.add(target)
    if (data.sku) bySku.set(data.sku.toLowerCase(), { entry: target, pack })
    const item: ImportItem = {
      row,
      action: matchedBy && !packAdded ? 'updated' : 'created',
      id: target.id,
      name: data.name_ar,
      matched_by: matchedBy,
      ...(label ? { size: label } : {}),
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
  write(tx: Tx, actor: Actor): Promise<void>
}

function writeBatches(plan: Plan): WriteBatch[] {
  const batches: WriteBatch[] = []
  for (const batch of chunks(plan.fresh, WRITE_BATCH)) {
    batches.push({
      entries: batch,
      async write(tx, actor) {
        const inserted = await tx
          .insert(products)
          .values(batch.map((e) => ({ ...e.values!, slug: e.slug!, imageId: e.imageId ?? null })))
          .returning({ id: products.id, slug: products.slug })
        const ids = new Map(inserted.map((r) => [r.slug, r.id]))
        for (const e of batch) e.id = ids.get(e.slug!) ?? null
        // Each new product's packs (decision 0158), then their breaks.
        await addPacks(tx, batch, actor)
        await writeTiers(tx, batch)
      },
    })
  }
  for (const batch of chunks(plan.changed, WRITE_BATCH)) {
    const ids = new Set(batch.map((e) => e.id))
    const redirects = plan.redirects.filter((r) => ids.has(r.productId))
    batches.push({
      entries: batch,
      async write(tx, actor) {
        await tx.execute(updateStatement(batch))
        const updated = batch.flatMap((e) => e.packs.filter((p) => p.values && p.id !== null))
        if (updated.length > 0) await tx.execute(updatePacksStatement(updated))
        // A stock cell is a count (decision 0191): the ledger records the difference as a count correction.
        await setStockCounts(tx, packCounts(updated), {
          actor,
          reason: 'count_correction',
          note: 'CSV import',
        })
        await addPacks(tx, batch, actor)
        await writeTiers(tx, batch)
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
  actor: Actor,
  text: string,
  t: Translate,
  options: ProductsImportOptions = {},
): Promise<ImportResult> {
  return oneAtATime(db, 'products', () => runProductsImport(db, actor, text, t, options))
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

/**
 * Decision 0216: buying prices are read only from someone with costs.view. Without it the file's buying price columns
 * are left unread, as if absent, so every pack keeps its stored buying prices (a new pack starts without).
 */
function withoutCostsUnlessSeen(table: CsvTable, actor: Actor): CsvTable {
  if (seesCosts(actor)) return table
  const hidden = new Set<string>(PRODUCT_COST_COLUMNS)
  return {
    columns: table.columns.filter((c) => !hidden.has(c)),
    rows: table.rows.map(({ row, cells }) => ({
      row,
      cells: Object.fromEntries(Object.entries(cells).filter(([column]) => !hidden.has(column))),
    })),
  }
}

async function runProductsImport(
  db: Db,
  actor: Actor,
  text: string,
  t: Translate,
  options: ProductsImportOptions,
): Promise<ImportResult> {
  const table = withoutCostsUnlessSeen(await parseCsv(text), actor)
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
        await batch.write(tx, actor)
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
