import { timingSafeEqual, createHash } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { idParam } from '@shop/shared/schemas/common'
import { OrderMessages, WebhookVerifyQuery, WhatsAppStatus } from '@shop/shared/schemas/whatsapp'
import { whatsappInbox } from '../../db/schema/whatsapp.ts'
import { AppError } from '../../lib/app-error.ts'
import { signatureValid } from './cloud-api.ts'
import { orderMessages, whatsappStatus } from './whatsapp.service.ts'

const security = [{ bearer: [] }]
const same = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest())

/** docs/api.md "WhatsApp" (issue 41, decision 0236). */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/whatsapp/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['whatsapp'],
        summary:
          "Meta's subscription check: answers hub.challenge when hub.verify_token is WHATSAPP_VERIFY_TOKEN, else 403",
        querystring: WebhookVerifyQuery,
      },
    },
    async (request, reply) => {
      const config = app.whatsapp.config
      const q = request.query
      if (
        !config ||
        q['hub.mode'] !== 'subscribe' ||
        !q['hub.verify_token'] ||
        !same(q['hub.verify_token'], config.verifyToken)
      )
        throw new AppError('FORBIDDEN', 403)
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '')
    },
  )

  // The signature covers the body's bytes as sent: read as a buffer in this scope only, checked before anything else.
  await app.register(async (hooks) => {
    const asBytes = { parseAs: 'buffer' as const, bodyLimit: 1024 * 1024 }
    hooks.addContentTypeParser('application/json', asBytes, (_request, body, done) => done(null, body))
    hooks.addContentTypeParser('*', asBytes, (_request, body, done) => done(null, body))
    hooks.post(
      '/whatsapp/webhook',
      {
        config: { access: 'public' },
        schema: {
          tags: ['whatsapp'],
          summary:
            "Meta's events (replies, statuses): X-Hub-Signature-256 checked first (401 when missing or wrong); kept and answered at once, handled after the answer",
          response: { 200: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request) => {
        const config = app.whatsapp.config
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        if (!config || !signatureValid(config.appSecret, raw, request.headers['x-hub-signature-256']))
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', 401)
        const text = raw.toString('utf8')
        try {
          JSON.parse(text)
        } catch {
          throw new AppError('BAD_REQUEST', 400)
        }
        await app.db.insert(whatsappInbox).values({ body: text })
        request.whatsappReceived = true
        return { ok: true as const }
      },
    )
  })

  app.get(
    '/whatsapp/status',
    {
      // Every staff member: a clerk must know whether "the customer is told on WhatsApp" is true.
      config: { access: 'staff' },
      schema: {
        tags: ['whatsapp'],
        summary:
          "WhatsApp's state: not_configured, working, failing (last error, Meta's code, when) or templates_missing (any staff)",
        security,
        response: { 200: WhatsAppStatus },
      },
    },
    async () => whatsappStatus(app.db, app.whatsapp.configured),
  )

  app.get(
    '/orders/:id/messages',
    {
      config: { access: 'orders.view' },
      schema: {
        tags: ['orders'],
        summary: "An order's conversation: every WhatsApp message (both ways) and mail, oldest first",
        security,
        params: idParam,
        response: { 200: OrderMessages },
      },
    },
    async (request) => orderMessages(app.db, request.params.id),
  )
}
