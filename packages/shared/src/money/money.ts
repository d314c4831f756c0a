// product.md §1.3: numeric(12,2) in the database, integer hundredths in arithmetic.
export const CURRENCY_SUFFIX = 'د.ل'

/** The largest amount a money column (numeric(12,2)) holds, in hundredths: 9,999,999,999.99. */
export const MAX_MONEY_CENTS = 999_999_999_999

/** Parses a number or numeric string into integer hundredths; returns null when it is not a finite amount. */
export function toCents(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN
  if (!Number.isFinite(n)) return null
  // toPrecision removes binary noise first: 1.005 * 100 is 100.49999… in floating point, 100.5 here.
  return Math.round(Number((n * 100).toPrecision(15))) || 0
}

export function fromCents(cents: number): number {
  return Math.round(cents) / 100
}

/** "12.50" — database/CSV representation of integer hundredths. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * product.md §1.3: two decimals and the dinar suffix; a non-numeric amount shows as 0.00. `symbol` is the shop's
 * money symbol in the reader's language (`moneySymbolIn`, decision 0122): «د.ل» in Arabic, "LYD" in English.
 */
export function formatMoney(value: unknown, symbol: string = CURRENCY_SUFFIX): string {
  const cents = toCents(value) ?? 0
  return `${centsToDecimalString(cents)} ${symbol}`
}
