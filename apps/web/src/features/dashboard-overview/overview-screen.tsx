import { useQuery } from '@tanstack/react-query'
import { Banknote, Boxes, HandCoins, PiggyBank, ReceiptText, ShoppingBag, Tag, Users } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '../../components/ui/money.tsx'
import { MailStatusBanner } from '../../components/mail/mail-status-banner.tsx'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { FullPageSpinner } from '../../components/ui/spinner.tsx'
import { ErrorState } from '../../components/ui/states.tsx'
import { revenueQuery, statsQuery, type DateRange } from './api/overview-api.ts'
import { RevenueChart } from './components/revenue-chart.tsx'
import { LowStock, Panel, RecentOrders, TopProducts } from './components/overview-lists.tsx'
import { StatCard } from './components/stat-card.tsx'
import { currentMonth } from './date-range.ts'
import { dayIn, useShopTimeZone } from '../../lib/shop-settings.ts'
import { DateRangeToolbar } from '../../components/ui/date-range-inputs.tsx'

/** product.md §2.15 dashboard overview. */
export function OverviewScreen() {
  const { t } = useTranslation('dashboard')
  const [range, setRange] = useState<DateRange>(() => currentMonth())
  const stats = useQuery(statsQuery(range))
  const revenue = useQuery(revenueQuery(range))
  const timeZone = useShopTimeZone()

  const dateInputs = (
    <div className="flex flex-wrap items-end gap-2">
      <DateRangeToolbar
        value={range}
        onChange={setRange}
        action={{
          label: t('overview.today'),
          variant: 'secondary',
          onClick: () => {
            const today = dayIn(timeZone)
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
        {/* Decision 0229: every figure says what it counts; all but customers and products are the completed orders
            of the range, the same orders as the sales report, its CSV and the offers list. */}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label={t('overview.total_revenue')}
            value={<Money value={s.total_revenue} />}
            icon={<Banknote />}
            hint={t('figures.revenue')}
          />
          <StatCard
            label={t('overview.total_orders')}
            value={<span className="ltr-nums">{s.total_orders}</span>}
            icon={<ShoppingBag />}
            tone="blue"
            hint={t('figures.orders')}
          />
          <StatCard
            label={t('overview.average_order_value')}
            value={<Money value={s.average_order_value} />}
            icon={<ReceiptText />}
            tone="date"
            hint={t('figures.average')}
          />
          <StatCard
            label={t('overview.total_customers')}
            value={<span className="ltr-nums">{s.total_users}</span>}
            icon={<Users />}
            tone="honey"
            hint={t('figures.customers')}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label={t('overview.total_collected')}
            value={<Money value={s.total_collected} />}
            icon={<HandCoins />}
            hint={t('figures.collected')}
          />
          <StatCard
            label={t('overview.total_discounts')}
            value={<Money value={s.total_discounts} />}
            icon={<Tag />}
            tone="date"
            hint={t('figures.discounts')}
          />
          {/* Decision 0216: the API answers profit only to staff with costs.view; without it, no card. */}
          {s.total_profit !== undefined && (
            <StatCard
              label={t('overview.total_profit')}
              value={<Money value={s.total_profit} />}
              icon={<PiggyBank />}
              hint={t('figures.profit')}
            />
          )}
          <StatCard
            label={t('overview.total_products')}
            value={<span className="ltr-nums">{s.total_products}</span>}
            icon={<Boxes />}
            tone="honey"
            hint={t('figures.products')}
          />
        </div>
        <Panel title={t('overview.revenue_overview')}>
          <p className="-mt-1 mb-3 text-xs text-stone-500">{t('figures.chart')}</p>
          {/* Decision 0229: days that have not come yet (shop's clock) are not drawn, whatever the server sends. */}
          <RevenueChart points={revenue.data.data.filter((p) => p.date <= dayIn(timeZone))} />
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
      {/* Issue 39: the owner's first screen says when no mail leaves the shop. */}
      <MailStatusBanner />
      {body}
    </div>
  )
}
