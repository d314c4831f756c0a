import { desc, eq } from 'drizzle-orm'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Autofill, ProfileResponse } from '@shop/shared/schemas/auth'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { findUser } from '../../domain/user-view.ts'

const lastOrderColumns = {
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  customerPhone: orders.customerPhone,
  firstName: orders.firstName,
  lastName: orders.lastName,
  whatsapp: orders.whatsapp,
  addressLine: orders.addressLine,
  state: orders.state,
  cityId: orders.cityId,
  cityName: orders.cityName,
  translations: orders.translations,
}
type LastOrder = { [K in keyof typeof lastOrderColumns]: (typeof orders.$inferSelect)[K] }

/**
 * The autofill in the reader's language: the last order's contact as the order keeps it in parts (decision 0214; an
 * order placed the spec way was split when it came, or by migration 0027), the city's name as stored with the order.
 */
export function autofillFrom(order: LastOrder, lang: Language): Autofill {
  return {
    name: order.customerName,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.customerEmail,
    phone: order.customerPhone,
    whatsapp: order.whatsapp,
    address: order.addressLine,
    city: translatedText(order.cityName, order.translations, 'city_name', lang)?.trim() ?? '',
    city_id: order.cityId,
    state: order.state,
  }
}

/** product.md §2.8 checkout: a signed-in shopper's form is prefilled from their own last order (never anyone else's). */
export async function getProfile(db: Db, userId: number, lang: Language): Promise<ProfileResponse> {
  const user = await findUser(db, userId, lang)
  const [last] = await db
    .select(lastOrderColumns)
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  return { user, autofill: last ? autofillFrom(last, lang) : null }
}
