import { describe, expect, it } from 'vitest'
import i18n from '../lib/i18n.ts'
import { SETTINGS_REGISTRY } from '@shop/shared/schemas/setting'

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

// Issue 26: every counted text is an i18next plural key, in every file, and every key the code counts has all forms.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

describe('counted texts (Arabic plurals, issue 26)', () => {
  it('has no {{count}} text outside a plural key', () => {
    for (const [path, mod] of Object.entries(files)) {
      const all = keys(mod.default)
      const flat = (k: string) =>
        k.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], mod.default) as string
      const bare = all.filter((k) => flat(k).includes('{{count}}') && baser(all)(k) === k)
      expect(bare, path).toEqual([])
    }
  })

  it('every key the code translates with a count has all six Arabic forms and the English ones', () => {
    const calls = new Set<string>()
    for (const text of Object.values(sources))
      for (const m of text.matchAll(/\bt\(\s*['"`]([\w:.]+)['"`]\s*,\s*\{[^}]*\bcount\b/g)) calls.add(m[1]!)
    expect(calls.size).toBeGreaterThan(15)
    const missing: string[] = []
    for (const call of calls) {
      const key = call.includes(':') ? call.split(':')[1]! : call
      for (const lang of ['ar', 'en'] as const) {
        const found = namespaces.some((ns) => {
          const all = keys(files[`./${lang}/${ns}`]!.default)
          return FORMS[lang].every((f) => all.includes(`${key}_${f}`))
        })
        if (!found) missing.push(`${lang}:${call}`)
      }
    }
    expect(missing).toEqual([])
  })
})

describe('Arabic counted texts read right for 0, 1, 2, 3, 11 and 100', () => {
  const counts = [0, 1, 2, 3, 11, 100]
  const arStore = i18n.getFixedT('ar', 'storefront')
  const arCommon = i18n.getFixedT('ar', 'common')
  const arDash = (key: string, count: number) => {
    i18n.addResourceBundle('ar', 'dashboard', files['./ar/dashboard.json']!.default, true, true)
    return i18n.getFixedT('ar', 'dashboard')(key, { count })
  }
  it('pieces in the cart', () => {
    expect(counts.map((count) => arCommon('nav.cart_items', { count }))).toEqual([
      'لا شيء في السلة',
      'قطعة واحدة في السلة',
      'قطعتان في السلة',
      '3 قطع في السلة',
      '11 قطعة في السلة',
      '100 قطعة في السلة',
    ])
  })
  it('units to the wholesale price', () => {
    expect(counts.map((count) => arStore('product_page.wholesale_offer', { count }))).toEqual([
      'من 0 وحدة فأكثر:',
      'من وحدة واحدة فأكثر:',
      'من وحدتين فأكثر:',
      'من 3 وحدات فأكثر:',
      'من 11 وحدة فأكثر:',
      'من 100 وحدة فأكثر:',
    ])
  })
  it('orders, errors and days in the dashboard', () => {
    expect(counts.map((count) => arDash('sales.totals', count))).toEqual([
      'الإجمالي (لا طلبات)',
      'الإجمالي (طلب واحد)',
      'الإجمالي (طلبان)',
      'الإجمالي (3 طلبات)',
      'الإجمالي (11 طلبًا)',
      'الإجمالي (100 طلب)',
    ])
    expect(arDash('sales.totals', 98)).toBe('الإجمالي (98 طلبًا)')
    expect(arDash('import.completed_with_errors', 1).startsWith('اكتمل الاستيراد مع خطأ واحد')).toBe(true)
    expect(counts.map((count) => arDash('orders.waited_days', count))).toEqual([
      'أقل من يوم',
      'يوم',
      'يومين',
      '3 أيام',
      '11 يومًا',
      '100 يوم',
    ])
    expect(counts.map((count) => arDash('orders.waited_minutes', count))).toEqual([
      'أقل من دقيقة',
      'دقيقة',
      'دقيقتين',
      '3 دقائق',
      '11 دقيقة',
      '100 دقيقة',
    ])
  })
})

describe("the owner's settings screen", () => {
  it('labels and explains every setting of the registry in both languages (no raw key on the screen)', () => {
    for (const lang of ['ar', 'en']) {
      const dashboard = files[`./${lang}/dashboard.json`]!.default as {
        settings: { keys: Record<string, { label?: string; help?: string }> }
      }
      const missing = Object.keys(SETTINGS_REGISTRY).filter(
        (key) => !dashboard.settings.keys[key]?.label || !dashboard.settings.keys[key]?.help,
      )
      expect({ lang, missing }).toEqual({ lang, missing: [] })
    }
  })
})
