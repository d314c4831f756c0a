import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pathToFileURL } from 'node:url'
import { createTestApp, createUser, type TestContext } from '../../test/helpers.ts'
import { requestLanguage } from './server-render.ts'

// Decision 29: storefront pages rendered by the web app's server build. The real build is tested in apps/web
// (src/app/server-render.test.tsx) and in the browser journeys; here a stand-in with the same contract shows what the
// server does with it: where each part goes, which language, which data requests, and what happens when it fails.

const LOADER = "(function(){ if (!document.documentElement.hasAttribute('data-ssr')) return })()"

/** A built web app as Vite writes it, with the font preloads at the start of <body> and the deferred-scripts loader. */
function fakeBuild(dir: string) {
  mkdirSync(join(dir, 'dist/assets'), { recursive: true })
  writeFileSync(
    join(dir, 'dist/index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><meta name="description" content="وصف" /><title>متجر</title>' +
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">' +
      `<script>${LOADER}</script></head><body>` +
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/cairo-arabic.woff2">' +
      '<div id="root"></div></body></html>',
  )
  // The stand-in renders / and /products (and fails on ?boom), asking the API for the categories like the real one.
  mkdirSync(join(dir, 'dist-ssr'))
  writeFileSync(
    join(dir, 'dist-ssr/entry-server.js'),
    `export let renders = 0
    export async function renderPage({ url, lang, fetch }) {
      const path = url.split('?')[0]
      if (path !== '/' && path !== '/products') return null
      if (url.includes('boom')) throw new Error('render failed')
      if (url.includes('page=9')) return { redirect: '/products?page=2' }
      renders++
      const res = await fetch('/api/categories?active=true', { method: 'GET', headers: {} })
      const body = await res.json()
      return {
        lang, dir: lang === 'ar' ? 'rtl' : 'ltr',
        title: lang === 'ar' ? 'عنوان $& "<b>"' : 'Title',
        description: 'about <shop>',
        head: '<link rel="preload" as="image" href="/api/images/1/small.webp"/>',
        root: '<main><h1>' + lang + ':' + body.data.length + ' $& $1</h1></main>',
        data: '<script type="application/json" id="server-state">[]</script>',
      }
    }`,
  )
}

const html = (res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }) =>
  res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body

describe('server-rendered storefront pages (decision 29)', () => {
  let ctx: TestContext
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-ssr-'))
    fakeBuild(dir)
    ctx = await createTestApp({ webDist: join(dir, 'dist') })
  })
  afterAll(async () => {
    await ctx.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('sends /products rendered, in Arabic by default, with its data and without the module script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': 'gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
    const page = html(res)
    expect(page).toContain('<html lang="ar" dir="rtl" data-ssr>')
    // The render's data requests reached the API in-process (the seeded catalogue has active categories).
    expect(page).toMatch(/<div id="root"><main><h1>ar:\d+ \$& \$1<\/h1><\/main><\/div><script type="application\/json" id="server-state">\[\]<\/script>/)
    expect(page).not.toContain('<script type="module"')
    expect(page).not.toContain('rel="modulepreload"')
    expect(page).toContain(`<script>${LOADER}</script>`)
    // The render's picture preloads in <head>, the font preloads where the build put them (Chromium holds rendering for
    // font preloads in <head>); title and description in the page's language, escaped.
    const head = page.slice(0, page.indexOf('</head>'))
    expect(head).not.toContain('as="font"')
    expect(page).toContain('<body><link rel="preload" as="font"')
    expect(head).toContain('/api/images/1/small.webp')
    expect(head).toContain('<title>عنوان $&#38; &#34;&#60;b&#62;&#34;</title>')
    expect(head).toContain('<meta name="description" content="about &#60;shop&#62;">')
    expect(String(res.headers.vary)).toMatch(/Cookie/)
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('renders in English for a visitor whose language cookie says so', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=x; language=en' } })
    expect(res.body).toContain('<html lang="en" dir="ltr" data-ssr>')
    expect(res.body).toContain('<h1>en:')
  })

  it('still allows exactly the inline scripts of index.html by their hashes', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/products' })
    const hash = createHash('sha256').update(LOADER).digest('base64')
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`)
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline\' \'sha')
  })

  it('sends the plain shell (the browser renders it) for pages it does not render, and when rendering fails', async () => {
    for (const url of ['/cart', '/products?boom=1']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('<html lang="ar" dir="rtl">')
      expect(res.body).toContain('<div id="root">')
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
      expect(res.body).not.toContain(' data-ssr>')
    }
  })

  it('keeps cross-origin openers away from the dashboard pages only (decision 30)', async () => {
    const staff = await ctx.app.inject({ method: 'GET', url: '/dashboard/orders' })
    expect(staff.headers['cross-origin-opener-policy']).toBe('same-origin')
    const shop = await ctx.app.inject({ method: 'GET', url: '/products' })
    expect(shop.headers['cross-origin-opener-policy']).toBeUndefined()
  })

  it('renders a page again only when an answer it was drawn from changed', async () => {
    const stand = (await import(pathToFileURL(join(dir, 'dist-ssr/entry-server.js')).href)) as { renders: number }
    const url = '/products?page=1&per_page=12&cache=1'
    const first = await ctx.app.inject({ method: 'GET', url })
    const before = stand.renders
    const again = await ctx.app.inject({ method: 'GET', url })
    expect(stand.renders).toBe(before)
    expect(again.body).toBe(first.body)
    // Another language is another page.
    await ctx.app.inject({ method: 'GET', url, headers: { cookie: 'language=en' } })
    expect(stand.renders).toBe(before + 1)

    const admin = await createUser(ctx.app, 'admin')
    const created = await ctx.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { name: 'فئة جديدة للاختبار' } })
    expect(created.statusCode).toBe(201)
    await new Promise((r) => setTimeout(r, 600)) // the public lists' bound on staleness (decision 19)
    const changed = await ctx.app.inject({ method: 'GET', url })
    expect(stand.renders).toBe(before + 2)
    const count = (html: string) => Number(/<h1>ar:(\d+)/.exec(html)![1])
    expect(count(changed.body)).toBe(count(first.body) + 1)
  })

  it('sends a page past the last one to the last page', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/products?page=9' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/products?page=2')
  })

  it('answers HEAD like GET for pages', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/products' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/html')
  })
})

describe('the language of a rendered page', () => {
  const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as Parameters<typeof requestLanguage>[0]
  it('is English only for the cookie language=en, Arabic otherwise (SPEC §1: ar is the default)', () => {
    expect(requestLanguage(req())).toBe('ar')
    expect(requestLanguage(req('language=en'))).toBe('en')
    expect(requestLanguage(req('a=1; language=en; b=2'))).toBe('en')
    expect(requestLanguage(req('language=fr'))).toBe('ar')
    expect(requestLanguage(req('xlanguage=en'))).toBe('ar')
    expect(requestLanguage(req('language=english'))).toBe('ar')
  })
})
