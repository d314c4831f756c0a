import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  isWholesale,
  lineTotalCents,
  totals,
  unitPriceCents,
  unitsToWholesale,
  type PricedLine,
} from './pricing.ts'

const line = (over: Partial<PricedLine> = {}): PricedLine => ({
  retailCents: 2000,
  wholesaleCents: 1600,
  wholesaleThreshold: 10,
  quantity: 1,
  ...over,
})

describe('wholesale rule (product.md §4.2, §10.1)', () => {
  it('charges retail below the threshold and wholesale exactly at it', () => {
    expect(unitPriceCents(line({ quantity: 9 }))).toBe(2000)
    expect(unitPriceCents(line({ quantity: 10 }))).toBe(1600)
    expect(unitPriceCents(line({ quantity: 11 }))).toBe(1600)
    expect(isWholesale(line({ quantity: 9 }))).toBe(false)
    expect(isWholesale(line({ quantity: 10 }))).toBe(true)
  })

  it('never applies without both a wholesale price and a threshold', () => {
    expect(unitPriceCents(line({ wholesaleCents: null, quantity: 50 }))).toBe(2000)
    expect(unitPriceCents(line({ wholesaleThreshold: null, quantity: 50 }))).toBe(2000)
  })

  it('tells how many more units reach the wholesale price', () => {
    expect(unitsToWholesale(line({ quantity: 7 }))).toBe(3)
    expect(unitsToWholesale(line({ quantity: 10 }))).toBeNull()
    expect(unitsToWholesale(line({ wholesaleCents: null }))).toBeNull()
  })

  it('adds subtotal and delivery into the total', () => {
    const t = totals(
      [line({ quantity: 2 }), line({ quantity: 10, retailCents: 1250, wholesaleCents: 1000 })],
      1500,
    )
    expect(t).toEqual({ itemCount: 12, subtotalCents: 4000 + 10000, deliveryCents: 1500, totalCents: 15500 })
  })
})

describe('pricing properties (fast-check)', () => {
  const arbLine = fc.record({
    retailCents: fc.integer({ min: 0, max: 10_000_000 }),
    wholesaleCents: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
    wholesaleThreshold: fc.option(fc.integer({ min: 2, max: 1000 }), { nil: null }),
    quantity: fc.integer({ min: 1, max: 10_000 }),
  })

  it('totals in integer hundredths always equal the per-line model', () => {
    fc.assert(
      fc.property(
        fc.array(arbLine, { maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        (lines, delivery) => {
          const model = lines.reduce((sum, l) => {
            const wholesale =
              l.wholesaleCents !== null && l.wholesaleThreshold !== null && l.quantity >= l.wholesaleThreshold
            return sum + (wholesale ? l.wholesaleCents! : l.retailCents) * l.quantity
          }, 0)
          const t = totals(lines, delivery)
          expect(Number.isInteger(t.totalCents)).toBe(true)
          expect(t.subtotalCents).toBe(model)
          expect(t.totalCents).toBe(model + delivery)
          expect(t.itemCount).toBe(lines.reduce((s, l) => s + l.quantity, 0))
        },
      ),
    )
  })

  it('a line total is its unit price times its quantity, and wholesale never costs more when it is below retail', () => {
    fc.assert(
      fc.property(arbLine, (l) => {
        expect(lineTotalCents(l)).toBe(unitPriceCents(l) * l.quantity)
        if (l.wholesaleCents !== null && l.wholesaleCents < l.retailCents)
          expect(unitPriceCents(l)).toBeLessThanOrEqual(l.retailCents)
      }),
    )
  })
})
