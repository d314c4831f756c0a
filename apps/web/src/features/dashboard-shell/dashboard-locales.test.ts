import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import ar from '../../locales/ar/dashboard.json'
import en from '../../locales/en/dashboard.json'

const flatten = (o: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  )

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.tsx?$/.test(name) && !/\.test\./.test(name) ? [p] : []
  })
}

describe('dashboard texts', () => {
  // Counted texts are plural keys (issue 26): Arabic has six forms where English has two; they compare by their base.
  const base = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '')
  const bases = (o: Record<string, unknown>) => [...new Set(flatten(o).map(base))].sort()

  it('has the same keys in Arabic and English, none empty', () => {
    expect(bases(ar)).toEqual(bases(en))
    for (const key of flatten(ar))
      expect(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], ar)).not.toBe('')
  })

  it('defines every static key the dashboard code asks for', () => {
    const src = join(__dirname, '..')
    const files = [
      ...readdirSync(src)
        .filter((d) => d.startsWith('dashboard-'))
        .flatMap((d) => sources(join(src, d))),
      join(src, '../app/layouts/dashboard-layout.tsx'),
      ...sources(join(src, '../components/data-list')),
      join(src, '../components/ui/csv-import.tsx'),
    ]
    const keys = new Set(flatten(en).map(base))
    const missing: string[] = []
    for (const f of files) {
      const text = readFileSync(f, 'utf8')
      for (const m of text.matchAll(/\bt\('([a-z_.]+)'/g)) if (!keys.has(m[1]!)) missing.push(`${f}: ${m[1]}`)
      for (const m of text.matchAll(/labelKey: '([a-z_.]+)'/g))
        if (!keys.has(m[1]!)) missing.push(`${f}: ${m[1]}`)
    }
    expect(missing).toEqual([])
  })
})
