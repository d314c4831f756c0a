import { asc, eq, like, sql } from 'drizzle-orm'
import type { OrderMessage, WhatsAppStatus } from '@shop/shared/schemas/whatsapp'
import { rowsOf, type DbOrTx } from '../../db/client.ts'
import { orders, orderStatusHistory } from '../../db/schema/orders.ts'
import { mailOutbox } from '../../db/schema/settings.ts'
import { whatsappMessages } from '../../db/schema/whatsapp.ts'
import { notFound } from '../../lib/app-error.ts'
import { TEMPLATE_MISSING_CODES } from './cloud-api.ts'
import { WHATSAPP_TEMPLATES, type WhatsAppEvent } from './templates.ts'

// Issue 41 (decision 0236): what staff read of the WhatsApp channel: its state, an order's conversation (WhatsApp and
// mail side by side) and the orders lists' filters.

/** Meta's codes that are about one shopper's number, not about the channel (it still works for everyone else). */
const RECIPIENT_CODES = new Set(['131026', '131047', '131051', '131056'])
const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString()

/** GET /api/whatsapp/status: not configured, working, failing (with the last error) or templates missing. */
export async function whatsappStatus(db: DbOrTx, configured: boolean): Promise<WhatsAppStatus> {
  const [row] = rowsOf<{
    queued: unknown
    last_sent: unknown
    error: unknown
    error_code: unknown
    failed_at: unknown
  }>(
    await db.execute(sql`
      select (select count(*) from whatsapp_messages where direction = 'out' and status = 'queued') as queued,
             (select max(sent_at) from whatsapp_messages where direction = 'out') as last_sent,
             f.error, f.error_code, f.failed_at
      from (select 1) as one
      left join lateral (
        select error, error_code, status_at as failed_at from whatsapp_messages
        where direction = 'out' and sent_at is null and error is not null
          and (error_code is null or error_code not in (${sql.join(
            [...RECIPIENT_CODES].map((c) => sql`${c}`),
            sql`, `,
          )}))
        order by status_at desc nulls last, id desc limit 1) as f on true`),
  )
  // A template is missing while its latest send failed for that reason and none went out after.
  const missing = rowsOf<{ template: string }>(
    await db.execute(sql`
      select distinct m.template from whatsapp_messages m
      where m.direction = 'out' and m.error_code in (${sql.join(
        [...TEMPLATE_MISSING_CODES].map((c) => sql`${c}`),
        sql`, `,
      )})
        and not exists (select 1 from whatsapp_messages s
                        where s.direction = 'out' and s.template = m.template and s.sent_at > m.status_at)
      order by m.template`),
  ).map((r) => r.template)
  const lastSent = iso(row?.last_sent)
  const failedAt = iso(row?.failed_at)
  const base = { queued: Number(row?.queued ?? 0), last_sent_at: lastSent, missing_templates: missing }
  if (!configured)
    return {
      state: 'not_configured',
      last_error: null,
      last_error_code: null,
      last_error_at: null,
      ...base,
      missing_templates: [],
    }
  if (missing.length > 0)
    return {
      state: 'templates_missing',
      last_error: null,
      last_error_code: null,
      last_error_at: null,
      ...base,
    }
  const failing = failedAt !== null && (lastSent === null || failedAt > lastSent)
  return {
    state: failing ? 'failing' : 'working',
    last_error: failing ? String(row?.error) : null,
    last_error_code: failing && row?.error_code ? String(row.error_code) : null,
    last_error_at: failing ? failedAt : null,
    ...base,
  }
}

/** A template's body with its parameters, as the shopper read it. */
function bodyText(event: string, language: string | null, parameters: unknown): string | null {
  const definition = WHATSAPP_TEMPLATES[event as WhatsAppEvent]
  if (!definition || !Array.isArray(parameters)) return null
  const body = definition.body[language === 'en' ? 'en' : 'ar']
  return body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => String(parameters[Number(n) - 1] ?? ''))
}

/** What a mail of the outbox told, from its event key (`order:42:placed:customer`, `order:42:history:7:staff:…`). */
function mailEvent(key: string, history: Map<number, { action: string | null; toStatus: string }>): string {
  const parts = key.split(':')
  const staff = parts.includes('staff')
  if (parts[2] === 'placed') return staff ? 'staff_new_order' : 'received'
  if (parts[4] === 'edited') return 'edited'
  const change = history.get(Number(parts[3]))
  if (staff) return 'staff_cancelled'
  return change ? (change.toStatus === 'processing' ? 'confirmed' : change.toStatus) : 'status'
}

/** GET /api/orders/:id/messages: every message of the order, WhatsApp and mail, oldest first. */
export async function orderMessages(db: DbOrTx, orderId: number): Promise<{ data: OrderMessage[] }> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))
  if (!order) throw notFound()
  const whatsapp = await db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.orderId, orderId))
    .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.id))
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.eventKey, `order:${orderId}:%`))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
  const history = new Map(
    (
      await db
        .select({
          id: orderStatusHistory.id,
          action: orderStatusHistory.action,
          toStatus: orderStatusHistory.toStatus,
        })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId))
    ).map((h) => [h.id, h]),
  )
  const data: OrderMessage[] = [
    ...whatsapp.map((m): OrderMessage => ({
      id: m.id,
      channel: 'whatsapp',
      direction: m.direction,
      template: m.template,
      event: m.event,
      status: m.status,
      error_code: m.errorCode,
      error:
        m.direction === 'out' && m.status !== 'sent' && m.status !== 'delivered' && m.status !== 'read'
          ? m.error
          : null,
      outcome: m.outcome,
      text:
        m.direction === 'out'
          ? bodyText(m.event, m.language, m.content.parameters)
          : typeof m.content.text === 'string'
            ? m.content.text
            : null,
      created_at: m.createdAt.toISOString(),
      status_at: m.statusAt?.toISOString() ?? null,
      to_or_from: m.number,
    })),
    ...mails.map((m): OrderMessage => ({
      id: m.id,
      channel: 'mail',
      direction: 'out',
      template: null,
      event: mailEvent(m.eventKey ?? '', history),
      status: m.sentAt ? 'sent' : m.error && m.nextAttemptAt === null ? 'failed' : 'queued',
      error_code: null,
      error: m.sentAt ? null : m.error,
      outcome: null,
      text: m.subject,
      created_at: m.createdAt.toISOString(),
      status_at: m.sentAt?.toISOString() ?? null,
      to_or_from: m.to,
    })),
  ].sort((a, b) => a.created_at.localeCompare(b.created_at) || (a.channel === b.channel ? a.id - b.id : 0))
  return { data }
}
