import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { desc, eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { describe, expect, it, vi } from 'vitest'
import { mailOutbox } from '../../src/db/schema/settings.ts'
import { createLogger } from '../../src/plugins/logging.ts'
import { createTestApp, createUser } from '../helpers.ts'
import {
  ADMIN,
  call,
  freshPostgres,
  orderBody,
  setUpShop,
  startServer,
  stopServer,
  tempDir,
  type ServerProcess,
} from '../reliability/server-process.ts'

// Decision 0040: the real server's whole log (every level) of sign-ups, sign-ins, checkouts, a password reset through the
// mailed link and a password change holds no password, token, reset link or full phone number.
const baseUrl = process.env.DATABASE_URL

describe(`the log holds no secret (${baseUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'logs every request of a checkout, sign-in and password reset run without a password, token, reset link or phone number',
    { timeout: 150_000 },
    async () => {
      const mails: string[] = []
      const smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, _session, callback) {
          let raw = ''
          stream.on('data', (c: Buffer) => (raw += c.toString('utf8')))
          stream.on('end', () => {
            mails.push(raw)
            callback()
          })
        },
      })
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
      const storage = baseUrl ? await freshPostgres(baseUrl) : null
      const dir = baseUrl ? null : tempDir('shop-log-secrets-')
      let server: ServerProcess | undefined
      try {
        server = await startServer({
          ...(storage ? { databaseUrl: storage.url } : { dataDir: dir!.dir }),
          env: {
            LOG_LEVEL: 'trace',
            LOG_FORMAT: 'json',
            SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
            METRICS_TOKEN: 'metrics-secret-token-0123456789',
          },
        })
        const url = server.url
        const secrets: string[] = [ADMIN.password, 'metrics-secret-token-0123456789']
        const shop = await setUpShop(url, [50])
        secrets.push(shop.auth.authorization.slice('Bearer '.length))

        // A shopper signs up, mistypes, signs in, and orders with their phone number.
        const email = `layla+${Date.now()}@example.ly`
        const password = 'Layla-Palms-2026'
        expect(
          (
            await call(`${url}/api/auth/register`, 'POST', {
              name: 'Layla',
              email,
              password,
              password_confirmation: password,
            })
          ).status,
        ).toBe(201)
        expect(
          (await call(`${url}/api/auth/login`, 'POST', { email, password: 'Layla-Palms-2025' })).status,
        ).toBe(401)
        const signedIn = await call(`${url}/api/auth/login`, 'POST', { email, password })
        expect(signedIn.status).toBe(200)
        const token = signedIn.json.token as string
        secrets.push(password, 'Layla-Palms-2025', token)
        const auth = { authorization: `Bearer ${token}` }
        expect((await call(`${url}/api/me`, 'GET', undefined, auth)).status).toBe(200)
        const item = [{ product_id: shop.products[0]!.id, quantity: 1 }]
        const mine = await call(
          `${url}/api/orders`,
          'POST',
          { ...orderBody(shop.cityId, item, 'layla'), customer_phone: '0912345678' },
          { ...auth, 'idempotency-key': `secrets-${Date.now()}` },
        )
        expect(mine.status).toBe(201)
        // A guest with an international number and a note, a refused order and a forged token.
        const guest = {
          ...orderBody(shop.cityId, item, 'guest'),
          customer_phone: '+218 92 765 4321',
          notes: 'اتصل على 0945551234',
        }
        expect((await call(`${url}/api/orders`, 'POST', guest)).status).toBe(201)
        expect(
          (
            await call(`${url}/api/orders`, 'POST', {
              ...guest,
              items: [{ product_id: shop.products[0]!.id, quantity: 0 }],
            })
          ).status,
        ).toBe(422)
        expect(
          (
            await call(`${url}/api/orders`, 'POST', guest, {
              authorization: 'Bearer ForgedTokenForgedTokenForgedTokenForged12',
            })
          ).status,
        ).toBe(401)
        secrets.push('0912345678', '927654321', '945551234', 'ForgedTokenForgedTokenForgedTokenForged12')

        // Forgot password → the mail → the link opened in the browser → a new password → sign in with it.
        expect((await call(`${url}/api/auth/forgot-password`, 'POST', { email })).status).toBe(200)
        await vi.waitFor(() => expect(mails.some((m) => m.includes('reset-password'))).toBe(true), {
          timeout: 15_000,
        })
        const link = /https?:\/\/[^\s"'<>]+\/reset-password\?token=[^\s"'<>]+/
          .exec(
            mails
              .join('\n')
              .replace(/=\r?\n/g, '')
              .replace(/=3D/g, '='),
          )![0]
          .replace(/&amp;/g, '&')
        const resetToken = new URL(link).searchParams.get('token')!
        secrets.push(link, resetToken, encodeURIComponent(resetToken))
        await call(`${url}${new URL(link).pathname}${new URL(link).search}`, 'GET')
        const newPassword = 'Deglet-Nour-77'
        expect(
          (
            await call(`${url}/api/auth/reset-password`, 'POST', {
              email,
              token: resetToken,
              password: newPassword,
              password_confirmation: newPassword,
            })
          ).status,
        ).toBe(200)
        expect(
          (
            await call(`${url}/api/auth/reset-password`, 'POST', {
              email,
              token: resetToken,
              password: newPassword,
              password_confirmation: newPassword,
            })
          ).status,
        ).toBe(422)
        const again = await call(`${url}/api/auth/login`, 'POST', { email, password: newPassword })
        expect(again.status).toBe(200)
        const changed = 'Barhi-Honey-88'
        secrets.push(newPassword, again.json.token, changed)
        const auth2 = { authorization: `Bearer ${again.json.token}` }
        expect(
          (
            await call(
              `${url}/api/auth/change-password`,
              'POST',
              { current_password: newPassword, password: changed, password_confirmation: changed },
              auth2,
            )
          ).status,
        ).toBe(200)
        expect(
          (
            await call(`${url}/metrics`, 'GET', undefined, {
              authorization: 'Bearer metrics-secret-token-0123456789',
            })
          ).status,
        ).toBe(200)
        await call(`${url}/api/logout`, 'POST', undefined, auth2)

        await stopServer(server)
        const log = server.output()
        // The log is there: one line per request, with its status.
        for (const [path, status] of [
          ['/api/auth/register', 201],
          ['/api/auth/login', 401],
          ['/api/orders', 422],
          ['/api/auth/forgot-password', 200],
          ['/reset-password?token=[redacted]&email=[redacted]', 404],
          ['/api/auth/reset-password', 200],
          ['/api/auth/change-password', 200],
        ] as const) {
          expect(log, path).toMatch(
            new RegExp(`"url":"${path.replace(/[?[\]]/g, '\\$&')}".*"res":\\{"statusCode":${status}\\}`),
          )
        }
        for (const secret of secrets) expect(log.includes(secret), `the log holds ${secret}`).toBe(false)
      } finally {
        await stopServer(server, 'SIGKILL')
        await new Promise<void>((resolve) => smtp.close(() => resolve()))
        await storage?.drop()
        dir?.remove()
      }
    },
  )

  it('keeps the reset mail of a shop without SMTP_URL in the outbox table, and only its id and subject in the log', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const ctx = await createTestApp({
      logger: createLogger({ LOG_LEVEL: 'trace', LOG_FORMAT: 'json' }, { stream }),
    })
    try {
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
      const [mail] = await ctx.app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, shopper.email))
        .orderBy(desc(mailOutbox.id))
      const link = /http:\/\/shop\.test\/reset-password\?\S+/.exec(mail!.text)![0]
      const token = new URL(link).searchParams.get('token')!
      const log = lines.join('')
      expect(log).toContain(`"mail_id":${mail!.id}`)
      expect(log).toContain('mail kept in the mail_outbox table (no SMTP_URL)')
      for (const secret of [link, token, encodeURIComponent(token), shopper.password])
        expect(log.includes(secret), secret).toBe(false)
    } finally {
      await ctx.close()
    }
  })
})
