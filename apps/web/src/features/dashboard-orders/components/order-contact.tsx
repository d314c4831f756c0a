import { Mail, MessageCircle, PhoneCall } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { telHref, whatsappHref } from '@shop/shared/orders/phone'
import type { Order } from '@shop/shared/schemas/order'
import { buttonClasses } from '../../../components/ui/button.tsx'
import { useShopBrand } from '../../../lib/shop-settings.ts'
import { whatsappNumberOf } from './confirm-by-phone.tsx'

/**
 * The customer in front of whoever calls them (issue 26): the name, the phone as a tap-to-call link and WhatsApp
 * (the number given for WhatsApp at checkout, else the phone; decision 0070) with a greeting naming the order.
 */
export function OrderContact({ order }: { order: Order }) {
  const { t } = useTranslation('dashboard')
  // Decision 0122: the shop's Arabic name as the owner set it.
  const shop = useShopBrand().arabicName
  const whatsapp = whatsappHref(
    whatsappNumberOf(order),
    // Arabic, as the confirmation message (decision 0070): the shop writes to its customers in Arabic.
    t('orders.contact.whatsapp_message', {
      lng: 'ar',
      name: order.customer_name,
      shop,
      number: order.order_number,
    }),
  )
  return (
    <section
      aria-labelledby="order-contact-title"
      className="mb-5 rounded-[var(--radius-card)] border border-sand-300 bg-sand-50 p-3"
    >
      <h3 id="order-contact-title" className="text-sm font-semibold text-stone-600">
        {t('orders.contact.title')}
      </h3>
      <p className="font-bold text-stone-900">
        <bdi>{order.customer_name}</bdi>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={telHref(order.customer_phone)} className={buttonClasses('secondary', 'md')}>
          <PhoneCall className="size-4" aria-hidden="true" />
          {t('orders.contact.call')}
          <span dir="ltr" className="font-bold">
            {order.customer_phone}
          </span>
        </a>
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'md')}
          >
            <MessageCircle className="size-4 text-green-700" aria-hidden="true" />
            {t('orders.contact.whatsapp')}
          </a>
        ) : null}
        <a href={`mailto:${order.customer_email}`} className={buttonClasses('ghost', 'md')}>
          <Mail className="size-4" aria-hidden="true" />
          <span dir="ltr" className="max-w-[16rem] truncate">
            {order.customer_email}
          </span>
        </a>
      </div>
    </section>
  )
}
