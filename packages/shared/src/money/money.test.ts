import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centsToDecimalString, formatMoney, toCents } from './money.ts'

describe('money (product.md §1.3)', () => {
  it('formats two decimals with the dinar suffix', () => {
    expect(formatMoney(12.5)).toBe('12.50 د.ل')
    expect(formatMoney('7')).toBe('7.00 د.ل')
    expect(formatMoney(0.1 + 0.2)).toBe('0.30 د.ل')
  })

  it('shows a non-numeric amount as 0.00', () => {
    expect(formatMoney('abc')).toBe('0.00 د.ل')
    expect(formatMoney(undefined)).toBe('0.00 د.ل')
    expect(formatMoney(null)).toBe('0.00 د.ل')
    expect(formatMoney(NaN)).toBe('0.00 د.ل')
  })

  it('parses numbers and numeric strings into hundredths', () => {
    expect(toCents('19.99')).toBe(1999)
    expect(toCents(1.005)).toBe(101)
    expect(toCents('')).toBeNull()
    expect(toCents('1e3x')).toBeNull()
  })

  it('round-trips hundredths through the decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }), (c) => {
        expect(toCents(centsToDecimalString(c))).toBe(c)
      }),
    )
  })
})
