import type { Language } from '@shop/shared/i18n/messages'
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@shop/shared/schemas/order'

// Decision 0131: the sales file speaks the reader's language (Accept-Language): its headers and the names of statuses
// and payment methods; the codes follow in their own columns for programs that read the file.

type HeaderKey =
  | 'order_number'
  | 'date'
  | 'customer_name'
  | 'customer_email'
  | 'customer_phone'
  | 'city'
  | 'payment_method'
  | 'order_status'
  | 'payment_status'
  | 'subtotal'
  | 'delivery_price'
  | 'total_amount'
  | 'profit'
  | 'discount_total'
  | 'offer_codes'

interface ExportTexts {
  /** `{{tz}}` is the shop's time zone, the clock the dates are written in. */
  headers: Record<HeaderKey, string>
  orderStatus: Record<OrderStatus, string>
  paymentStatus: Record<PaymentStatus, string>
  paymentMethod: Record<PaymentMethod, string>
}

const ar: ExportTexts = {
  headers: {
    order_number: 'رقم الطلب',
    date: 'التاريخ ({{tz}})',
    customer_name: 'اسم العميل',
    customer_email: 'البريد الإلكتروني',
    customer_phone: 'الهاتف',
    city: 'المدينة',
    payment_method: 'طريقة الدفع',
    order_status: 'حالة الطلب',
    payment_status: 'حالة الدفع',
    subtotal: 'المجموع الفرعي',
    delivery_price: 'رسوم التوصيل',
    total_amount: 'الإجمالي',
    profit: 'الربح',
    discount_total: 'الخصم',
    offer_codes: 'رموز العروض',
  },
  orderStatus: {
    pending: 'قيد الانتظار',
    processing: 'قيد التجهيز',
    shipped: 'خرج للتوصيل',
    completed: 'مكتمل',
    cancelled: 'ملغي',
  },
  paymentStatus: {
    pending: 'غير مدفوع',
    paid: 'مدفوع',
    failed: 'فشل الدفع',
    expired: 'انتهت مهلة الدفع',
    refunded: 'مسترد',
  },
  paymentMethod: { cash: 'الدفع عند الاستلام', massarat: 'مصارات', paypal: 'باي بال' },
}

const en: ExportTexts = {
  headers: {
    order_number: 'Order number',
    date: 'Date ({{tz}})',
    customer_name: 'Customer name',
    customer_email: 'Email',
    customer_phone: 'Phone',
    city: 'City',
    payment_method: 'Payment method',
    order_status: 'Order status',
    payment_status: 'Payment status',
    subtotal: 'Subtotal',
    delivery_price: 'Delivery',
    total_amount: 'Total',
    profit: 'Profit',
    discount_total: 'Discount',
    offer_codes: 'Offer codes',
  },
  orderStatus: {
    pending: 'Pending',
    processing: 'Processing',
    shipped: 'Out for delivery',
    completed: 'Completed',
    cancelled: 'Cancelled',
  },
  paymentStatus: {
    pending: 'Unpaid',
    paid: 'Paid',
    failed: 'Payment failed',
    expired: 'Time to pay ran out',
    refunded: 'Refunded',
  },
  paymentMethod: { cash: 'Cash on delivery', massarat: 'Massarat', paypal: 'PayPal' },
}

export const exportTexts = (lang: Language): ExportTexts => (lang === 'en' ? en : ar)
