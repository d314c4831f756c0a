import { unlinkable } from '../../lib/unlinkable.ts'
import { asc, eq, inArray } from 'drizzle-orm'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import { parseEmailList } from '@shop/shared/schemas/setting'
import { moneySymbolIn, shopNameIn, type ShopIdentitySettings } from '@shop/shared/shop-identity'
import type { Db, Tx } from '../../db/client.ts'
import { orderItems, orderStatusHistory, orders } from '../../db/schema/orders.ts'
import { settings } from '../../db/schema/settings.ts'
import type { Mailer } from '../../lib/mailer.ts'
import { DEFAULT_TIMEZONE } from '../../lib/shop-time.ts'
import { loadAdjustments } from '../offers.ts'
import { trackingSecret, trackingToken, trackingUrl } from '../tracking-link.ts'
import {
  isMailedStatus,
  orderEditedMail,
  orderPlacedMail,
  staffCancelledMail,
  staffNewOrderMail,
  statusChangedMail,
  type OrderMailView,
} from './order-mails.ts'

/**
 * Decision 0066: what happens to an order is told by mail, written into the outbox in the same transaction as the
 * change (so a mail exists exactly when its change committed) under an event key (so never twice). Adding an event
 * (a payment's state, later) is a method here, a template in order-mails.ts and texts in mail-texts.ts.
 */
export interface OrderNotifier {
  /** The order was placed: the shopper's receipt, and the new-order mail to every `notify_emails` address. */
  orderPlaced(tx: Tx, orderId: number): Promise<void>
  /**
   * A row of the order's status history was written: the shopper hears of the statuses that matter to them, and staff
   * hear of a cancellation by the shopper.
   */
  statusChanged(tx: Tx, orderId: number, historyId: number): Promise<void>
  /** Decision 0133: staff edited the order's lines or city (history row `historyId`): the shopper gets the new total. */
  orderEdited(tx: Tx, orderId: number, historyId: number, previousTotal: number): Promise<void>
}

const SHOP_KEYS = [
  'site_name',
  'site_name_en',
  'currency',
  'currency_symbol',
  'contact_phone',
  'contact_email',
  'language',
  'timezone',
  'notify_emails',
] as const

interface ShopFacts {
  staffEmails: string[]
  staffLanguage: Language
  timezone: string
  contact: string | null
  identity: ShopIdentitySettings
}

async function shopFacts(tx: Tx): Promise<ShopFacts> {
  const rows = await tx
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, [...SHOP_KEYS]))
  const get = (k: (typeof SHOP_KEYS)[number]) => rows.find((r) => r.key === k)?.value.trim() ?? ''
  let timezone = get('timezone') || DEFAULT_TIMEZONE
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone })
  } catch {
    timezone = DEFAULT_TIMEZONE
  }
  return {
    staffEmails: parseEmailList(get('notify_emails')) ?? [],
    staffLanguage: get('language') === 'en' ? 'en' : 'ar',
    timezone,
    contact: [get('contact_phone'), get('contact_email')].filter(Boolean).join(' · ') || null,
    identity: {
      site_name: get('site_name'),
      site_name_en: get('site_name_en'),
      currency: get('currency'),
      currency_symbol: get('currency_symbol'),
    },
  }
}

/** Decision 0236: whether the shopper's mail of an event is left out (the owner chose WhatsApp only, and it reaches them). */
export type MailLeftOut = (
  tx: Tx,
  event: 'received' | 'confirmed' | 'shipped' | 'completed' | 'cancelled',
  order: Pick<typeof orders.$inferSelect, 'whatsapp' | 'whatsappOptIn'>,
) => Promise<boolean>

const SHOPPER_EVENT = {
  processing: 'confirmed',
  shipped: 'shipped',
  completed: 'completed',
  cancelled: 'cancelled',
} as const

export function createOrderNotifier(deps: {
  db: Db
  mailer: Mailer
  appUrl: string
  mailLeftOut?: MailLeftOut
}): OrderNotifier {
  const { db, mailer, appUrl } = deps
  const leftOut = async (tx: Tx, orderId: number, event: Parameters<MailLeftOut>[1]) => {
    if (!deps.mailLeftOut) return false
    const [row] = await tx
      .select({ whatsapp: orders.whatsapp, whatsappOptIn: orders.whatsappOptIn })
      .from(orders)
      .where(eq(orders.id, orderId))
    return row ? deps.mailLeftOut(tx, event, row) : false
  }

  /** What a mail about the order shows, in `lang` (names as stored on the order, decision 0058). */
  async function viewOf(
    tx: Tx,
    orderId: number,
    lang: Language | 'order',
    facts: ShopFacts,
  ): Promise<OrderMailView | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1)
    if (!row) return null
    const mailLang: Language = lang === 'order' ? (row.language === 'en' ? 'en' : 'ar') : lang
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id))
    const token = trackingToken(await trackingSecret(db, tx), row.orderNumber, row.trackingKey)
    return {
      lang: mailLang,
      // Decision 0122: the shop's name and money symbol as the owner set them, in the mail's language.
      shopName: shopNameIn(facts.identity, mailLang),
      moneySymbol: moneySymbolIn(facts.identity, mailLang),
      contact: facts.contact,
      timezone: facts.timezone,
      // Decision 0104: the link opens the page in the mail's language, whatever the phone's cookie says.
      trackingUrl: trackingUrl(appUrl, row.orderNumber, token, mailLang),
      dashboardUrl: lang === 'order' ? undefined : `${appUrl}/dashboard/orders?order=${row.id}`,
      order: {
        number: row.orderNumber,
        createdAt: row.createdAt,
        // Decision 0096: what the shopper typed never becomes a link in a mail program.
        customerName: unlinkable(row.customerName),
        phone: row.customerPhone,
        email: row.customerEmail,
        address: unlinkable(row.shippingAddress),
        cityName: translatedText(row.cityName, row.translations, 'city_name', mailLang),
        paymentMethod: row.paymentMethod,
        status: row.orderStatus,
        subtotal: row.subtotal,
        deliveryPrice: row.deliveryPrice,
        totalAmount: row.totalAmount,
        // Decision 0170: the discounts as stored with the order, labels as sold in the mail's language.
        discountTotal: row.discountTotal,
        adjustments: ((await loadAdjustments(tx, [row.id], mailLang, false)).get(row.id) ?? []).map((a) => ({
          label: a.label,
          code: a.code,
          amount: a.amount,
          target: a.target,
        })),
        items: items.map((i) => ({
          name: translatedText(i.productName, i.translations, 'product_name', mailLang) ?? i.productName,
          size: translatedText(i.variantLabel, i.translations, 'variant_label', mailLang) ?? '',
          sku: i.sku,
          quantity: i.quantity,
          unitPrice: i.unitPrice,
          lineTotal: i.lineTotal,
          isWholesale: i.isWholesale,
        })),
      },
    }
  }

  return {
    async orderPlaced(tx, orderId) {
      const facts = await shopFacts(tx)
      const customer = await viewOf(tx, orderId, 'order', facts)
      if (!customer) return
      if (!(await leftOut(tx, orderId, 'received')))
        await mailer.enqueue(tx, {
          to: customer.order.email,
          eventKey: `order:${orderId}:placed:customer`,
          fromName: customer.shopName,
          ...orderPlacedMail(customer),
        })
      if (facts.staffEmails.length === 0) return
      const staff = (await viewOf(tx, orderId, facts.staffLanguage, facts))!
      const mail = staffNewOrderMail(staff)
      for (const to of facts.staffEmails)
        await mailer.enqueue(tx, {
          to,
          eventKey: `order:${orderId}:placed:staff:${to}`,
          fromName: staff.shopName,
          ...mail,
        })
    },

    async orderEdited(tx, orderId, historyId, previousTotal) {
      const customer = await viewOf(tx, orderId, 'order', await shopFacts(tx))
      if (!customer) return
      await mailer.enqueue(tx, {
        to: customer.order.email,
        eventKey: `order:${orderId}:history:${historyId}:edited`,
        fromName: customer.shopName,
        ...orderEditedMail(customer, previousTotal),
      })
    },

    async statusChanged(tx, orderId, historyId) {
      const [change] = await tx
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.id, historyId))
        .limit(1)
      if (!change || change.fromStatus === change.toStatus || !isMailedStatus(change.toStatus)) return
      const facts = await shopFacts(tx)
      const customer = await viewOf(tx, orderId, 'order', facts)
      if (!customer) return
      const byCustomer = change.actor === 'shopper' || change.actor === 'guest'
      const reason = change.reason === null ? null : unlinkable(change.reason)
      const mail = statusChangedMail(customer, {
        status: change.toStatus,
        byCustomer,
        byPhone: change.action === 'confirmed_by_phone',
        paymentExpired: change.action === 'payment_expired',
        reason,
      })
      const event = SHOPPER_EVENT[change.toStatus as keyof typeof SHOPPER_EVENT]
      if (!event || !(await leftOut(tx, orderId, event)))
        await mailer.enqueue(tx, {
          to: customer.order.email,
          eventKey: `order:${orderId}:history:${historyId}:customer`,
          fromName: customer.shopName,
          ...mail,
        })
      // An unpaid order its shopper replaced at checkout (decision 0082) is not news for staff: the new one is.
      if (
        !byCustomer ||
        change.toStatus !== 'cancelled' ||
        change.action === 'released' ||
        facts.staffEmails.length === 0
      )
        return
      const staff = (await viewOf(tx, orderId, facts.staffLanguage, facts))!
      const staffMail = staffCancelledMail(staff, reason)
      for (const to of facts.staffEmails)
        await mailer.enqueue(tx, {
          to,
          eventKey: `order:${orderId}:history:${historyId}:staff:${to}`,
          fromName: staff.shopName,
          ...staffMail,
        })
    },
  }
}
