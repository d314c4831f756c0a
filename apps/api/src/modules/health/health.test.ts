import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestContext } from '../../../test/helpers.ts'

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
    const en = await ctx.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en-GB,en;q=0.9' } })
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
    const res = await ctx.app.inject({ method: 'POST', url: '/api/health', headers: { 'content-type': 'application/json' }, payload: '{"a":' })
    expect(res.statusCode).toBeLessThan(500)
    expect(res.body).not.toContain('at ')
  })
})
