import { and, asc, eq, inArray } from 'drizzle-orm'
import QRCode from 'qrcode'
import { z } from 'zod'
import { translatedText } from '@shop/shared/i18n/content'
import type { Language } from '@shop/shared/i18n/messages'
import { formatMoney } from '@shop/shared/money/money'
import { dateString } from '@shop/shared/schemas/common'
import { moneySymbolIn, shopNameIn } from '@shop/shared/shop-identity'
import type { Db } from '../../db/client.ts'
import { couriers, shipments } from '../../db/schema/delivery.ts'
import { orderItems, orders } from '../../db/schema/orders.ts'
import { readShopIdentity } from '../../domain/shop-identity.ts'
import { trackingSecret, trackingToken, trackingUrl } from '../../domain/tracking-link.ts'
import { html, SafeHtml } from '../../lib/html.ts'
import { notFound } from '../../lib/app-error.ts'
import { dayRange, shopTimezone, todayIn } from '../../lib/shop-time.ts'
import { loadShipments } from './shipment-view.ts'

// Issue 42 (decision 0237): what goes on paper: a packing slip in each box and a delivery sheet per courier and day
// (address, phone, amount to collect, a QR code of the tracking link, signature lines). Printable from a phone: plain
// HTML with print styles, right to left in Arabic.

export const SheetQuery = z.object({ date: dateString.optional() })

const TEXT = {
  ar: {
    sheet: 'كشف التوصيل',
    slip: 'قائمة محتويات الطلب',
    order: 'الطلب',
    customer: 'الزبون',
    phone: 'الهاتف',
    address: 'العنوان',
    collect: 'المبلغ المطلوب تحصيله',
    paid: 'مدفوع مسبقًا',
    tracking: 'رقم التتبع',
    signature: 'توقيع المستلم',
    total: 'إجمالي المطلوب تحصيله',
    driver_signature: 'توقيع المندوب',
    shop_signature: 'توقيع المتجر',
    items: 'المنتجات',
    quantity: 'الكمية',
    none: 'لا شحنات لهذا اليوم',
    courier: 'المندوب',
    date: 'التاريخ',
    notes: 'ملاحظات',
  },
  en: {
    sheet: 'Delivery sheet',
    slip: 'Packing slip',
    order: 'Order',
    customer: 'Customer',
    phone: 'Phone',
    address: 'Address',
    collect: 'To collect',
    paid: 'Paid in advance',
    tracking: 'Tracking number',
    signature: "Recipient's signature",
    total: 'Total to collect',
    driver_signature: "Courier's signature",
    shop_signature: "Shop's signature",
    items: 'Items',
    quantity: 'Qty',
    none: 'No shipments on this day',
    courier: 'Courier',
    date: 'Date',
    notes: 'Notes',
  },
} as const

const STYLE = `
  *{box-sizing:border-box} body{font-family:system-ui,"Noto Sans Arabic","Segoe UI",Tahoma,sans-serif;margin:16px;color:#1c1917}
  h1{font-size:20px;margin:0 0 4px} .meta{color:#57534e;font-size:13px;margin-bottom:12px}
  .card{border:1px solid #d6cfc2;border-radius:8px;padding:10px;margin-bottom:10px;break-inside:avoid;display:flex;gap:12px}
  .card .body{flex:1;min-width:0} .qr{width:96px;height:96px;flex:none} .qr svg{width:96px;height:96px}
  .row{font-size:14px;margin:2px 0} .label{color:#57534e} .amount{font-size:18px;font-weight:700}
  .ltr{direction:ltr;unicode-bidi:isolate} .sign{border-top:1px solid #1c1917;margin-top:28px;padding-top:4px;font-size:12px;color:#57534e;width:60%}
  table{width:100%;border-collapse:collapse;font-size:14px} td,th{border-bottom:1px solid #e7e0d3;padding:6px;text-align:start}
  .signs{display:flex;gap:24px;margin-top:24px} .signs .sign{flex:1;width:auto}
  @media print{body{margin:8mm}}`

function page(lang: Language, title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html>`.toString()
}

/** A QR code of `text` as inline SVG (the library's own markup: no value of ours inside it but the encoded data). */
const qr = async (text: string) =>
  new SafeHtml(await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))

async function linkOf(
  db: Db,
  appUrl: string,
  order: { orderNumber: string; trackingKey: string | null; language: string },
) {
  const lang = order.language === 'en' ? 'en' : 'ar'
  return trackingUrl(
    appUrl,
    order.orderNumber,
    trackingToken(await trackingSecret(db), order.orderNumber, order.trackingKey),
    lang,
  )
}

/** GET /api/couriers/:id/delivery-sheet?date=: the courier's shipments handed over that day (the shop's day). */
export async function deliverySheet(
  db: Db,
  appUrl: string,
  courierId: number,
  query: z.infer<typeof SheetQuery>,
  lang: Language,
): Promise<string> {
  const [courier] = await db.select().from(couriers).where(eq(couriers.id, courierId))
  if (!courier) throw notFound()
  const tz = await shopTimezone(db)
  const date = query.date ?? todayIn(tz)
  const list = await loadShipments(
    db,
    and(eq(shipments.courierId, courierId), ...dayRange(shipments.createdAt, tz, date, date)),
    lang,
    undefined,
    'oldest',
  )
  const identity = await readShopIdentity(db)
  const t = TEXT[lang]
  const money = (v: number) => formatMoney(v, moneySymbolIn(identity, lang))
  const orderRows = list.length
    ? await db
        .select()
        .from(orders)
        .where(
          inArray(
            orders.id,
            list.map((s) => s.order_id),
          ),
        )
    : []
  const byId = new Map(orderRows.map((o) => [o.id, o]))
  const cards = await Promise.all(
    list.map(async (s) => {
      const order = byId.get(s.order_id)!
      const link = await linkOf(db, appUrl, order)
      return html`<div class="card">
        <div class="body">
          <div class="row">
            <strong>${t.order} <span class="ltr">${s.order_number}</span></strong>
          </div>
          <div class="row"><span class="label">${t.customer}:</span> ${s.customer.name}</div>
          <div class="row">
            <span class="label">${t.phone}:</span> <span class="ltr">${s.customer.phone}</span>
          </div>
          <div class="row">
            <span class="label">${t.address}:</span>
            ${s.customer.address}${s.customer.city_name ? `، ${s.customer.city_name}` : ''}
          </div>
          ${
            s.tracking_number
              ? html`<div class="row">
                  <span class="label">${t.tracking}:</span> <span class="ltr">${s.tracking_number}</span>
                </div>`
              : ''
          }
          <div class="row amount">
            ${s.cod_amount > 0 ? html`${t.collect}: <span class="ltr">${money(s.cod_amount)}</span>` : t.paid}
          </div>
          <div class="sign">${t.signature}</div>
        </div>
        <div class="qr">${await qr(link)}</div>
      </div>`
    }),
  )
  const total = list.reduce((sum, s) => sum + Math.round(s.cod_amount * 100), 0) / 100
  const title = `${t.sheet} · ${courier.name} · ${date}`
  return page(
    lang,
    title,
    html`<h1>${t.sheet}</h1>
      <div class="meta">
        ${shopNameIn(identity, lang)} · ${t.courier}: ${courier.name}
        ${courier.phone ? html`(<span class="ltr">${courier.phone}</span>)` : ''} · ${t.date}:
        <span class="ltr">${date}</span>
      </div>
      ${cards.length ? cards : html`<p>${t.none}</p>`}
      <p class="amount">${t.total}: <span class="ltr">${money(total)}</span></p>
      <div class="signs">
        <div class="sign">${t.driver_signature}</div>
        <div class="sign">${t.shop_signature}</div>
      </div>`,
  )
}

/** GET /api/orders/:id/packing-slip: what is in the box, for whom, and what to collect. */
export async function packingSlip(db: Db, appUrl: string, orderId: number, lang: Language): Promise<string> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) throw notFound()
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id))
  const [shipment] = await loadShipments(db, eq(shipments.orderId, orderId), lang)
  const identity = await readShopIdentity(db)
  const t = TEXT[lang]
  const money = (v: number) => formatMoney(v, moneySymbolIn(identity, lang))
  const cod = shipment
    ? shipment.cod_amount
    : order.paymentMethod === 'cash' && order.paymentStatus !== 'paid'
      ? order.totalAmount
      : 0
  const city = translatedText(order.cityName, order.translations, 'city_name', lang)
  const title = `${t.slip} · ${order.orderNumber}`
  return page(
    lang,
    title,
    html`<div class="card">
        <div class="body">
          <h1>${shopNameIn(identity, lang)}</h1>
          <div class="meta">${t.slip} · ${t.order} <span class="ltr">${order.orderNumber}</span></div>
          <div class="row"><span class="label">${t.customer}:</span> ${order.customerName}</div>
          <div class="row">
            <span class="label">${t.phone}:</span> <span class="ltr">${order.customerPhone}</span>
          </div>
          <div class="row">
            <span class="label">${t.address}:</span>
            ${order.addressLine || order.shippingAddress}${city ? `، ${city}` : ''}
          </div>
          ${
            shipment?.tracking_number
              ? html`<div class="row">
                  <span class="label">${t.tracking}:</span>
                  <span class="ltr">${shipment.tracking_number}</span>
                </div>`
              : ''
          }
        </div>
        <div class="qr">${await qr(await linkOf(db, appUrl, order))}</div>
      </div>
      <table>
        <thead>
          <tr>
            <th>${t.items}</th>
            <th>${t.quantity}</th>
          </tr>
        </thead>
        <tbody>
          ${items.map((i) => {
            const name = translatedText(i.productName, i.translations, 'product_name', lang) ?? i.productName
            const size = translatedText(i.variantLabel, i.translations, 'variant_label', lang) ?? ''
            return html`<tr>
              <td>${name}${size ? ` · ${size}` : ''}</td>
              <td class="ltr">${i.quantity}</td>
            </tr>`
          })}
        </tbody>
      </table>
      ${order.customerNotes ? html`<p><span class="label">${t.notes}:</span> ${order.customerNotes}</p>` : ''}
      <p class="amount">${cod > 0 ? html`${t.collect}: <span class="ltr">${money(cod)}</span>` : t.paid}</p>`,
  )
}
