import { describe, expect, it } from 'vitest'
import {
  editDistance,
  foldSearchText,
  parseSearch,
  searchFoldTranslateArgs,
  SEARCH_FOLD_TABLE,
  withoutArticle,
  wordForms,
} from './normalize.ts'

describe('search fold (decision 0140)', () => {
  // [as typed or stored, folded]
  const pairs: [string, string][] = [
    ['أسود', 'اسود'],
    ['إكليل', 'اكليل'],
    ['آبار', 'ابار'],
    ['ٱلله', 'الله'],
    ['مؤمن', 'مومن'],
    ['فسائل', 'فسايل'],
    ['ماء', 'ما'],
    ['دقلة', 'دقله'],
    ['عجوة', 'عجوه'],
    ['حلوى', 'حلوي'],
    ['مشمـــش', 'مشمش'],
    ['تَمْرٌ', 'تمر'],
    ['مُكَسَّرات', 'مكسرات'],
    ['الرَّحْمٰن', 'الرحمن'],
    ['١٢٣٤٥٦٧٨٩٠', '1234567890'],
    ['۱۲۳۴۵۶۷۸۹۰', '1234567890'],
    ['کیک', 'كيك'],
    ['Medjool DATES', 'medjool dates'],
    ['Crème Brûlée', 'creme brulee'],
    ['Çay ÀÉÎÕÜ ñ', 'cay aeiou n'],
    ['  تمر \u00a0 دقلة\tنور\n', 'تمر دقله نور'],
    ['\u200fتمر\u200e', 'تمر'],
    ['100%_pure', '100%_pure'],
    ['زيت – 1 لتر', 'زيت – 1 لتر'],
    ['', ''],
  ]
  it.each(pairs)('%s → %s', (typed, folded) => {
    expect(foldSearchText(typed)).toBe(folded)
  })

  it('is idempotent: a folded text folds to itself', () => {
    for (const [typed] of pairs) expect(foldSearchText(foldSearchText(typed))).toBe(foldSearchText(typed))
  })

  it('gives translate() one target per kept character, the removed ones last', () => {
    const { from, to } = searchFoldTranslateArgs()
    expect([...from].length).toBe(SEARCH_FOLD_TABLE.size)
    expect([...to].length).toBe([...SEARCH_FOLD_TABLE.values()].filter((v) => v !== '').length)
  })
})

describe('word forms (decision 0140)', () => {
  it('drops the article and the joined letters before it', () => {
    expect(withoutArticle('التمور')).toBe('تمور')
    expect(withoutArticle('بالفلفل')).toBe('فلفل')
    expect(withoutArticle('والعسل')).toBe('عسل')
    expect(withoutArticle('الم')).toBe('الم')
  })

  it('finds the singular in the plural and back', () => {
    expect(wordForms('التمور')).toEqual(expect.arrayContaining(['تمر', 'تمور']))
    expect(wordForms('تمر')).toEqual(expect.arrayContaining(['تمر', 'تمور']))
    expect(wordForms('فسيله')).toEqual(expect.arrayContaining(['فسيل', 'فسايل']))
    expect(wordForms('فسايل')).toEqual(expect.arrayContaining(['فسيل', 'فسايل']))
    expect(wordForms('اصناف')).toEqual(expect.arrayContaining(['صنف']))
    expect(wordForms('مكسرات')).toEqual(expect.arrayContaining(['مكسر']))
    expect(wordForms('dates')).toEqual(['date'])
    expect(wordForms('berries')).toEqual(expect.arrayContaining(['berry']))
  })

  it('leaves out forms that contain another one, and short or symbol words as they are', () => {
    const forms = wordForms('التمر')
    expect(forms).toContain('تمر')
    expect(forms).not.toContain('التمر')
    expect(wordForms('%')).toEqual(['%'])
    expect(wordForms('1')).toEqual(['1'])
    expect(wordForms('100%_p')).toEqual(['100%_p'])
  })

  it('parses a typed search into folded words', () => {
    const parsed = parseSearch('  زيت   الزيتون ')
    expect(parsed.folded).toBe('زيت الزيتون')
    expect(parsed.words.map((w) => w.word)).toEqual(['زيت', 'الزيتون'])
    expect(parseSearch('a b c d e f g h').words).toHaveLength(6)
  })
})

describe('edit distance', () => {
  it.each([
    ['دقله', 'دقله', 0],
    ['دقلا', 'دقله', 1],
    ['دلقه', 'دقله', 1],
    ['دقه', 'دقله', 1],
    ['medjol', 'medjool', 1],
    ['abc', 'xyz', 3],
  ] as const)('%s ↔ %s = %d', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
  })
  it('stops past the bound', () => {
    expect(editDistance('abcdef', 'uvwxyz', 1)).toBe(2)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
  })
})
