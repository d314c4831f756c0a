import type { Language } from '@shop/shared/i18n/messages'
import type { Quote } from '@shop/shared/schemas/order'
import { api } from '../api-client.ts'

/** The quote takes at most this many lines (packages/shared CreateOrderInput.items). */
const QUOTE_LINES = 100

/**
 * The products' names and packs' labels in `lang` (decision 0061), from the server's quote (it writes nothing and answers in the
 * language asked for). Lines the quote leaves out no longer exist.
 */
export async function fetchCartNames(
  lines: { id: number; variant_id: number | null; quantity: number }[],
  lang: Language,
): Promise<Quote['items']> {
  const names: Quote['items'] = []
  for (let i = 0; i < lines.length; i += QUOTE_LINES) {
    const items = lines.slice(i, i + QUOTE_LINES).map((l) => ({
      product_id: l.id,
      // Decision 0152: a line saved without a pack asks for the default one.
      ...(l.variant_id !== null ? { variant_id: l.variant_id } : {}),
      quantity: Math.min(Math.max(1, l.quantity), 10_000),
    }))
    const quote = await api<Quote>('/api/orders/quote', {
      method: 'POST',
      body: { items },
      headers: { 'Accept-Language': lang },
    })
    names.push(...quote.items)
  }
  return names
}
