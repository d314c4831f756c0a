import { eq, sql } from 'drizzle-orm'
import { CityInput } from '@shop/shared/schemas/city'
import { buildTranslations, ownTranslation } from '@shop/shared/i18n/content'
import {
  CITY_IMPORT_COLUMNS,
  CITY_IMPORT_REQUIRED,
  type ImportResult,
  type ImportResultItem,
} from '@shop/shared/schemas/imports'
import type { Db } from '../../db/client.ts'
import { cities } from '../../db/schema/cities.ts'
import { AppError } from '../../lib/app-error.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import { translatedTextIs } from '../../db/translated.ts'
import { assertColumns, parseCsv, toCsvFile, yieldingEvery } from '../../lib/csv.ts'
import {
  describeRowErrors,
  givenCells,
  normaliseBoolean,
  zodRowError,
  type RowError,
  type Translate,
} from './row-errors.ts'

type CityRow = typeof cities.$inferSelect

/** Sample file of GET /cities/import/sample (`name` Arabic, `name_en` English and optional: decision 0060). */
export function citiesSampleCsv(): Buffer {
  return toCsvFile(CITY_IMPORT_COLUMNS, [
    ['طرابلس', 'Tripoli', '10.00', 'true', 'true', ''],
    ['بنغازي', 'Benghazi', '25.00', 'true', 'true', '1500.00'],
    ['سبها', '', '40.50', 'false', 'false', ''],
  ])
}

/**
 * product.md §10.6: cities matched by their Arabic name (`name`, case-insensitive), one transaction, bad rows
 * reported. An empty `name_en` cell keeps the stored English name (decision 0060).
 */
export async function importCities(db: Db, text: string, t: Translate): Promise<ImportResult> {
  const table = await parseCsv(text)
  assertColumns(table, CITY_IMPORT_REQUIRED, t('errors.IMPORT_HELP'))
  if (table.rows.length === 0) throw new AppError('CSV_EMPTY', 422)

  const errors: RowError[] = []
  const items: ImportResultItem[] = []
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('import:cities'))`)
      const byName = new Map<string, CityRow>()
      for (const c of await tx.select().from(cities)) byName.set(c.name.toLowerCase(), c)

      for await (const { row, cells } of yieldingEvery(table.rows)) {
        const given = givenCells(cells, CITY_IMPORT_COLUMNS)
        const target = given.name ? byName.get(given.name.toLowerCase()) : undefined
        const raw: Record<string, unknown> = {
          ...(target
            ? {
                name: target.name,
                name_en: ownTranslation(target.translations, 'en', 'name') ?? '',
                delivery_price: target.deliveryPrice,
                is_active: target.isActive,
                cod_allowed: target.codAllowed,
                cod_max_total: target.codMaxTotal,
              }
            : {}),
          ...given,
        }
        if (typeof raw.is_active === 'string') raw.is_active = normaliseBoolean(raw.is_active)
        if (typeof raw.cod_allowed === 'string') raw.cod_allowed = normaliseBoolean(raw.cod_allowed)
        const parsed = CityInput.safeParse(raw)
        if (!parsed.success) {
          errors.push({ row, error: zodRowError(parsed.error, t) })
          continue
        }
        if (parsed.data.name_en) {
          const [clash] = await tx
            .select({ id: cities.id })
            .from(cities)
            .where(translatedTextIs(cities.translations, 'en', 'name', parsed.data.name_en))
            .limit(1)
          if (clash && clash.id !== target?.id) {
            errors.push({ row, error: describeRowErrors({ name_en: ['errors.CITY_TAKEN'] }, t) })
            continue
          }
        }
        const values = {
          name: parsed.data.name_ar,
          translations: buildTranslations<'name'>({ en: { name: parsed.data.name_en } }),
          deliveryPrice: parsed.data.delivery_price,
          isActive: parsed.data.is_active,
          codAllowed: parsed.data.cod_allowed,
          codMaxTotal: parsed.data.cod_max_total,
        }
        let saved: CityRow
        if (target) {
          ;[saved] = (await tx
            .update(cities)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(cities.id, target.id))
            .returning()) as [CityRow]
        } else {
          ;[saved] = (await tx.insert(cities).values(values).returning()) as [CityRow]
        }
        items.push({
          row,
          action: target ? 'updated' : 'created',
          id: saved.id,
          name: saved.name,
          matched_by: target ? 'name' : null,
        })
        byName.set(saved.name.toLowerCase(), saved)
      }
    })
  } catch (err) {
    // A city added from the dashboard while the import ran: nothing was written, the admin can retry.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 409)
    throw err
  }
  const created = items.filter((i) => i.action === 'created').length
  const updated = items.length - created
  return {
    message: t('errors.IMPORT_DONE', { created, updated, errors: errors.length }),
    summary: { created, updated, errors, items },
  }
}
