import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { usdCentsFor } from './exchange.ts'

describe('dinars to US dollars at the staff’s rate (decision 0079)', () => {
  it('rounds up to the cent, exactly', () => {
    expect(usdCentsFor(5985, 4.85)).toBe(1235) // 12.3402… → 12.35
    expect(usdCentsFor(485, 4.85)).toBe(100) // exactly 1.00, not 1.01 from 100.00000000000001
    expect(usdCentsFor(100, 1)).toBe(100)
    expect(usdCentsFor(1, 4.85)).toBe(1)
    expect(usdCentsFor(0, 4.85)).toBe(0)
  })

  // Rates as the setting accepts them: 0.1 to 1000 dinars per dollar, up to 6 decimals (parseExchangeRate).
  it('never charges less than the order’s total at the rate, and at most one cent more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999_999 }),
        fc.integer({ min: 100_000, max: 1_000_000_000 }),
        (lydCents, rateMicros) => {
          const rate = rateMicros / 1_000_000
          const usd = BigInt(usdCentsFor(lydCents, rate))
          const micros = BigInt(rateMicros)
          // usd × rate ≥ lyd, and (usd − 1) × rate < lyd, in integer micro-units
          return (
            usd * micros >= BigInt(lydCents) * 1_000_000n &&
            (usd - 1n) * micros < BigInt(lydCents) * 1_000_000n
          )
        },
      ),
    )
  })
})
