import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverTimeouts } from '../../src/app.ts'
import { loadEnv } from '../../src/env.ts'
import { createTestApp, type TestContext } from '../helpers.ts'

// Decision 0100 (issue 25): a client that stalls cannot hold a connection for ever, and the process caps its
// connections. The tests speak raw HTTP over a socket, as a slow or hostile client would.

interface RawAnswer {
  text: string
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfter: number
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Sends `data` and collects what comes back until the server closes the connection (or `limitMs` passes). */
async function sendAndWaitForClose(port: number, data: string, limitMs: number): Promise<RawAnswer> {
  const socket = await openSocket(port)
  const started = Date.now()
  return new Promise((resolve, reject) => {
    let text = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server still held the connection after ${limitMs} ms; it had answered: ${text}`))
    }, limitMs)
    socket.on('data', (chunk) => (text += chunk.toString('utf8')))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      resolve({ text, closedAfter: Date.now() - started })
    })
    socket.write(data)
  })
}

const STALLED_BODY =
  'POST /api/auth/login HTTP/1.1\r\nHost: shop.test\r\nAccept-Language: en\r\n' +
  'Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"a@b.ly"'

describe('server timeouts and the connection cap (decision 0100)', () => {
  let ctx: TestContext
  let port: number
  beforeAll(async () => {
    ctx = await createTestApp({
      env: { REQUEST_TIMEOUT_MS: 1_500, HEADERS_TIMEOUT_MS: 1_000, MAX_CONNECTIONS: 3 },
    })
    await ctx.app.listen({ port: 0, host: '127.0.0.1' })
    port = (ctx.app.server.address() as { port: number }).port
  })
  afterAll(() => ctx?.close())

  it('has bounded defaults: request, header, keep-alive and idle timeouts and a connection cap', () => {
    const env = loadEnv({})
    const timeouts = serverTimeouts(env)
    expect(timeouts.requestTimeout).toBeGreaterThan(0)
    expect(timeouts.requestTimeout).toBeLessThanOrEqual(120_000)
    expect(timeouts.http.headersTimeout).toBeGreaterThan(0)
    expect(timeouts.http.headersTimeout).toBeLessThanOrEqual(timeouts.requestTimeout)
    expect(timeouts.keepAliveTimeout).toBeGreaterThan(0)
    expect(timeouts.connectionTimeout).toBeGreaterThan(0)
    expect(timeouts.http.connectionsCheckingInterval).toBeLessThanOrEqual(5_000)
    expect(env.MAX_CONNECTIONS).toBeGreaterThan(0)
    expect(loadEnv({ REQUEST_TIMEOUT_MS: '5000', MAX_CONNECTIONS: '50' })).toMatchObject({
      REQUEST_TIMEOUT_MS: 5000,
      MAX_CONNECTIONS: 50,
    })
  })

  it('answers a body that stops half-way with a translated 408 and closes the connection', async () => {
    const answer = await sendAndWaitForClose(port, STALLED_BODY, 30_000)
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /)
    const body = JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4))
    expect(body).toEqual({ code: 'REQUEST_TIMEOUT', message: expect.stringMatching(/took too long/) })
    // 1.5 s configured; the check runs every 0.1 s. Generous upper bound for a loaded machine.
    expect(answer.closedAfter).toBeGreaterThanOrEqual(1_000)
    expect(answer.closedAfter).toBeLessThan(20_000)
  })

  it('answers headers that never finish with 408 and closes the connection', async () => {
    const answer = await sendAndWaitForClose(
      port,
      'GET /api/health HTTP/1.1\r\nHost: shop.test\r\nX-Slow: ',
      30_000,
    )
    expect(answer.text).toMatch(/^HTTP\/1\.1 408 /)
    expect(answer.text).toContain('"code":"REQUEST_TIMEOUT"')
  })

  it('closes connections beyond MAX_CONNECTIONS as they arrive, and serves again once they are gone', async () => {
    const held = await Promise.all([openSocket(port), openSocket(port), openSocket(port)])
    try {
      // Wait until the server counts the three (accept is asynchronous).
      await expect
        .poll(
          () =>
            new Promise<number>((resolve) =>
              ctx.app.server.getConnections((_error, count) => resolve(count)),
            ),
          { timeout: 45_000 },
        )
        .toBe(3)
      const extra = await sendAndWaitForClose(
        port,
        'GET /api/health HTTP/1.1\r\nHost: shop.test\r\n\r\n',
        10_000,
      )
      expect(extra.text).toBe('')
    } finally {
      for (const socket of held) socket.destroy()
    }
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status, { timeout: 45_000 })
      .toBe(200)
  })
})
