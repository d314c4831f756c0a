import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadEnv } from '../../src/env.ts'
import { createTestApp, expectLockedOut } from '../helpers.ts'
import { startServer, tempDir } from '../reliability/server-process.ts'

// Decision 0102 (issue 25): with TRUST_PROXY=true, `X-Forwarded-For: 127.0.0.1, 203.0.113.50` opened /metrics and the
// sign-in and tracking limits never triggered (each request could claim a new address). `true` is refused at start;
// a hop count or the proxies' addresses take only what the shop's own proxy appended.
const SPOOFED = '127.0.0.1, 203.0.113.50'

describe('TRUST_PROXY (decision 0102)', () => {
  it('refuses true at start with a message that says what to set instead', () => {
    for (const value of ['true', 'TRUE', ' yes ']) {
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*TRUST_PROXY=1/)
    }
    for (const value of ['false', '1', '2', '10.0.0.5, 10.0.0.6', '10.0.0.0/8']) {
      expect(loadEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(value)
    }
  })

  it(
    'a server started with TRUST_PROXY=true exits at once with that message',
    { timeout: 120_000 },
    async () => {
      const data = tempDir('shop-trust-proxy-')
      try {
        const error = await startServer({ dataDir: data.dir, env: { TRUST_PROXY: 'true' } }).then(
          () => null,
          (e: Error) => e,
        )
        expect(error?.message).toMatch(/exited before it was ready/)
        expect(error?.message).toContain(
          'The shop did not start. Invalid configuration: TRUST_PROXY: `true` would trust whatever X-Forwarded-For',
        )
        expect(error?.message).toContain('(e.g. TRUST_PROXY=1)')
      } finally {
        data.remove()
      }
    },
  )

  for (const trust of ['1', '127.0.0.1']) {
    describe(`with TRUST_PROXY=${trust} (the shop's proxy on loopback)`, () => {
      it('a client-written X-Forwarded-For cannot open /metrics', async () => {
        const ctx = await createTestApp({ env: { TRUST_PROXY: trust } })
        try {
          const res = await ctx.app.inject({
            method: 'GET',
            url: '/metrics',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': SPOOFED },
          })
          expect(res.statusCode).toBe(403)
        } finally {
          await ctx.close()
        }
      })

      it('a client-written first address does not dodge the sign-in limit: it counts the address the proxy saw', async () => {
        const ctx = await createTestApp({ env: { TRUST_PROXY: trust } })
        try {
          const attempt = (forwarded: string) =>
            ctx.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              remoteAddress: '127.0.0.1',
              headers: { 'x-forwarded-for': forwarded, 'accept-language': 'en' },
              // A different unknown email each time: only the per-address count can stop these.
              payload: {
                email: `guess-${randomBytes(4).toString('hex')}@example.ly`,
                password: 'wrong-pass-1',
              },
            })
          for (let i = 0; i < 10; i++) {
            const res = await attempt(`198.51.100.${i + 1}, 203.0.113.50`)
            expect(res.statusCode, `attempt ${i + 1}`).toBe(401)
          }
          expectLockedOut(await attempt(`198.51.100.77, 203.0.113.50`))
          // Another real client behind the same proxy is not locked out.
          expect((await attempt('203.0.113.51')).statusCode).toBe(401)
        } finally {
          await ctx.close()
        }
      })
    })
  }
})
