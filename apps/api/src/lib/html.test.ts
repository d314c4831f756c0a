import { describe, expect, it } from 'vitest'
import { html } from './html.ts'

describe('html templates (decision 0066)', () => {
  it('escapes every value, nested templates stay markup, lists and empty values render', () => {
    const name = `<script>alert("x")</script> & 'co'`
    const row = (n: string) => html`<td>${n}</td>`
    // prettier-ignore
    const out = html`<p title="${name}">${name}</p><tr>${['a<', 'b'].map(row)}</tr>${null}${false}${0}`.value
    expect(out).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p><tr><td>a&lt;</td><td>b</td></tr>0',
    )
  })
})
