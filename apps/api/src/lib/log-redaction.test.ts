import { Writable } from 'node:stream'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../plugins/logging.ts'
import { redactUrl, scrubLine, serializeError } from './log-redaction.ts'

/** A logger as server.ts makes it, writing JSON lines into an array. */
function capturedLogger(format: 'json' | 'pretty' = 'json') {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  return { log: createLogger({ LOG_LEVEL: 'trace', LOG_FORMAT: format }, { stream }), lines }
}

const token = 'Xq3vK9mZ_2bLpQ7rT0wYc-5nHdJ8sFgAe4uViOk1Bzx' // 43 characters, like newToken()

describe('log redaction (decision 0040)', () => {
  it('blanks the values of secret query parameters, keeps the rest of the address', () => {
    expect(redactUrl(`/reset-password?token=${token}&email=nour%2Bx%40example.ly`)).toBe(
      '/reset-password?token=[redacted]&email=[redacted]',
    )
    expect(redactUrl('/api/products?search=%D8%AA%D9%85%D8%B1&page=2&access_token=abc')).toBe(
      '/api/products?search=%D8%AA%D9%85%D8%B1&page=2&access_token=[redacted]',
    )
    expect(redactUrl('/api/products?page=2')).toBe('/api/products?page=2')
  })

  it('blanks every password-like field of a form sent in an address or a body (issue 40)', () => {
    const fields =
      'name=Layla&email=l%40b.ly&password=Palm-1&password_confirmation=Palm-2&new_password=Palm-3&current_password=Palm-4&token=Palm-5&reset-token=Palm-6&passwd=Palm-7'
    const url = redactUrl(`/register?${fields}`)
    for (const secret of ['Palm-1', 'Palm-2', 'Palm-3', 'Palm-4', 'Palm-5', 'Palm-6', 'Palm-7', 'l%40b.ly'])
      expect(url).not.toContain(secret)
    expect(url).toContain(
      '/register?name=Layla&email=[redacted]&password=[redacted]&password_confirmation=[redacted]',
    )
    // A form body (nothing before its first name) and a body quoted in a message.
    const body = scrubLine(JSON.stringify({ msg: `bad body "${fields}"`, raw: fields }))
    for (const secret of ['Palm-1', 'Palm-2', 'Palm-3', 'Palm-4', 'Palm-5', 'Palm-6', 'Palm-7'])
      expect(body).not.toContain(secret)
    expect(JSON.parse(body).raw).toMatch(/^name=Layla&email=\[redacted\]&password=\[redacted\]/)
    // JSON properties of any password-like name; a setting's `key` or a search stays readable.
    const line = scrubLine(
      JSON.stringify({
        body: { password_confirmation: 'Palm-8', new_password: 'Palm-9', reset_token: 'Palm-10' },
        key: 'return_policy_days',
        url: '/products?search=honey&page=2',
      }),
    )
    for (const secret of ['Palm-8', 'Palm-9', 'Palm-10']) expect(line).not.toContain(secret)
    expect(JSON.parse(line).key).toBe('return_policy_days')
    expect(JSON.parse(line).url).toBe('/products?search=honey&page=2')
  })

  it("drops a failed query's parameters (a shopper's phone and address) and keeps the query and its cause", () => {
    const cause = Object.assign(new Error('connection terminated unexpectedly'), { code: '57P01' })
    const error = new DrizzleQueryError(
      'insert into "orders" ("customer_phone", "shipping_address") values ($1, $2)',
      ['0912345678', 'Tripoli, Street 5'],
      cause,
    )
    const out = serializeError(error) as Record<string, unknown>
    const text = JSON.stringify(out)
    expect(text).not.toContain('0912345678')
    expect(text).not.toContain('Street 5')
    expect(out.message).toContain('insert into "orders"')
    expect(out.message).toContain('params: [redacted]')
    expect(out.stack).toContain('caused by: Error: connection terminated unexpectedly')
    expect(out.params).toBeUndefined()
  })

  it('scrubs every string of a line, and the line stays JSON', () => {
    const line = JSON.stringify({
      time: '2026-06-01T10:00:00.000Z',
      responseTime: 0.1234567890123,
      reqId: 'a1B2c3D4',
      msg: `sent to 0912345678, +218 92 765 4321 and 00218-94-1234567; Bearer ${token}; card 4111 1111 1111 1111 or 4111111111111111`,
      body: { password: 'hunter22', new_password: 'Palm-2026!', token, nested: { token } },
      order: 'ORD-261122-00042',
      slug: 'deglet-nour-premium-quality-dates-one-kilogram-box',
    })
    const out = scrubLine(line)
    const parsed = JSON.parse(out)
    for (const secret of [
      '0912345678',
      '927654321',
      '941234567',
      token,
      'hunter22',
      'Palm-2026!',
      '4111 1111 1111 1111',
      '4111111111111111',
    ])
      expect(out).not.toContain(secret)
    expect(parsed.msg).toContain('[phone …78]')
    expect(parsed.msg).toContain('[phone …21]')
    expect(parsed.msg).toContain('Bearer [redacted]')
    expect(parsed.msg).toContain('card [card] or [card]')
    // What is not a secret stays as it was.
    expect(parsed.time).toBe('2026-06-01T10:00:00.000Z')
    expect(parsed.responseTime).toBe(0.1234567890123)
    expect(parsed.order).toBe('ORD-261122-00042')
    expect(parsed.slug).toBe('deglet-nour-premium-quality-dates-one-kilogram-box')
  })

  it('blanks what online payments carry: the payment token, provider keys, a wallet code, number and birth year', () => {
    const line = JSON.stringify({
      headers: {
        'x-payment-token': token,
        'x-api-key': 'plutu-live-key-123',
        authorization: 'Bearer abcdefghijklmnop',
      },
      body: {
        otp: '123456',
        mobile_number: '0912345678',
        birth_year: '1990',
        payment_token: token,
        client_secret: 'EPx-secret',
        secret_key: 'sk_live_abc',
      },
      gateway: 'sadadapi',
    })
    const out = scrubLine(line)
    for (const secret of [
      token,
      'plutu-live-key-123',
      'abcdefghijklmnop',
      '123456',
      '0912345678',
      '1990',
      'EPx-secret',
      'sk_live_abc',
    ])
      expect(out).not.toContain(secret)
    expect(JSON.parse(out).gateway).toBe('sadadapi')
  })

  it('holds for what the logger writes, in JSON lines and in readable lines', () => {
    for (const format of ['json', 'pretty'] as const) {
      const { log, lines } = capturedLogger(format)
      log.info(
        {
          req: { method: 'GET', url: `/reset-password?token=${token}&email=a%40b.ly` },
          body: { password: 'hunter22' },
        },
        `reset link for 0912345678: http://shop.test/reset-password?token=${token}`,
      )
      log.error(
        { err: new DrizzleQueryError('update "users" set "phone" = $1', ['0923456789'], new Error('boom')) },
        'failed',
      )
      const text = lines.join('\n')
      expect(lines.length).toBeGreaterThanOrEqual(2)
      for (const secret of [token, 'hunter22', '0912345678', '0923456789'])
        expect(text, format).not.toContain(secret)
      expect(text).toContain('caused by: Error: boom')
      if (format === 'json') for (const line of lines) expect(() => JSON.parse(line)).not.toThrow()
    }
  })
})
