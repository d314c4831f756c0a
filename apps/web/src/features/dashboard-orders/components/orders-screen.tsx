import { MailStatusBanner } from '../../../components/mail/mail-status-banner.tsx'
import { ClipboardList, Pencil, Printer } from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useTranslation } from 'react-i18next'
import i18n from '../../../lib/i18n.ts'
import { ORDER_STATUSES, type Order } from '@shop/shared/schemas/order'
import { ListScreen, selectFilter } from '../../../components/data-list/data-list.tsx'
import { actionsColumn, orderNumberColumn } from '../../../components/data-list/columns.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx'
import { shortDate } from '../../../lib/dates.ts'
import { orderDetailQuery, orderListQuery } from '../api/orders-api.ts'
import { printInvoice } from '../invoice.ts'
import { logoOf, useShopIdentity } from '../../../lib/shop-content.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'
import { whatsappFilter } from './whatsapp-filter.tsx'
import { WhatsAppStatusBanner } from './whatsapp-state.tsx'
import { useShopBrand } from '../../../lib/shop-settings.ts'

/** How long an order has waited, in the largest sensible unit ("3 h", "2 days"), Western digits (decision 0070). */
/**
 * How long an order has waited, in the largest sensible unit, as a counted text in the reader's language (issue 26:
 * Arabic plural forms, «منذ دقيقتين», «منذ 3 أيام», «منذ أقل من دقيقة» rather than «0 دقيقة» or «يومان»).
 */
export function waitedFor(createdAt: string, lang: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000))
  const [count, unit] =
    minutes < 60
      ? [minutes, 'minutes']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hours']
        : [Math.floor(minutes / 1440), 'days']
  return i18n.getFixedT(lang, 'dashboard')(`orders.waited_${unit}`, { count })
}
const PAY_TONE = {
  paid: 'green',
  pending: 'amber',
  failed: 'red',
  expired: 'gray',
  refunded: 'blue',
} as const

/** Dashboard orders (product.md §2.19): search, the status filter, the list, the edit dialog and the invoice. */
export function OrdersScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const identity = useShopIdentity()
  const shop = useShopBrand()
  const [editing, setEditing] = useState<Order | null>(null)
  const list = useDataList({
    query: orderListQuery,
    getRowId: (o) => o.id,
    filters: {
      status: selectFilter(t('orders.status_filter'), [
        { value: 'all', label: t('orders.all_statuses') },
        // Decision 0070: the cash orders still pending, oldest first.
        { value: 'awaiting', label: t('orders.awaiting_confirmation') },
        ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`common:order_status.${s}`) })),
      ]),
      // Issue 41: what came of the WhatsApp messages (confirmed there, waiting, failed, call them).
      whatsapp: whatsappFilter(t),
    },
  })
  // The staff mail's link opens the order's dialog: /dashboard/orders?order=<id>.
  const [params, setParams] = useSearchParams()
  const linked = Number(params.get('order')) || 0
  const linkedOrder = useQuery({ ...orderDetailQuery(linked), enabled: linked > 0 })
  useEffect(() => {
    if (linked > 0 && linkedOrder.data) {
      setEditing(linkedOrder.data)
      setParams({}, { replace: true })
    }
  }, [linked, linkedOrder.data, setParams])

  const print = (o: Order) =>
    printInvoice(o, {
      // Decision 0122: the shop's Arabic name and money symbol as the owner set them (the invoice is Arabic).
      name: shop.arabicName,
      moneySymbol: shop.arabicMoneySymbol,
      // The owner's logo (decision 0126), else the shop's mark.
      logoUrl: `${window.location.origin}${logoOf(identity).print}`,
    })

  // The list's columns (product.md §2.19); a new column is one more entry here.
  const columns: DataColumn<Order>[] = [
    orderNumberColumn<Order>(t),
    {
      id: 'customer',
      header: t('orders.customer'),
      cell: (o) => (
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{o.customer_name}</p>
          <p className="break-all text-xs text-stone-500" dir="ltr">
            {o.customer_email}
          </p>
        </div>
      ),
    },
    {
      id: 'date',
      header: t('orders.date'),
      cell: (o) => (
        <span className="ltr-nums whitespace-nowrap">{shortDate(o.created_at, i18n.language)}</span>
      ),
    },
    {
      id: 'amount',
      header: t('orders.amount'),
      cell: (o) => <Money value={o.total_amount} className="font-semibold" />,
    },
    {
      id: 'status',
      header: t('orders.status'),
      card: 'status',
      cell: (o) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={o.order_status} />
          {o.order_status === 'pending' ? (
            <span className="text-xs whitespace-nowrap text-stone-600">
              {t('orders.waiting_for', { time: waitedFor(o.created_at, i18n.language) })}
            </span>
          ) : null}
        </div>
      ),
    },
    // product.md §4.4 labels pending as unpaid; decision 0084: failed reads "payment failed" now that refunded is its own state.
    {
      id: 'payment',
      header: t('orders.payment'),
      card: 'status',
      cell: (o) => (
        <Badge tone={PAY_TONE[o.payment_status] ?? 'gray'}>
          {t(`common:payment_status.${o.payment_status}`, { defaultValue: o.payment_status })}
        </Badge>
      ),
    },
    actionsColumn<Order>(t, (o) => (
      <>
        <IconButton
          label={t('orders.edit_named', { number: o.order_number })}
          icon={<Pencil aria-hidden="true" />}
          tone="primary"
          onClick={() => setEditing(o)}
        />
        <IconButton
          label={t('orders.print_named', { number: o.order_number })}
          icon={<Printer aria-hidden="true" />}
          onClick={() => print(o)}
        />
      </>
    )),
  ]

  return (
    <ListScreen
      title={t('orders.title')}
      searchLabel={t('orders.search')}
      list={list}
      columns={columns}
      loadFailed={t('orders.load_failed')}
      banner={
        <>
          <MailStatusBanner />
          <WhatsAppStatusBanner />
        </>
      }
      empty={{ title: t('orders.empty'), icon: <ClipboardList className="size-10" aria-hidden="true" /> }}
    >
      <OrderEditDialog order={editing} onClose={() => setEditing(null)} />
    </ListScreen>
  )
}
