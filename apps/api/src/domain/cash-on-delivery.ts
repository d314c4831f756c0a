import { eq } from 'drizzle-orm'
import { formatMoney } from '@shop/shared/money/money'
import { codRefusal } from '@shop/shared/orders/cod'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import { moneySymbolIn } from '@shop/shared/shop-identity'
import type { DbOrTx } from '../db/client.ts'
import { cities } from '../db/schema/cities.ts'
import { AppError } from '../lib/app-error.ts'
import { readShopIdentity } from './shop-identity.ts'

// Decision 0071: cash on delivery per city, asked wherever an order turns to cash (placing it, or the payment step's
// "pay on delivery instead").

type CityRow = typeof cities.$inferSelect

/** A translated 422 on payment_method when the city does not take cash for this total (delivery included). */
export async function assertCashAccepted(db: DbOrTx, city: CityRow, totalCents: number, lang: Language) {
  const refusal = codRefusal({ cod_allowed: city.codAllowed, cod_max_total: city.codMaxTotal }, totalCents)
  if (!refusal) return
  const code = refusal.reason === 'disabled' ? 'COD_NOT_AVAILABLE' : 'COD_LIMIT_EXCEEDED'
  const params = {
    city: translatedText(city.name, city.translations, 'name', lang) ?? city.name,
    // Decision 0122: the limit in the shop's money symbol of the reader's language.
    max:
      refusal.reason === 'over_limit'
        ? formatMoney(refusal.max, moneySymbolIn(await readShopIdentity(db), lang))
        : '',
  }
  throw new AppError(code, 422, { params, fields: { payment_method: [`errors.${code}`] } })
}

/** The order's delivery city, or null when it was deleted since (nothing left to refuse by). */
export async function deliveryCityOf(db: DbOrTx, cityId: number | null): Promise<CityRow | null> {
  if (cityId === null) return null
  return (await db.select().from(cities).where(eq(cities.id, cityId)))[0] ?? null
}

/** The city takes cash for this total. */
export const cashAccepted = (city: CityRow | null, totalCents: number) =>
  !city || codRefusal({ cod_allowed: city.codAllowed, cod_max_total: city.codMaxTotal }, totalCents) === null
