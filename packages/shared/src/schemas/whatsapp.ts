import { z } from 'zod'

/**
 * Issue 41 (decision 0236): the WhatsApp channel as staff see it. `not_configured`: the four WHATSAPP_* secrets are not
 * all set, nothing goes on WhatsApp; `templates_missing`: Meta refused a template as missing or not approved (its names
 * in `missing_templates`); `failing`: the last try failed for a reason that is not one shopper's number (its error, code
 * and when); `working`: the last message went, or nothing was tried yet.
 */
export const WHATSAPP_STATES = ['not_configured', 'working', 'failing', 'templates_missing'] as const
export type WhatsAppStateName = (typeof WHATSAPP_STATES)[number]

/** GET /api/whatsapp/status (any staff). */
export const WhatsAppStatus = z.object({
  state: z.enum(WHATSAPP_STATES),
  last_error: z.string().nullable(),
  last_error_code: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
  /** Messages written and not yet sent. */
  queued: z.number().int(),
  missing_templates: z.array(z.string()),
})
export type WhatsAppStatus = z.infer<typeof WhatsAppStatus>

export const ORDER_MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'received'] as const

/** One message of an order's conversation: WhatsApp (both ways) or mail (the shop's). */
export const OrderMessage = z.object({
  /** The message's id in its channel (`channel` + `id` is unique). */
  id: z.number().int(),
  channel: z.enum(['whatsapp', 'mail']),
  direction: z.enum(['out', 'in']),
  /** WhatsApp: the template's name as sent. */
  template: z.string().nullable().optional(),
  /**
   * out: what it told (confirm_request, received, confirmed, shipped, completed, cancelled; mail also edited,
   * staff_new_order, staff_cancelled); in: button or text.
   */
  event: z.string(),
  status: z.enum(ORDER_MESSAGE_STATUSES),
  /** Meta's error code of a failed WhatsApp message (131026: not on WhatsApp, 132001: template missing …). */
  error_code: z.string().nullable().optional(),
  error: z.string().nullable().optional(),
  /**
   * in: what the shop did with it: confirmed, cancelled, not_pending, wrong_number, unknown_message, opted_out,
   * opted_in, kept.
   */
  outcome: z.string().nullable().optional(),
  /** What the shopper read (the template's body with its figures, a mail's subject) or wrote. */
  text: z.string().nullable().optional(),
  created_at: z.string(),
  /** When its latest status came (sent, delivered, read, failed). */
  status_at: z.string().nullable().optional(),
  /** The shopper's WhatsApp number (international digits) or the mail's address. */
  to_or_from: z.string(),
})
export type OrderMessage = z.infer<typeof OrderMessage>

export const OrderMessages = z.object({ data: z.array(OrderMessage) })
export type OrderMessages = z.infer<typeof OrderMessages>

/** GET /api/whatsapp/webhook: Meta's subscription check. */
export const WebhookVerifyQuery = z.object({
  'hub.mode': z.string().max(100).optional().catch(undefined),
  'hub.verify_token': z.string().max(500).optional().catch(undefined),
  'hub.challenge': z.string().max(500).optional().catch(undefined),
})
