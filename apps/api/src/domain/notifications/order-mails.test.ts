import { describe, expect, it } from 'vitest'
import {
  orderPlacedMail,
  staffCancelledMail,
  staffNewOrderMail,
  statusChangedMail,
  type OrderMailView,
} from './order-mails.ts'

// Decision 0066: the templates rendered and read as a shopper (or staff) would read them: language, direction, the
// order's facts, the links, and no markup from what a shopper typed.

const evil = `<img src=x onerror="alert(1)">`
function view(lang: 'ar' | 'en', overrides: Partial<OrderMailView['order']> = {}): OrderMailView {
  return {
    lang,
    shopName: lang === 'ar' ? 'مزارع النخيل الذهبية' : 'Golden Palm Farms',
    moneySymbol: lang === 'ar' ? 'د.ل' : 'LYD',
    contact: '+218 91 234 5678 · info@golden-palm.ly',
    timezone: 'Africa/Tripoli',
    trackingUrl: 'http://shop.test/track?order=ORD-250301-00009&token=abcDEF123_-xyz',
    order: {
      number: 'ORD-250301-00009',
      createdAt: new Date('2025-03-01T22:30:00Z'),
      customerName: 'سارة علي',
      phone: '0912345678',
      email: 'sara@example.ly',
      address: 'شارع النصر، طرابلس',
      cityName: lang === 'ar' ? 'طرابلس' : 'Tripoli',
      paymentMethod: 'cash',
      status: 'pending',
      subtotal: 240,
      deliveryPrice: 15,
      totalAmount: 255,
      items: [
        {
          name: lang === 'ar' ? 'تمر دقلة نور' : 'Deglet Nour dates',
          quantity: 12,
          unitPrice: 20,
          lineTotal: 240,
          isWholesale: true,
        },
      ],
      ...overrides,
    },
  }
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('order mails', () => {
  it('the Arabic receipt is right-to-left, in Arabic, with items, totals, delivery, payment, address and the tracking link', () => {
    const mail = orderPlacedMail(view('ar'))
    expect(mail.subject).toBe('استلمنا طلبك ORD-250301-00009')
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl">/)
    expect(mail.html).toContain('text-align:right')
    const shown = textOf(mail.html!)
    for (const part of [
      'مرحبًا سارة علي،',
      'تمر دقلة نور',
      'جملة',
      '240.00 د.ل',
      'رسوم التوصيل إلى طرابلس',
      '15.00 د.ل',
      '255.00 د.ل',
      'الدفع عند الاستلام',
      'شارع النصر، طرابلس',
      'تتبّع طلبك',
    ])
      expect(shown).toContain(part)
    // The shop's day, not the server's: 22:30 UTC on 1 March is 2 March in Tripoli.
    expect(shown).toContain('2 مارس 2025')
    expect(mail.html).toContain(
      'href="http://shop.test/track?order=ORD-250301-00009&amp;token=abcDEF123_-xyz"',
    )
    // The plain-text part says the same.
    for (const part of [
      'مرحبًا سارة علي،',
      'تمر دقلة نور × 12 × 20.00 د.ل (جملة): 240.00 د.ل',
      'الإجمالي: 255.00 د.ل',
      'http://shop.test/track?order=ORD-250301-00009&token=abcDEF123_-xyz',
    ])
      expect(mail.text).toContain(part)
  })

  it('the English receipt is left-to-right and in English', () => {
    const mail = orderPlacedMail(
      view('en', { customerName: 'Sara Ali', paymentMethod: 'paypal', address: 'Nasr St, Tripoli' }),
    )
    expect(mail.subject).toBe('We received your order ORD-250301-00009')
    expect(mail.html).toMatch(/<html lang="en" dir="ltr">/)
    const shown = textOf(mail.html!)
    expect(shown).toContain('Hello Sara Ali,')
    expect(shown).toContain('Deglet Nour dates')
    expect(shown).toContain('Delivery to Tripoli')
    expect(shown).toContain('PayPal')
    expect(shown).toContain('We will review your order')
    expect(shown).toContain('2 March 2025')
    // Amounts are in dinars with the currency code in English (decision 0122); nothing is Arabic.
    expect(mail.text).toContain('240.00 LYD')
    expect(mail.text).not.toMatch(/[\u0600-\u06FF]/)
  })

  it('escapes every value a shopper typed, in the HTML part', () => {
    const mail = orderPlacedMail(
      view('ar', {
        customerName: evil,
        address: evil,
        items: [{ name: evil, quantity: 1, unitPrice: 1, lineTotal: 1, isWholesale: false }],
      }),
    )
    expect(mail.html).not.toContain('<img')
    expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;')
    const cancelled = statusChangedMail(view('ar'), {
      status: 'cancelled',
      byCustomer: true,
      byPhone: false,
      reason: `</p><script>x()</script>`,
    })
    expect(cancelled.html).not.toContain('<script>')
    expect(cancelled.html).toContain('&lt;/p&gt;&lt;script&gt;x()&lt;/script&gt;')
  })

  it('tells each status that matters in its own words', () => {
    const confirmed = statusChangedMail(view('ar'), {
      status: 'processing',
      byCustomer: false,
      byPhone: true,
      reason: null,
    })
    expect(confirmed.subject).toBe('تم تأكيد طلبك ORD-250301-00009')
    expect(textOf(confirmed.html!)).toContain('شكرًا لتأكيد الطلب معنا عبر الهاتف.')
    expect(textOf(confirmed.html!)).toContain('قيد التجهيز')
    const done = statusChangedMail(view('en'), {
      status: 'completed',
      byCustomer: false,
      byPhone: false,
      reason: null,
    })
    expect(done.subject).toBe('Your order ORD-250301-00009 is complete')
    const byShop = statusChangedMail(view('en'), {
      status: 'cancelled',
      byCustomer: false,
      byPhone: false,
      reason: null,
    })
    expect(byShop.text).toContain('If you did not expect this, please contact us.')
    const byCustomer = statusChangedMail(view('en'), {
      status: 'cancelled',
      byCustomer: true,
      byPhone: false,
      reason: 'Ordered twice',
    })
    expect(byCustomer.text).toContain('We have cancelled your order as you asked.')
    expect(byCustomer.text).toContain('Reason: Ordered twice')
  })

  it("staff mails carry the customer's contacts and the dashboard link, without the shopper's footer", () => {
    const v = { ...view('ar'), dashboardUrl: 'http://shop.test/dashboard/orders?order=9' }
    const mail = staffNewOrderMail(v)
    expect(mail.subject).toBe('طلب جديد ORD-250301-00009 — 255.00 د.ل')
    const shown = textOf(mail.html!)
    for (const part of [
      'سارة علي',
      '0912345678',
      'sara@example.ly',
      'اتصل بالعميل لتأكيد الطلب',
      'فتح الطلب في لوحة التحكم',
    ])
      expect(shown).toContain(part)
    expect(mail.html).toContain('href="http://shop.test/dashboard/orders?order=9"')
    expect(mail.text).toContain('http://shop.test/dashboard/orders?order=9')
    expect(shown).not.toContain('وصلتك هذه الرسالة لأنك طلبت')
    const cancelled = staffCancelledMail(v, 'طلبت بالخطأ')
    expect(cancelled.subject).toBe('ألغى العميل الطلب ORD-250301-00009')
    expect(cancelled.text).toContain('سبب الإلغاء: طلبت بالخطأ')
  })
})
