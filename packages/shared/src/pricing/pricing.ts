// product.md §4.2 cart and §10.1 "Prices are the server's": one rule for browser and server.
//
// Decision 0150: a pack size (variant) has a retail price and any number of quantity breaks ("tiers"): from
// `minQuantity` units on, each unit costs `priceCents`. The spec's wholesale price and threshold are the first break
// and keep their meaning: a line is "wholesale" once it reaches the first break.

/** One quantity break: from `minQuantity` units on, each costs `priceCents`. */
export interface PriceTier {
  minQuantity: number
  priceCents: number
}

/**
 * A line to price: the retail price and the breaks, or (older callers) the spec's wholesale price and threshold,
 * which are one break.
 */
export interface PricedLine {
  retailCents: number
  quantity: number
  tiers?: readonly PriceTier[]
  wholesaleCents?: number | null
  wholesaleThreshold?: number | null
}

/** The spec's wholesale price and threshold as a list of breaks (none unless both are set). */
export function tiersFromWholesale(
  wholesaleCents: number | null | undefined,
  wholesaleThreshold: number | null | undefined,
): PriceTier[] {
  if (
    wholesaleCents === null ||
    wholesaleCents === undefined ||
    !Number.isFinite(wholesaleCents) ||
    wholesaleThreshold === null ||
    wholesaleThreshold === undefined ||
    wholesaleThreshold <= 0
  )
    return []
  return [{ minQuantity: wholesaleThreshold, priceCents: wholesaleCents }]
}

/** The line's breaks, smallest quantity first. */
export function lineTiers(line: Omit<PricedLine, 'quantity'>): PriceTier[] {
  const tiers = line.tiers ?? tiersFromWholesale(line.wholesaleCents, line.wholesaleThreshold)
  return [...tiers].filter((t) => t.minQuantity > 0).sort((a, b) => a.minQuantity - b.minQuantity)
}

/** Whether the line has any quantity break (the spec's "has a wholesale price"). */
export function hasWholesale(line: Omit<PricedLine, 'quantity'>): boolean {
  return lineTiers(line).length > 0
}

/** The break that prices `quantity` units: the largest one reached, or null (retail). */
export function tierFor(line: PricedLine): PriceTier | null {
  let applied: PriceTier | null = null
  for (const tier of lineTiers(line)) if (line.quantity >= tier.minQuantity) applied = tier
  return applied
}

/** Wholesale applies once the quantity reaches the first break (the spec's threshold). */
export function isWholesale(line: PricedLine): boolean {
  return tierFor(line) !== null
}

export function unitPriceCents(line: PricedLine): number {
  return tierFor(line)?.priceCents ?? line.retailCents
}

export function lineTotalCents(line: PricedLine): number {
  return unitPriceCents(line) * line.quantity
}

/** The next break above the line's quantity and how many more units reach it; null at the last break or none. */
export function nextTier(line: PricedLine): { tier: PriceTier; units: number } | null {
  const next = lineTiers(line).find((t) => t.minQuantity > line.quantity)
  return next ? { tier: next, units: next.minQuantity - line.quantity } : null
}

/** How many more units reach the wholesale price (the first break); null when there is none or it already applies. */
export function unitsToWholesale(line: PricedLine): number | null {
  const first = lineTiers(line)[0]
  if (!first || line.quantity >= first.minQuantity) return null
  return first.minQuantity - line.quantity
}

/**
 * The price of a reference amount (100 g, 1 kg or 1 L) of a pack, in cents, for comparing packs of different sizes
 * (decision 0150): per kg from 1 kg on, per 100 g below; per L from 1 L on, per 100 ml below. Null without a size.
 */
export function referenceUnitPrice(
  priceCents: number,
  size: { weightGrams?: number | null; volumeMl?: number | null },
): { cents: number; per: '100g' | 'kg' | '100ml' | 'l' } | null {
  const per = (amount: number, ref: number) => Math.round((priceCents * ref) / amount)
  if (size.weightGrams && size.weightGrams > 0)
    return size.weightGrams >= 1000
      ? { cents: per(size.weightGrams, 1000), per: 'kg' }
      : { cents: per(size.weightGrams, 100), per: '100g' }
  if (size.volumeMl && size.volumeMl > 0)
    return size.volumeMl >= 1000
      ? { cents: per(size.volumeMl, 1000), per: 'l' }
      : { cents: per(size.volumeMl, 100), per: '100ml' }
  return null
}

export interface Totals {
  itemCount: number
  subtotalCents: number
  deliveryCents: number
  totalCents: number
}

export function totals(lines: PricedLine[], deliveryCents = 0): Totals {
  let itemCount = 0
  let subtotalCents = 0
  for (const line of lines) {
    itemCount += line.quantity
    subtotalCents += lineTotalCents(line)
  }
  return { itemCount, subtotalCents, deliveryCents, totalCents: subtotalCents + deliveryCents }
}
