import { useMutation } from '@tanstack/react-query'
import { MessageCircle, PhoneCall, PhoneForwarded } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '@shop/shared/money/money'
import { internationalNumber, telHref, whatsappHref } from '@shop/shared/orders/phone'
import type { Order } from '@shop/shared/schemas/order'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { useMailWorks } from '../../../lib/mail-status.ts'
import { toast } from '../../../lib/toast.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { useShopBrand } from '../../../lib/shop-settings.ts'
import { confirmOrderByPhone } from '../api/orders-api.ts'

/**
 * The number to message on WhatsApp: the one the shopper gave at checkout (decision 0214: the order keeps it as a part),
 * else the phone (decision 0070).
 */
export const whatsappNumberOf = (order: Pick<Order, 'customer' | 'customer_phone'>): string =>
  order.customer.whatsapp || order.customer_phone

/** The Arabic message staff send on WhatsApp to confirm a cash order (decision 0070). */
export function whatsappConfirmText(
  order: Pick<Order, 'customer_name' | 'order_number' | 'total_amount'>,
  shop: string,
  t: (key: string, o: Record<string, string>) => string,
  moneySymbol?: string,
) {
  return t('orders.confirm.whatsapp_message', {
    lng: 'ar',
    name: order.customer_name,
    shop,
    number: order.order_number,
    total: formatMoney(order.total_amount, moneySymbol),
  })
}

/**
 * Decision 0070: a pending order's customer is reached in one tap (call, WhatsApp with a prefilled Arabic message that
 * names the order), and "confirmed by phone" moves the order to processing and mails the shopper.
 */
export function ConfirmByPhone({
  order,
  onConfirmed,
  blocked = false,
}: {
  order: Order
  onConfirmed(): void
  /** Decision 0223: an open lines edit is saved or cancelled first (confirming closes the dialog). */
  blocked?: boolean
}) {
  const { t } = useTranslation('dashboard')
  const mailWorks = useMailWorks()
  // Decision 0122: the message is Arabic; the shop's Arabic name and money symbol as the owner set them.
  const identity = useShopBrand()
  const shop = identity.arabicName
  const whatsappNumber = whatsappNumberOf(order)
  const whatsapp = whatsappHref(
    whatsappNumber,
    whatsappConfirmText(order, shop, (k, o) => t(k, o), identity.arabicMoneySymbol),
  )
  const confirm = useMutation({
    mutationFn: () => confirmOrderByPhone(order.id),
    // The order moves to processing: its rows, the overview and the sales report refresh (decision 0086).
    meta: { invalidates: changedBy.order },
    onSuccess: () => {
      // Issue 39: "told by mail" only when mail leaves the shop.
      toast.success(
        mailWorks
          ? t('orders.confirm.done', { number: order.order_number })
          : t('orders.confirm.done_no_mail', { number: order.order_number }),
      )
      onConfirmed()
    },
    onError: (err) => toast.error(err.message),
  })
  return (
    <section
      aria-labelledby="confirm-by-phone-title"
      className="mb-5 rounded-[var(--radius-card)] border border-honey-300 bg-honey-50 p-4"
    >
      <h3 id="confirm-by-phone-title" className="font-bold text-stone-900">
        {t('orders.confirm.title')}
      </h3>
      <p className="mt-1 text-sm text-stone-700">{t('orders.confirm.text')}</p>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="text-stone-600">{t('orders.phone')}:</span>
        <span dir="ltr" className="text-lg font-bold text-stone-900">
          {order.customer_phone}
        </span>
        {internationalNumber(whatsappNumber) !== internationalNumber(order.customer_phone) ? (
          <>
            <span className="ms-3 text-stone-600">{t('orders.confirm.whatsapp')}:</span>
            <span dir="ltr" className="font-bold text-stone-900">
              {whatsappNumber}
            </span>
          </>
        ) : null}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={telHref(order.customer_phone)} className={buttonClasses('secondary', 'md')}>
          <PhoneCall className="size-4" aria-hidden="true" />
          {t('orders.confirm.call')}
        </a>
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'md')}
          >
            <MessageCircle className="size-4 text-green-700" aria-hidden="true" />
            {t('orders.confirm.whatsapp')}
          </a>
        ) : null}
        <Button
          busy={confirm.isPending}
          disabled={blocked}
          title={blocked ? t('orders.edit_items.open_edit') : undefined}
          icon={<PhoneForwarded className="size-4" aria-hidden="true" />}
          onClick={() => confirm.mutate()}
        >
          {confirm.isPending ? t('orders.confirm.confirming') : t('orders.confirm.confirmed_by_phone')}
        </Button>
      </div>
    </section>
  )
}
