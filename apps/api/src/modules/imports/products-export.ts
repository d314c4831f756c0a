import { Readable } from 'node:stream'
import { and, asc, gt, isNull } from 'drizzle-orm'
import { stringify } from 'csv-stringify/sync'
import { ownTranslation } from '@shop/shared/i18n/content'
import { formatTierList, PRODUCT_COST_COLUMNS, PRODUCT_IMPORT_COLUMNS } from '@shop/shared/schemas/imports'
import type { DbOrTx } from '../../db/client.ts'
import { categories, products } from '../../db/schema/catalog.ts'
import { loadVariantsOf, type SellableVariant } from '../../domain/sellable.ts'
import { neutraliseFormula } from '../../lib/csv.ts'

type ProductRow = typeof products.$inferSelect
type Column = (typeof PRODUCT_IMPORT_COLUMNS)[number]

/** One exported line: a pack (size) of a product, with its product and category name. */
interface PackLine {
  product: ProductRow
  pack: SellableVariant
  category: string
}

const text = (v: string | null | undefined) => neutraliseFormula(v ?? '')
const money = (n: number | null | undefined) => (n === null || n === undefined ? '' : n.toFixed(2))
const whole = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))
const flag = (b: boolean) => (b ? 'true' : 'false')

/**
 * Decision 0158: each column of the import's format and how a pack fills it, so that a file exported, edited and
 * imported again changes only what was edited. Texts are formula-safe (a leading apostrophe the import takes off
 * again); `image_url` stays empty (an empty cell keeps the stored picture).
 */
const CELLS: Record<Column, (line: PackLine) => string> = {
  id: ({ product }) => String(product.id),
  variant_id: ({ pack }) => String(pack.id),
  sku: ({ pack }) => text(pack.sku),
  name: ({ product }) => text(product.name),
  name_en: ({ product }) => text(ownTranslation(product.translations, 'en', 'name')),
  size: ({ pack }) => text(pack.label),
  size_en: ({ pack }) => text(ownTranslation(pack.translations, 'en', 'label')),
  description: ({ product }) => text(product.description),
  description_en: ({ product }) => text(ownTranslation(product.translations, 'en', 'description')),
  category: ({ category }) => text(category),
  price: ({ pack }) => money(pack.retailPrice),
  wholesale_price: ({ pack }) => money(pack.tiers[0]?.price),
  wholesale_threshold: ({ pack }) => whole(pack.tiers[0]?.minQuantity),
  more_tiers: ({ pack }) =>
    formatTierList(pack.tiers.slice(1).map((t) => ({ min_quantity: t.minQuantity, price: t.price }))),
  retail_buying_price: ({ pack }) => money(pack.retailBuyingPrice),
  wholesale_buying_price: ({ pack }) => money(pack.wholesaleBuyingPrice),
  stock: ({ pack }) => String(pack.stock),
  is_active: ({ product }) => flag(product.isActive),
  size_active: ({ pack }) => flag(pack.isActive),
  is_always_in_stock: ({ pack }) => flag(pack.isAlwaysInStock),
  weight_grams: ({ pack }) => whole(pack.weightGrams),
  volume_ml: ({ pack }) => whole(pack.volumeMl),
  weight: ({ product }) => text(product.attributes?.weight),
  weight_en: ({ product }) => text(ownTranslation(product.translations, 'en', 'weight')),
  origin: ({ product }) => text(product.attributes?.origin),
  origin_en: ({ product }) => text(ownTranslation(product.translations, 'en', 'origin')),
  image_url: () => '',
}

/** Products read per query (with their packs: one more query), so a large catalogue never sits in memory. */
export const PRODUCTS_EXPORT_BATCH = 500

/** The products not archived, by id, in batches read by keyset: no transaction or connection held between them. */
async function* productBatches(db: DbOrTx): AsyncGenerator<PackLine[]> {
  const categoryNames = new Map<number, string>()
  for (const c of await db.select({ id: categories.id, name: categories.name }).from(categories))
    categoryNames.set(c.id, c.name)
  let after = 0
  for (;;) {
    const rows = await db
      .select()
      .from(products)
      .where(and(isNull(products.archivedAt), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(PRODUCTS_EXPORT_BATCH)
    if (rows.length === 0) return
    const packs = await loadVariantsOf(
      db,
      rows.map((r) => r.id),
    )
    yield rows.flatMap((product) =>
      (packs.get(product.id) ?? []).map((pack) => ({
        product,
        pack,
        category: product.categoryId === null ? '' : (categoryNames.get(product.categoryId) ?? ''),
      })),
    )
    if (rows.length < PRODUCTS_EXPORT_BATCH) return
    after = rows.at(-1)!.id
  }
}

const csvLines = (records: string[][]) => stringify(records, { record_delimiter: 'windows' })

/**
 * GET /api/products/export/csv (decision 0158): one row per pack of every product not archived, in the import's
 * format and column order, products by id and packs in the shop's order; UTF-8 with BOM, CRLF, formula-safe; written
 * batch by batch as the client reads. The first batch is read before answering, so a database that is down is an
 * error body rather than a cut-off file. Decision 0216: without costs.view the buying price columns are left out (an
 * import without them keeps the stored ones).
 */
export async function exportProductsCsv(db: DbOrTx, costs: boolean): Promise<Readable> {
  const hidden: readonly string[] = costs ? [] : PRODUCT_COST_COLUMNS
  const columns = PRODUCT_IMPORT_COLUMNS.filter((c) => !hidden.includes(c))
  const batches = productBatches(db)
  const first = await batches.next()
  async function* chunks() {
    try {
      yield `\uFEFF${csvLines([columns])}`
      for (let batch = first; !batch.done; batch = await batches.next()) {
        if (batch.value.length > 0)
          yield csvLines(batch.value.map((line) => columns.map((c) => CELLS[c](line))))
      }
    } finally {
      await batches.return(undefined)
    }
  }
  return Readable.from(chunks(), { objectMode: false })
}
