import { isNull, sql } from 'drizzle-orm'
import {
  PRODUCT_IMPORT_COLUMNS,
  PRODUCT_IMPORT_REQUIRED,
  ProductImportRow,
  type ImportResult,
} from '@shop/shared/schemas/imports'
import { PRODUCT_TEXT_FIELDS } from '@shop/shared/schemas/product'
import { overStored } from '@shop/shared/schemas/translatable'
import type { Db } from '../../db/client.ts'
import { categories, productSlugRedirects, products } from '../../db/schema/catalog.ts'
import { AppError } from '../../lib/app-error.ts'
import { productColumns, toProductFields } from '../../domain/product-view.ts'
import { slugSource, storedSlugSource } from '../../domain/product-slug.ts'
import { firstFreeSlug, slugify } from '../../domain/slug.ts'
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
  /** A stored product's address and what it was made from before this import (decision 0034: a new name, a new address). */
  stored?: { slug: string; source: string }
  /** The address written with `values`. */
  slug?: string
}

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
  const rows = batch.map(({ id, values: v, slug }) => {
    const x = v!
    return sql`(${id}::int, ${x.name}::text, ${slug}::text, ${x.description}::text, ${x.categoryId}::int, ${x.retailPrice}::numeric, ${x.wholesalePrice}::numeric,
      ${x.wholesaleThreshold}::int, ${x.retailBuyingPrice}::numeric, ${x.wholesaleBuyingPrice}::numeric, ${x.stock}::int,
      ${x.isActive}::boolean, ${x.isAlwaysInStock}::boolean, ${JSON.stringify(x.attributes)}::jsonb, ${JSON.stringify(x.translations)}::jsonb)`
  })
  return sql`UPDATE ${products} AS p SET name = v.name, slug = v.slug, description = v.description, category_id = v.category_id,
      retail_price = v.retail_price, wholesale_price = v.wholesale_price, wholesale_threshold = v.wholesale_threshold,
      retail_buying_price = v.retail_buying_price, wholesale_buying_price = v.wholesale_buying_price, stock = v.stock,
      is_active = v.is_active, is_always_in_stock = v.is_always_in_stock, attributes = v.attributes,
      translations = v.translations, updated_at = now()
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, name, slug, description, category_id, retail_price, wholesale_price,
      wholesale_threshold, retail_buying_price, wholesale_buying_price, stock, is_active, is_always_in_stock, attributes,
      translations)
    WHERE p.id = v.id`
}

/**
 * Sample file of GET /products/import/sample: the columns the import reads (PRODUCT_IMPORT_COLUMNS order), with
 * example rows in Arabic and English (decision 0060: the English columns are optional; the last row leaves them empty).
 */
export function productsSampleCsv(): Buffer {
  return toCsvFile(PRODUCT_IMPORT_COLUMNS, [
    [
      '',
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
    ],
    [
      '',
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
    ],
    [
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
    ],
  ])
}

/**
 * product.md §10.6: products matched by `id`, else by name (case-insensitive); categories by name.
 * A name shared by several products matches none: that row is an error (the id column picks one; decision 0024).
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
      const entry: Entry = {
        id: p.id,
        fields: toProductFields(p),
        values: null,
        stored: { slug: p.slug, source: slugSource(storedSlugSource(p)) },
      }
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

    // Addresses (decision 0034): a new product gets a free one; a renamed one a new one, its old kept as a redirect.
    const taken = new Set<string>()
    for (const r of await tx.select({ slug: products.slug }).from(products)) taken.add(r.slug)
    for (const r of await tx.select({ slug: productSlugRedirects.slug }).from(productSlugRedirects))
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

    // Written in batches: a few hundred rows per statement instead of one round trip per row.
    for (const batch of chunks(fresh, 500))
      await tx.insert(products).values(batch.map((e) => ({ ...e.values!, slug: e.slug! })))
    for (const batch of chunks(changed, 300)) await tx.execute(updateStatement(batch))
    for (const batch of chunks(redirects, 500))
      await tx.insert(productSlugRedirects).values(batch).onConflictDoNothing()
  })
  return {
    message: t('errors.IMPORT_DONE', { created, updated, errors: errors.length }),
    summary: { created, updated, errors },
  }
}
