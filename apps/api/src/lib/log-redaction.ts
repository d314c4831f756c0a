import { stdSerializers } from 'pino'

/**
 * Decision 0040: no password, token, reset link, card or phone number in a log line. The shop never logs request
 * bodies or headers; these helpers cover what can still carry them (addresses with a query, errors of failed
 * queries) and, last, every line as it is written.
 */

/**
 * Names whose values are secrets: any name holding one of these words (`password`, `password_confirmation`,
 * `new_password`, `current_password`, `access_token`, `reset-token`, `client_secret`…), as a form or an address spells
 * it. A form posted or sent as GET before the page's script arrived carries every field of the form (issue 40): a
 * list of exact names misses the next one.
 */
const SECRET_WORDS = String.raw`[\w-]*(?:pass(?:word|wd|phrase)?|pwd|token|secret|otp|signature|api[_-]?key|credential)[\w-]*`

/**
 * Query or form parameters whose values are secrets or personal data (a reset link carries `token` and `email`), at
 * the start of a string (a form body), after `?`, `&` or `;`, or after a quote or a space (a body inside a message).
 */
const SECRET_PARAMS = new RegExp(
  String.raw`((?:^|[?&;\s"'])(?:${SECRET_WORDS}|code|key|email|phone|mobile[\w-]*)=)[^&#\s"'<>\\]*`,
  'gi',
)

/** `/reset-password?token=abc&email=a@b.ly` → `/reset-password?token=[redacted]&email=[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]')
}

// Drizzle's DrizzleQueryError puts the query's parameters (a shopper's phone and address, a password hash) into
// its message and keeps them in `params`; the SQL text itself carries only placeholders.
const QUERY_PARAMS = /(\bparams: )[^\n]*/g

/** pino's error serializer (message, stack and causes), without the values of a failed query. */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error
  const out = stdSerializers.err(error) as unknown as Record<string, unknown>
  delete out.params
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] === 'string') out[key] = (out[key] as string).replace(QUERY_PARAMS, '$1[redacted]')
  }
  return out
}

/** The Luhn check every card number passes. */
function isCardNumber(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/**
 * Secret-holding properties of any object in a line, whatever their nesting. Payments (decision 0081): the order's
 * payment token, Plutu's keys, PayPal's client secret, a wallet's code, number and its owner's birth year.
 */
const SECRET_PROPERTIES = new RegExp(
  String.raw`("(?:${SECRET_WORDS}|authorization|cookie|mobile_number|birth_year)":)"(?:[^"\\]|\\.)*"`,
  'gi',
)

const STRING_RULES: [RegExp, (match: string, ...groups: string[]) => string][] = [
  // Addresses anywhere (a logged URL, a mail text, an error message).
  [SECRET_PARAMS, (_m, name) => `${name}[redacted]`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, (_m, scheme) => `${scheme} [redacted]`],
  // The shop's tokens: 32 random bytes in base64url (43 characters, upper and lower case mixed; slugs are lower case).
  [
    /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g,
    () => '[redacted-token]',
  ],
  // Libyan phone numbers (09x xxx xxxx, +218 9x …): the last two digits stay, so a support call can be matched.
  [
    /(?<![\d+.])(?:(?:\+|00)218[\s-]?|0)9[1-6](?:[\s-]?\d){7}(?![\d.])/g,
    (m) => `[phone …${m.replace(/\D/g, '').slice(-2)}]`,
  ],
  // Card numbers (the shop takes none itself; a provider's answer or a pasted note might): 13–19 digits in one run, or
  // in groups of four as printed on a card; an order number (ORD-261122-00042) is neither.
  [
    /(?<![\d.-])(?:\d{13,19}|\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,4})?)(?![\d.-])/g,
    (m) => (isCardNumber(m.replace(/\D/g, '')) ? '[card]' : m),
  ],
]

function scrubString(literal: string): string {
  let out = literal
  for (const [pattern, replace] of STRING_RULES)
    out = out.replace(pattern, replace as (m: string, ...g: string[]) => string)
  return out
}

/**
 * The last net, applied to every line pino writes (hooks.streamWrite), which is one JSON object: secret properties are
 * blanked, and every string in it is scrubbed; numbers and the line's structure are left alone, so it stays JSON.
 */
export function scrubLine(line: string): string {
  return line.replace(SECRET_PROPERTIES, '$1"[redacted]"').replace(/"(?:[^"\\]|\\.)*"/g, scrubString)
}
