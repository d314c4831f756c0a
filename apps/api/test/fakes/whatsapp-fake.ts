import { createHmac, randomBytes } from 'node:crypto'
import Fastify from 'fastify'

// A contract fake of the WhatsApp Business Cloud API (Meta's Graph API, as MESSAGING-AND-DELIVERY.md records it): the
// send path and its answers and error shapes (131026 undeliverable, 132001 template missing, 190 token, an outage),
// and webhook posts built and signed as Meta signs them (HMAC-SHA256 of the raw body with the app secret). Used by the
// API tests and the browser journeys; nothing here reaches the internet.

export interface WhatsAppSent {
  to: string
  template: string
  language: string
  parameters: string[]
  /** Quick-reply payloads by index. */
  buttons: string[]
  /** The id the fake answered (`wamid.…`). */
  id: string
}

export interface WhatsAppFakeOptions {
  token?: string
  phoneNumberId?: string
  appSecret?: string
  verifyToken?: string
  /** Templates approved, as `name:language`; default: the shop's seven in ar and en. */
  templates?: string[]
}

export interface WhatsAppFake {
  /** The API root to set as WHATSAPP_BASE_URL (with its version). */
  url: string
  token: string
  phoneNumberId: string
  appSecret: string
  verifyToken: string
  /** Every accepted message, in order. */
  sent: WhatsAppSent[]
  /** Every request that reached the send path (accepted or not). */
  attempts: number
  /** Answers 503 while true (Meta down). */
  down: boolean
  /** Numbers that are not on WhatsApp: 131026. */
  undeliverable: Set<string>
  /** Approved templates (`name:language`); others answer 132001. */
  templates: Set<string>
  /** The env that points the shop at this fake. */
  env(): Record<string, string>
  /** A webhook post's body and headers, signed with `secret` (the fake's app secret by default). */
  signed(body: unknown, secret?: string): { body: string; headers: Record<string, string> }
  /** Meta's post for a tap on a quick-reply button of message `contextId`. */
  buttonReply(from: string, contextId: string, payload: string, text?: string): { body: unknown; id: string }
  /** Meta's post for a text from `from`. */
  textMessage(from: string, text: string): { body: unknown; id: string }
  /** Meta's post for statuses of messages. */
  statuses(
    list: { id: string; status: 'sent' | 'delivered' | 'read' | 'failed'; to: string; code?: number }[],
  ): unknown
  close(): Promise<void>
}

const DEFAULT_TEMPLATES = [
  'order_confirm_request',
  'order_received',
  'order_confirmed',
  'order_out_for_delivery',
  'order_completed',
  'order_cancelled',
].flatMap((name) => [`${name}:ar`, `${name}:en`])

const wamid = () => `wamid.${randomBytes(24).toString('base64url')}`
const metaError = (code: number, message: string, type = 'OAuthException') => ({
  error: {
    message,
    type,
    code,
    error_data: { messaging_product: 'whatsapp', details: message },
    fbtrace_id: 'A1b2C3',
  },
})

export async function startWhatsAppFake(options: WhatsAppFakeOptions = {}): Promise<WhatsAppFake> {
  const app = Fastify({ logger: false })
  const fake: WhatsAppFake = {
    url: '',
    token: options.token ?? 'EAAG-test-system-user-token',
    phoneNumberId: options.phoneNumberId ?? '109876543210987',
    appSecret: options.appSecret ?? 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
    verifyToken: options.verifyToken ?? 'golden-palm-verify-7c1e',
    sent: [],
    attempts: 0,
    down: false,
    undeliverable: new Set(),
    templates: new Set(options.templates ?? DEFAULT_TEMPLATES),
    env() {
      return {
        WHATSAPP_TOKEN: fake.token,
        WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
        WHATSAPP_APP_SECRET: fake.appSecret,
        WHATSAPP_VERIFY_TOKEN: fake.verifyToken,
        WHATSAPP_BASE_URL: fake.url,
      }
    },
    signed(body, secret = fake.appSecret) {
      const text = typeof body === 'string' ? body : JSON.stringify(body)
      const signature = createHmac('sha256', secret).update(text).digest('hex')
      return {
        body: text,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
      }
    },
    buttonReply(from, contextId, payload, text = 'Confirm') {
      const id = wamid()
      return {
        id,
        body: envelope({
          contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
          messages: [
            {
              from,
              id,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'button',
              context: { from: fake.phoneNumberId, id: contextId },
              button: { payload, text },
            },
          ],
        }),
      }
    },
    textMessage(from, text) {
      const id = wamid()
      return {
        id,
        body: envelope({
          contacts: [{ profile: { name: 'Shopper' }, wa_id: from }],
          messages: [
            {
              from,
              id,
              timestamp: String(Math.floor(Date.now() / 1000)),
              type: 'text',
              text: { body: text },
            },
          ],
        }),
      }
    },
    statuses(list) {
      return envelope({
        statuses: list.map((s) => ({
          id: s.id,
          status: s.status,
          timestamp: String(Math.floor(Date.now() / 1000)),
          recipient_id: s.to,
          ...(s.status === 'failed'
            ? {
                errors: [
                  {
                    code: s.code ?? 131026,
                    title: 'Message undeliverable',
                    message: 'Message undeliverable',
                  },
                ],
              }
            : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility' } }),
        })),
      })
    },
    close: () => app.close(),
  }

  function envelope(value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '218910000000', phone_number_id: fake.phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    }
  }

  app.post<{ Params: { version: string; phoneId: string }; Body: Record<string, unknown> }>(
    '/:version/:phoneId/messages',
    async (request, reply) => {
      fake.attempts++
      if (fake.down) return reply.code(503).send('Service Unavailable')
      if (request.headers.authorization !== `Bearer ${fake.token}`)
        return reply.code(401).send(metaError(190, 'Error validating access token: Session has expired'))
      if (request.params.phoneId !== fake.phoneNumberId)
        return reply
          .code(400)
          .send(metaError(100, 'Unsupported post request. Object does not exist', 'GraphMethodException'))
      const body = request.body as {
        messaging_product?: string
        to?: string
        type?: string
        template?: {
          name?: string
          language?: { code?: string }
          components?: {
            type: string
            index?: string
            parameters?: { type: string; text?: string; payload?: string }[]
          }[]
        }
      }
      const template = body.template
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'template' ||
        !template?.name ||
        !/^\d{8,15}$/.test(body.to ?? '')
      )
        return reply.code(400).send(metaError(100, 'Invalid parameter'))
      const language = template.language?.code ?? ''
      if (!fake.templates.has(`${template.name}:${language}`))
        return reply
          .code(404)
          .send(
            metaError(
              132001,
              `Template name does not exist in the translation (${template.name}, ${language})`,
            ),
          )
      const bodyComponent = template.components?.find((c) => c.type === 'body')
      const parameters = (bodyComponent?.parameters ?? []).map((p) => p.text ?? '')
      if (parameters.some((p) => p.trim() === ''))
        return reply
          .code(400)
          .send(metaError(132000, 'Number of parameters does not match the expected number of params'))
      if (fake.undeliverable.has(body.to!))
        return reply.code(400).send(metaError(131026, 'Message undeliverable'))
      const buttons = (template.components ?? [])
        .filter((c) => c.type === 'button')
        .sort((a, b) => Number(a.index) - Number(b.index))
        .map((c) => c.parameters?.[0]?.payload ?? '')
      const id = wamid()
      fake.sent.push({ to: body.to!, template: template.name, language, parameters, buttons, id })
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id }],
      }
    },
  )

  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  fake.url = `${address}/v25.0`
  return fake
}
