import { describe, expect, it } from 'vitest'
import { escapeHtml } from './escape.ts'

describe('escapeHtml', () => {
  it('neutralises markup and both quotes', () => {
    expect(escapeHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;')
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;')
  })
  it('keeps Arabic text and writes nothing for a missing value', () => {
    expect(escapeHtml('تمر & عسل')).toBe('تمر &amp; عسل')
    expect(escapeHtml(null)).toBe('')
    expect(escapeHtml(undefined)).toBe('')
    expect(escapeHtml(12.5)).toBe('12.5')
  })
})
