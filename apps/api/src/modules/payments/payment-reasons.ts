import { translate, type Language } from '@shop/shared/i18n/messages'

// Decision 0097: why a payment did not go through, told to the shopper in their language. Providers answer with a code
// and a sentence in their own language (Plutu: English); the shopper gets the shop's sentence for the code, staff keep
// the provider's own words (the order dialog's payment list). Codes are those Plutu's SDK and API answers name
// (getplutu/plutu-php: InvalidCode, InvalidMobileNumber, InvalidBirthYear, InvalidAmount, InvalidProcessId…), the
// shop's own (`amount_mismatch`, `superseded`, `switched_to_cash`…) and the card page's (`declined`, `canceled`).

export type PaymentReason =
  | 'wrong_code'
  | 'code_expired'
  | 'mobile_invalid'
  | 'birth_year_invalid'
  | 'no_wallet'
  | 'insufficient_balance'
  | 'limit_exceeded'
  | 'already_paid'
  | 'amount_refused'
  | 'amount_mismatch'
  | 'declined'
  | 'cancelled'
  | 'superseded'
  | 'switched_to_cash'
  | 'expired'
  | 'unavailable'
  | 'other'

const BY_CODE: Record<string, PaymentReason> = {
  INVALID_OTP: 'wrong_code',
  INVALID_CODE: 'wrong_code',
  WRONG_OTP: 'wrong_code',
  WRONG_CODE: 'wrong_code',
  OTP_INVALID: 'wrong_code',
  OTP_EXPIRED: 'code_expired',
  CODE_EXPIRED: 'code_expired',
  EXPIRED_OTP: 'code_expired',
  INVALID_PROCESS_ID: 'code_expired',
  PROCESS_EXPIRED: 'code_expired',
  INVALID_MOBILE_NUMBER: 'mobile_invalid',
  INVALID_MOBILE: 'mobile_invalid',
  INVALID_BIRTH_YEAR: 'birth_year_invalid',
  ACCOUNT_NOT_FOUND: 'no_wallet',
  WALLET_NOT_FOUND: 'no_wallet',
  CUSTOMER_NOT_FOUND: 'no_wallet',
  NOT_SUBSCRIBED: 'no_wallet',
  INSUFFICIENT_BALANCE: 'insufficient_balance',
  INSUFFICIENT_FUNDS: 'insufficient_balance',
  LIMIT_EXCEEDED: 'limit_exceeded',
  DAILY_LIMIT_EXCEEDED: 'limit_exceeded',
  DUPLICATE_TRANSACTION: 'already_paid',
  INVALID_AMOUNT: 'amount_refused',
  AMOUNT_MISMATCH: 'amount_refused',
  DECLINED: 'declined',
  INSTRUMENT_DECLINED: 'declined',
  CANCELED: 'cancelled',
  CANCELLED: 'cancelled',
  SUPERSEDED: 'superseded',
  SWITCHED_TO_CASH: 'switched_to_cash',
  RELEASED: 'superseded',
  UNAVAILABLE: 'unavailable',
}

/** The reason for a provider's or the shop's failure code (the shop's `amount_mismatch` is its own check, not Plutu's). */
export function paymentReason(code: string | null | undefined): PaymentReason {
  if (!code) return 'other'
  if (code === 'amount_mismatch') return 'amount_mismatch'
  return BY_CODE[code.trim().toUpperCase()] ?? 'other'
}

/** The message key of a reason (errors.PAYMENT_FAILED_<REASON>). */
export const reasonKey = (reason: PaymentReason) => `errors.PAYMENT_FAILED_${reason.toUpperCase()}`

/** The shopper's sentence for a reason; `amount` is what the provider reported (amount_mismatch). */
export const reasonText = (reason: PaymentReason, lang: Language, amount?: string | null) =>
  translate(lang, reasonKey(reason), { amount: amount ?? '' })
