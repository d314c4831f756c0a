import cairoArabicUrl from '@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url'
import cairoLatinUrl from '@fontsource-variable/cairo/files/cairo-latin-wght-normal.woff2?url'
import { formatMoney as formatShopMoney } from '@shop/shared/money/money'
import { escapeHtml } from '@shop/shared/html/escape'
import type { Order } from '@shop/shared/schemas/order'

// product.md §1.2: the printed invoice is Arabic in either dashboard language; §4.4: failed payment reads "rejected".
const ORDER_STATUS_AR: Record<string, string> = {
  pending: 'قيد الانتظار',
  processing: 'قيد التجهيز',
  completed: 'مكتمل',
  cancelled: 'ملغي',
  shipped: 'خرج للتوصيل',
  delivered: 'تم التوصيل',
}
const PAYMENT_STATUS_AR: Record<string, string> = {
  pending: 'غير مدفوع',
  paid: 'مدفوع',
  failed: 'مرفوض',
  expired: 'انتهت مهلة الدفع',
  refunded: 'مسترد',
}
const PAYMENT_METHOD_AR: Record<string, string> = {
  cash: 'الدفع عند الاستلام',
  massarat: 'مصارات',
  paypal: 'باي بال',
}

function formatDate(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return d.toLocaleDateString('ar-LY-u-nu-latn', { year: 'numeric', month: 'long', day: 'numeric' })
}

export interface InvoiceShop {
  /** The shop's money symbol in Arabic (decision 0122: the currency_symbol setting). */
  moneySymbol?: string
  name: string
  logoUrl: string
}

/**
 * A complete Arabic RTL invoice page (A4 print CSS, no script: the CSP forbids inline scripts). Each line carries the
 * Arabic name it was sold under (decision 0058), whatever the dashboard's language and the product's name today.
 */
/** Decision 0150: the size (its Arabic label as sold) and SKU under the line's name, when the line has them. */
function packLine(i: Order['items'][number]): string {
  const size = i.variant_label_ar ?? i.variant_label ?? ''
  const parts = [
    size ? `الحجم: ${escapeHtml(size)}` : '',
    i.sku ? `الرمز: <span class="ltr">${escapeHtml(i.sku)}</span>` : '',
  ].filter(Boolean)
  return parts.length ? `<div class="pack">${parts.join(' · ')}</div>` : ''
}

/** Decision 0170: a discount of the order as stored, its Arabic label (the invoice is Arabic) and its code. */
function discountRow(a: Order['adjustments'][number], formatMoney: (v: unknown) => string): string {
  const label = escapeHtml(a.label_ar ?? a.label)
  const code = a.code
    ? ` <span class="code">(الرمز <span class="ltr">${escapeHtml(a.code)}</span>)</span>`
    : ''
  return `<p class="discount"><span>${label}${code}</span><span class="ltr">−${escapeHtml(formatMoney(a.amount))}</span></p>`
}

export function buildInvoiceHtml(order: Order, shop: InvoiceShop): string {
  const e = escapeHtml
  const formatMoney = (value: unknown) => formatShopMoney(value, shop.moneySymbol)
  const adjustments = order.adjustments ?? []
  const discounts = (target: 'items' | 'delivery') =>
    adjustments
      .filter((a) => a.target === target)
      .map((a) => discountRow(a, formatMoney))
      .join('')
  const items = order.items ?? []
  const rows = items
    .map(
      (i) => `<tr>
        <td>${e(i.product_name_ar ?? i.product_name ?? i.product?.name ?? '')}${packLine(i)}</td>
        <td class="num">${e(i.quantity)}</td>
        <td class="num">${e(formatMoney(i.unit_price))}</td>
        <td>${i.is_wholesale ? 'جملة' : 'قطعة'}</td>
        <td class="num">${e(formatMoney(i.line_total ?? Number(i.unit_price) * Number(i.quantity)))}${Number(i.discount) > 0 ? `<div class="line-discount">خصم <span class="ltr">−${e(formatMoney(i.discount))}</span></div>` : ''}</td>
      </tr>`,
    )
    .join('')
  const itemsBlock = items.length
    ? `<table class="items"><thead><tr><th>المنتج</th><th>الكمية</th><th>السعر</th><th>النوع</th><th>الإجمالي</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p class="empty">لا توجد منتجات في هذا الطلب</p>`
  const method = order.payment_method
    ? (PAYMENT_METHOD_AR[order.payment_method] ?? order.payment_method)
    : 'غير محدد'
  return `<!DOCTYPE html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<title>فاتورة ${e(order.order_number)}</title>
<style>
  @page { size: A4; margin: 16mm; }
  * { box-sizing: border-box; }
  /* docs/ui.md §5: the shop's own font (bundled, the files the shop already loaded), not whatever the printer's machine has. */
  @font-face { font-family: 'Cairo Invoice'; font-weight: 200 1000; font-display: swap; src: url(${e(cairoArabicUrl)}) format('woff2'); unicode-range: U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0897-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC; }
  @font-face { font-family: 'Cairo Invoice'; font-weight: 200 1000; font-display: swap; src: url(${e(cairoLatinUrl)}) format('woff2'); unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD; }
  body { font-family: 'Cairo Invoice', 'Noto Naskh Arabic', 'Segoe UI', Tahoma, sans-serif; color: #1c1917; margin: 0; padding: 24px; font-size: 14px; }
  header { display: flex; align-items: center; justify-content: space-between; border-bottom: 3px solid #1f5130; padding-bottom: 16px; margin-bottom: 20px; }
  .brand { display: flex; align-items: center; gap: 12px; }
  .brand img { width: 64px; height: 64px; }
  .brand h1 { margin: 0; font-size: 22px; color: #1f5130; }
  .title { text-align: left; }
  .title h2 { margin: 0; font-size: 26px; color: #7a4a21; }
  .num, .ltr { direction: ltr; unicode-bidi: isolate; }
  td.num { text-align: right; }
  .meta { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; margin-bottom: 20px; }
  .box { border: 1px solid #e8dfd0; border-radius: 8px; padding: 12px 16px; }
  .box h3 { margin: 0 0 8px; font-size: 15px; color: #1f5130; }
  .box p { margin: 4px 0; }
  table.items { width: 100%; border-collapse: collapse; margin-bottom: 20px; }
  table.items th { background: #1f5130; color: #fff; padding: 8px; text-align: right; }
  table.items td { border-bottom: 1px solid #e8dfd0; padding: 8px; }
  table.items .pack { margin-top: 2px; font-size: 12px; color: #57534e; }
  .totals { width: 320px; max-width: 100%; margin-inline-start: auto; border: 1px solid #e8dfd0; border-radius: 8px; padding: 12px 16px; }
  .totals p { display: flex; justify-content: space-between; margin: 6px 0; }
  .totals .discount { color: #1f5130; }
  .totals .code { font-size: 12px; }
  table.items .line-discount { direction: rtl; text-align: right; font-size: 12px; color: #1f5130; white-space: nowrap; }
  .totals .grand { font-size: 18px; font-weight: bold; color: #1f5130; border-top: 2px solid #1f5130; padding-top: 8px; }
  .empty { padding: 16px; text-align: center; background: #faf6ef; border-radius: 8px; }
  footer { margin-top: 32px; text-align: center; color: #78716c; font-size: 12px; }
  @media print { body { padding: 0; } }
</style>
</head>
<body>
<header>
  <div class="brand"><img src="${e(shop.logoUrl)}" alt=""><h1>${e(shop.name)}</h1></div>
  <div class="title"><h2>فاتورة</h2><p>رقم الطلب: <span class="ltr">${e(order.order_number)}</span></p></div>
</header>
<section class="meta">
  <div class="box">
    <h3>تفاصيل الطلب</h3>
    <p>رقم الطلب: <span class="ltr">${e(order.order_number)}</span></p>
    <p>التاريخ: ${e(formatDate(order.created_at))}</p>
    <p>حالة الطلب: ${e(ORDER_STATUS_AR[order.order_status] ?? order.order_status)}</p>
    <p>طريقة الدفع: ${e(method)}</p>
    <p>حالة الدفع: ${e(PAYMENT_STATUS_AR[order.payment_status] ?? order.payment_status)}</p>
  </div>
  <div class="box">
    <h3>بيانات العميل</h3>
    <p>الاسم: ${e(order.customer_name)}</p>
    <p>البريد الإلكتروني: <span class="ltr">${e(order.customer_email)}</span></p>
    <p>الهاتف: <span class="ltr">${e(order.customer_phone)}</span></p>
    <p>العنوان: ${e(order.shipping_address)}</p>
  </div>
</section>
${itemsBlock}
<section class="totals">
  <p><span>المجموع الفرعي</span><span class="ltr">${e(formatMoney(order.subtotal))}</span></p>
  ${discounts('items')}
  <p><span>التوصيل</span><span class="ltr">${e(formatMoney(order.delivery_price))}</span></p>
  ${discounts('delivery')}
  <p class="grand"><span>الإجمالي</span><span class="ltr">${e(formatMoney(order.total_amount))}</span></p>
</section>
<footer>شكرًا لتسوقكم معنا — ${e(shop.name)}</footer>
</body>
</html>`
}

/** product.md §2.19: a new window, printed about 500 ms later from the opener; if it cannot open, only log. */
export function printInvoice(order: Order, shop: InvoiceShop): void {
  const w = window.open('', '_blank')
  if (!w) {
    console.error('Invoice window could not be opened (pop-up blocked?)')
    return
  }
  w.document.open()
  w.document.write(buildInvoiceHtml(order, shop))
  w.document.close()
  setTimeout(() => {
    // The font files are in the cache already; the print preview waits for them (1 s at most) so it shows the shop's font.
    const fonts = w.document.fonts as FontFaceSet | undefined
    if (!fonts) return w.print()
    void Promise.race([fonts.ready, new Promise((resolve) => setTimeout(resolve, 1000))]).then(() =>
      w.print(),
    )
  }, 500)
}
