import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts'

describe('health and error conventions', () => {
  let ctx: TestContext
  beforeAll(async () => {
    ctx = await createTestApp()
  })
  afterAll(() => ctx.close())

  it('answers ok when the database is reachable', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok' })
  })

  it('answers unknown API paths with a translated 404 body (Arabic by default)', async () => {
    const ar = await ctx.app.inject({ method: 'GET', url: '/api/nope' })
    expect(ar.statusCode).toBe(404)
    expect(ar.json()).toEqual({ code: 'NOT_FOUND', message: 'هذا العنوان غير موجود' })
    const en = await ctx.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    })
    expect(en.json().message).toBe('This address does not exist')
  })

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'none'")
    // Scripts from this site, and inline ones only with this answer's nonce (never 'unsafe-inline').
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{22,}'(;|$)/)
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    })
    expect(res.statusCode).toBeLessThan(500)
    expect(res.body).not.toContain('at ')
  })

  it('reports readiness: the database with its answer time, and the mail queue', async () => {
    const shopper = await createUser(ctx.app)
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: shopper.email },
        })
      ).statusCode,
    ).toBe(200)
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    const body = res.json()
    expect(body).toMatchObject({
      status: 'ready',
      database: { kind: ctx.database.kind },
      mail: { delivery: 'outbox only', failed: 0 },
    })
    expect(body.database.answered_in_ms).toBeGreaterThanOrEqual(0)
    expect(body.mail.unsent).toBeGreaterThanOrEqual(1)
    expect(body.mail.oldest_unsent_age_seconds).toBeGreaterThanOrEqual(0)
  })
})

// Decision 0042: a process that is starting answers everything with the shop's 503, in the caller's language.
describe('while the process starts', () => {
  it("answers every request with the shop's 503 and Retry-After until it is marked ready", async () => {
    const starting = await createTestApp({ starting: true })
    try {
      for (const url of ['/api/health', '/api/health/ready', '/api/products', '/metrics', '/']) {
        const res = await starting.app.inject({ method: 'GET', url })
        expect(res.statusCode, url).toBe(503)
        expect(res.headers['retry-after'], url).toBe('5')
        expect(res.json(), url).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'الخدمة غير متاحة مؤقتًا. حاول مرة أخرى بعد قليل',
        })
      }
      const en = await starting.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': 'en' },
        payload: { email: 'a@b.ly', password: 'secret123' },
      })
      expect(en.statusCode).toBe(503)
      expect(en.json()).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly',
      })
      starting.app.lifecycle.markReady()
      expect((await starting.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200)
    } finally {
      await starting.close()
    }
  })

  it('is not ready without a database: 503 with Retry-After', async () => {
    const broken = await createTestApp()
    try {
      await broken.database.close()
      const res = await broken.app.inject({
        method: 'GET',
        url: '/api/health/ready',
        headers: { 'accept-language': 'en' },
      })
      expect(res.statusCode).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json().code).toBe('SERVICE_UNAVAILABLE')
    } finally {
      await broken.close()
    }
  })
})
