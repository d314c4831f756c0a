import { useQuery } from '@tanstack/react-query'
import { ClipboardList, Pencil, Printer } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useBackFromEmptiedPage } from '../../../lib/use-back-from-emptied-page.ts'
import { useTranslation } from 'react-i18next'
import { ADMIN_PAGE_SIZES } from '@shop/shared/schemas/common'
import { ORDER_STATUSES, type Order } from '@shop/shared/schemas/order'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable, type DataColumnSpec } from '../../../components/ui/data-table.tsx'
import { Select } from '../../../components/ui/field.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { OrderStatusBadge } from '../../../components/ui/order-status-badge.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageSizeSelect } from '../../../components/ui/page-size-select.tsx'
import { Pagination, ShowingLine } from '../../../components/ui/pagination.tsx'
import { SearchInput } from '../../../components/ui/search-input.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { orderDetailQuery, orderListQuery } from '../api/orders-api.ts'
import { printInvoice } from '../invoice.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

const NO_ROWS: Order[] = []

/** How long an order has waited, in the largest sensible unit ("3 h", "2 days"), Western digits (decision 0070). */
export function waitedFor(createdAt: string, lang: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000))
  const [value, unit] = minutes < 60 ? [minutes, 'minute'] : minutes < 48 * 60 ? [Math.floor(minutes / 60), 'hour'] : [Math.floor(minutes / 1440), 'day']
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB', { style: 'unit', unit, unitDisplay: 'long' }).format(value)
}
const PAY_TONE = { paid: 'green', pending: 'amber', failed: 'red', expired: 'gray', refunded: 'blue' } as const

/** SPEC §2 dashboard orders. */
export function OrdersScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const [search, setSearch] = useState('')
  const [status, setStatus] = useState('all')
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(ADMIN_PAGE_SIZES[0])
  const [editing, setEditing] = useState<Order | null>(null)
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
  const list = useQuery(orderListQuery({ search, status, page, per_page: perPage }))
  const rows = list.data?.data ?? NO_ROWS
  // An order whose status no longer matches the filter can leave the last page empty although others
  // still have rows: move to the (new) last page instead of showing the empty state without a pager.
  const emptiedPage = useBackFromEmptiedPage(page, setPage, list)
  const date = (iso: string) =>
    new Date(iso)
      .toLocaleDateString(i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')
      .replace(/\u200f/g, '') /* RLMs scramble it inside ltr-nums */

  const print = (o: Order) =>
    printInvoice(o, {
      name: i18n.t('common:brand.name', { lng: 'ar' }),
      logoUrl: `${window.location.origin}/logo.png`,
    })

  const columns: DataColumnSpec<Order>[] = [
    {
      id: 'number',
      // SPEC §2: the order id (as the overview's recent orders show it), the order number under it.
      header: t('orders.order_id'),
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
          <p className="text-xs text-stone-500" dir="ltr">
            {o.customer_email}
          </p>
        </div>
      ),
    },
    {
      id: 'date',
      header: t('orders.date'),
      cell: (o) => <span className="ltr-nums whitespace-nowrap">{date(o.created_at)}</span>,
    },
    {
      id: 'amount',
      header: t('orders.amount'),
      cell: (o) => <Money value={o.total_amount} className="font-semibold" />,
    },
    {
      id: 'status',
      header: t('orders.status'),
      cell: (o) => (
        <div className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={o.order_status} />
          {o.order_status === 'pending' ? (
            <span className="text-xs whitespace-nowrap text-stone-600">{t('orders.waiting_for', { time: waitedFor(o.created_at, i18n.language) })}</span>
          ) : null}
        </div>
      ),
    },
    // SPEC §4 labels pending as unpaid; decision 0084: failed reads "payment failed" now that refunded is its own state.
    {
      id: 'payment',
      header: t('orders.payment'),
      cell: (o) => (
        <Badge tone={PAY_TONE[o.payment_status] ?? 'gray'}>
          {t(`common:payment_status.${o.payment_status}`, { defaultValue: o.payment_status })}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('common.actions')}</span>,
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

  let content
  // Also while moving back from an emptied last page.
  if (list.isPending || emptiedPage)
    content = <Skeleton className="h-64 rounded-[var(--radius-card)]" />
  else if (list.isError)
    content = (
      <ErrorState
        title={t('orders.load_failed')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    )
  else if (rows.length === 0)
    content = (
      <EmptyState
        icon={<ClipboardList className="size-10" aria-hidden="true" />}
        title={t('orders.empty')}
        action={
          search || status !== 'all' ? (
            <Button
              variant="secondary"
              onClick={() => {
                setSearch('')
                setStatus('all')
                setPage(1)
              }}
            >
              {t('common.clear_filters')}
            </Button>
          ) : undefined
        }
      />
    )
  else
    content = (
      <>
        <DataTable rows={rows} columns={columns} getRowId={(o) => o.id} caption={t('orders.title')} />
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <ShowingLine page={page} perPage={perPage} total={list.data.total} count={rows.length} />
          <Pagination page={page} lastPage={list.data.last_page} onPageChange={setPage} />
        </div>
      </>
    )

  return (
    <div>
      <PageHeader title={t('orders.title')} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchInput
          label={t('orders.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setPage(1)
          }}
        />
        <Select
          aria-label={t('orders.status_filter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value)
            setPage(1)
          }}
          className="w-auto min-w-40"
        >
          <option value="all">{t('orders.all_statuses')}</option>
          <option value="awaiting">{t('orders.awaiting_confirmation')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`common:order_status.${s}`)}
            </option>
          ))}
        </Select>
        <div className="ms-auto">
          <PageSizeSelect
            value={perPage}
            sizes={ADMIN_PAGE_SIZES}
            label={t('common:pagination.per_page')}
            onChange={(s) => {
              setPerPage(s)
              setPage(1)
            }}
          />
        </div>
      </div>
      {content}
      <OrderEditDialog order={editing} onClose={() => setEditing(null)} />
    </div>
  )
}
