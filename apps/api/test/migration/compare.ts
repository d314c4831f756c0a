// How previous-release.test.ts (and the fixture's own replay check) compare an answer with the previous release's.

/** Every field of `old` in `now`, equal; arrays as long. Extra fields in `now` are new and allowed. */
export function differences(old: unknown, now: unknown, path = '$'): string[] {
  const show = (v: unknown) => (v === undefined ? '(missing)' : JSON.stringify(v))
  if (old === null || typeof old !== 'object') {
    return Object.is(old, now) ? [] : [`${path}: ${show(old)} → ${show(now)}`]
  }
  if (Array.isArray(old)) {
    if (!Array.isArray(now)) return [`${path}: an array → ${show(now)}`]
    const out = old.flatMap((v: unknown, i) => differences(v, now[i], `${path}[${i}]`))
    if (now.length !== old.length) out.unshift(`${path}: ${old.length} entries → ${now.length}`)
    return out
  }
  if (now === null || typeof now !== 'object' || Array.isArray(now))
    return [`${path}: an object → ${show(now)}`]
  return Object.entries(old).flatMap(([k, v]) =>
    differences(v, (now as Record<string, unknown>)[k], `${path}.${k}`),
  )
}

/**
 * The lines of a CSV file that differ (byte for byte: the BOM, quotes and line ends count). A line may only grow by
 * columns appended after the old ones (decision 0179: the sales file's Discount and Offer codes), so a reader of the old
 * file reads the same cells where it read them.
 */
export function csvDifferences(old: string, now: string): string[] {
  if (old === now) return []
  const a = old.split('\n')
  const b = now.split('\n')
  const out: string[] = []
  if (a.length !== b.length) out.push(`${a.length} lines → ${b.length}`)
  a.forEach((line, i) => {
    const was = line.replace(/\r$/, '')
    const is = (b[i] ?? '').replace(/\r$/, '')
    const sameEnd = line.endsWith('\r') === (b[i] ?? '').endsWith('\r')
    if (line !== b[i] && !(sameEnd && was !== '' && is.startsWith(`${was},`)))
      out.push(`line ${i + 1}: ${JSON.stringify(line)} → ${JSON.stringify(b[i])}`)
  })
  return out
}

/** An answer as the fixture keeps it: JSON parsed, anything else (CSV) as text. */
export function answerBody(type: string, body: string): unknown {
  return type.startsWith('application/json') ? (JSON.parse(body) as unknown) : body
}

/** What differs between a recorded answer and a new one; [] when the new one keeps everything. */
export function answerDifferences(
  old: { status: number; type: string; body: unknown },
  now: { status: number; type: string; body: string },
): string[] {
  if (now.status !== old.status) return [`status: ${old.status} → ${now.status} ${now.body.slice(0, 300)}`]
  if (old.type.startsWith('application/json')) return differences(old.body, answerBody(now.type, now.body))
  const type = now.type === old.type ? [] : [`content-type: ${old.type} → ${now.type}`]
  return [...type, ...csvDifferences(old.body as string, now.body)]
}
