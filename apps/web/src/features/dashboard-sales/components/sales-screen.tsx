import { useMutation } from '@tanstack/react-query'
import { FileDown, TrendingUp } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ListScreen } from '../../../components/data-list/data-list.tsx'
import { orderNumberColumn } from '../../../components/data-list/columns.tsx'
import type { DataColumn } from '../../../components/data-list/data-table.tsx'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { Badge } from '../../../components/ui/badge.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DateRangeToolbar } from '../../../components/ui/date-range-inputs.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { shortDate } from '../../../lib/dates.ts'
import { toast } from '../../../lib/toast.ts'
import { exportSales, salesQuery, type SalesRow } from '../api/sales-api.ts'
import { useCan } from '../../../lib/auth/permissions.ts'

const PAY_TONE = {
  paid: 'green',
  pending: 'amber',
  failed: 'red',
  expired: 'gray',
  refunded: 'blue',
} as const

/**
 * Dashboard sales (product.md §2.20): completed orders of a range with their real profit, paged by the server, and a
 * totals line the server sums over the whole range (decision 0047); the CSV export of the range.
 */
export function SalesScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const list = useDataList({
    query: salesQuery,
    getRowId: (r) => r.id,
    filters: { from: { initial: '' }, to: { initial: '' } },
  })
  const range = list.filters
  // A failed report shows the error panel and a toast (product.md §8.3).
  useEffect(() => {
    if (list.query.isError) toast.error(t('sales.load_failed'))
  }, [list.query.isError, t])
  // A download writes nothing: a mutation for its busy state, with nothing to refresh.
  const can = useCan()
  const exportFile = useMutation({
    mutationFn: exportSales,
    onError: (err) =>
      toast.error(t('sales.export_failed', { message: err.message || t('common:errors.generic') })),
  })

  // Decision 0216: profit is for staff with costs.view; without it the column and its total are not drawn.
  const costs = can('costs.view')
  // The report's columns; the two amounts stay last, under the totals line.
  const columns: DataColumn<SalesRow>[] = [
    orderNumberColumn<SalesRow>(t),
    {
      id: 'date',
      header: t('orders.date'),
      card: 'status',
      cell: (r) => (
        <span className="whitespace-nowrap ltr-nums">{shortDate(r.created_at, i18n.language)}</span>
      ),
    },
    { id: 'customer', header: t('orders.customer'), card: 'subtitle', cell: (r) => r.customer_name },
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
      cell: (r) => (
        <Badge tone={PAY_TONE[r.payment_status] ?? 'gray'}>
          {t(`common:payment_status.${r.payment_status}`, { defaultValue: r.payment_status })}
        </Badge>
      ),
    },
    {
      // Decision 0172: what offers took off the order; the total and the profit are net of it.
      id: 'discount',
      header: t('sales.discount'),
      className: 'text-end',
      cell: (r) =>
        r.discount_total > 0 ? (
          <span className="whitespace-nowrap text-stone-700">
            −<Money value={r.discount_total} />
          </span>
        ) : (
          '—'
        ),
    },
    {
      id: 'total',
      header: t('sales.total'),
      className: 'text-end',
      cell: (r) => <Money value={r.total_amount} />,
    },
    ...(costs
      ? [
          {
            id: 'profit',
            header: t('sales.profit'),
            className: 'text-end',
            cell: (r: SalesRow) => (
              <Money value={r.profit} className={r.profit < 0 ? 'text-red-700' : 'text-palm-700'} />
            ),
          },
        ]
      : []),
  ]
  const totals = list.query.data?.totals

  return (
    <ListScreen
      title={t('sales.title')}
      description={
        <>
          {t('sales.subtitle')}
          {/* Decision 0229: the same orders and figures as the overview. */}
          <span className="mt-1 block text-xs" data-testid="figures-hint">
            {t('figures.sales')}
          </span>
        </>
      }
      actions={
        // Decision 0190: the sales file lists every customer's name and phone (orders.export).
        can('orders.export') ? (
          <Button
            icon={<FileDown className="size-4" aria-hidden="true" />}
            busy={exportFile.isPending}
            onClick={() => exportFile.mutate({ from: range.from, to: range.to })}
          >
            {t('sales.export')}
          </Button>
        ) : undefined
      }
      toolbar={
        <DateRangeToolbar
          value={range}
          onChange={(next) => list.setFilters(next)}
          action={list.isFiltered ? { label: t('sales.all_time'), onClick: list.clearFilters } : undefined}
        />
      }
      list={list}
      columns={columns}
      loadFailed={t('sales.load_failed')}
      empty={{
        title: t('sales.empty'),
        text: t('sales.empty_text'),
        icon: <TrendingUp className="size-10" aria-hidden="true" />,
      }}
      noResults={{ title: t('sales.empty'), text: t('sales.empty_text') }}
      summary={
        totals
          ? {
              testId: 'sales-totals',
              label: (
                <>
                  {t('sales.totals', { count: list.total })}
                  <span className="block text-xs font-normal text-stone-600">{t('sales.totals_hint')}</span>
                  {/* Decision 0132: of that, what was collected (cash recorded as received, or paid online). */}
                  <span
                    className="mt-1 block text-sm font-semibold text-palm-800"
                    data-testid="sales-collected"
                  >
                    {t('sales.collected')} <Money value={totals.collected} />
                  </span>
                </>
              ),
              values: {
                discount: totals.discount_total ? (
                  <span className="whitespace-nowrap">
                    −<Money value={totals.discount_total} />
                  </span>
                ) : (
                  '—'
                ),
                total: <Money value={totals.total_amount} />,
                ...(costs ? { profit: <Money value={totals.profit} className="text-palm-800" /> } : {}),
              },
            }
          : undefined
      }
    />
  )
}
