import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { buildInvoiceHtml, printInvoice } from './invoice.ts'

const XSS = '<img src=x onerror=alert(1)>'
const order: Order = {
  id: 5,
  order_number: 'ORD-250101-00005',
  user_id: null,
  customer: {
    first_name: XSS,
    last_name: '',
    phone: '0912345678',
    whatsapp: '',
    email: 'a"b@example.ly',
    address_line: "Tripoli & 'Souq'",
    city_id: 1,
    city_name: 'Tripoli',
    state: '',
  },
  customer_name: XSS,
  customer_email: 'a"b@example.ly',
  customer_phone: '0912345678',
  shipping_address: "Tripoli & 'Souq'",
  city_id: 1,
  city_name: 'Tripoli',
  order_status: 'processing',
  payment_status: 'failed',
  payment_method: 'cash',
  notes: null,
  subtotal: 90,
  delivery_price: 10,
  total_amount: 100,
  discount_total: 0,
  adjustments: [],
  created_at: '2025-01-01T10:00:00Z',
  items: [
    {
      id: 1,
      product_id: 1,
      quantity: 10,
      unit_price: 8,
      line_total: 80,
      is_wholesale: true,
      product: { id: 1, name: `Dates ${XSS}`, image_url: null },
      product_name: `Dates ${XSS}`,
      product_name_ar: `تمر دقلة ${XSS}`,
      product_name_en: `Dates ${XSS}`,
      variant_id: 11,
      variant_label: '5 kg',
      variant_label_ar: `كرتونة 5 كغ ${XSS}`,
      variant_label_en: '5 kg',
      sku: 'DGL-5K',
      discount: 0,
    },
    {
      id: 2,
      product_id: 2,
      quantity: 1,
      unit_price: 10,
      line_total: 10,
      is_wholesale: false,
      product: null,
      product_name: 'Honey',
      variant_id: null,
      variant_label: '',
      sku: null,
      discount: 0,
    },
  ],
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('invoice', () => {
  const html = buildInvoiceHtml(order, { name: 'مزارع النخيل الذهبية', logoUrl: 'https://shop.ly/logo.png' })

  it('is an Arabic right-to-left document without scripts', () => {
    expect(html).toContain('<html lang="ar" dir="rtl">')
    expect(html).toContain('@page { size: A4')
    expect(html).not.toMatch(/<script/i)
    expect(html).toContain('src="https://shop.ly/logo.png"')
  })

  it("is set in the shop's bundled font (Arabic and Latin files), not the printing machine's", () => {
    expect(html).toMatch(
      /@font-face \{ font-family: 'Cairo Invoice';[^}]*url\([^)]*cairo-arabic-wght-normal[^)]*\.woff2\)/,
    )
    expect(html).toMatch(
      /@font-face \{ font-family: 'Cairo Invoice';[^}]*url\([^)]*cairo-latin-wght-normal[^)]*\.woff2\)/,
    )
    expect(html).toMatch(/body \{ font-family: 'Cairo Invoice',/)
  })

  it('escapes every customer and product value', () => {
    expect(html).not.toContain(XSS)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('a&quot;b@example.ly')
    expect(html).toContain('Tripoli &amp; &#39;Souq&#39;')
  })

  it('shows the Arabic labels, item types and totals', () => {
    expect(html).toContain('فاتورة')
    expect(html).toContain('قيد التجهيز')
    expect(html).toContain('مرفوض')
    expect(html).toContain('الدفع عند الاستلام')
    expect(html).toContain('جملة')
    expect(html).toContain('قطعة')
    expect(html).toContain('Honey')
    expect(html).toContain('100.00 د.ل')
  })

  it('names each line by the Arabic name it was sold under, whatever the dashboard language', () => {
    // product_name is in the reader's language (English here); the invoice stays Arabic (decision 0058).
    expect(html).toContain('تمر دقلة &lt;img')
    expect(html).not.toContain('Dates &lt;img')
    expect(html).toContain('10.00 د.ل')
  })

  it('shows the Arabic size and the SKU each line was sold with, and nothing for a line without them', () => {
    const [dates, honey] = html.split('<tr>').slice(2)
    expect(dates).toContain('الحجم: كرتونة 5 كغ &lt;img')
    expect(dates).toContain('الرمز: <span class="ltr">DGL-5K</span>')
    expect(honey).not.toContain('الحجم')
    expect(honey).not.toContain('الرمز')
  })

  it('says when there are no items and when the payment method is unknown', () => {
    const empty = buildInvoiceHtml(
      { ...order, items: [], payment_method: '' as never },
      { name: 'x', logoUrl: '/logo.png' },
    )
    expect(empty).toContain('لا توجد منتجات في هذا الطلب')
    expect(empty).toContain('غير محدد')
  })

  it('prints 500 ms after writing, and only logs when the window is blocked', () => {
    vi.useFakeTimers()
    const w = { document: { open: vi.fn(), write: vi.fn(), close: vi.fn() }, print: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(w as unknown as Window)
    printInvoice(order, { name: 'x', logoUrl: '/logo.png' })
    expect(w.document.write).toHaveBeenCalledOnce()
    vi.advanceTimersByTime(499)
    expect(w.print).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(w.print).toHaveBeenCalledOnce()

    vi.spyOn(window, 'open').mockReturnValue(null)
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => printInvoice(order, { name: 'x', logoUrl: '/logo.png' })).not.toThrow()
    expect(log).toHaveBeenCalled()
  })
})
