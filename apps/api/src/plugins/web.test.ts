import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../test/helpers.ts'

const LANG_SCRIPT = "try { if (localStorage.getItem('language') === 'en') document.documentElement.lang = 'en' } catch (e) {}"
const CSS = 'body{color:#222}.size-10{width:2.5rem}'

/** A built web app as Vite writes it: an inline language script, a linked stylesheet, the logo. */
function fakeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets/index-abc123.css'), CSS)
  writeFileSync(join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">\n  <!-- palm -->\n  <circle cx="5" cy="5" r="4"/>\n</svg>\n')
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="ar" dir="rtl"><head><title>shop</title><script>${LANG_SCRIPT}</script>` +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body><div id="root"></div></body></html>',
  )
}

describe('web app shell', () => {
  let ctx: TestContext
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-web-'))
    fakeBuild(dir)
    ctx = await createTestApp({ webDist: dir })
  })
  afterAll(async () => {
    await ctx.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves the shell for app routes, never for /api', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/checkout' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<div id="root">')
    const api = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(api.statusCode).toBe(404)
    expect(api.json().code).toBe('NOT_FOUND')
  })

  it('allows exactly the inline language script by its hash, and no other inline script', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/' })
    const csp = String(page.headers['content-security-policy'])
    const hash = createHash('sha256').update(LANG_SCRIPT).digest('base64')
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect(/script-src [^;]*unsafe-inline/.test(csp)).toBe(false)
  })

  it('puts the stylesheet into the shell instead of a render-blocking request', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/cart' })
    expect(page.body).toContain(`<style>${CSS}</style>`)
    expect(page.body).not.toContain('rel="stylesheet"')
    const file = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.css' })
    expect(file.statusCode).toBe(200)
  })

  it('shows the top bar frame with the inline logo on storefront routes until the app renders, not on the dashboard', async () => {
    for (const url of ['/', '/products', '/cart', '/products?page=2']) {
      const body = (await ctx.app.inject({ method: 'GET', url })).body
      expect(body, url).toMatch(/<div id="root"><div class="flex min-h-dvh flex-col" aria-hidden="true"><header [^>]*><div [^>]*><svg width="40" height="40" class="size-10 shrink-0"/)
      expect(body, url).not.toContain('<!-- palm -->')
    }
    for (const url of ['/dashboard', '/dashboard/orders']) {
      expect((await ctx.app.inject({ method: 'GET', url })).body, url).toContain('<div id="root"></div>')
    }
  })

  it('draws the hero art of / in the shell, with the classes of the hero the app renders (nothing moves when it is replaced)', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/' })).body
    const shellHero =
      /<section class="([^"]+)"><div aria-hidden="true" class="([^"]+)"><img src="\/hero\.svg" alt="" class="([^"]+)" width="1600" height="900" fetchpriority="high"><\/div><div class="([^"]+)"><\/div><\/section>/.exec(
        body,
      )
    expect(shellHero).not.toBeNull()
    const source = (file: string) => readFileSync(new URL(`../../../web/src/features/landing/components/${file}`, import.meta.url), 'utf8')
    const appHero = source('hero-section.tsx')
    const classNames = [...appHero.matchAll(/className="([^"]+)"/g)].map((m) => m[1])
    // The section's own classes minus the text colour and the shade's, as the app renders them; the art's frame and
    // picture as features/landing/components/hero-art.tsx draws them when the browser renders the page itself.
    expect(classNames).toContain(`${shellHero![1]} text-white`)
    expect(classNames).toContain(shellHero![4])
    const appArt = source('hero-art.tsx')
    expect(appArt).toContain(`className="${shellHero![2]}"`)
    expect(appArt).toContain(`<img src="/hero.svg" alt="" class="${shellHero![3]}" width="1600" height="900" fetchpriority="high">`)
    for (const url of ['/products', '/cart', '/?page=1']) expect((await ctx.app.inject({ method: 'GET', url })).body, url).not.toContain('<img src="/hero.svg"')
  })

  it('preloads the hero art on / only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/' })).body).toContain('<link rel="preload" as="image" href="/hero.svg"')
    expect((await ctx.app.inject({ method: 'GET', url: '/cart' })).body).not.toContain('rel="preload" as="image"')
  })

  it('sends the shell gzipped to browsers that accept it', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/products' })
    const zipped = await ctx.app.inject({ method: 'GET', url: '/products', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toContain('Accept-Encoding')
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body)
    expect(plain.headers['content-encoding']).toBeUndefined()
  })
})
