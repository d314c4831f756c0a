import { westernDigits } from '@shop/shared/digits'

// Issue 41 (decision 0236): the messages the shop sends on WhatsApp. Business-initiated messages must be templates
// Meta approved; docs/operations.md lists each one (name, category, languages, body, buttons) for the owner to submit
// in WhatsApp Manager, and the names are settings (`whatsapp_template_<event>`) with these defaults. Each body's
// parameters are filled in this order; no parameter is ever empty (Meta refuses an empty one).

export const WHATSAPP_EVENTS = [
  'confirm_request',
  'received',
  'confirmed',
  'shipped',
  'completed',
  'cancelled',
] as const
export type WhatsAppEvent = (typeof WHATSAPP_EVENTS)[number]

export interface TemplateDefinition {
  /** The template's name unless the owner set another (setting `whatsapp_template_<event>`). */
  name: string
  /** What each `{{n}}` holds, in order (docs/operations.md). */
  parameters: readonly string[]
  /** The body as submitted to Meta, in both languages. */
  body: { ar: string; en: string }
  /** Quick-reply buttons, index 0 first: the payload's action and the button's text. */
  buttons?: readonly { action: 'confirm' | 'cancel'; ar: string; en: string }[]
}

export const WHATSAPP_TEMPLATES: Record<WhatsAppEvent, TemplateDefinition> = {
  confirm_request: {
    name: 'order_confirm_request',
    parameters: ['order number', 'total with currency', 'city', 'tracking link'],
    body: {
      ar: 'وصلنا طلبك رقم {{1}} بقيمة {{2}} للتوصيل إلى {{3}}، والدفع نقداً عند الاستلام. هل نجهّزه ونرسله؟ تتبّع طلبك: {{4}}',
      en: 'We received your order {{1}} of {{2}} for delivery to {{3}}, cash on delivery. Shall we prepare and send it? Track it: {{4}}',
    },
    buttons: [
      { action: 'confirm', ar: 'تأكيد الطلب', en: 'Confirm order' },
      { action: 'cancel', ar: 'إلغاء الطلب', en: 'Cancel order' },
    ],
  },
  received: {
    name: 'order_received',
    parameters: ['order number', 'total with currency', 'city', 'tracking link'],
    body: {
      ar: 'وصلنا طلبك رقم {{1}} بقيمة {{2}} للتوصيل إلى {{3}}. تتبّع طلبك: {{4}}',
      en: 'We received your order {{1}} of {{2}} for delivery to {{3}}. Track it: {{4}}',
    },
  },
  confirmed: {
    name: 'order_confirmed',
    parameters: ['order number', 'tracking link'],
    body: {
      ar: 'تم تأكيد طلبك رقم {{1}} ونحن نجهّزه الآن. تتبّع طلبك: {{2}}',
      en: 'Your order {{1}} is confirmed and we are preparing it. Track it: {{2}}',
    },
  },
  shipped: {
    name: 'order_out_for_delivery',
    parameters: ['order number', 'amount to pay on delivery with currency', 'tracking link'],
    body: {
      ar: 'طلبك رقم {{1}} في الطريق إليك. المبلغ عند الاستلام: {{2}}. تتبّع طلبك: {{3}}',
      en: 'Your order {{1}} is out for delivery. To pay on delivery: {{2}}. Track it: {{3}}',
    },
  },
  completed: {
    name: 'order_completed',
    parameters: ['order number'],
    body: {
      ar: 'تم تسليم طلبك رقم {{1}}. شكراً لتسوقك معنا!',
      en: 'Your order {{1}} has been delivered. Thank you for shopping with us!',
    },
  },
  cancelled: {
    name: 'order_cancelled',
    parameters: ['order number', 'tracking link'],
    body: {
      ar: 'تم إلغاء طلبك رقم {{1}}. التفاصيل: {{2}}',
      en: 'Your order {{1}} has been cancelled. Details: {{2}}',
    },
  },
}

/** The setting that names an event's template (decision 0236). */
export const templateSettingKey = (event: WhatsAppEvent) => `whatsapp_template_${event}` as const

/**
 * A number as WhatsApp's `to` wants it: international digits, no `+`, no leading 0. Libyan mobile numbers as shoppers
 * type them (`0912345678`, `912345678`, `+218 91-234-5678`, `00218…`) become `218912345678`; another country's
 * number must carry its code (`+216…`, `00216…`). Null when it cannot be a number.
 */
export function whatsappDigits(input: string): string | null {
  const raw = westernDigits(input).trim()
  const digits = raw.replace(/[\s\-().]/g, '')
  if (!/^\+?\d+$/.test(digits)) return null
  let n: string
  if (digits.startsWith('+')) n = digits.slice(1)
  else if (digits.startsWith('00')) n = digits.slice(2)
  else if (/^0[1-9]\d{8}$/.test(digits)) n = `218${digits.slice(1)}`
  else if (/^9\d{8}$/.test(digits)) n = `218${digits}`
  else n = digits
  return /^[1-9]\d{7,14}$/.test(n) ? n : null
}

/** The button payload the shop recognises in a reply: the action and the order's number. */
export const buttonPayload = (action: 'confirm' | 'cancel', orderNumber: string) => `${action}:${orderNumber}`

export function readButtonPayload(
  payload: string,
): { action: 'confirm' | 'cancel'; orderNumber: string } | null {
  const match = /^(confirm|cancel):(\S{1,64})$/.exec(payload.trim())
  return match ? { action: match[1] as 'confirm' | 'cancel', orderNumber: match[2]! } : null
}

/** A text reply that stops (STOP, «إيقاف», «توقف») or restarts (START, «ابدأ», «بدء») messages to the number. */
export function optCommand(text: string): 'stop' | 'start' | null {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[.!؟?]+$/, '')
  if (['stop', 'إيقاف', 'ايقاف', 'توقف'].includes(word)) return 'stop'
  if (['start', 'ابدأ', 'ابدا', 'بدء'].includes(word)) return 'start'
  return null
}
