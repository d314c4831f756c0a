import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createProduct, createTestApp, type TestContext } from '../../test/helpers.ts'
import { webDist } from '../paths.ts'
import { createLogger } from '../plugins/logging.ts'

// Issue 40, "before the script arrives": what the server answers a phone whose script has not arrived yet (a form
// posted without it, an address with bad input), and what it writes in its log meanwhile. Rendered by the web app's
// real server build (`npm run build`).
const built = existsSync(join(webDist, 'server/index.js'))

describe('pages before the script arrives (issue 40)', () => {
  let ctx: TestContext
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  const logged = () => lines.map((l) => JSON.parse(l) as Record<string, any>) // eslint-disable-line @typescript-eslint/no-explicit-any

  beforeAll(async () => {
    if (!built)
      throw new Error(`The web app is not built (${webDist}/server/index.js): run npm run build first`)
    ctx = await createTestApp({
      webDist,
      logger: createLogger({ LOG_LEVEL: 'debug', LOG_FORMAT: 'json' }, { stream }),
    })
    await createProduct(ctx.app, { slug: 'sidr-honey', name: 'عسل السدر', retailPrice: 120, stock: 5 })
  })
  afterAll(() => ctx?.close())
  beforeEach(() => {
    lines.length = 0
  })

  it('every form that takes a password posts, so a submit before hydration never puts it in the address', async () => {
    // The screens whose forms the server draws (change-password and the invitation are drawn in the browser; the
    // web units check their forms).
    for (const url of ['/login', '/register', '/reset-password?token=abc&email=a%40b.ly', '/login?lang=en']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      const forms = [...res.body.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)].filter((m) =>
        m[2]!.includes('type="password"'),
      )
      expect(forms.length, url).toBe(1)
      for (const form of forms) expect(form[1], url).toContain('method="post"')
    }
  })

  it('a form posted to a page answers with the page again (303), and its passwords reach no log line', async () => {
    const secrets = ['Palm-Secret-1', 'Palm-Secret-2']
    const body = `name=Layla&email=l%40b.ly&password=${secrets[0]}&password_confirmation=${secrets[1]}`
    for (const url of [
      '/register',
      '/login?redirect=%2Fcheckout',
      '/reset-password?token=abc',
      '/invitation/xyz',
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      })
      expect(res.statusCode, url).toBe(303)
      expect(res.headers.location, url).toBe(url)
    }
    // Never off this origin, whatever the address.
    const away = await ctx.app.inject({ method: 'POST', url: '//evil.example/login', payload: body })
    expect(away.headers.location).toBe('/evil.example/login')
    // An old browser's GET of the same form: the address is logged without any password-like value.
    await ctx.app.inject({ method: 'GET', url: `/register?${body}` })
    // The request's line is written once its answer is sent.
    await vi.waitFor(() => expect(lines.join('\n')).toContain('password_confirmation=[redacted]'))
    for (const secret of secrets) expect(lines.join('\n')).not.toContain(secret)
  })

  it('a NUL in a search or a product address is bad input, as in the API: never a 500, never a logged query', async () => {
    const api = await ctx.app.inject({ method: 'GET', url: '/api/products?search=%D8%B9%D8%B3%D9%84%00' })
    expect(api.statusCode).toBe(200)
    // The page drops the NUL as the API does and finds the same product.
    const page = await ctx.app.inject({ method: 'GET', url: '/products?search=%D8%B9%D8%B3%D9%84%00' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('عسل السدر')
    const data = await ctx.app.inject({ method: 'GET', url: '/products.data?search=a%00' })
    expect(data.statusCode).toBe(200)
    // A product address with a NUL is no product: the designed 404 page, in both languages.
    for (const [url, text] of [
      ['/products/sidr-honey%00', 'lang="ar"'],
      ['/products/sidr-honey%00?lang=en', 'lang="en"'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).toContain(text)
    }
    await vi.waitFor(() => expect(lines.join('\n')).toContain('"url":"/products/sidr-honey%00?lang=en"'))
    const entries = logged()
    expect(entries.every((e) => e.level < 40)).toBe(true)
    expect(lines.every((l) => l.length < 1000)).toBe(true)
    expect(lines.join('\n')).not.toContain('Failed query')
  })

  it('a page that fails is one short JSON line at error level, without the query', async () => {
    const db = ctx.database.db
    await db.execute(sql`ALTER TABLE settings RENAME TO settings_away`)
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/products' })
      expect(res.statusCode).toBe(500)
    } finally {
      await db.execute(sql`ALTER TABLE settings_away RENAME TO settings`)
    }
    await vi.waitFor(() => expect(logged().some((e) => e.level >= 40)).toBe(true))
    const entries = logged()
    const failed = entries.filter((e) => e.level >= 40)
    expect(failed).toHaveLength(1)
    expect(failed[0]!.level).toBe(50)
    expect(failed[0]!.req.url).toBe('/products')
    expect(failed[0]!.err.code).toBe('42P01')
    expect(lines.every((l) => l.length < 1500)).toBe(true)
    expect(lines.join('\n')).not.toMatch(/select "|params:/)
  })
})
