/**
 * A provider's amount ("12.34", 12.34) in hundredths, or undefined when it is not a plain amount with at most two
 * decimals: an amount we cannot read exactly is never taken as the one we asked for (decision 0083).
 */
export function providerCents(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text)
  if (!m) return undefined
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}
