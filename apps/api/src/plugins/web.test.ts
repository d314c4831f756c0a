import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProduct, createTestApp, type TestContext } from '../../test/helpers.ts'
import { storeImage } from '../modules/images/images.service.ts'

describe('web app shell', () => {
  let ctx: TestContext
  let dir: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-web-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><head><title>shop</title></head><body><div id="root"></div></body></html>')
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

  it('preloads the first product picture in the /products shell (largest paint), and nothing elsewhere', async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#7a4a21' } }).png().toBuffer()
    const imageId = await storeImage(ctx.app.db, png)
    await createProduct(ctx.app, { imageId, stock: 5 })
    const page = await ctx.app.inject({ method: 'GET', url: '/products' })
    expect(page.body).toContain(`<link rel="preload" as="image" href="/api/images/${imageId}/small.webp" fetchpriority="high">`)
    const home = await ctx.app.inject({ method: 'GET', url: '/' })
    expect(home.body).not.toContain('rel="preload" as="image"')
  })
})
