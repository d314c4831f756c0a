import { describe, expect, it } from 'vitest'
import { internationalNumber, maskPhone, samePhone, telHref, whatsappHref } from './phone.ts'

describe('phone numbers (decision 0070)', () => {
  it('normalises Libyan mobiles to 2189x for WhatsApp, however they were typed', () => {
    expect(internationalNumber('0912345678')).toBe('218912345678')
    expect(internationalNumber('091 234 5678')).toBe('218912345678')
    expect(internationalNumber('٠٩٢١٢٣٤٥٦٧')).toBe('218921234567')
    expect(internationalNumber('+218 92 123 4567')).toBe('218921234567')
    expect(internationalNumber('00218941234567')).toBe('218941234567')
    expect(internationalNumber('912345678')).toBe('218912345678')
    expect(internationalNumber('+20 100 123 4567')).toBe('201001234567')
    expect(internationalNumber('---')).toBeNull()
  })

  it('builds tel: and wa.me links with the message encoded', () => {
    expect(telHref('091-234 5678')).toBe('tel:0912345678')
    expect(telHref('+218 91 234 5678')).toBe('tel:+218912345678')
    const href = whatsappHref('0912345678', 'طلبك ORD-250301-00009 & شكرًا')!
    expect(href.startsWith('https://wa.me/218912345678?text=')).toBe(true)
    expect(decodeURIComponent(new URL(href).search.slice('?text='.length))).toBe(
      'طلبك ORD-250301-00009 & شكرًا',
    )
    expect(whatsappHref('', 'x')).toBeNull()
  })

  it('masks all but the first three and last two digits', () => {
    expect(maskPhone('0912345678')).toBe('091•••••78')
    expect(maskPhone('+218 91 234 5678')).toBe('218•••••••78')
    expect(maskPhone('123')).toBe('•••')
  })

  it('matches the same number written two ways, and not another one', () => {
    expect(samePhone('0912345678', '+218 91-234-5678')).toBe(true)
    expect(samePhone('0912345678', '0912345679')).toBe(false)
    expect(samePhone('', '')).toBe(false)
  })
})
