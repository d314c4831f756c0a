import { TRANSLATED_LANGUAGES, type Translations } from '@shop/shared/i18n/content'
import type { OrderCustomerEdit, OrderCustomerInput } from '@shop/shared/schemas/order'
import type { OrderRow } from './order-view.ts'

// Decision 0214: an order keeps its customer's contact in parts (first and last name, WhatsApp number, address line,
// state, notes; phone, email and city were columns already) beside the spec's joined texts (customer_name,
// shipping_address, notes), which are answered exactly as stored. The parts are read, never the texts: the texts are
// split once, when an order comes the spec way or staff edit a text, by the rules below. Migration 0027 split the
// orders placed before it by the same rules (in SQL): keep the two in step.

/** The parts an order row keeps (drizzle names). */
export type ContactParts = Pick<
  OrderRow,
  'firstName' | 'lastName' | 'whatsapp' | 'addressLine' | 'state' | 'customerNotes'
>
/** The spec's joined texts. */
export type ContactTexts = Pick<OrderRow, 'customerName' | 'shippingAddress' | 'notes'>

/**
 * The number after "WhatsApp:" (the checkout wrote `notes` as `WhatsApp: <number>`, product.md §5.3): digits in any
 * script, spaces, dashes and brackets on one line, as the checkout's phone field accepts them.
 */
const WHATSAPP_LINE =
  /WhatsApp:[ \t]*([+(0-9\u0660-\u0669\u06F0-\u06F9][0-9 ()\u0660-\u0669\u06F0-\u06F9-]{5,})/i

/** product.md §5.3: the checkout joined first and last name with a space; the first space splits them back. */
export function splitName(name: string): Pick<ContactParts, 'firstName' | 'lastName'> {
  const text = name.trim()
  const at = text.indexOf(' ')
  if (at < 0) return { firstName: text, lastName: '' }
  return { firstName: text.slice(0, at), lastName: text.slice(at + 1).trim() }
}

/**
 * product.md §5.3: the checkout joined "address, city, state" with ", ". The address may hold commas, so the city
 * anchors the split: the last ", <city>, " (any name the order's city had), or a text ending with ", <city>" (no state).
 * Without the city in it the parts are read from the end: the last is the state and the one before the city (three
 * or more), or the second is the city (two). A text that is only the city's name has no address line.
 */
export function splitAddress(
  shipping: string,
  cityNames: readonly (string | null | undefined)[],
): Pick<ContactParts, 'addressLine' | 'state'> {
  const text = shipping.trim()
  for (const raw of cityNames) {
    const name = raw?.trim()
    if (!name) continue
    if (text === name) return { addressLine: '', state: '' }
    const marker = `, ${name}, `
    const at = text.lastIndexOf(marker)
    if (at >= 0)
      return { addressLine: text.slice(0, at).trim(), state: text.slice(at + marker.length).trim() }
    if (text.endsWith(`, ${name}`))
      return { addressLine: text.slice(0, -(name.length + 2)).trim(), state: '' }
  }
  const parts = text.split(',').map((p) => p.trim())
  if (parts.length >= 3) return { addressLine: parts.slice(0, -2).join(', '), state: parts.at(-1)! }
  if (parts.length === 2) return { addressLine: parts[0]!, state: '' }
  return { addressLine: text, state: '' }
}

/** The WhatsApp number the checkout wrote into the notes, and the notes without it. */
export function splitNotes(notes: string | null): Pick<ContactParts, 'whatsapp' | 'customerNotes'> {
  const text = notes ?? ''
  const match = WHATSAPP_LINE.exec(text)
  if (!match) return { whatsapp: '', customerNotes: text.trim() }
  return { whatsapp: match[1]!.trim(), customerNotes: text.replace(WHATSAPP_LINE, '').trim() }
}

/** Every name the order's city had at the time (the address names it in the language the order was placed in). */
export const cityNamesOf = (cityName: string | null, translations: Translations<'city_name'> | null) => [
  cityName,
  ...TRANSLATED_LANGUAGES.map((l) => translations?.[l]?.city_name),
]

/** The joined texts as the checkout joined them (parts left empty are left out, with their separator). */
export function joinContact(parts: ContactParts, cityName: string | null): ContactTexts {
  return {
    customerName: [parts.firstName, parts.lastName].filter(Boolean).join(' '),
    shippingAddress: [parts.addressLine, cityName ?? '', parts.state].filter(Boolean).join(', '),
    notes: [parts.whatsapp ? `WhatsApp: ${parts.whatsapp}` : '', parts.customerNotes]
      .filter(Boolean)
      .join('\n'),
  }
}

/** An order's contact from the payload's `customer` (its texts joined from it) or from the spec's texts (split). */
export function contactOfPayload(
  input: {
    customer?: OrderCustomerInput
    customer_name?: string
    shipping_address?: string
    notes: string
  },
  cityNames: readonly (string | null | undefined)[],
  /** The city's name in the order's language: the checkout put the one the shopper saw into the address. */
  cityNameShown: string,
): ContactParts & ContactTexts {
  const c = input.customer
  if (c) {
    const parts: ContactParts = {
      firstName: c.first_name,
      lastName: c.last_name,
      whatsapp: c.whatsapp,
      addressLine: c.address_line,
      state: c.state,
      customerNotes: input.notes,
    }
    return { ...parts, ...joinContact(parts, cityNameShown) }
  }
  const texts = {
    customerName: input.customer_name!,
    shippingAddress: input.shipping_address!,
    notes: input.notes,
  }
  return {
    ...splitName(texts.customerName),
    ...splitAddress(texts.shippingAddress, cityNames),
    ...splitNotes(texts.notes),
    ...texts,
  }
}

/**
 * Staff's edit (PUT /api/orders/:id): a joined text that changed is split again into its parts; parts given in
 * `customer` win, and the text they belong to is joined again from them. Texts and parts never disagree.
 */
export function editedContact(
  order: OrderRow,
  texts: { customer_name: string; shipping_address: string; notes: string },
  customer: OrderCustomerEdit | undefined,
): Partial<ContactParts & ContactTexts> {
  const names = cityNamesOf(order.cityName, order.translations)
  const parts: ContactParts = {
    firstName: order.firstName,
    lastName: order.lastName,
    whatsapp: order.whatsapp,
    addressLine: order.addressLine,
    state: order.state,
    customerNotes: order.customerNotes,
  }
  const out: Partial<ContactParts & ContactTexts> = {}
  if (texts.customer_name !== order.customerName) {
    Object.assign(parts, splitName(texts.customer_name))
    out.customerName = texts.customer_name
  }
  if (texts.shipping_address !== order.shippingAddress) {
    Object.assign(parts, splitAddress(texts.shipping_address, names))
    out.shippingAddress = texts.shipping_address
  }
  if (texts.notes !== (order.notes ?? '')) {
    Object.assign(parts, splitNotes(texts.notes))
    out.notes = texts.notes
  }
  if (customer) {
    const given = {
      firstName: customer.first_name,
      lastName: customer.last_name,
      whatsapp: customer.whatsapp,
      addressLine: customer.address_line,
      state: customer.state,
    }
    const changed = (keys: (keyof typeof given)[]) =>
      keys.some((k) => given[k] !== undefined && given[k] !== parts[k])
    const groups = {
      name: changed(['firstName', 'lastName']),
      address: changed(['addressLine', 'state']),
      notes: changed(['whatsapp']),
    }
    for (const [k, v] of Object.entries(given)) if (v !== undefined) parts[k as keyof typeof given] = v
    // The city in the address as the text had it (the city's name in the order's language otherwise).
    const joined = joinContact(parts, cityInAddress(order.shippingAddress, names) ?? order.cityName)
    if (groups.name) out.customerName = joined.customerName
    if (groups.address) out.shippingAddress = joined.shippingAddress
    if (groups.notes) out.notes = joined.notes
  }
  return { ...parts, ...out }
}

/** Which of the city's names the address text holds (the checkout wrote the one the shopper saw). */
function cityInAddress(shipping: string, names: readonly (string | null | undefined)[]) {
  return names.find((n) => n?.trim() && shipping.includes(`, ${n.trim()}`))?.trim() ?? null
}

/** Who orders: the phone and email of `customer`, else the spec's fields (one of the two is there: the schema). */
export const buyerOf = (input: {
  customer?: OrderCustomerInput
  customer_email?: string
  customer_phone?: string
}) => ({
  email: input.customer?.email ?? input.customer_email!,
  phone: input.customer?.phone ?? input.customer_phone!,
})
