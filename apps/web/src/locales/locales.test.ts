import { describe, expect, it } from 'vitest'

// Every text exists in ar and en with the same keys.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true })

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

const namespaces = [...new Set(Object.keys(files).map((p) => p.split('/')[2]!))]

describe('locale files', () => {
  it('has both languages for every namespace', () => {
    for (const ns of namespaces) {
      expect(files[`./ar/${ns}`], `ar/${ns}`).toBeDefined()
      expect(files[`./en/${ns}`], `en/${ns}`).toBeDefined()
    }
  })
  it.each(namespaces)('%s: every key in ar exists in en and vice versa', (ns) => {
    const ar = keys(files[`./ar/${ns}`]!.default)
    const en = keys(files[`./en/${ns}`]!.default)
    expect(
      ar.filter((k) => !en.includes(k)),
      'missing in en',
    ).toEqual([])
    expect(
      en.filter((k) => !ar.includes(k)),
      'missing in ar',
    ).toEqual([])
  })
  it('has no empty texts', () => {
    for (const [path, mod] of Object.entries(files)) {
      const flat = JSON.stringify(mod.default)
      expect(flat.includes('""'), path).toBe(false)
    }
  })
})
