import { describe, expect, it } from 'vitest'
import { readableWhatsApp } from './whatsapp-number.ts'

describe('readableWhatsApp', () => {
  it('groups a Libyan mobile as it is read aloud', () => {
    expect(readableWhatsApp('218912345678')).toBe('+218 91 234 5678')
  })
  it('keeps any other number whole, with its plus', () => {
    expect(readableWhatsApp('447700900123')).toBe('+447700900123')
    expect(readableWhatsApp('')).toBe('')
  })
})
