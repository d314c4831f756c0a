import { westernDigits } from '../digits.ts'

// Phone numbers as the shop's staff and shoppers meet them (decision 0070).

const digitsOf = (phone: string) => westernDigits(phone).replace(/\D/g, '')

/**
 * The international number wa.me wants (digits only, country code first). Libyan mobiles typed the local way
 * (09x xxx xxxx) become 2189x…; numbers with 00 or + keep their country code; anything else is left as typed.
 * null when there are no digits to call.
 */
export function internationalNumber(phone: string): string | null {
  let digits = digitsOf(phone)
  if (!digits) return null
  if (digits.startsWith('00')) digits = digits.slice(2)
  else if (/^0(9\d{8})$/.test(digits)) digits = `218${digits.slice(1)}`
  // A Libyan mobile without its leading 0 (9x xxx xxxx).
  else if (/^9[1-6]\d{7}$/.test(digits)) digits = `218${digits}`
  return digits
}

/** A `tel:` address: the number as typed, without spaces or dashes (a leading + kept). */
export function telHref(phone: string): string {
  const trimmed = westernDigits(phone).trim()
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digitsOf(trimmed)}`
}

/** `https://wa.me/<international number>?text=…` with the message prefilled; null without a number. */
export function whatsappHref(phone: string, message: string): string | null {
  const number = internationalNumber(phone)
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(message)}` : null
}

/** The phone partly hidden for a page anyone with the order number may open: `091•••••67`. */
export function maskPhone(phone: string): string {
  const digits = digitsOf(phone)
  if (digits.length < 6) return '•'.repeat(digits.length)
  return `${digits.slice(0, 3)}${'•'.repeat(digits.length - 5)}${digits.slice(-2)}`
}

/** Whether two phone numbers are the same number however they were typed (spaces, +218 or 0, Arabic digits). */
export function samePhone(a: string, b: string): boolean {
  const x = internationalNumber(a)
  const y = internationalNumber(b)
  return x !== null && x === y
}
