import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLUTU_KEYS } from '../../test/payments.ts'
import { createCity, createProduct, createTestApp, createUser, type TestContext } from '../../test/helpers.ts'
import { mailOutbox } from '../db/schema/settings.ts'
import { parseAllowList } from './metrics-access.ts'

// Decision 0041: GET /metrics for the owner's Prometheus — who may read it, and that what it shows follows the shop.
const TOKEN = 'metrics-token-for-tests-0123'
const customer = {
  customer_name: 'Fatima Ali',
  customer_email: 'fatima@example.ly',
  customer_phone: '0912345678',
  shipping_address: 'Tripoli',
}

/** The value of one series in Prometheus' text format (`name{labels} value`); undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  let ctx: TestContext
  beforeAll(async () => {
    // Plutu's keys make "massarat" a method the checkout takes (placing an order calls no provider).
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN, ...PLUTU_KEYS } })
  })
  afterAll(() => ctx.close())

  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics' })
    expect(res.statusCode).toBe(200)
    return res.body
  }

  describe('who may read it', () => {
    it('answers loopback in Prometheus text format, without caching', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
      expect(res.headers['cache-control']).toBe('no-store')
      expect(res.body).toContain('# TYPE shop_orders_placed_total counter')
      const v6 = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })
      expect(v6.statusCode).toBe(200)
    })

    it('refuses other addresses with the translated 403 body', async () => {
      const ar = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' })
      expect(ar.statusCode).toBe(403)
      expect(ar.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'لا يمكن قراءة المقاييس إلا من عنوان مسموح به أو برمز المقاييس',
      })
      const en = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.0.0.7',
        headers: { 'accept-language': 'en' },
      })
      expect(en.statusCode).toBe(403)
      expect(en.json().message).toBe(
        'Metrics can be read only from an allowed address or with the metrics token',
      )
      expect(en.body).not.toContain('shop_')
    })

    it('opens to the right bearer token from anywhere and refuses a wrong one, even from loopback', async () => {
      const right = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(right.statusCode).toBe(200)
      expect(right.body).toContain('shop_orders_placed_total')
      for (const authorization of [
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
        'Bearer ',
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      ]) {
        for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
          const wrong = await ctx.app.inject({
            method: 'GET',
            url: '/metrics',
            remoteAddress,
            headers: { authorization, 'accept-language': 'en' },
          })
          expect(wrong.statusCode, `${authorization} from ${remoteAddress}`).toBe(401)
          expect(wrong.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'The metrics token is not valid' })
          expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"')
        }
      }
    })

    it('does not take the address of a proxy it was not told to trust for the caller', async () => {
      // nginx on the same machine: every visitor arrives from 127.0.0.1 with X-Forwarded-For.
      const proxied = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      })
      expect(proxied.statusCode).toBe(403)
      const withToken = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.4', authorization: `Bearer ${TOKEN}` },
      })
      expect(withToken.statusCode).toBe(200)
    })

    it('judges the forwarded address behind a trusted proxy, against METRICS_ALLOW ranges', async () => {
      const behind = await createTestApp({
        env: { TRUST_PROXY: '1', METRICS_ALLOW: '10.0.0.0/8, 2001:db8::/32' },
      })
      try {
        const scrapeFrom = (forwarded: string) =>
          behind.app.inject({
            method: 'GET',
            url: '/metrics',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': forwarded },
          })
        expect((await scrapeFrom('10.20.30.40')).statusCode).toBe(200)
        expect((await scrapeFrom('2001:db8::7')).statusCode).toBe(200)
        expect((await scrapeFrom('198.51.100.4')).statusCode).toBe(403)
        // Loopback is no longer in the list.
        expect(
          (await behind.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' }))
            .statusCode,
        ).toBe(403)
      } finally {
        await behind.close()
      }
    })

    it('stops the start on an allow list entry that is not an address or range', () => {
      expect(() => parseAllowList('127.0.0.1, 10.0.0.0/33')).toThrow(/METRICS_ALLOW: "10.0.0.0\/33"/)
      expect(() => parseAllowList('prometheus.internal')).toThrow(/METRICS_ALLOW/)
      expect(parseAllowList('localhost').check('::1', 'ipv6')).toBe(true)
      expect(parseAllowList('').check('127.0.0.1', 'ipv4')).toBe(false)
    })
  })

  describe('what it shows', () => {
    it('counts a placed order by payment method once (not its retry), refusals by code, and shows stock left and the last order', async () => {
      const city = await createCity(ctx.app, { deliveryPrice: 10 })
      const product = await createProduct(ctx.app, {
        retailPrice: 20,
        wholesalePrice: null,
        wholesaleThreshold: null,
        stock: 3,
      })
      const before = await scrape()
      const order = (payload: object, key?: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/orders',
          payload: { ...customer, city_id: city.id, ...payload },
          headers: key ? { 'idempotency-key': key } : {},
        })

      const key = `metrics-${Date.now()}`
      expect(
        (await order({ payment_method: 'massarat', items: [{ product_id: product.id, quantity: 3 }] }, key))
          .statusCode,
      ).toBe(201)
      expect(
        (await order({ payment_method: 'massarat', items: [{ product_id: product.id, quantity: 3 }] }, key))
          .statusCode,
      ).toBe(200)
      expect((await order({ items: [{ product_id: product.id, quantity: 1 }] })).json().code).toBe(
        'OUT_OF_STOCK',
      )
      const other = await createProduct(ctx.app, {
        retailPrice: 20,
        wholesalePrice: null,
        wholesaleThreshold: null,
        stock: 50,
      })
      expect(
        (await order({ expected_total: 5, items: [{ product_id: other.id, quantity: 1 }] })).json().code,
      ).toBe('PRICE_CHANGED')
      expect((await order({ items: [] })).statusCode).toBe(422)

      const after = await scrape()
      const moved = (series: string) => (valueOf(after, series) ?? NaN) - (valueOf(before, series) ?? NaN)
      expect(moved('shop_orders_placed_total{payment_method="massarat"}')).toBe(1)
      expect(moved('shop_orders_placed_total{payment_method="cash"}')).toBe(0)
      expect(moved('shop_checkout_refusals_total{code="OUT_OF_STOCK"}')).toBe(1)
      expect(moved('shop_checkout_refusals_total{code="PRICE_CHANGED"}')).toBe(1)
      expect(moved('shop_checkout_refusals_total{code="VALIDATION_FAILED"}')).toBe(1)
      // Low stock (default threshold 5): the product sold out is listed with what is left; the other is not.
      expect(
        valueOf(
          after,
          `shop_low_stock_product_stock{product_id="${product.id}",variant_id="${product.variantId}",product="${product.name}"}`,
        ),
      ).toBe(0)
      expect(after).not.toContain(`product_id="${other.id}"`)
      expect(valueOf(after, 'shop_low_stock_products')).toBeGreaterThanOrEqual(1)
      expect(Math.abs(valueOf(after, 'shop_last_order_timestamp_seconds')! - Date.now() / 1000)).toBeLessThan(
        60,
      )
      expect(valueOf(after, 'shop_database_up')).toBe(1)
    })

    it('shows the mail queue from the outbox: queued, sent, failed and the age of the oldest unsent mail', async () => {
      // Decision 0065: any process with SMTP delivers every due mail of the table, so the states are set here directly
      // (the mailer's own tests send through a real SMTP server); the gauges read them from the table.
      const before = await scrape()
      const shopper = await createUser(ctx.app)
      // The shop without SMTP_URL: the reset mail waits in the outbox.
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: shopper.email },
          })
        ).statusCode,
      ).toBe(200)
      await ctx.app.db.insert(mailOutbox).values([
        { to: 'sent@example.ly', subject: 's', text: 't', sentAt: new Date(), attempts: 1 },
        {
          to: 'failed@example.ly',
          subject: 's',
          text: 't',
          error: 'connect ECONNREFUSED',
          attempts: 1,
          nextAttemptAt: new Date(Date.now() + 60_000),
        },
      ])
      const after = await scrape()
      const moved = (series: string) => (valueOf(after, series) ?? NaN) - (valueOf(before, series) ?? NaN)
      expect(moved('shop_mail_outbox_mails{state="queued"}')).toBe(1)
      expect(moved('shop_mail_outbox_mails{state="sent"}')).toBe(1)
      expect(moved('shop_mail_outbox_mails{state="failed"}')).toBe(1)
      expect(valueOf(after, 'shop_mail_oldest_unsent_age_seconds')).toBeGreaterThanOrEqual(0)
      expect(valueOf(after, 'shop_mail_smtp_configured')).toBe(0)
    })

    it('times HTTP requests by route pattern and status (network requests only), database statements, the pool and the process', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' })
      const series =
        'http_request_duration_seconds_count{method="GET",route="/api/products/:id",status_code="404"}'
      const before = valueOf(await scrape(), series) ?? 0
      const queriesBefore = valueOf(await scrape(), 'shop_db_query_duration_seconds_count') ?? 0
      for (const id of [999_991, 999_992])
        expect((await fetch(`${address}/api/products/${id}`)).status).toBe(404)
      // app.inject is in-process (the storefront's server render asks the API so): not traffic.
      await ctx.app.inject({ method: 'GET', url: '/api/products/999993' })
      const text = await scrape()
      expect(valueOf(text, series)! - before).toBe(2)
      expect(text).toContain(
        'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/products/:id",status_code="404"}',
      )
      // The address asked for is not a label anywhere (a number's digits, e.g. a byte count, may still hold the id).
      expect(text).not.toMatch(/\{[^}]*999991[^}]*\}/)
      expect(valueOf(text, 'shop_db_query_duration_seconds_count')!).toBeGreaterThan(queriesBefore)
      expect(valueOf(text, 'shop_db_pool_max')).toBe(ctx.database.kind === 'postgres' ? 20 : 1)
      expect(valueOf(text, 'shop_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0)
      expect(valueOf(text, 'shop_db_pool_waiting')).toBe(0)
      expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000)
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    })
  })
})
