/** A readable, unique order number: ORD-YYMMDD-<id>, e.g. ORD-261122-00042 (unique because the id is). */
export function formatOrderNumber(id: number, at: Date): string {
  const y = String(at.getUTCFullYear() % 100).padStart(2, '0')
  const m = String(at.getUTCMonth() + 1).padStart(2, '0')
  const d = String(at.getUTCDate()).padStart(2, '0')
  return `ORD-${y}${m}${d}-${String(id).padStart(5, '0')}`
}
