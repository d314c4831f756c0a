import { describe, expect, it } from 'vitest'
import { minutesText, resetMail } from './auth-messages.ts'

describe('counted minutes in the reset mail (issue 26)', () => {
  it('reads right in Arabic for 0, 1, 2, 3, 11 and 100, and in English', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => minutesText(n, 'ar'))).toEqual([
      'أقل من دقيقة',
      'دقيقة واحدة',
      'دقيقتين',
      '3 دقائق',
      '11 دقيقة',
      '100 دقيقة',
    ])
    expect([1, 60].map((n) => minutesText(n, 'en'))).toEqual(['1 minute', '60 minutes'])
  })

  it('writes the link’s lifetime with them', () => {
    const text = resetMail('https://shop.test/reset-password?token=t', 2, {
      ar: 'مزارع الواحة',
      en: 'Oasis Farms',
    }).text
    expect(text).toContain('الرابط صالح لمدة دقيقتين ولمرة واحدة فقط.')
    expect(text).toContain('expires in 2 minutes.')
  })
})
