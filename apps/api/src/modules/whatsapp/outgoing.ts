import { eq } from 'drizzle-orm'
import { translatedText } from '@shop/shared/i18n/content'
import { formatMoney } from '@shop/shared/money/money'
import type { NotifyChannel } from '@shop/shared/schemas/setting'
import { moneySymbolIn } from '@shop/shared/shop-identity'
import type { Db, Tx } from '../../db/client.ts'
import { orders } from '../../db/schema/orders.ts'
import { settings } from '../../db/schema/settings.ts'
import { whatsappMessages, whatsappOptOuts } from '../../db/schema/whatsapp.ts'
import type { OrderEvent } from '../../domain/order-events.ts'
import type { OrderRow } from '../../domain/order-view.ts'
import { readShopIdentity } from '../../domain/shop-identity.ts'
import { trackingSecret, trackingToken, trackingUrl } from '../../domain/tracking-link.ts'
import {
  buttonPayload,
  templateSettingKey,
  whatsappDigits,
  WHATSAPP_TEMPLATES,
  type WhatsAppEvent,
} from './templates.ts'

// Issue 41 (decision 0236): which order event becomes which WhatsApp message, and the message's row in the outbox,
// written in the event's transaction (so it exists exactly when the change committed, and once per event).

/** The shopper-facing events a channel setting chooses for (`channel_order_<event>`). */
export type ShopperEvent = 'received' | 'confirmed' | 'shipped' | 'completed' | 'cancelled'

/** The WhatsApp message an order event sends, and the channel setting it follows; null: none. */
export function messageFor(
  event: OrderEvent,
  order: Pick<OrderRow, 'paymentMethod' | 'orderStatus'>,
): { message: WhatsAppEvent; setting: ShopperEvent; key: string } | null {
  if (event.type === 'order.placed') {
    const cash = order.paymentMethod === 'cash' && order.orderStatus === 'pending'
    return {
      message: cash ? 'confirm_request' : 'received',
      setting: 'received',
      key: `order:${event.orderId}:placed`,
    }
  }
  if (event.type !== 'order.moved' || event.from.status === event.to.status) return null
  const key = `order:${event.orderId}:history:${event.historyId}`
  switch (event.to.status) {
    case 'processing':
      return { message: 'confirmed', setting: 'confirmed', key }
    case 'shipped':
      return { message: 'shipped', setting: 'shipped', key }
    case 'completed':
      return { message: 'completed', setting: 'completed', key }
    case 'cancelled':
      // An unpaid order its shopper replaced at checkout (decision 0082) is not news: the new order is.
      return event.move === 'released' ? null : { message: 'cancelled', setting: 'cancelled', key }
    default:
      return null
  }
}

async function settingValue(tx: Tx | Db, key: string, fallback: string): Promise<string> {
  const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, key))
  return row?.value.trim() || fallback
}

/** The channel setting of a shopper event: both (default), mail or whatsapp. */
export async function channelOf(tx: Tx | Db, event: ShopperEvent): Promise<NotifyChannel> {
  const value = await settingValue(tx, `channel_order_${event}`, 'both')
  return value === 'mail' || value === 'whatsapp' ? value : 'both'
}

/** Whether the order's shopper can be told on WhatsApp: agreed at checkout, a number, and not opted out (STOP). */
export async function whatsappNumberOf(
  tx: Tx | Db,
  order: Pick<OrderRow, 'whatsapp' | 'whatsappOptIn'>,
): Promise<string | null> {
  if (!order.whatsappOptIn) return null
  const number = whatsappDigits(order.whatsapp)
  if (!number) return null
  const [out] = await tx
    .select({ number: whatsappOptOuts.number })
    .from(whatsappOptOuts)
    .where(eq(whatsappOptOuts.number, number))
  return out ? null : number
}

/** The body's parameters of `message` for this order, in the order's language (stored figures, decision 0236). */
async function parametersOf(tx: Tx, db: Db, appUrl: string, message: WhatsAppEvent, order: OrderRow) {
  const lang = order.language === 'en' ? 'en' : 'ar'
  const link = () =>
    trackingSecret(db, tx).then((secret) =>
      trackingUrl(
        appUrl,
        order.orderNumber,
        trackingToken(secret, order.orderNumber, order.trackingKey),
        lang,
      ),
    )
  const money = async (amount: number) => formatMoney(amount, moneySymbolIn(await readShopIdentity(tx), lang))
  const total = () => money(order.totalAmount)
  const city = translatedText(order.cityName, order.translations, 'city_name', lang) || '-'
  switch (message) {
    case 'confirm_request':
    case 'received':
      return [order.orderNumber, await total(), city, await link()]
    case 'confirmed':
    case 'cancelled':
      return [order.orderNumber, await link()]
    case 'shipped':
      return [
        order.orderNumber,
        await money(order.paymentStatus === 'paid' ? 0 : order.totalAmount),
        await link(),
      ]
    case 'completed':
      return [order.orderNumber]
  }
}

/**
 * Writes the WhatsApp message an order event sends into the outbox (in the event's transaction); false when the event
 * sends none, the channel setting says mail only, the shopper cannot be reached, or the message was already written.
 */
export async function enqueueOrderMessage(
  tx: Tx,
  deps: { db: Db; appUrl: string },
  event: OrderEvent,
): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, event.orderId)).limit(1)
  if (!order) return false
  const which = messageFor(event, order)
  if (!which) return false
  if ((await channelOf(tx, which.setting)) === 'mail') return false
  const number = await whatsappNumberOf(tx, order)
  if (!number) return false
  const definition = WHATSAPP_TEMPLATES[which.message]
  const template = await settingValue(tx, templateSettingKey(which.message), definition.name)
  const parameters = await parametersOf(tx, deps.db, deps.appUrl, which.message, order)
  const buttons = definition.buttons?.map((b) => buttonPayload(b.action, order.orderNumber)) ?? []
  const rows = await tx
    .insert(whatsappMessages)
    .values({
      orderId: order.id,
      direction: 'out',
      event: which.message,
      template,
      language: order.language === 'en' ? 'en' : 'ar',
      content: { parameters, buttons },
      number,
      eventKey: `${which.key}:whatsapp`,
      status: 'queued',
    })
    .onConflictDoNothing({ target: whatsappMessages.eventKey })
    .returning({ id: whatsappMessages.id })
  return rows.length > 0
}

/**
 * Decision 0236: the shopper's mail of an event is left out when the owner chose WhatsApp only for it and WhatsApp
 * reaches this shopper; otherwise the mail goes (no shopper is left without word).
 */
export async function mailLeftOut(
  tx: Tx,
  configured: boolean,
  event: ShopperEvent,
  order: Pick<OrderRow, 'whatsapp' | 'whatsappOptIn'>,
): Promise<boolean> {
  if (!configured || (await channelOf(tx, event)) !== 'whatsapp') return false
  return (await whatsappNumberOf(tx, order)) !== null
}
