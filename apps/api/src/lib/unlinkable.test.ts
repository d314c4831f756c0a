import LinkifyIt from 'linkify-it'
import { describe, expect, it } from 'vitest'
import { unlinkable } from './unlinkable.ts'

// The linkifier of markdown-it (the same rules as mail programs' auto-linking: schemes, www., bare domains with a
// known top-level domain, emails) finds nothing in what unlinkable returns.
const linkify = new LinkifyIt()

const spam = [
  'Win a prize at http://evil.example.com/claim?id=1',
  'اربح جائزة: https://bit.ly/3xYz',
  'visit www.prize-winner.ly now',
  'prize.com',
  'write to claim@prize.com or mailto:claim@prize.com',
  'ftp://1.2.3.4/x and 10.0.0.1',
  'full-width evil．com and ideographic evil。com',
  'Ali <ali@mail.ly>',
]

describe('unlinkable (decision 0096)', () => {
  it.each(spam)('leaves nothing a mail program would link: %s', (text) => {
    expect(linkify.test(text) || /[．。]/.test(text)).toBe(true)
    expect(linkify.match(unlinkable(text))).toBeNull()
  })

  it('keeps ordinary names and addresses as they were typed', () => {
    for (const text of [
      'سارة علي',
      'Mohamed A. Ali',
      'شارع عمر المختار، طرابلس. بجانب المسجد',
      'Building 3, Flat 12 - Tripoli',
      'Dr. Huda',
    ])
      expect(unlinkable(text)).toBe(text)
  })

  it('stays readable', () => {
    expect(unlinkable('Win a prize at http://evil.com')).toBe('Win a prize at http[:]//evil[.]com')
    expect(unlinkable('ali@mail.ly')).toBe('ali[@]mail[.]ly')
  })
})
