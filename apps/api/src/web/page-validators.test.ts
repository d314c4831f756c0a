import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createProduct, createTestApp, type TestContext } from '../../test/helpers.ts'
import { webDist } from '../paths.ts'

// Issue 40: a repeat visit on a flaky network does not download the page again. Pages and their `.data` answers carry
// a validator per language; the browser's If-None-Match gets a 304 while the page is the same.
const built = existsSync(join(webDist, 'server/index.js'))

describe('page validators (issue 40)', () => {
  let ctx: TestContext
  beforeAll(async () => {
    if (!built)
      throw new Error(`The web app is not built (${webDist}/server/index.js): run npm run build first`)
    ctx = await createTestApp({ webDist })
    await createProduct(ctx.app, { slug: 'sidr-honey', name: 'عسل السدر', retailPrice: 120, stock: 5 })
  })
  afterAll(() => ctx?.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers })

  it('a page the browser already has answers 304 without the page, per language, until it changes', async () => {
    const first = await get('/products', { 'accept-encoding': 'gzip' })
    expect(first.statusCode).toBe(200)
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/"ar-[\w-]+"$/)
    expect(first.headers['content-encoding']).toBe('gzip')
    expect(first.headers['cache-control']).toBe('no-cache')
    // Each answer has its own CSP nonce, yet the same page has the same validator.
    const again = await get('/products')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['content-security-policy']).not.toBe(first.headers['content-security-policy'])

    const repeat = await get('/products', { 'if-none-match': etag })
    expect(repeat.statusCode).toBe(304)
    expect(repeat.body).toBe('')
    // The browser keeps the policy that came with its copy (whose scripts carry that answer's nonce).
    expect(repeat.headers['content-security-policy']).toBeUndefined()

    // The English page is another page: its own validator, and the Arabic one does not match it.
    const english = await get('/products', { cookie: 'language=en', 'if-none-match': etag })
    expect(english.statusCode).toBe(200)
    expect(english.body).toContain('lang="en"')
    expect(String(english.headers.etag)).toMatch(/^W\/"en-/)

    // A new product changes the page: the browser's copy is stale and the page comes whole.
    await createProduct(ctx.app, { slug: 'deglet-nour', name: 'تمر دقلة نور', retailPrice: 30, stock: 9 })
    await vi.waitFor(async () => {
      const changed = await get('/products', { 'if-none-match': etag })
      expect(changed.statusCode).toBe(200)
      expect(changed.body).toContain('تمر دقلة نور')
      expect(changed.headers.etag).not.toBe(etag)
    })
  })

  it('the stylesheet comes before every font and module preload; each language preloads its own font file', async () => {
    for (const [cookie, preloaded, skipped] of [
      ['language=ar', 'cairo-arabic', 'cairo-latin'],
      ['language=en', 'cairo-latin', 'cairo-arabic'],
    ] as const) {
      const html = (await get('/products', { cookie })).body
      const head = html.slice(0, html.indexOf('</head>'))
      const files = [...head.matchAll(/<link ([^>]*)>/g)]
        .map((m) => m[1]!)
        .filter((attrs) => /rel="(stylesheet|preload|modulepreload)"/.test(attrs))
      const css = files.findIndex((attrs) => attrs.includes('rel="stylesheet"'))
      expect(css, cookie).toBeGreaterThanOrEqual(0)
      // Only the first screen's pictures (the largest paint) may come before it.
      expect(
        files.slice(0, css).every((attrs) => attrs.includes('as="image"')),
        cookie,
      ).toBe(true)
      expect(files.filter((attrs) => attrs.includes('as="font"')).length, cookie).toBe(1)
      expect(head, cookie).toMatch(
        new RegExp(`rel="preload" href="/assets/${preloaded}-wght-normal-[\\w-]+\\.woff2" as="font"`),
      )
      expect(head, cookie).not.toContain(skipped)
    }
  })

  it("a page's data for a navigation answers 304 too; a shared ?lang= link (it sets the cookie) has no validator", async () => {
    const data = await get('/products/sidr-honey.data')
    expect(data.statusCode).toBe(200)
    const etag = String(data.headers.etag)
    expect(etag).toMatch(/^W\/"ar-/)
    expect((await get('/products/sidr-honey.data', { 'if-none-match': etag })).statusCode).toBe(304)

    const shared = await get('/products/sidr-honey?lang=en')
    expect(shared.statusCode).toBe(200)
    expect(shared.headers['set-cookie']).toContain('language=en')
    expect(shared.headers.etag).toBeUndefined()
  })
})
