/**
 * Decision 0079: a dinar amount in US cents at `rate` dinars per dollar, rounded up to the cent (the shop never
 * receives less than the order's total). Exact integer arithmetic: the rate has at most 6 decimals. The checkout shows
 * the shopper this amount, and the server charges it.
 */
export function usdCentsFor(lydCents: number, rate: number): number {
  const rateMicros = BigInt(Math.round(rate * 1_000_000))
  if (rateMicros <= 0n) return 0
  const numerator = BigInt(Math.round(lydCents)) * 1_000_000n
  return Number((numerator + rateMicros - 1n) / rateMicros)
}
