import { desc, eq } from 'drizzle-orm'
import { TRANSLATED_LANGUAGES, translatedText, type Translations } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import type { Autofill, ProfileResponse } from '@shop/shared/schemas/auth'
import type { Db } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { findUser } from '../../domain/user-view.ts'

interface LastOrder {
  customerName: string
  customerEmail: string
  customerPhone: string
  shippingAddress: string
  cityId: number | null
  cityName: string | null
  translations: Translations<'city_name'>
}

/** product.md §5.3: the checkout joins first and last name with a space; the first space splits them back. */
function splitName(name: string): { first: string; last: string } {
  const trimmed = name.trim()
  const at = trimmed.indexOf(' ')
  if (at < 0) return { first: trimmed, last: '' }
  return { first: trimmed.slice(0, at), last: trimmed.slice(at + 1).trim() }
}

/**
 * product.md §5.3: shipping_address is "address, city, state" joined by commas. The address itself may hold commas,
 * so the parts are read from the end; the stored city name, when present, anchors the split.
 */
export function parseShippingAddress(
  shipping: string,
  cityName: string | null,
): { address: string; city: string; state: string } {
  const text = shipping.trim()
  if (cityName) {
    const marker = `, ${cityName.trim()}, `
    const at = text.lastIndexOf(marker)
    if (at >= 0)
      return {
        address: text.slice(0, at).trim(),
        city: cityName.trim(),
        state: text.slice(at + marker.length).trim(),
      }
    if (text.endsWith(`, ${cityName.trim()}`))
      return {
        address: text.slice(0, -(cityName.trim().length + 2)).trim(),
        city: cityName.trim(),
        state: '',
      }
  }
  const parts = text.split(',').map((p) => p.trim())
  if (parts.length >= 3) {
    const state = parts.pop()!
    const city = parts.pop()!
    return { address: parts.join(', '), city: cityName?.trim() || city, state }
  }
  if (parts.length === 2) return { address: parts[0]!, city: cityName?.trim() || parts[1]!, state: '' }
  return { address: text, city: cityName?.trim() ?? '', state: '' }
}

/**
 * The autofill in the reader's language. The address holds the city's name in the language the order was placed in
 * (decision 0058: the order keeps the city's names in every language), so any of them may anchor the split.
 */
export function autofillFrom(order: LastOrder, lang: Language): Autofill {
  const { first, last } = splitName(order.customerName)
  const cityNow = translatedText(order.cityName, order.translations, 'city_name', lang)
  const names = [
    cityNow,
    order.cityName,
    ...TRANSLATED_LANGUAGES.map((l) => order.translations?.[l]?.city_name),
  ].filter((n): n is string => !!n?.trim())
  const anchor = names.find((n) => order.shippingAddress.includes(`, ${n.trim()}`)) ?? names[0] ?? null
  const place = parseShippingAddress(order.shippingAddress, anchor)
  return {
    name: order.customerName,
    first_name: first,
    last_name: last,
    email: order.customerEmail,
    phone: order.customerPhone,
    address: place.address,
    city: cityNow?.trim() || place.city,
    city_id: order.cityId,
    state: place.state,
  }
}

/** product.md §2.8 checkout: a signed-in shopper's form is prefilled from their own last order (never anyone else's). */
export async function getProfile(db: Db, userId: number, lang: Language): Promise<ProfileResponse> {
  const user = await findUser(db, userId, lang)
  const [last] = await db
    .select({
      customerName: orders.customerName,
      customerEmail: orders.customerEmail,
      customerPhone: orders.customerPhone,
      shippingAddress: orders.shippingAddress,
      cityId: orders.cityId,
      cityName: orders.cityName,
      translations: orders.translations,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  return { user, autofill: last ? autofillFrom(last, lang) : null }
}
