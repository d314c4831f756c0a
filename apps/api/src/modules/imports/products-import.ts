import { isNull, sql } from 'drizzle-orm'
import {
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_REQUIRED,
  ProductImportRow,
  type ImportResult,
} from '@shop/shared/schemas/imports'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema/catalog.ts'
import { AppError } from '../../lib/app-error.ts'
import { productColumns, toProductFields } from '../../domain/product-view.ts'
import { assertColumns, parseCsv, toCsvFile } from './csv.ts'
import {
  describeRowErrors,
  givenCells,
  normaliseBoolean,
  zodRowError,
  type RowError,
  type Translate,
} from './row-errors.ts'

/** A product as the import sees it: stored (id) or created by an earlier row of the file (id null). */
interface Entry {
  id: number | null
  fields: Record<string, unknown>
  values: ProductValues | null
}

type ProductValues = ReturnType<typeof productColumns>

/** Products by lower-cased name; more than one entry under a name makes a name-only row ambiguous. */
class NameIndex {
  private readonly map = new Map<string, Entry[]>()
  get(name: string): Entry[] {
    return this.map.get(name.toLowerCase()) ?? []
  }
  add(entry: Entry) {
    const key = String(entry.fields.name).toLowerCase()
    this.map.set(key, [...(this.map.get(key) ?? []), entry])
  }
  remove(entry: Entry) {
    const key = String(entry.fields.name).toLowerCase()
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
  const rows = batch.map(({ id, values: v }) => {
    const x = v!
    return sql`(${id}::int, ${x.name}::text, ${x.description}::text, ${x.categoryId}::int, ${x.retailPrice}::numeric, ${x.wholesalePrice}::numeric,
      ${x.wholesaleThreshold}::int, ${x.retailBuyingPrice}::numeric, ${x.wholesaleBuyingPrice}::numeric, ${x.stock}::int,
      ${x.isActive}::boolean, ${x.isAlwaysInStock}::boolean, ${JSON.stringify(x.attributes)}::jsonb)`
  })
  return sql`UPDATE ${products} AS p SET name = v.name, description = v.description, category_id = v.category_id,
      retail_price = v.retail_price, wholesale_price = v.wholesale_price, wholesale_threshold = v.wholesale_threshold,
      retail_buying_price = v.retail_buying_price, wholesale_buying_price = v.wholesale_buying_price, stock = v.stock,
      is_active = v.is_active, is_always_in_stock = v.is_always_in_stock, attributes = v.attributes, updated_at = now()
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, name, description, category_id, retail_price, wholesale_price,
      wholesale_threshold, retail_buying_price, wholesale_buying_price, stock, is_active, is_always_in_stock, attributes)
    WHERE p.id = v.id`
}

/** Sample file of GET /products/import/sample: the columns the import reads, with Arabic example rows. */
export function productsSampleCsv(): Buffer {
  return toCsvFile(PRODUCT_IMPORT_COLUMNS, [
    [
      '',
      'تمر دقلة نور',
      'تمر ليبي فاخر من واحات الجفرة',
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
      'الجفرة',
    ],
    [
      '',
      'عسل السدر',
      'عسل سدر طبيعي من الجبل الأخضر',
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
      'الجبل الأخضر',
    ],
    [
      '',
      'فسيلة نخيل برني',
      'فسيلة نخيل جاهزة للزراعة',
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
      'هون',
    ],
  ])
}

/**
 * DESIGN.md "CSV import": products matched by `id`, else by name (case-insensitive); categories by
 * name. A name shared by several products matches none: that row is an error (the id column picks one).
 * All valid rows are written in one transaction; bad rows are reported with their row number.
 */
export async function importProducts(db: Db, text: string, t: Translate): Promise<ImportResult> {
  const table = parseCsv(text)
  assertColumns(table, PRODUCT_IMPORT_REQUIRED, t('errors.IMPORT_HELP'))
  if (table.rows.length === 0) throw new AppError('CSV_EMPTY', 422)

  const errors: RowError[] = []
  let created = 0
  let updated = 0
  await db.transaction(async (tx) => {
    // Imports run one at a time (two at once could both create the same name); checkouts are not blocked.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('import:products'))`)
    const categoryIds = new Map<string, number>()
    for (const c of await tx.select({ id: categories.id, name: categories.name }).from(categories)) {
      categoryIds.set(c.name.trim().toLowerCase(), c.id)
    }
    const byId = new Map<number, Entry>()
    const byName = new NameIndex()
    for (const p of await tx
      .select()
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(products.id)) {
      const entry: Entry = { id: p.id, fields: toProductFields(p), values: null }
      byId.set(p.id, entry)
      byName.add(entry)
    }
    const fresh: Entry[] = []

    for (const { row, cells } of table.rows) {
      const given = givenCells(cells, PRODUCT_IMPORT_COLUMNS)
      const fieldErrors: Record<string, string[]> = {}
      let target: Entry | undefined
      if (given.id !== undefined) {
        if (!/^\d{1,9}$/.test(given.id)) fieldErrors.id = ['validation.id_invalid']
        else target = byId.get(Number(given.id))
      }
      if (!target && given.name && !fieldErrors.id) {
        const matches = byName.get(given.name)
        if (matches.length > 1) fieldErrors.name = ['validation.name_ambiguous']
        else target = matches[0]
      }
      let categoryId: number | null | undefined
      if (given.category !== undefined) {
        categoryId = categoryIds.get(given.category.toLowerCase()) ?? null
        if (categoryId === null) fieldErrors.category = ['validation.category_not_found']
      }
      if (Object.keys(fieldErrors).length > 0) {
        errors.push({ row, error: describeRowErrors(fieldErrors, t) })
        continue
      }
      const { id: _id, category: _category, ...fields } = given
      const raw: Record<string, unknown> = {
        ...target?.fields,
        ...fields,
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
        updated++
      } else {
        target = { id: null, fields: {}, values: null }
        fresh.push(target)
        created++
      }
      target.fields = parsed.data
      target.values = productColumns(parsed.data)
      byName.add(target)
    }

    // Written in batches: a few hundred rows per statement instead of one round trip per row.
    for (const batch of chunks(fresh, 500)) await tx.insert(products).values(batch.map((e) => e.values!))
    const changed = [...byId.values()].filter((e) => e.values)
    for (const batch of chunks(changed, 300)) await tx.execute(updateStatement(batch))
  })
  return {
    message: t('errors.IMPORT_DONE', { created, updated, errors: errors.length }),
    summary: { created, updated, errors },
  }
}
