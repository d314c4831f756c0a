import { describe, expect, it } from 'vitest'
import { messages, pickLanguage, translate } from './messages.ts'

describe('shared messages', () => {
  it('has the same keys in Arabic and English', () => {
    for (const group of ['validation', 'errors'] as const) {
      expect(Object.keys(messages.ar[group]).sort()).toEqual(Object.keys(messages.en[group]).sort())
    }
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
