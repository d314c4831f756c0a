import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../helpers.ts'

// security.md "Bad input": CSP without inline scripts, nosniff, frame-ancestors 'none', CORS only for configured origins.
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

describe('security headers', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp({ env: { CORS_ORIGINS: 'https://shop.example.ly, https://admin.example.ly' } })
  })
  afterAll(() => ctx?.close())

  it('sends a CSP without inline or eval scripts, nosniff and no framing on API answers, errors and the SPA', async () => {
    for (const url of ['/api/health', '/api/products', '/api/nope', '/some/page', '/api/orders']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      const csp = directives(String(res.headers['content-security-policy'] ?? ''))
      const scripts = csp.get('script-src') ?? csp.get('default-src')
      expect(scripts, url).toBeDefined()
      expect(scripts, url).not.toContain("'unsafe-inline'")
      expect(scripts, url).not.toContain("'unsafe-eval'")
      expect(scripts, url).not.toContain('*')
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"])
      expect(csp.get('object-src'), url).toEqual(["'none'"])
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-powered-by'], url).toBeUndefined()
    }
  })

  it('allows CORS for the configured origins only', async () => {
    for (const origin of ['https://shop.example.ly', 'https://admin.example.ly']) {
      const pre = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/products',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      })
      expect(pre.statusCode, origin).toBeLessThan(300)
      expect(pre.headers['access-control-allow-origin']).toBe(origin)
      const get = await ctx.app.inject({ method: 'GET', url: '/api/products', headers: { origin } })
      expect(get.headers['access-control-allow-origin']).toBe(origin)
    }
    for (const origin of [
      'https://evil.example.com',
      'null',
      'https://shop.example.ly.evil.com',
      'http://shop.example.ly',
    ]) {
      const pre = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/products',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
      expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined()
      const get = await ctx.app.inject({ method: 'GET', url: '/api/products', headers: { origin } })
      expect(get.headers['access-control-allow-origin'], origin).toBeUndefined()
      expect(get.headers['access-control-allow-credentials'], origin).toBeUndefined()
    }
  })

  it('allows no cross-origin caller when CORS_ORIGINS is empty (the default)', async () => {
    const plain = await createTestApp({ env: { CORS_ORIGINS: '' } })
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/products',
        headers: { origin: 'https://shop.example.ly' },
      })
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
      const pre = await plain.app.inject({
        method: 'OPTIONS',
        url: '/api/orders',
        headers: { origin: 'https://shop.example.ly', 'access-control-request-method': 'POST' },
      })
      expect(pre.headers['access-control-allow-origin']).toBeUndefined()
    } finally {
      await plain.close()
    }
  })
})
