import { ClipboardList, Pencil, Printer } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ORDER_STATUSES, type Order } from '@shop/shared/schemas/order'
import { DataList, ListToolbar, selectFilter } from '../../../components/data-list/data-list.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { shortDate } from '../../../lib/dates.ts'
import { orderListQuery } from '../api/orders-api.ts'
import { printInvoice } from '../invoice.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

const PAY_TONE = { paid: 'green', pending: 'amber', failed: 'red' } as const

/** Dashboard orders (product.md §2.19): search, the status filter, the list, the edit dialog and the invoice. */
export function OrdersScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const [editing, setEditing] = useState<Order | null>(null)
  const list = useDataList({
    query: orderListQuery,
    getRowId: (o) => o.id,
    filters: {
      status: selectFilter(t('orders.status_filter'), [
        { value: 'all', label: t('orders.all_statuses') },
        ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`common:order_status.${s}`) })),
      ]),
    },
  })

  const print = (o: Order) =>
    printInvoice(o, {
      name: i18n.t('common:brand.name', { lng: 'ar' }),
      logoUrl: `${window.location.origin}/logo.png`,
    })

  const columns: DataColumn<Order>[] = [
    {
      id: 'number',
      // product.md §2.19: the order id (as the overview's recent orders show it), the order number under it.
      header: t('orders.order_id'),
      card: 'title',
      cell: (o) => (
        <div className="whitespace-nowrap">
          <p className="font-semibold ltr-nums">{`#${o.id}`}</p>
          {o.order_number ? <p className="text-xs text-stone-500 ltr-nums">{o.order_number}</p> : null}
        </div>
      ),
    },
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
      cell: (o) => <span className="ltr-nums whitespace-nowrap">{shortDate(o.created_at, i18n.language)}</span>,
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
      cell: (o) => <OrderStatusBadge status={o.order_status} />,
    },
    // product.md §4.4: the list labels pending as unpaid and failed as refunded.
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
    {
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
      card: 'actions',
      cell: (o) => (
        <div className="flex gap-1">
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
        </div>
      ),
    },
  ]

  return (
    <div>
      <PageHeader title={t('orders.title')} />
      <ListToolbar list={list} searchLabel={t('orders.search')} />
      <DataList
        list={list}
        columns={columns}
        caption={t('orders.title')}
        loadFailed={t('orders.load_failed')}
        empty={{ title: t('orders.empty'), icon: <ClipboardList className="size-10" aria-hidden="true" /> }}
      />
      <OrderEditDialog order={editing} onClose={() => setEditing(null)} />
    </div>
  )
}
