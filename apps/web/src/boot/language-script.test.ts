import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import indexHtml from '../../index.html?raw'

// index.html's first script: sets <html lang dir> from the saved language before the first paint and keeps the
// `language` cookie the server renders pages in (decision 29) in step with it.
const script = /<script>([\s\S]*?)<\/script>/.exec(indexHtml)![1]!

const html = document.documentElement
let jar = ''
const cookieRead = vi.fn()
const cookieWritten = vi.fn()

/** The page as the browser has it when the script runs: the server's <html> attributes and the saved choice. */
function page(opts: { ssr: boolean; lang: 'ar' | 'en'; saved: 'ar' | 'en' | null; cookie?: string }) {
  html.lang = opts.lang
  html.dir = opts.lang === 'en' ? 'ltr' : 'rtl'
  html.className = ''
  html.toggleAttribute('data-ssr', opts.ssr)
  localStorage.clear()
  if (opts.saved) localStorage.setItem('language', opts.saved)
  jar = opts.cookie ?? ''
  new Function(script)()
}

beforeEach(() => {
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => (cookieRead(), jar),
    set: (value: string) => {
      cookieWritten(value)
      jar = value.split(';')[0]!
    },
  })
})

afterEach(() => {
  delete (document as { cookie?: string }).cookie
  cookieRead.mockReset()
  cookieWritten.mockReset()
  html.removeAttribute('data-ssr')
  html.className = ''
})

describe("index.html's language script", () => {
  it('leaves a page the server rendered in the saved language as it is, without asking for the cookies', () => {
    page({ ssr: true, lang: 'en', saved: 'en', cookie: 'language=en' })
    expect([html.lang, html.dir, html.classList.contains('ssr-stale')]).toEqual(['en', 'ltr', false])
    page({ ssr: true, lang: 'ar', saved: null })
    expect([html.lang, html.dir, html.classList.contains('ssr-stale')]).toEqual(['ar', 'rtl', false])
    expect(cookieRead).not.toHaveBeenCalled()
    expect(cookieWritten).not.toHaveBeenCalled()
  })

  it('turns a page the server rendered in Arabic to a visitor who chose English, and tells the server for next time', () => {
    page({ ssr: true, lang: 'ar', saved: 'en' })
    expect([html.lang, html.dir, html.classList.contains('ssr-stale')]).toEqual(['en', 'ltr', true])
    expect(cookieWritten).toHaveBeenCalledWith(expect.stringMatching(/^language=en; path=\/; max-age=31536000/))
  })

  it('tells the server about a choice of Arabic made after an English page was sent', () => {
    page({ ssr: true, lang: 'en', saved: 'ar', cookie: 'language=en' })
    expect([html.lang, html.dir, html.classList.contains('ssr-stale')]).toEqual(['ar', 'rtl', true])
    expect(jar).toBe('language=ar')
  })

  it('on a page the browser renders, writes the cookie only when it differs from the saved language', () => {
    page({ ssr: false, lang: 'ar', saved: 'en' })
    expect([html.lang, html.dir, html.classList.contains('ssr-stale')]).toEqual(['en', 'ltr', false])
    expect(jar).toBe('language=en')
    cookieWritten.mockReset()
    page({ ssr: false, lang: 'ar', saved: 'en', cookie: 'theme=x; language=en' })
    expect(cookieRead).toHaveBeenCalled()
    expect(cookieWritten).not.toHaveBeenCalled()
  })
})
