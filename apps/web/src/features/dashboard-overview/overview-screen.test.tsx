import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../test/render-dashboard.tsx'
import { currentMonth } from './date-range.ts'
import { OverviewScreen } from './overview-screen.tsx'
import { dayIn } from '../../lib/shop-settings.ts'

// Chart.js cannot draw in jsdom (jsdom has no canvas): the chart is replaced by its dataset.
vi.mock('react-chartjs-2', () => ({
  Line: ({ data }: { data: { datasets: { label: string; data: number[]; tension: number }[] } }) => (
    <p data-testid="chart">{`${data.datasets[0]!.label}:${data.datasets[0]!.data.join(',')}:${data.datasets[0]!.tension}`}</p>
  ),
}))

afterEach(() => vi.unstubAllGlobals())

const stats = {
  total_revenue: '1250.5',
  total_orders: '12',
  completed_orders: 9,
  average_order_value: 104.21,
  total_discounts: '40.25',
  total_collected: '980',
  total_users: 30,
  total_profit: '300',
  total_products: 18,
  top_products: [{ product_id: 1, product: { name: 'Ajwa' }, total_quantity: '7', total_revenue: '280' }],
  // Decision 0150: low stock is per pack: two packs of one product, and one of an unnamed single pack.
  low_stock_products: [
    { id: 2, variant_id: 21, variant_label: '250 g jar', name: 'Sidr honey', price: '45', stock: 2 },
    { id: 2, variant_id: 22, variant_label: '1 kg jar', name: 'Sidr honey', price: '90', stock: 0 },
    { id: 3, variant_id: 30, variant_label: '', name: 'Date syrup', price: '20', stock: 4 },
  ],
  recent_orders: [
    { id: 44, order_number: 'ORD-1', customer_name: 'Salem', total_amount: '55', order_status: 'completed' },
  ],
}

describe('overview', { timeout: 20_000 }, () => {
  it('asks for the current month and shows parsed numbers, lists and the chart', async () => {
    const calls = stubFetch((c) => {
      if (c.url.startsWith('/api/dashboard/stats')) return { body: stats }
      if (c.url.startsWith('/api/dashboard/revenue'))
        return {
          body: {
            data: [
              { date: '2025-01-01', amount: '10.5' },
              { date: '2025-01-02', amount: 0 },
            ],
          },
        }
      return undefined
    })
    await renderDashboard(<OverviewScreen />, 'en')
    expect(await screen.findByText('1250.50 LYD')).toBeInTheDocument()
    const { from, to } = currentMonth()
    // The first stats call (the mail banner asks for the mail's state beside it, issue 39).
    expect(calls.find((c) => c.url.startsWith('/api/dashboard/stats'))!.url).toBe(
      `/api/dashboard/stats?from=${from}&to=${to}&by=variant`,
    )
    expect(screen.getByText('#1')).toBeInTheDocument()
    expect(screen.getByText('Quantity sold: 7')).toBeInTheDocument()
    expect(screen.getByText('Sidr honey – 250 g jar').closest('li')).toHaveTextContent('2 left')
    expect(screen.getByText('Sidr honey – 1 kg jar').closest('li')).toHaveTextContent('0 left')
    expect(screen.getByText('Date syrup').closest('li')).toHaveTextContent('4 left')
    expect(screen.getByText('#44')).toBeInTheDocument()
    expect(screen.getByTestId('chart')).toHaveTextContent('Revenue:10.5,0:0.1')
  })

  it('switches the top products to the top sizes when the API counts them per pack (decision 0159)', async () => {
    const perPack = {
      ...stats,
      top_variants: [
        {
          product_id: 1,
          variant_id: 12,
          product: { name: 'Ajwa' },
          variant_label: '5 kg',
          sku: 'AJW-5K',
          total_quantity: '4',
          total_revenue: '200',
        },
        {
          product_id: 1,
          variant_id: 11,
          product: { name: 'Ajwa' },
          variant_label: '1 kg',
          sku: null,
          total_quantity: '3',
          total_revenue: '80',
        },
      ],
    }
    stubFetch((c) => {
      if (c.url.startsWith('/api/dashboard/stats')) return { body: perPack }
      if (c.url.startsWith('/api/dashboard/revenue')) return { body: { data: [] } }
      return undefined
    })
    await renderDashboard(<OverviewScreen />, 'en')
    expect(await screen.findByText('Quantity sold: 7')).toBeInTheDocument()
    const perSize = screen.getByRole('button', { name: 'Per size' })
    expect(perSize).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(perSize)
    expect(perSize).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByText('Ajwa – 5 kg').closest('li')).toHaveTextContent('Quantity sold: 4 · SKU: AJW-5K')
    expect(screen.getByText('Ajwa – 1 kg').closest('li')).toHaveTextContent('80.00 LYD')
    expect(screen.queryByText('Quantity sold: 7')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Per product' }))
    expect(screen.getByText('Quantity sold: 7')).toBeInTheDocument()
  })

  it('offers no per-size switch when the API does not count sizes', async () => {
    stubFetch((c) => {
      if (c.url.startsWith('/api/dashboard/stats')) return { body: stats }
      if (c.url.startsWith('/api/dashboard/revenue')) return { body: { data: [] } }
      return undefined
    })
    await renderDashboard(<OverviewScreen />, 'en')
    expect(await screen.findByText('Quantity sold: 7')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Per size' })).not.toBeInTheDocument()
  })

  it('shows the profit card only when the API answers profit (costs.view, decision 0216)', async () => {
    const serve = (body: object) =>
      stubFetch((c) => {
        if (c.url.startsWith('/api/dashboard/stats')) return { body }
        if (c.url.startsWith('/api/dashboard/revenue')) return { body: { data: [] } }
        return undefined
      })
    serve(stats)
    const { unmount } = await renderDashboard(<OverviewScreen />, 'en')
    expect(await screen.findByText('Total profit')).toBeInTheDocument()
    expect(screen.getByText('300.00 LYD')).toBeInTheDocument()
    unmount()
    vi.unstubAllGlobals()
    const { total_profit: _profit, ...withoutProfit } = stats
    serve(withoutProfit)
    await renderDashboard(<OverviewScreen />, 'en')
    expect(await screen.findByText('1250.50 LYD')).toBeInTheDocument()
    expect(screen.queryByText('Total profit')).toBeNull()
    expect(screen.queryByText('300.00 LYD')).toBeNull()
    expect(screen.getByText('Total products')).toBeInTheDocument()
  })

  it('shows an error with Try Again instead of an endless spinner', async () => {
    let fail = true
    stubFetch((c) => {
      if (fail)
        return { status: 403, body: { code: 'FORBIDDEN', message: 'You do not have permission to do this' } }
      if (c.url.startsWith('/api/dashboard/stats'))
        return { body: { ...stats, top_products: [], low_stock_products: [] } }
      return { body: { data: [] } }
    })
    await renderDashboard(<OverviewScreen />, 'en')
    expect(await screen.findByText('The statistics could not be loaded')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('No sales in this period yet')).toBeInTheDocument()
    expect(screen.getByText('Every product is well stocked')).toBeInTheDocument()
  })

  /** The day `offset` days from today on the shop's clock, YYYY-MM-DD. */
  const shopDay = (timeZone: string, offset: number) => {
    const [y, m, d] = dayIn(timeZone).split('-').map(Number) as [number, number, number]
    return new Date(Date.UTC(y, m - 1, d + offset)).toISOString().slice(0, 10)
  }

  for (const lang of ['en', 'ar'] as const) {
    it(`says what each figure counts and draws the chart up to the shop's today, not beyond (${lang}, decision 0229)`, async () => {
      // A shop far east of the browser: its today is the chart's last day, whatever the browser's date.
      const timeZone = 'Pacific/Kiritimati'
      stubFetch((c) => {
        if (c.url.startsWith('/api/dashboard/stats')) return { body: stats }
        if (c.url.startsWith('/api/dashboard/revenue'))
          return {
            body: {
              data: [-2, -1, 0, 1, 2].map((offset) => ({
                date: shopDay(timeZone, offset),
                amount: 10 + offset,
              })),
            },
          }
        return undefined
      })
      await renderDashboard(<OverviewScreen />, lang, { settings: { timezone: timeZone } })
      const texts =
        lang === 'en'
          ? {
              revenue:
                'Completed orders of the period: what customers pay, delivery included, after discounts',
              orders:
                'Every order placed in the period, whatever its status; the money figures count the completed ones',
              average: 'Revenue ÷ completed orders',
              collected: 'Of the revenue, what was paid: cash received or paid online',
              discounts: 'Taken off the completed orders (already out of the revenue)',
              chart: 'Revenue of the completed orders, day by day, up to today',
              collectedLabel: 'Collected',
              discountsLabel: 'Discounts',
            }
          : {
              revenue: 'الطلبات المكتملة في الفترة: ما يدفعه العملاء شاملًا التوصيل وبعد الخصومات',
              orders: 'كل طلبات الفترة أيًا كانت حالتها؛ أما الأرقام المالية فتعدّ المكتمل منها',
              average: 'الإيرادات ÷ الطلبات المكتملة',
              collected: 'ما دُفع فعلًا من الإيرادات: نقدًا مستلمًا أو إلكترونيًا',
              discounts: 'ما خُصم من الطلبات المكتملة (مطروح من الإيرادات)',
              chart: 'إيرادات الطلبات المكتملة يومًا بيوم حتى اليوم',
              collectedLabel: 'المحصَّل',
              discountsLabel: 'الخصومات',
            }
      expect(await screen.findByText(texts.revenue)).toBeInTheDocument()
      for (const hint of [texts.orders, texts.average, texts.collected, texts.discounts, texts.chart])
        expect(screen.getByText(hint)).toBeInTheDocument()
      // The collected and discount cards carry their amounts.
      expect(screen.getByText(texts.collectedLabel).parentElement).toHaveTextContent(/980\.00/)
      expect(screen.getByText(texts.discountsLabel).parentElement).toHaveTextContent(/40\.25/)
      // Two days before today and today: the two days to come are not drawn as a fall to 0.
      expect(screen.getByTestId('chart')).toHaveTextContent(/:8,9,10:/)
    })
  }
})
