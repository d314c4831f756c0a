import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../db/client.ts'
import { orders } from '../db/schema/orders.ts'
import { settings } from '../db/schema/settings.ts'

// Issue 41 (decision 0236): the orders lists' WhatsApp filter, from the order's conversation (whatsapp_messages) and
// history (order_status_history).

/** Hours a confirmation request waits for an answer before its order is for a call (setting, default 12). */
async function answerHours(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'whatsapp_answer_hours'))
  const hours = Number(row?.value)
  return Number.isInteger(hours) && hours >= 1 ? hours : 12
}

/**
 * The orders lists' WhatsApp filter: confirmed on WhatsApp; waiting for an answer (pending, its confirmation request
 * not failed); a message failed; call them (pending and the request failed or got no answer in time).
 */
export async function whatsappFilter(
  db: DbOrTx,
  filter: 'confirmed' | 'waiting' | 'failed' | 'call',
): Promise<SQL> {
  const request = (extra: SQL) =>
    sql`exists (select 1 from whatsapp_messages w where w.order_id = ${orders.id} and w.direction = 'out'
                and w.event = 'confirm_request' and ${extra})`
  switch (filter) {
    case 'confirmed':
      return sql`exists (select 1 from order_status_history h where h.order_id = ${orders.id}
                         and h.action = 'confirmed_on_whatsapp')`
    case 'failed':
      return sql`exists (select 1 from whatsapp_messages w where w.order_id = ${orders.id} and w.direction = 'out'
                         and w.status = 'failed')`
    case 'waiting':
      return and(eq(orders.orderStatus, 'pending'), request(sql`w.status <> 'failed'`))!
    case 'call': {
      const hours = await answerHours(db)
      return and(
        eq(orders.orderStatus, 'pending'),
        request(sql`(w.status = 'failed' or w.created_at < now() - ${`${hours} hours`}::interval)`),
      )!
    }
  }
}
