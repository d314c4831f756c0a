import { createHmac, timingSafeEqual } from 'node:crypto'
import type { RedirectGateway } from '@shop/shared/schemas/payment'

// Decision 0078: how Plutu signs the shopper's return from a card page. Its official PHP SDK keeps the documented
// fields of the query in the order they arrived (PHP's $_GET: a repeated name keeps its first place and its last
// value), joins them with http_build_query and compares the uppercase hex HMAC-SHA256 (keyed with the secret key) in
// constant time. The SDK's own test callbacks are the test vectors (plutu-hash.test.ts).

/** The fields each card gateway's return carries, as the SDK lists them. */
export const PLUTU_RETURN_FIELDS: Record<RedirectGateway, readonly string[]> = {
  localbankcards: ['gateway', 'approved', 'canceled', 'invoice_no', 'amount', 'transaction_id'],
  mpgs: ['gateway', 'approved', 'canceled', 'amount', 'currency', 'invoice_no', 'transaction_id'],
}

/** PHP's urlencode: everything but letters, digits and -_. is %XX (uppercase), a space is +. */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}

/** A raw query string as PHP's $_GET sees it: names in first-seen order, each with its last value. */
export function phpQuery(rawQuery: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(rawQuery)) out.set(name, value)
  return out
}

/** The signed text: the documented fields present, in arrival order, as http_build_query writes them. */
export function plutuSignedText(fields: Map<string, string>, documented: readonly string[]): string {
  return [...fields]
    .filter(([name]) => documented.includes(name))
    .map(([name, value]) => `${phpUrlencode(name)}=${phpUrlencode(value)}`)
    .join('&')
}

export const plutuSignature = (secretKey: string, text: string) =>
  createHmac('sha256', secretKey).update(text, 'utf8').digest('hex').toUpperCase()

/** Does `hashed` sign these fields with this key? Constant-time; an empty or missing hash never does. */
export function verifyPlutuReturn(
  fields: Map<string, string>,
  documented: readonly string[],
  secretKey: string,
): boolean {
  const given = fields.get('hashed') ?? ''
  if (!/^[0-9A-Fa-f]{64}$/.test(given)) return false
  const expected = Buffer.from(plutuSignature(secretKey, plutuSignedText(fields, documented)), 'utf8')
  // The SDK compares the uppercase hash as sent (PHP hash_equals); a lowercase hash is not Plutu's.
  return timingSafeEqual(expected, Buffer.from(given, 'utf8'))
}
