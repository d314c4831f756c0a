import { eq, isNull, sql } from 'drizzle-orm'
import { PRODUCT_IMPORT_COLUMNS, PRODUCT_IMPORT_REQUIRED, ProductImportRow, type ImportResult } from '@shop/shared/schemas/imports'
import type { Db } from '../../db/client.ts'
import { categories, products } from '../../db/schema/catalog.ts'
import { AppError } from '../../lib/app-error.ts'
import { toProductFields, type ProductRow } from '../catalog/product-view.ts'
import { assertColumns, parseCsv, toCsvFile } from './csv.ts'
import { describeRowErrors, givenCells, normaliseBoolean, zodRowError, type RowError, type Translate } from './row-errors.ts'

/** Sample file of GET /products/import/sample: the columns the import reads, with Arabic example rows. */
export function productsSampleCsv(): Buffer {
  return toCsvFile(PRODUCT_IMPORT_COLUMNS, [
    ['', 'تمر دقلة نور', 'تمر ليبي فاخر من واحات الجفرة', 'تمور', '25.00', '20.00', '10', '15.00', '12.00', '100', 'true', 'false', '1 كغ', 'الجفرة'],
    ['', 'عسل السدر', 'عسل سدر طبيعي من الجبل الأخضر', 'عسل', '120.50', '', '', '80.00', '', '30', 'true', 'false', '500 غ', 'الجبل الأخضر'],
    ['', 'فسيلة نخيل برني', 'فسيلة نخيل جاهزة للزراعة', 'فسائل', '150', '130', '5', '', '', '0', 'true', 'true', '', 'هون'],
  ])
}

/**
 * DESIGN.md "CSV import": products matched by `id`, else by name (case-insensitive); categories by
 * name. All valid rows are written in one transaction; bad rows are reported with their line number.
 */
export async function importProducts(db: Db, text: string, t: Translate): Promise<ImportResult> {
  const table = parseCsv(text)
  assertColumns(table, PRODUCT_IMPORT_REQUIRED, t('errors.IMPORT_HELP'))
  if (table.rows.length === 0) throw new AppError('CSV_EMPTY', 422)

  const errors: RowError[] = []
  let created = 0
  let updated = 0
  await db.transaction(async (tx) => {
    const categoryIds = new Map<string, number>()
    for (const c of await tx.select({ id: categories.id, name: categories.name }).from(categories)) {
      categoryIds.set(c.name.trim().toLowerCase(), c.id)
    }
    // Imports run one at a time (two at once could both create the same name); checkouts are not blocked.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('import:products'))`)
    const byId = new Map<number, ProductRow>()
    const byName = new Map<string, ProductRow>()
    for (const p of await tx.select().from(products).where(isNull(products.archivedAt)).orderBy(products.id)) {
      byId.set(p.id, p)
      if (!byName.has(p.name.toLowerCase())) byName.set(p.name.toLowerCase(), p)
    }

    for (const { line, cells } of table.rows) {
      const given = givenCells(cells, PRODUCT_IMPORT_COLUMNS)
      const fieldErrors: Record<string, string[]> = {}
      let target: ProductRow | undefined
      if (given.id !== undefined) {
        if (!/^\d{1,9}$/.test(given.id)) fieldErrors.id = ['validation.id_invalid']
        else target = byId.get(Number(given.id))
      }
      target ??= given.name ? byName.get(given.name.toLowerCase()) : undefined
      let categoryId: number | null | undefined
      if (given.category !== undefined) {
        categoryId = categoryIds.get(given.category.toLowerCase()) ?? null
        if (categoryId === null) fieldErrors.category = ['validation.category_not_found']
      }
      if (Object.keys(fieldErrors).length > 0) {
        errors.push({ row: line, error: describeRowErrors(fieldErrors, t) })
        continue
      }
      const { id: _id, category: _category, ...fields } = given
      const raw: Record<string, unknown> = {
        ...(target ? toProductFields(target) : {}),
        ...fields,
        ...(categoryId !== undefined ? { category_id: categoryId } : {}),
      }
      for (const key of ['is_active', 'is_always_in_stock'] as const) {
        if (typeof raw[key] === 'string') raw[key] = normaliseBoolean(raw[key])
      }
      const parsed = ProductImportRow.safeParse(raw)
      if (!parsed.success) {
        errors.push({ row: line, error: zodRowError(parsed.error, t) })
        continue
      }
      const input = parsed.data
      const values = {
        name: input.name,
        description: input.description,
        categoryId: input.category_id,
        retailPrice: input.price,
        wholesalePrice: input.wholesale_price,
        wholesaleThreshold: input.wholesale_threshold,
        retailBuyingPrice: input.retail_buying_price,
        wholesaleBuyingPrice: input.wholesale_buying_price,
        stock: input.stock,
        isActive: input.is_active,
        isAlwaysInStock: input.is_always_in_stock,
        attributes: { weight: input.weight || null, origin: input.origin || null },
      }
      let saved: ProductRow
      if (target) {
        ;[saved] = (await tx.update(products).set({ ...values, updatedAt: new Date() }).where(eq(products.id, target.id)).returning()) as [ProductRow]
        updated++
        if (byName.get(target.name.toLowerCase())?.id === target.id) byName.delete(target.name.toLowerCase())
      } else {
        ;[saved] = (await tx.insert(products).values(values).returning()) as [ProductRow]
        created++
      }
      byId.set(saved.id, saved)
      if (!byName.has(saved.name.toLowerCase())) byName.set(saved.name.toLowerCase(), saved)
    }
  })
  return {
    message: t('errors.IMPORT_DONE', { created, updated, errors: errors.length }),
    summary: { created, updated, errors },
  }
}
