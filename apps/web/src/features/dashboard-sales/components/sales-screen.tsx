import { useQuery } from '@tanstack/react-query'
import { FileDown, TrendingUp } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../lib/toast.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Money } from '../../../components/ui/money.tsx'
import { PageHeader } from '../../../components/ui/page-header.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { EmptyState, ErrorState } from '../../../components/ui/states.tsx'
import { exportSales, salesQuery, type SalesRange } from '../api/sales-api.ts'
import { DateRangeInputs } from '../../../components/ui/date-range-inputs.tsx'

/** SPEC §2 dashboard sales: completed orders in a range with real profit and a totals row. */
export function SalesScreen() {
  const { t, i18n } = useTranslation('dashboard')
  const [range, setRange] = useState<SalesRange>({ from: '', to: '' })
  const [exporting, setExporting] = useState(false)
  const sales = useQuery(salesQuery(range))
  // SPEC §8 fix: a failed sales list was only logged; now a toast as well as the error panel.
  useEffect(() => {
    if (sales.isError) toast.error(t('sales.load_failed'))
  }, [sales.isError, t])
  const date = (iso: string) =>
    new Date(iso)
      .toLocaleDateString(i18n.language === 'ar' ? 'ar-LY-u-nu-latn' : 'en-GB')
      .replace(/\u200f/g, '') /* RLMs scramble it inside ltr-nums */

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
  else if (sales.data.data.length === 0)
    content = (
      <EmptyState
        icon={<TrendingUp className="size-10" aria-hidden="true" />}
        title={t('sales.empty')}
        text={t('sales.empty_text')}
      />
    )
  else {
    const { data, totals } = sales.data
    content = (
      <div className="overflow-x-auto rounded-[var(--radius-card)] border border-sand-300 bg-white shadow-[var(--shadow-soft)]">
        <table className="w-full min-w-[560px] text-sm">
          <caption className="sr-only">{t('sales.title')}</caption>
          <thead className="sticky top-0 bg-sand-100 text-stone-600">
            <tr>
              <th scope="col" className="px-4 py-3 text-start font-semibold">
                {t('orders.order_id')}
              </th>
              <th scope="col" className="px-4 py-3 text-start font-semibold">
                {t('orders.date')}
              </th>
              <th scope="col" className="px-4 py-3 text-start font-semibold">
                {t('orders.customer')}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-semibold">
                {t('sales.total')}
              </th>
              <th scope="col" className="px-4 py-3 text-end font-semibold">
                {t('sales.profit')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((r) => (
              <tr key={r.id} className="border-t border-sand-200 hover:bg-sand-50">
                {/* SPEC §2: the id column, with the order number as a second line. */}
                <td className="px-4 py-3 whitespace-nowrap">
                  <p className="font-semibold ltr-nums">{`#${r.id}`}</p>
                  {r.order_number ? (
                    <p className="text-xs text-stone-500 ltr-nums">{r.order_number}</p>
                  ) : null}
                </td>
                <td className="px-4 py-3 whitespace-nowrap ltr-nums">{date(r.created_at)}</td>
                <td className="px-4 py-3">{r.customer_name}</td>
                <td className="px-4 py-3 text-end">
                  <Money value={r.total_amount} />
                </td>
                <td className="px-4 py-3 text-end">
                  <Money value={r.profit} className={r.profit < 0 ? 'text-red-700' : 'text-palm-700'} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t-2 border-sand-300 bg-sand-50 font-bold">
            <tr data-testid="sales-totals">
              <th scope="row" colSpan={3} className="px-4 py-3 text-start">
                {t('sales.totals', { count: totals.count })}
              </th>
              <td className="px-4 py-3 text-end">
                <Money value={totals.total_amount} />
              </td>
              <td className="px-4 py-3 text-end">
                <Money value={totals.profit} className="text-palm-800" />
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
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
          onChange={setRange}
          fromLabel={t('overview.from')}
          toLabel={t('overview.to')}
        />
        {range.from || range.to ? (
          <Button variant="ghost" onClick={() => setRange({ from: '', to: '' })}>
            {t('sales.all_time')}
          </Button>
        ) : null}
      </div>
      {content}
    </div>
  )
}
