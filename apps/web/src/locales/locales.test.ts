import { describe, expect, it } from 'vitest'

// Every text exists in ar and en with the same keys.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json', { eager: true })

function keys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

const namespaces = [...new Set(Object.keys(files).map((p) => p.split('/')[2]!))]

// Counted texts are i18next plural keys: Arabic has all six forms (0, 1, 2, 3–10, 11–99, 100+), English two.
const PLURAL = /_(zero|one|two|few|many|other)$/
const FORMS = { ar: ['zero', 'one', 'two', 'few', 'many', 'other'], en: ['one', 'other'] }
/** A key's text without its plural form, for the keys of a counted text (one with a `_one` form). */
const baser = (all: string[]) => (k: string) =>
  PLURAL.test(k) && all.includes(k.replace(PLURAL, '_one')) ? k.replace(PLURAL, '') : k
function pluralGaps(all: string[], lang: 'ar' | 'en'): string[] {
  const base = baser(all)
  const counted = new Set(all.filter((k) => base(k) !== k).map(base))
  return [...counted].flatMap((b) =>
    FORMS[lang].filter((f) => !all.includes(`${b}_${f}`)).map((f) => `${b}_${f}`),
  )
}

describe('locale files', () => {
  it('has both languages for every namespace', () => {
    for (const ns of namespaces) {
      expect(files[`./ar/${ns}`], `ar/${ns}`).toBeDefined()
      expect(files[`./en/${ns}`], `en/${ns}`).toBeDefined()
    }
  })
  it.each(namespaces)('%s: every key in ar exists in en and vice versa', (ns) => {
    const arAll = keys(files[`./ar/${ns}`]!.default)
    const enAll = keys(files[`./en/${ns}`]!.default)
    expect(pluralGaps(arAll, 'ar'), 'plural forms missing in ar').toEqual([])
    expect(pluralGaps(enAll, 'en'), 'plural forms missing in en').toEqual([])
    const ar = [...new Set(arAll.map(baser(arAll)))]
    const en = [...new Set(enAll.map(baser(enAll)))]
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
