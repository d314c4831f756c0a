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

  it('forbids camera, microphone, location and the like on pages and answers (decision 0103)', async () => {
    for (const url of ['/', '/products', '/dashboard', '/some/page', '/api/health', '/api/nope']) {
      const res = await ctx.app.inject({ method: 'GET', url })
      const policy = String(res.headers['permissions-policy'] ?? '')
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy, `${url} ${feature}`).toMatch(new RegExp(`(^|, )${feature}=\\(\\)(,|$)`))
    }
  })
})

describe('/api/docs (decision 0103)', () => {
  const TOKEN = 'docs-token-0123456789abcdef'
  async function docsWith(env: Record<string, string>, check: (app: TestContext['app']) => Promise<void>) {
    const c = await createTestApp({ env })
    try {
      await check(c.app)
    } finally {
      await c.close()
    }
  }
  const get = (app: TestContext['app'], url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } })

  it('is off when NODE_ENV=production', async () => {
    await docsWith({ NODE_ENV: 'production' }, async (app) => {
      for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html'])
        expect((await get(app, url)).statusCode, url).toBe(404)
      // The API itself is unaffected.
      expect((await get(app, '/api/health')).statusCode).toBe(200)
    })
  })

  it('is on in development, and in production with API_DOCS=on', async () => {
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'production', API_DOCS: 'on' }] as Record<
      string,
      string
    >[]) {
      await docsWith(env, async (app) => {
        expect((await get(app, '/api/docs/json')).statusCode).toBe(200)
        expect((await get(app, '/api/docs/')).statusCode).toBe(200)
      })
    }
  })

  it('API_DOCS=off turns it off everywhere', async () => {
    await docsWith({ NODE_ENV: 'development', API_DOCS: 'off' }, async (app) => {
      expect((await get(app, '/api/docs/json')).statusCode).toBe(404)
    })
  })

  it('with API_DOCS_TOKEN in production: the browser prompt (Basic) or a bearer token opens it, nothing else', async () => {
    await docsWith({ NODE_ENV: 'production', API_DOCS_TOKEN: TOKEN }, async (app) => {
      const none = await get(app, '/api/docs/json')
      expect(none.statusCode).toBe(401)
      expect(none.headers['www-authenticate']).toMatch(/^Basic realm="API docs"/)
      expect(none.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
      const basic = (user: string, password: string) =>
        `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
      expect(
        (await get(app, '/api/docs/json', { authorization: basic('x', 'wrong-token-000000') })).statusCode,
      ).toBe(401)
      expect((await get(app, '/api/docs/json', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401)
      expect((await get(app, '/api/docs/json', { authorization: basic('', TOKEN) })).statusCode).toBe(200)
      expect(
        (await get(app, '/api/docs/static/swagger-initializer.js', { authorization: basic('owner', TOKEN) }))
          .statusCode,
      ).toBe(200)
      expect((await get(app, '/api/docs/json', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200)
    })
  })
})
