import { inArray } from 'drizzle-orm'
import type { ShopIdentitySettings } from '@shop/shared/shop-identity'
import type { DbOrTx } from '../db/client.ts'
import { settings } from '../db/schema/settings.ts'

const IDENTITY_KEYS = [
  'site_name',
  'site_name_en',
  'site_description',
  'site_description_en',
  'currency',
  'currency_symbol',
] as const

/**
 * Decision 0122: the settings that name the shop and its money, read fresh (a mail written after the owner renamed the
 * shop carries the new name). `shopNameIn` / `moneySymbolIn` (packages/shared) pick the language.
 */
export async function readShopIdentity(db: DbOrTx): Promise<ShopIdentitySettings> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...IDENTITY_KEYS]))
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}
