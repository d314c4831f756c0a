import { useQuery } from '@tanstack/react-query'
import { Banknote, Boxes, PiggyBank, ReceiptText, ShoppingBag, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/ui/money.tsx'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { FullPageSpinner } from '../../components/ui/spinner.tsx'
import { ErrorState } from '../../components/ui/states.tsx'
import { revenueQuery, statsQuery, type DateRange } from './api/overview-api.ts'
import { RevenueChart } from './components/revenue-chart.tsx'
import { LowStock, Panel, RecentOrders, TopProducts } from './components/overview-lists.tsx'
import { StatCard } from './components/stat-card.tsx'
import { currentMonth, isoDay } from './date-range.ts'
import { DateRangeToolbar } from '../../components/ui/date-range-inputs.tsx'

/** product.md §2.15 dashboard overview. */
export function OverviewScreen() {
  const { t } = useTranslation('dashboard')
  const [range, setRange] = useState<DateRange>(() => currentMonth())
  const stats = useQuery(statsQuery(range))
  const revenue = useQuery(revenueQuery(range))

  const dateInputs = (
    <div className="flex flex-wrap items-end gap-2">
      <DateRangeToolbar
        value={range}
        onChange={setRange}
        action={{
          label: t('overview.today'),
          variant: 'secondary',
          onClick: () => {
            const today = isoDay(new Date())
            setRange({ from: today, to: today })
          },
        }}
      />
    </div>
  )

  // product.md §2.15: a full-screen spinner while either query loads; errors are shown with Try Again.
  let body
  if (stats.isPending || revenue.isPending) {
    body = stats.isError || revenue.isError ? null : <FullPageSpinner />
  }
  if (stats.isError || revenue.isError) {
    const err = stats.error ?? revenue.error
    body = (
      <ErrorState
        title={t('overview.load_failed')}
        message={err?.message}
        onRetry={() => {
          if (stats.isError) void stats.refetch()
          if (revenue.isError) void revenue.refetch()
        }}
      />
    )
  } else if (stats.data && revenue.data) {
    const s = stats.data
    body = (
      <div className="space-y-6">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label={t('overview.total_revenue')}
            value={<Money value={s.total_revenue} />}
            icon={<Banknote />}
          />
          <StatCard
            label={t('overview.total_orders')}
            value={<span className="ltr-nums">{s.total_orders}</span>}
            icon={<ShoppingBag />}
            tone="blue"
          />
          <StatCard
            label={t('overview.average_order_value')}
            value={<Money value={s.average_order_value} />}
            icon={<ReceiptText />}
            tone="date"
          />
          <StatCard
            label={t('overview.total_customers')}
            value={<span className="ltr-nums">{s.total_users}</span>}
            icon={<Users />}
            tone="honey"
          />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {/* Decision 0216: the API answers profit only to staff with costs.view; without it, no card. */}
          {s.total_profit !== undefined && (
            <StatCard
              label={t('overview.total_profit')}
              value={<Money value={s.total_profit} />}
              icon={<PiggyBank />}
            />
          )}
          <StatCard
            label={t('overview.total_products')}
            value={<span className="ltr-nums">{s.total_products}</span>}
            icon={<Boxes />}
            tone="date"
          />
        </div>
        <Panel title={t('overview.revenue_overview')}>
          <RevenueChart points={revenue.data.data} />
        </Panel>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <TopProducts items={s.top_products} variants={s.top_variants} />
          <LowStock items={s.low_stock_products} />
        </div>
        <RecentOrders items={s.recent_orders} />
      </div>
    )
  }

  return (
    <div>
      <PageHeader title={t('title')} actions={dateInputs} />
      {body}
    </div>
  )
}
