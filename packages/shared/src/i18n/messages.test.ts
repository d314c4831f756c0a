import { describe, expect, it } from 'vitest'
import { messages, pickLanguage, translate } from './messages.ts'

describe('shared messages', () => {
  it('has the same keys in Arabic and English, counted texts with every plural form of each language', () => {
    const plural = /_(zero|one|two|few|many|other)$/
    const forms = { ar: ['zero', 'one', 'two', 'few', 'many', 'other'], en: ['one', 'other'] }
    for (const group of ['validation', 'errors'] as const) {
      const bases = (lang: 'ar' | 'en') =>
        [...new Set(Object.keys(messages[lang][group]).map((k) => k.replace(plural, '')))].sort()
      expect(bases('ar')).toEqual(bases('en'))
      for (const lang of ['ar', 'en'] as const) {
        const keys = Object.keys(messages[lang][group])
        // A counted text is one with an `_other` form; `too_many` ("this list is too long") is a word, not a form.
        const countedBases = keys.filter((k) => k.endsWith('_other')).map((k) => k.replace(plural, ''))
        for (const counted of new Set(countedBases))
          for (const form of forms[lang]) expect(keys, `${lang} ${counted}`).toContain(`${counted}_${form}`)
      }
    }
  })

  it('picks the plural form of the language for a count (Arabic 1, 2, 3, 11, 100)', () => {
    const t = (lang: 'ar' | 'en', count: number) => translate(lang, 'errors.TOO_MANY_REQUESTS', { count })
    expect(t('en', 1)).toBe('Too many attempts. Please try again in 1 minute')
    expect(t('en', 15)).toBe('Too many attempts. Please try again in 15 minutes')
    expect(t('ar', 1)).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقة واحدة')
    expect(t('ar', 2)).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد دقيقتين')
    expect(t('ar', 3)).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 3 دقائق')
    expect(t('ar', 11)).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 11 دقيقة')
    expect(t('ar', 100)).toBe('محاولات كثيرة جدًا. حاول مرة أخرى بعد 100 دقيقة')
  })

  it('interpolates parameters', () => {
    expect(translate('en', 'errors.OUT_OF_STOCK', { product: 'Ajwa', available: 2 })).toBe(
      'Not enough stock for Ajwa (available: 2)',
    )
  })

  it('keeps the product.md §5 English texts', () => {
    expect(translate('en', 'validation.first_name_required')).toBe('First name is required')
    expect(translate('en', 'validation.passwords_dont_match')).toBe("Passwords don't match")
    expect(translate('en', 'validation.password_min_8')).toBe('Password must be at least 8 characters')
  })

  it('picks the language from Accept-Language, Arabic by default', () => {
    expect(pickLanguage(undefined)).toBe('ar')
    expect(pickLanguage('en-US,en;q=0.9')).toBe('en')
    expect(pickLanguage('fr-FR, en;q=0.5')).toBe('en')
    expect(pickLanguage('de')).toBe('ar')
    expect(pickLanguage('en;q=0.3, ar;q=0.8')).toBe('ar')
  })
})
