import { useQuery } from '@tanstack/react-query'
import { FileDown, TrendingUp } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ADMIN_PAGE_SIZES } from '@shop/shared/schemas/common'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable, type DataColumnSpec } from '../../../components/ui/data-table.tsx'
import { DateRangeInputs } from '../../../components/ui/date-range-inputs.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { PageSizeSelect } from '../../../components/ui/page-size-select.tsx'
import { Pagination, ShowingLine } from '../../../components/ui/pagination.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { toast } from '../../../lib/toast.ts'
import { exportSales, salesQuery, type SalesRange, type SalesRow } from '../api/sales-api.ts'

const PAY_TONE = { paid: 'green', pending: 'amber', failed: 'red', expired: 'gray', refunded: 'blue' } as const

/**
 * Dashboard sales: completed orders of a range with their real profit, paged by the server, and a totals row
 * the server sums over the whole range (decision 0047).
 */
export function SalesScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const [range, setRange] = useState<SalesRange>({ from: '', to: '' })
  const [page, setPage] = useState(1)
  const [perPage, setPerPage] = useState<number>(ADMIN_PAGE_SIZES[0])
  const [exporting, setExporting] = useState(false)
  const sales = useQuery(salesQuery({ ...range, page, perPage }))
  // A failed sales list shows the error panel and a toast (not only a console line).
  useEffect(() => {
    if (sales.isError) toast.error(t('sales.load_failed'))
  }, [sales.isError, t])
  const date = (iso: string) =>
    new Date(iso)
      .toLocaleDateString(i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')
      .replace(/\u200f/g, '') /* RLMs scramble it inside ltr-nums */
  const changeRange = (update: (current: SalesRange) => SalesRange) => {
    setRange(update)
    setPage(1)
  }

  const onExport = async () => {
    setExporting(true)
    try {
      await exportSales(range)
    } catch (err) {
      toast.error(t('sales.export_failed', { message: (err as Error).message || t('common:errors.generic') }))
    } finally {
      setExporting(false)
    }
  }

  // The report's columns; the two amounts stay last, under the totals row.
  const columns: DataColumnSpec<SalesRow>[] = [
    {
      id: 'number',
      // The id column, with the order number as a second line (as the orders screen shows it).
      header: t('orders.order_id'),
      cell: (r) => (
        <div className="whitespace-nowrap">
          <p className="font-semibold ltr-nums">{`#${r.id}`}</p>
          {r.order_number ? <p className="text-xs text-stone-500 ltr-nums">{r.order_number}</p> : null}
        </div>
      ),
    },
    {
      id: 'date',
      header: t('orders.date'),
      cell: (r) => <span className="whitespace-nowrap ltr-nums">{date(r.created_at)}</span>,
    },
    { id: 'customer', header: t('orders.customer'), cell: (r) => r.customer_name },
    {
      id: 'payment',
      header: t('sales.payment_method'),
      cell: (r) =>
        t(`common:payment_method.${r.payment_method}`, {
          defaultValue: t('common:payment_method.not_specified'),
        }),
    },
    {
      id: 'payment_status',
      header: t('sales.payment_status'),
      cell: (r) => <Badge tone={PAY_TONE[r.payment_status] ?? 'gray'}>{t(`common:payment_status.${r.payment_status}`, { defaultValue: r.payment_status })}</Badge>,
    },
    {
      id: 'total',
      header: t('sales.total'),
      className: 'text-end',
      cell: (r) => <Money value={r.total_amount} />,
    },
    {
      id: 'profit',
      header: t('sales.profit'),
      className: 'text-end',
      cell: (r) => <Money value={r.profit} className={r.profit < 0 ? 'text-red-700' : 'text-palm-700'} />,
    },
  ]

  let content
  if (sales.isPending) content = <Skeleton className="h-64 rounded-[var(--radius-card)]" />
  else if (sales.isError)
    content = (
      <ErrorState
        title={t('sales.load_failed')}
        message={sales.error.message}
        onRetry={() => void sales.refetch()}
      />
    )
  else if (sales.data.total === 0)
    content = (
      <EmptyState
        icon={<TrendingUp className="size-10" aria-hidden="true" />}
        title={t('sales.empty')}
        text={t('sales.empty_text')}
      />
    )
  else {
    const { rows, total, lastPage, totals } = sales.data
    content = (
      <>
        <DataTable
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          caption={t('sales.title')}
          footer={
            <tr data-testid="sales-totals">
              <th scope="row" colSpan={columns.length - 2} className="px-3 py-3 text-start">
                {t('sales.totals', { count: total })}
                <span className="block text-xs font-normal text-stone-600">{t('sales.totals_hint')}</span>
              </th>
              <td className="px-3 py-3 text-end">
                <Money value={totals.total_amount} />
              </td>
              <td className="px-3 py-3 text-end">
                <Money value={totals.profit} className="text-palm-800" />
              </td>
            </tr>
          }
        />
        <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row">
          <ShowingLine page={page} perPage={perPage} total={total} count={rows.length} />
          <Pagination page={page} lastPage={lastPage} onPageChange={setPage} />
        </div>
      </>
    )
  }

  return (
    <div>
      <PageHeader
        title={t('sales.title')}
        description={t('sales.subtitle')}
        actions={
          <Button
            icon={<FileDown className="size-4" aria-hidden="true" />}
            busy={exporting}
            onClick={() => void onExport()}
          >
            {t('sales.export')}
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <DateRangeInputs
          value={range}
          onChange={changeRange}
          fromLabel={t('overview.from')}
          toLabel={t('overview.to')}
        />
        {range.from || range.to ? (
          <Button variant="ghost" onClick={() => changeRange(() => ({ from: '', to: '' }))}>
            {t('sales.all_time')}
          </Button>
        ) : null}
        <div className="ms-auto">
          <PageSizeSelect
            value={perPage}
            sizes={ADMIN_PAGE_SIZES}
            label={t('common:pagination.per_page')}
            onChange={(size) => {
              setPerPage(size)
              setPage(1)
            }}
          />
        </div>
      </div>
      {content}
    </div>
  )
}
