import { formatMoney } from '@shop/shared/money/money'
import type { Language } from '@shop/shared/i18n/messages'
import type { OrderStatus, PaymentMethod } from '@shop/shared/schemas/order'
import { html, type SafeHtml } from '../../lib/html.ts'
import type { Mail } from '../../lib/mailer.ts'
import { mailText, type MailTextKey } from './mail-texts.ts'

// The order mails (decision 0066): pure functions from what the mail shows to its subject, plain text and HTML. HTML
// for mail programs: tables, inline styles, right-to-left for Arabic, every value escaped by `html`.

export interface OrderMailItem {
  name: string
  /** Decision 0150: the pack's label as sold ('' for an unnamed pack) and its SKU. */
  size?: string
  sku?: string | null
  quantity: number
  unitPrice: number
  lineTotal: number
  isWholesale: boolean
}

/** Decision 0170: a discount of the order as stored (one per offer and target), its label in the mail's language. */
export interface OrderMailAdjustment {
  label: string
  code: string | null
  amount: number
  target: 'items' | 'delivery'
}

export interface OrderMailView {
  /** The language of this mail: the order's for the shopper, the shop's for staff. */
  lang: Language
  shopName: string
  /** «د.ل» in Arabic, the currency code in English (decision 0122). */
  moneySymbol: string
  /** How to reach the shop (phone, email), shown in the shopper's mails. */
  contact: string | null
  timezone: string
  order: {
    number: string
    createdAt: Date
    customerName: string
    phone: string
    email: string
    address: string
    cityName: string | null
    paymentMethod: PaymentMethod
    status: OrderStatus
    subtotal: number
    deliveryPrice: number
    totalAmount: number
    /** Decision 0170: Σ adjustments as stored; totalAmount is already net of them (absent: no offers). */
    discountTotal?: number
    adjustments?: OrderMailAdjustment[]
    items: OrderMailItem[]
  }
  trackingUrl: string
  /** Staff mails: the order in the dashboard. */
  dashboardUrl?: string
}

export interface StatusChange {
  status: OrderStatus
  byCustomer: boolean
  byPhone: boolean
  /** The order was not paid online in time, so the shop cancelled it (decision 0076). */
  paymentExpired?: boolean
  reason: string | null
}

const PALM = '#1f5130'
const DATE_BROWN = '#7a4a21'
const SAND = '#faf6ef'
const BORDER = '#e8dfd0'
const MUTED = '#57534e'

const t = (v: OrderMailView, key: MailTextKey, params?: Record<string, string | number>) =>
  mailText(v.lang, key, params)
const money = (v: OrderMailView, value: number) => formatMoney(value, v.moneySymbol)
const statusName = (v: OrderMailView, s: OrderStatus) => t(v, `status_${s}`)
const methodName = (v: OrderMailView, m: PaymentMethod) => t(v, `method_${m}`)

function dateOf(v: OrderMailView): string {
  // Western digits in both languages (docs/ui.md §2), the shop's days.
  return new Intl.DateTimeFormat(v.lang === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB', {
    dateStyle: 'long',
    timeZone: v.timezone,
  })
    .format(v.order.createdAt)
    .replace(/\u200f/g, '')
}

/** Numbers, amounts, phones and addresses of mail keep their own direction inside Arabic text. */
const ltr = (value: string) =>
  html`<span dir="ltr" style="unicode-bidi:isolate;white-space:nowrap">${value}</span>`

/** The discount lines of a target ('−5.00 د.ل' each), in the order they were applied. */
const adjustmentsOf = (v: OrderMailView, target: OrderMailAdjustment['target']) =>
  (v.order.adjustments ?? []).filter((a) => a.target === target && a.amount > 0)

/** 'Eid offer (code EID10)' / 'عرض العيد (الرمز EID10)'. */
const adjustmentLabel = (v: OrderMailView, a: OrderMailAdjustment) =>
  a.code ? t(v, 'discount_with_code', { label: a.label, code: a.code }) : a.label

const minus = (v: OrderMailView, amount: number) => `−${money(v, amount)}`

// ---- HTML pieces -------------------------------------------------------------------------------------------------

function layout(v: OrderMailView, title: string, body: SafeHtml): string {
  const dir = v.lang === 'ar' ? 'rtl' : 'ltr'
  const align = v.lang === 'ar' ? 'right' : 'left'
  return html`<!doctype html>
    <html lang="${v.lang}" dir="${dir}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${title}</title>
      </head>
      <body
        dir="${dir}"
        style="margin:0;padding:0;background:${SAND};color:#1c1917;font-family:Tahoma,'Segoe UI',Arial,sans-serif;font-size:15px;line-height:1.6"
      >
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${SAND}">
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                dir="${dir}"
                style="max-width:600px;background:#ffffff;border:1px solid ${BORDER};border-radius:12px;text-align:${align}"
              >
                <tr>
                  <td
                    style="background:${PALM};color:#ffffff;padding:18px 24px;border-radius:12px 12px 0 0;font-size:18px;font-weight:bold"
                  >
                    ${v.shopName}
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px">
                    <h1 style="margin:0 0 12px;font-size:22px;color:${PALM}">${title}</h1>
                    ${body}
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 24px;border-top:1px solid ${BORDER};color:${MUTED};font-size:12px">
                    ${v.contact && !v.dashboardUrl ? html`<p style="margin:0 0 4px">${t(v, 'contact_us', { contact: '' })}${v.contact.split(' · ').map((c, i) => html`${i ? ' · ' : ''}${ltr(c)}`)}</p>` : null}
                    <p style="margin:0">
                      ${v.dashboardUrl ? v.shopName : t(v, 'footer_reason', { shop: v.shopName })}
                    </p>
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`.value
}

const paragraph = (text: string | SafeHtml) => html`<p style="margin:0 0 12px">${text}</p>`

function button(href: string, label: string): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">
    <tr>
      <td style="background:${PALM};border-radius:8px">
        <a
          href="${href}"
          style="display:inline-block;padding:12px 22px;color:#ffffff;font-weight:bold;text-decoration:none"
          >${label}</a
        >
      </td>
    </tr>
  </table>`
}

function details(v: OrderMailView, rows: [string, string | SafeHtml][]): SafeHtml {
  return html`<table
    role="presentation"
    width="100%"
    cellpadding="0"
    cellspacing="0"
    style="margin:0 0 16px;background:${SAND};border-radius:8px"
  >
    ${rows.map(
      ([label, value]) =>
        html`<tr>
          <td style="padding:6px 12px;color:${MUTED};width:40%;vertical-align:top">${label}</td>
          <td style="padding:6px 12px;font-weight:bold">${value}</td>
        </tr>`,
    )}
  </table>`
}

/** Decision 0170: each discount as its own row, in the offer's colour of savings, the amount with a minus sign. */
function discountRows(v: OrderMailView, target: OrderMailAdjustment['target'], end: string): SafeHtml[] {
  return adjustmentsOf(v, target).map(
    (a) =>
      html`<tr style="color:${PALM}">
        <td colspan="2" style="padding:6px"><bdi>${adjustmentLabel(v, a)}</bdi></td>
        <td style="padding:6px;text-align:${end};white-space:nowrap">${ltr(minus(v, a.amount))}</td>
      </tr>`,
  )
}

function itemsTable(v: OrderMailView): SafeHtml {
  const o = v.order
  const cell = `padding:8px 6px;border-bottom:1px solid ${BORDER}`
  const end = v.lang === 'ar' ? 'left' : 'right'
  return html`<h2 style="margin:8px 0;font-size:16px">${t(v, 'items')}</h2>
    <table
      role="presentation"
      width="100%"
      cellpadding="0"
      cellspacing="0"
      style="margin:0 0 16px;border-collapse:collapse"
    >
      <tr style="color:${MUTED};font-size:13px">
        <td style="${cell}">${t(v, 'product')}</td>
        <td style="${cell};text-align:center">${t(v, 'quantity')}</td>
        <td style="${cell};text-align:${end}">${t(v, 'line_total')}</td>
      </tr>
      ${o.items.map(
        (i) =>
          html`<tr>
            <td style="${cell}">
              <bdi>${i.name}${i.size ? ` – ${i.size}` : ''}</bdi
              >${i.isWholesale ? html` <span style="background:#fbefd2;color:#7c5410;border-radius:4px;padding:0 6px;font-size:12px">${t(v, 'wholesale')}</span>` : null}<br /><span
                style="color:${MUTED};font-size:13px"
                >${ltr(money(v, i.unitPrice))}${i.sku ? html` · ${t(v, 'sku')} <bdi>${i.sku}</bdi>` : null}</span
              >
            </td>
            <td style="${cell};text-align:center">${ltr(String(i.quantity))}</td>
            <td style="${cell};text-align:${end};white-space:nowrap">${ltr(money(v, i.lineTotal))}</td>
          </tr>`,
      )}
      <tr>
        <td colspan="2" style="padding:6px">${t(v, 'subtotal')}</td>
        <td style="padding:6px;text-align:${end}">${ltr(money(v, o.subtotal))}</td>
      </tr>
      ${discountRows(v, 'items', end)}
      <tr>
        <td colspan="2" style="padding:6px">
          ${o.cityName ? t(v, 'delivery_fee_to', { city: o.cityName }) : t(v, 'delivery_fee')}
        </td>
        <td style="padding:6px;text-align:${end}">${ltr(money(v, o.deliveryPrice))}</td>
      </tr>
      ${discountRows(v, 'delivery', end)}
      <tr>
        <td
          colspan="2"
          style="padding:8px 6px;font-weight:bold;font-size:17px;border-top:2px solid ${BORDER}"
        >
          ${t(v, 'total')}
        </td>
        <td
          style="padding:8px 6px;font-weight:bold;font-size:17px;color:${DATE_BROWN};text-align:${end};border-top:2px solid ${BORDER}"
        >
          ${ltr(money(v, o.totalAmount))}
        </td>
      </tr>
    </table>`
}

function orderDetails(v: OrderMailView, staff = false): SafeHtml {
  const o = v.order
  const rows: [string, string | SafeHtml][] = [
    [t(v, 'order_number'), ltr(o.number)],
    [t(v, 'date'), dateOf(v)],
    [t(v, 'payment_method'), methodName(v, o.paymentMethod)],
  ]
  if (staff)
    rows.push(
      [t(v, 'customer'), o.customerName],
      [t(v, 'phone'), ltr(o.phone)],
      [t(v, 'email'), ltr(o.email)],
    )
  rows.push([t(v, 'delivery_address'), o.address])
  return details(v, rows)
}

function trackBlock(v: OrderMailView): SafeHtml {
  return html`<p style="margin:8px 0 0;color:${MUTED};font-size:13px">${t(v, 'track_hint')}</p>
    ${button(v.trackingUrl, t(v, 'track_button'))}`
}

// ---- plain text --------------------------------------------------------------------------------------------------

function textItems(v: OrderMailView): string[] {
  const o = v.order
  return [
    `${t(v, 'items')}:`,
    ...o.items.map(
      (i) =>
        `- ${i.name}${i.size ? ` – ${i.size}` : ''}${i.sku ? ` (${t(v, 'sku')} ${i.sku})` : ''} × ${i.quantity} × ${money(v, i.unitPrice)}${i.isWholesale ? ` (${t(v, 'wholesale')})` : ''}: ${money(v, i.lineTotal)}`,
    ),
    `${t(v, 'subtotal')}: ${money(v, o.subtotal)}`,
    ...adjustmentsOf(v, 'items').map((a) => `${adjustmentLabel(v, a)}: ${minus(v, a.amount)}`),
    `${o.cityName ? t(v, 'delivery_fee_to', { city: o.cityName }) : t(v, 'delivery_fee')}: ${money(v, o.deliveryPrice)}`,
    ...adjustmentsOf(v, 'delivery').map((a) => `${adjustmentLabel(v, a)}: ${minus(v, a.amount)}`),
    `${t(v, 'total')}: ${money(v, o.totalAmount)}`,
  ]
}

function textDetails(v: OrderMailView, staff = false): string[] {
  const o = v.order
  return [
    `${t(v, 'order_number')}: ${o.number}`,
    `${t(v, 'date')}: ${dateOf(v)}`,
    `${t(v, 'payment_method')}: ${methodName(v, o.paymentMethod)}`,
    ...(staff
      ? [
          `${t(v, 'customer')}: ${o.customerName}`,
          `${t(v, 'phone')}: ${o.phone}`,
          `${t(v, 'email')}: ${o.email}`,
        ]
      : []),
    `${t(v, 'delivery_address')}: ${o.address}`,
  ]
}

function textFooter(v: OrderMailView): string[] {
  return [
    '',
    '---',
    ...(v.contact ? [t(v, 'contact_us', { contact: v.contact })] : []),
    t(v, 'footer_reason', { shop: v.shopName }),
  ]
}

const lines = (...parts: (string | string[] | null | false)[]) =>
  parts
    .flat()
    .filter((p): p is string => typeof p === 'string')
    .join('\n')

// ---- the mails ---------------------------------------------------------------------------------------------------

/**
 * A mail to the shopper about their order: greeting, what happened (`paragraphs`), optional status, the order's details
 * and lines, the tracking link; as plain text and as HTML from the same parts.
 */
function shopperOrderMail(
  v: OrderMailView,
  m: { subject: string; title: string; paragraphs: (string | null)[]; status?: string },
): Omit<Mail, 'to'> {
  const o = v.order
  const said = [t(v, 'hello', { name: o.customerName }), ...m.paragraphs].filter(
    (p): p is string => p !== null,
  )
  return {
    subject: m.subject,
    text: lines(
      said[0]!,
      '',
      said.slice(1),
      '',
      m.status ? `${t(v, 'status')}: ${m.status}` : null,
      textDetails(v),
      '',
      textItems(v),
      '',
      t(v, 'track_hint'),
      v.trackingUrl,
      textFooter(v),
    ),
    html: layout(
      v,
      m.title,
      html`${said.map((p) => paragraph(p))}${m.status ? details(v, [[t(v, 'status'), m.status]]) : null}${orderDetails(v)}${itemsTable(v)}${trackBlock(v)}`,
    ),
  }
}

/** To the shopper: the order was received (number, items, totals, delivery, payment, address, tracking link). */
export function orderPlacedMail(v: OrderMailView): Omit<Mail, 'to'> {
  const o = v.order
  return shopperOrderMail(v, {
    subject: t(v, 'placed_subject', { number: o.number }),
    title: t(v, 'placed_title'),
    paragraphs: [
      t(v, 'placed_intro'),
      o.paymentMethod === 'cash' ? t(v, 'placed_cash') : t(v, 'placed_online'),
    ],
  })
}

const STATUS_MAIL = {
  processing: { subject: 'processing_subject', title: 'processing_title', intro: 'processing_intro' },
  shipped: { subject: 'shipped_subject', title: 'shipped_title', intro: 'shipped_intro' },
  completed: { subject: 'completed_subject', title: 'completed_title', intro: 'completed_intro' },
  cancelled: { subject: 'cancelled_subject', title: 'cancelled_title', intro: 'cancelled_by_shop' },
} as const satisfies Partial<Record<OrderStatus, Record<string, MailTextKey>>>

/** The statuses a shopper is told about (decision 0066): confirmed (processing), completed, cancelled. */
export const MAILED_STATUSES = Object.keys(STATUS_MAIL) as (keyof typeof STATUS_MAIL)[]
export const isMailedStatus = (s: string): s is keyof typeof STATUS_MAIL => s in STATUS_MAIL

/** To the shopper: a status change that matters to them. */
export function statusChangedMail(
  v: OrderMailView,
  change: StatusChange & { status: keyof typeof STATUS_MAIL },
): Omit<Mail, 'to'> {
  const keys = STATUS_MAIL[change.status]
  const cancelled = change.status === 'cancelled'
  const intro =
    cancelled && change.paymentExpired
      ? t(v, 'cancelled_payment_expired')
      : cancelled && change.byCustomer
        ? t(v, 'cancelled_by_customer')
        : t(v, keys.intro)
  return shopperOrderMail(v, {
    subject: t(v, keys.subject, { number: v.order.number }),
    title: t(v, keys.title),
    paragraphs: [
      intro,
      change.status === 'processing' && change.byPhone ? t(v, 'processing_by_phone') : null,
      cancelled && change.reason ? `${t(v, 'reason')}: ${change.reason}` : null,
    ],
    status: statusName(v, change.status),
  })
}

/** To the shopper: staff changed the order's lines or city (decision 0133): the new total, the lines as they are now. */
export function orderEditedMail(v: OrderMailView, previousTotal: number): Omit<Mail, 'to'> {
  const o = v.order
  const total = money(v, o.totalAmount)
  const same = Math.round(previousTotal * 100) === Math.round(o.totalAmount * 100)
  return shopperOrderMail(v, {
    subject: t(v, 'edited_subject', { number: o.number, total }),
    title: t(v, 'edited_title'),
    paragraphs: [
      same
        ? t(v, 'edited_intro_same', { total })
        : t(v, 'edited_intro', { total, previous: money(v, previousTotal) }),
    ],
    status: statusName(v, o.status),
  })
}

export function staffNewOrderMail(v: OrderMailView): Omit<Mail, 'to'> {
  const o = v.order
  const total = money(v, o.totalAmount)
  const intro = t(v, 'staff_new_intro', { total, name: o.customerName, city: o.cityName ?? '—' })
  const cash = o.paymentMethod === 'cash' ? t(v, 'staff_new_cash') : null
  return {
    subject: t(v, 'staff_new_subject', { number: o.number, total }),
    text: lines(
      intro,
      cash,
      '',
      textDetails(v, true),
      '',
      textItems(v),
      '',
      `${t(v, 'open_dashboard')}: ${v.dashboardUrl ?? ''}`,
    ),
    html: layout(
      v,
      t(v, 'staff_new_title'),
      html`${paragraph(intro)}${cash ? paragraph(cash) : null}${v.dashboardUrl ? button(v.dashboardUrl, t(v, 'open_dashboard')) : null}${orderDetails(v, true)}${itemsTable(v)}`,
    ),
  }
}

/** To staff: the shopper cancelled a pending order (with their reason). */
export function staffCancelledMail(v: OrderMailView, reason: string | null): Omit<Mail, 'to'> {
  const o = v.order
  const intro = t(v, 'staff_cancelled_intro', { name: o.customerName, number: o.number })
  const why = reason ? `${t(v, 'reason')}: ${reason}` : null
  return {
    subject: t(v, 'staff_cancelled_subject', { number: o.number }),
    text: lines(
      intro,
      why,
      '',
      textDetails(v, true),
      '',
      textItems(v),
      '',
      `${t(v, 'open_dashboard')}: ${v.dashboardUrl ?? ''}`,
    ),
    html: layout(
      v,
      t(v, 'staff_cancelled_title'),
      html`${paragraph(intro)}${why ? paragraph(why) : null}${v.dashboardUrl ? button(v.dashboardUrl, t(v, 'open_dashboard')) : null}${orderDetails(v, true)}${itemsTable(v)}`,
    ),
  }
}
