import { toCents } from '../money/money.ts'

// Decision 0071: cash on delivery per city. One rule for the checkout (which explains it) and the API (which refuses).

export interface CodRules {
  cod_allowed: boolean
  /** The largest total (delivery included) the courier may collect in cash; null = no limit. */
  cod_max_total: number | null
}

export type CodRefusal = { reason: 'disabled' } | { reason: 'over_limit'; max: number }

/** Why cash on delivery cannot pay `totalCents` in this city, or null when it can. */
export function codRefusal(city: CodRules, totalCents: number): CodRefusal | null {
  if (!city.cod_allowed) return { reason: 'disabled' }
  const maxCents = city.cod_max_total === null ? null : toCents(city.cod_max_total)
  if (maxCents !== null && totalCents > maxCents) return { reason: 'over_limit', max: maxCents / 100 }
  return null
}
