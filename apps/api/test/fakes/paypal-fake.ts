import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import { crc32 } from 'node:zlib'
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'

// A contract fake of PayPal's REST API (developer.paypal.com: OAuth 2.0 client credentials, Orders v2 create / capture
// / show, Payments v2 refund, Notifications verify-webhook-signature) and of its approval page. Webhooks it builds are
// signed as PayPal signs them (RSA-SHA256 over transmission_id|transmission_time|webhook_id|crc32(body)), and its
// verify call checks exactly that. Used by the API tests and the browser journeys; nothing here reaches the internet.

export interface PayPalFakeOptions {
  clientId?: string
  clientSecret?: string
  webhookId?: string
}

interface FakeOrder {
  id: string
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED'
  requestId: string
  invoiceId: string
  referenceId: string
  amount: { currency_code: string; value: string }
  returnUrl: string
  cancelUrl: string
  capture?: Record<string, unknown>
  captureRequestId?: string
}

export interface SignedWebhook {
  headers: Record<string, string>
  body: string
}

export interface PayPalFake {
  /** The API root to set as PAYPAL_BASE_URL. */
  url: string
  clientId: string
  clientSecret: string
  webhookId: string
  orders: Map<string, FakeOrder>
  /** Requests received, by "METHOD path". */
  calls: string[]
  /** What the next captures report: COMPLETED (default), PENDING or DECLINED. */
  captureStatus: 'COMPLETED' | 'PENDING' | 'DECLINED'
  /** The next captures report this value instead of the order's. */
  captureValueOverride: string | null
  /** The next calls answer 503 while true. */
  down: boolean
  /** Marks an order approved, as the payer's click on the approval page does. */
  approve(orderId: string): void
  /** A webhook event signed with the fake's key (or with a stranger's when `forged`). */
  webhook(
    eventType: string,
    resource: Record<string, unknown>,
    opts?: { forged?: boolean; id?: string },
  ): SignedWebhook
  close(): Promise<void>
}

const SUPPORTED = new Set([
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'CZK',
  'DKK',
  'EUR',
  'HKD',
  'HUF',
  'ILS',
  'JPY',
  'MYR',
  'MXN',
  'TWD',
  'NZD',
  'NOK',
  'PHP',
  'PLN',
  'GBP',
  'SGD',
  'SEK',
  'CHF',
  'THB',
  'USD',
])
const issue = (reply: FastifyReply, status: number, name: string, issueName: string, description = '') =>
  reply.code(status).send({
    name,
    message: description || name,
    debug_id: randomBytes(6).toString('hex'),
    details: [{ issue: issueName, description }],
  })
const newId = (len = 17) => randomBytes(16).toString('hex').toUpperCase().slice(0, len)

export async function startPayPalFake(options: PayPalFakeOptions = {}): Promise<PayPalFake> {
  const app = Fastify({ logger: false })
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const tokens = new Set<string>()
  const createdByRequestId = new Map<string, string>()
  const refunds = new Map<string, Record<string, unknown>>()
  let origin = ''
  const fake: PayPalFake = {
    url: '',
    clientId: options.clientId ?? 'paypal-test-client',
    clientSecret: options.clientSecret ?? 'paypal-test-secret',
    webhookId: options.webhookId ?? 'WH-TEST-0001',
    orders: new Map(),
    calls: [],
    captureStatus: 'COMPLETED',
    captureValueOverride: null,
    down: false,
    approve(orderId) {
      const order = fake.orders.get(orderId)
      if (order && order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED'
    },
    webhook(eventType, resource, opts = {}) {
      const event = {
        id: opts.id ?? `WH-${newId(20)}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith('CHECKOUT')
          ? 'checkout-order'
          : eventType.endsWith('REFUNDED')
            ? 'refund'
            : 'capture',
        event_type: eventType,
        summary: eventType,
        resource,
      }
      const body = JSON.stringify(event)
      const transmissionId = randomUUID()
      const transmissionTime = new Date().toISOString()
      const signer = createSign('RSA-SHA256')
      signer.update(`${transmissionId}|${transmissionTime}|${fake.webhookId}|${crc32(body)}`)
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${origin}/v1/notifications/certs/CERT-fake`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': signer.sign(
            opts.forged ? stranger.privateKey : keys.privateKey,
            'base64',
          ),
        },
      }
    },
    close: () => app.close(),
  }

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  app.addHook('onRequest', async (request, reply) => {
    fake.calls.push(`${request.method} ${request.url.split('?')[0]}`)
    if (fake.down && request.url.startsWith('/v'))
      return reply.code(503).send({ name: 'SERVICE_UNAVAILABLE' })
  })
  const bearer = (request: FastifyRequest) =>
    tokens.has((request.headers.authorization ?? '').replace(/^Bearer /, ''))

  app.post('/v1/oauth2/token', async (request, reply) => {
    const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`
    if (request.headers.authorization !== expected)
      return reply
        .code(401)
        .send({ error: 'invalid_client', error_description: 'Client Authentication failed' })
    if ((request.body as Record<string, string>)?.grant_type !== 'client_credentials')
      return reply.code(400).send({ error: 'unsupported_grant_type' })
    const token = `A21AA${newId(40)}`
    tokens.add(token)
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-FAKE',
      expires_in: 32400,
      nonce: newId(),
    }
  })

  const orderAnswer = (o: FakeOrder) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    purchase_units: [
      {
        reference_id: o.referenceId,
        invoice_id: o.invoiceId,
        amount: o.amount,
        ...(o.capture ? { payments: { captures: [o.capture] } } : {}),
      },
    ],
    links: [
      { href: `${fake.url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      ...(o.status === 'PAYER_ACTION_REQUIRED'
        ? [{ href: `${origin}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }]
        : []),
    ],
  })

  app.post('/v2/checkout/orders', async (request, reply) => {
    if (!bearer(request)) return reply.code(401).send({ error: 'invalid_token' })
    const requestId = String(request.headers['paypal-request-id'] ?? '')
    const again = requestId && createdByRequestId.get(requestId)
    if (again) return reply.code(200).send(orderAnswer(fake.orders.get(again)!))
    const body = request.body as {
      intent?: string
      purchase_units?: {
        reference_id?: string
        invoice_id?: string
        amount?: { currency_code?: string; value?: string }
      }[]
      payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } }
    }
    if (body?.intent !== 'CAPTURE' && body?.intent !== 'AUTHORIZE')
      return issue(reply, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'intent')
    const unit = body.purchase_units?.[0]
    const currency = unit?.amount?.currency_code ?? ''
    if (!SUPPORTED.has(currency))
      return issue(
        reply,
        422,
        'UNPROCESSABLE_ENTITY',
        'CURRENCY_NOT_SUPPORTED',
        `Currency code ${currency} is not supported`,
      )
    if (!/^\d{1,10}(\.\d{2})?$/.test(unit?.amount?.value ?? ''))
      return issue(reply, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'amount.value')
    const ctx = body.payment_source?.paypal?.experience_context
    if (!ctx?.return_url || !ctx.cancel_url)
      return issue(
        reply,
        422,
        'UNPROCESSABLE_ENTITY',
        'MISSING_REQUIRED_PARAMETER',
        'return_url and cancel_url',
      )
    const order: FakeOrder = {
      id: newId(),
      status: 'PAYER_ACTION_REQUIRED',
      requestId,
      invoiceId: unit?.invoice_id ?? '',
      referenceId: unit?.reference_id ?? 'default',
      amount: { currency_code: currency, value: unit!.amount!.value! },
      returnUrl: ctx.return_url,
      cancelUrl: ctx.cancel_url,
    }
    fake.orders.set(order.id, order)
    if (requestId) createdByRequestId.set(requestId, order.id)
    return reply.code(201).send(orderAnswer(order))
  })

  app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request, reply) => {
    if (!bearer(request)) return reply.code(401).send({ error: 'invalid_token' })
    const order = fake.orders.get(request.params.id)
    if (!order)
      return issue(
        reply,
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist',
      )
    return orderAnswer(order)
  })

  app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    if (!bearer(request)) return reply.code(401).send({ error: 'invalid_token' })
    const order = fake.orders.get(request.params.id)
    if (!order)
      return issue(
        reply,
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist',
      )
    const requestId = String(request.headers['paypal-request-id'] ?? '')
    // PayPal-Request-Id: the same request again gets the first answer.
    if (order.capture && requestId && requestId === order.captureRequestId)
      return reply.code(201).send(orderAnswer(order))
    if (order.capture)
      return issue(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured')
    if (order.status !== 'APPROVED')
      return issue(
        reply,
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment',
      )
    if (fake.captureStatus === 'DECLINED')
      return issue(
        reply,
        422,
        'UNPROCESSABLE_ENTITY',
        'INSTRUMENT_DECLINED',
        'The instrument presented was declined',
      )
    order.capture = {
      id: newId(),
      status: fake.captureStatus,
      amount: {
        currency_code: order.amount.currency_code,
        value: fake.captureValueOverride ?? order.amount.value,
      },
      invoice_id: order.invoiceId,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: new Date().toISOString(),
    }
    order.captureRequestId = requestId
    order.status = 'COMPLETED'
    return reply.code(201).send(orderAnswer(order))
  })

  app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
    if (!bearer(request)) return reply.code(401).send({ error: 'invalid_token' })
    const requestId = String(request.headers['paypal-request-id'] ?? '')
    if (requestId && refunds.has(requestId)) return reply.code(201).send(refunds.get(requestId))
    const order = [...fake.orders.values()].find((o) => o.capture?.id === request.params.id)
    if (!order?.capture)
      return issue(
        reply,
        404,
        'RESOURCE_NOT_FOUND',
        'INVALID_RESOURCE_ID',
        'Specified resource ID does not exist',
      )
    const refund = {
      id: newId(),
      status: 'COMPLETED',
      amount: order.capture.amount,
      invoice_id: order.invoiceId,
      links: [{ rel: 'up', href: `${fake.url}/v2/payments/captures/${request.params.id}` }],
    }
    if (requestId) refunds.set(requestId, refund)
    order.capture.status = 'REFUNDED'
    return reply.code(201).send(refund)
  })

  app.post('/v1/notifications/verify-webhook-signature', async (request, reply) => {
    if (!bearer(request)) return reply.code(401).send({ error: 'invalid_token' })
    const b = request.body as Record<string, unknown>
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ]
    if (required.some((k) => b?.[k] === undefined || b[k] === ''))
      return issue(reply, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER')
    let ok =
      b.webhook_id === fake.webhookId &&
      String(b.cert_url).startsWith(`${origin}/`) &&
      b.auth_algo === 'SHA256withRSA'
    if (ok) {
      const verifier = createVerify('RSA-SHA256')
      verifier.update(
        `${String(b.transmission_id)}|${String(b.transmission_time)}|${String(b.webhook_id)}|${crc32(JSON.stringify(b.webhook_event))}`,
      )
      ok = verifier.verify(keys.publicKey, String(b.transmission_sig), 'base64')
    }
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' }
  })

  // The payer's approval page (www.paypal.com/checkoutnow in real life).
  app.get<{ Querystring: { token?: string } }>('/checkoutnow', async (request, reply) => {
    const order = fake.orders.get(request.query.token ?? '')
    if (!order) return reply.code(404).type('text/html').send('<h1>Unknown order</h1>')
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal test approval</title></head>
<body><main><h1>PayPal test approval</h1><p>Pay <strong id="amount">${order.amount.value} ${order.amount.currency_code}</strong></p>
<a id="approve" href="/checkoutnow/approve?token=${order.id}">Approve</a> <a id="cancel" href="/checkoutnow/cancel?token=${order.id}">Cancel and return</a></main></body></html>`)
  })
  app.get<{ Querystring: { token?: string } }>('/checkoutnow/approve', async (request, reply) => {
    const order = fake.orders.get(request.query.token ?? '')
    if (!order) return reply.code(404).send('Unknown order')
    fake.approve(order.id)
    return reply.redirect(
      `${order.returnUrl}${order.returnUrl.includes('?') ? '&' : '?'}token=${order.id}&PayerID=FAKEPAYER${newId(6)}`,
      302,
    )
  })
  app.get<{ Querystring: { token?: string } }>('/checkoutnow/cancel', async (request, reply) => {
    const order = fake.orders.get(request.query.token ?? '')
    if (!order) return reply.code(404).send('Unknown order')
    return reply.redirect(
      `${order.cancelUrl}${order.cancelUrl.includes('?') ? '&' : '?'}token=${order.id}`,
      302,
    )
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  fake.url = origin
  return fake
}

/** The env that points the shop at this fake. */
export const paypalEnv = (fake: PayPalFake) => ({
  PAYPAL_CLIENT_ID: fake.clientId,
  PAYPAL_CLIENT_SECRET: fake.clientSecret,
  PAYPAL_WEBHOOK_ID: fake.webhookId,
  PAYPAL_BASE_URL: fake.url,
})
