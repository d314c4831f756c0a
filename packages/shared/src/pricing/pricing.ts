// product.md §4.2 cart and §10.1 "Prices are the server's": one rule for browser and server.
export interface PricedLine {
  retailCents: number
  wholesaleCents: number | null
  wholesaleThreshold: number | null
  quantity: number
}

export function hasWholesale(line: Omit<PricedLine, 'quantity'>): boolean {
  return (
    line.wholesaleCents !== null &&
    line.wholesaleThreshold !== null &&
    line.wholesaleThreshold > 0 &&
    Number.isFinite(line.wholesaleCents)
  )
}

/** Wholesale applies when a wholesale price and threshold exist and quantity reaches the threshold. */
export function isWholesale(line: PricedLine): boolean {
  return hasWholesale(line) && line.quantity >= (line.wholesaleThreshold as number)
}

export function unitPriceCents(line: PricedLine): number {
  return isWholesale(line) ? (line.wholesaleCents as number) : line.retailCents
}

export function lineTotalCents(line: PricedLine): number {
  return unitPriceCents(line) * line.quantity
}

/** How many more units reach the wholesale price; null when there is no wholesale price or it already applies. */
export function unitsToWholesale(line: PricedLine): number | null {
  if (!hasWholesale(line) || isWholesale(line)) return null
  return (line.wholesaleThreshold as number) - line.quantity
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
