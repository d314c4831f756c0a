import { describe, expect, it } from 'vitest'
import { inlineSvg, jsonForHtml } from './html.ts'

describe('jsonForHtml (a JSON data block inside an HTML page)', () => {
  const hostile = { name: '</script><script>alert(1)</script> & <!-- \u2028\u2029 "quoted"', nested: [{ a: '<b>' }] }

  it('cannot end the <script> element or open a comment, and has no raw line separators', () => {
    const text = jsonForHtml(hostile)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
  })

  it('reads back exactly what was written', () => {
    expect(JSON.parse(jsonForHtml(hostile))).toEqual(hostile)
  })
})

describe('inlineSvg', () => {
  const svg = '<svg viewBox="0 0 10 10">\n  <!-- a gradient -->\n  <defs><linearGradient id="g"/><path id="p"/></defs>\n  <rect fill="url(#g)"/><use href="#p"/>\n</svg>\n'
  it('drops comments and the whitespace between tags and adds the attributes to the <svg>', () => {
    expect(inlineSvg(svg, 'width="40"')).toBe('<svg width="40" viewBox="0 0 10 10"><defs><linearGradient id="g"/><path id="p"/></defs><rect fill="url(#g)"/><use href="#p"/></svg>')
  })
  it('gives every id and every reference to one the prefix', () => {
    expect(inlineSvg(svg, 'width="40"', 'x-')).toBe(
      '<svg width="40" viewBox="0 0 10 10"><defs><linearGradient id="x-g"/><path id="x-p"/></defs><rect fill="url(#x-g)"/><use href="#x-p"/></svg>',
    )
  })
})
