import { createHmac, timingSafeEqual } from 'node:crypto'
import { callProvider, ProviderUnavailable } from '../../lib/provider-http.ts'

// Issue 41: the WhatsApp Business Cloud API (Meta's Graph API), as far as the shop uses it: sending a template and
// checking a webhook's signature. docs/operations.md says how to set it up.

export interface WhatsAppConfig {
  token: string
  phoneNumberId: string
  appSecret: string
  verifyToken: string
  /** The Graph API root with its version (`https://graph.facebook.com/v25.0`). */
  baseUrl: string
}

/** The channel is on only when all four secrets are set; otherwise the shop works as without it. */
export function whatsappConfig(env: {
  WHATSAPP_TOKEN?: string
  WHATSAPP_PHONE_NUMBER_ID?: string
  WHATSAPP_APP_SECRET?: string
  WHATSAPP_VERIFY_TOKEN?: string
  WHATSAPP_BASE_URL: string
}): WhatsAppConfig | null {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN } = env
  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_NUMBER_ID || !WHATSAPP_APP_SECRET || !WHATSAPP_VERIFY_TOKEN)
    return null
  return {
    token: WHATSAPP_TOKEN,
    phoneNumberId: WHATSAPP_PHONE_NUMBER_ID,
    appSecret: WHATSAPP_APP_SECRET,
    verifyToken: WHATSAPP_VERIFY_TOKEN,
    baseUrl: env.WHATSAPP_BASE_URL.replace(/\/+$/, ''),
  }
}

export interface TemplateMessage {
  to: string
  name: string
  language: 'ar' | 'en'
  parameters: readonly string[]
  /** Quick-reply payloads, index 0 first. */
  buttons?: readonly string[]
}

/**
 * Meta's error codes after which the same message will never go: the number is not on WhatsApp or cannot get it
 * (131026), the template is missing, paused or its parameters do not match (132000, 132001, 132005, 132007, 132012,
 * 132015, 132016), or the request is wrong (100). Anything else (throughput, one number too often, an expired token,
 * an outage) is tried again later.
 */
const PERMANENT = new Set([
  '100',
  '131026',
  '131051',
  '132000',
  '132001',
  '132005',
  '132007',
  '132012',
  '132015',
  '132016',
])
/** Codes that mean a template is not there (for the dashboard's "templates missing"). */
export const TEMPLATE_MISSING_CODES = new Set(['132000', '132001', '132015', '132016'])

export class WhatsAppSendError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
    this.name = 'WhatsAppSendError'
  }
}

/** The request body of a template message (MESSAGING-AND-DELIVERY.md). */
export function templateBody(message: TemplateMessage) {
  return {
    messaging_product: 'whatsapp',
    to: message.to,
    type: 'template',
    template: {
      name: message.name,
      language: { code: message.language },
      components: [
        { type: 'body', parameters: message.parameters.map((text) => ({ type: 'text', text })) },
        ...(message.buttons ?? []).map((payload, index) => ({
          type: 'button',
          sub_type: 'quick_reply',
          index: String(index),
          parameters: [{ type: 'payload', payload }],
        })),
      ],
    },
  }
}

/** Sends one template message; resolves with Meta's message id, or throws WhatsAppSendError. */
export async function sendTemplate(config: WhatsAppConfig, message: TemplateMessage): Promise<string> {
  let answer
  try {
    answer = await callProvider(
      'whatsapp',
      `${config.baseUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(templateBody(message)),
      },
      15_000,
    )
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new WhatsAppSendError(null, error.message, false)
    throw error
  }
  const json = answer.json as {
    messages?: { id?: unknown }[]
    error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } }
  } | null
  const id = json?.messages?.[0]?.id
  if (answer.status >= 200 && answer.status < 300 && typeof id === 'string' && id) return id
  const code = json?.error?.code === undefined ? null : String(json.error.code)
  const details = json?.error?.error_data?.details
  const text = [json?.error?.message, details].filter((v) => typeof v === 'string' && v).join(': ')
  throw new WhatsAppSendError(
    code,
    (text || `HTTP ${answer.status}`).slice(0, 500),
    code !== null && PERMANENT.has(code),
  )
}

/** `X-Hub-Signature-256: sha256=<hex>` of the raw body with the app secret, compared in constant time. */
export function signatureValid(appSecret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== 'string') return false
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim())
  if (!match) return false
  const expected = createHmac('sha256', appSecret).update(rawBody).digest()
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'))
}
