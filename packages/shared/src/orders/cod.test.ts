import { describe, expect, it } from 'vitest'
import { codRefusal } from './cod.ts'

describe('cash on delivery per city (decision 0071)', () => {
  it('refuses where it is off, above the limit, and accepts up to the limit', () => {
    expect(codRefusal({ cod_allowed: false, cod_max_total: null }, 100)).toEqual({ reason: 'disabled' })
    expect(codRefusal({ cod_allowed: true, cod_max_total: 500 }, 50_001)).toEqual({
      reason: 'over_limit',
      max: 500,
    })
    expect(codRefusal({ cod_allowed: true, cod_max_total: 500 }, 50_000)).toBeNull()
    expect(codRefusal({ cod_allowed: true, cod_max_total: null }, 99_999_999)).toBeNull()
    expect(codRefusal({ cod_allowed: true, cod_max_total: 0.5 }, 51)).toEqual({
      reason: 'over_limit',
      max: 0.5,
    })
  })
})
