import { describe, expect, it } from 'vitest'
import { jsonForHtml } from './html.ts'

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
