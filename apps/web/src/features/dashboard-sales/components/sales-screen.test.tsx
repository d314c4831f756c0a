import { fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch, TEST_OWNER } from '../../../test/render-dashboard.tsx'
import { salesFileName } from '../api/sales-api.ts'
import { SalesScreen } from './sales-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

const order = (id: number, extra: Record<string, unknown>) => ({
  id,
  order_number: `ORD-250101-0000${id}`,
  customer_name: `Customer ${id}`,
  created_at: '2025-01-01T10:00:00Z',
  payment_method: 'cash',
  order_status: 'completed',
  total_amount: 10,
  profit: 1,
  items: [],
  ...extra,
})

// 23 completed orders in the range: 10 a page; totals summed by the server over all 23.
function salesServer() {
  return stubFetch((c) => {
    if (!c.url.startsWith('/api/orders?')) return undefined
    const page = Number(new URL(c.url, 'http://x').searchParams.get('page') ?? 1)
    const data =
      page === 1
        ? [
            order(1, {
              total_amount: '100.50',
              profit: '20.25',
              payment_method: 'massarat',
              payment_status: 'paid',
              discount_total: '12.50',
            }),
            order(2, { profit: -3 }),
          ]
        : [order(21, { customer_name: 'Page two' })]
    return {
      body: {
        data,
        total: 23,
        last_page: 3,
        current_page: page,
        per_page: 10,
        totals: { total_amount: '4321.75', profit: '876.50', collected: '4000.25', discount_total: '112.50' },
      },
    }
  })
}

describe('sales', { timeout: 20_000 }, () => {
  it('asks the server for one page of completed orders and shows its totals over the whole range', async () => {
    const calls = salesServer()
    await renderDashboard(<SalesScreen />, 'en')
    expect(await screen.findByRole('columnheader', { name: 'Order ID' })).toBeInTheDocument()
    const params = new URL(calls[0]!.url, 'http://x').searchParams
    expect(new URL(calls[0]!.url, 'http://x').pathname).toBe('/api/orders')
    expect(Object.fromEntries(params)).toEqual({ status: 'completed', page: '1', per_page: '10' })
    // The id column shows #id, with the order number as a second line; amounts given as strings.
    const idCell = screen.getByText('#1').closest('td')!
    expect(within(idCell).getByText('ORD-250101-00001')).toBeInTheDocument()
    const first = screen.getByText('#1').closest('tr')!
    expect(within(first).getByText('Massarat')).toBeInTheDocument()
    // The payment's state beside its method (issue: online payments).
    expect(screen.getByRole('columnheader', { name: 'Payment' })).toBeInTheDocument()
    expect(within(first).getByText('Paid')).toBeInTheDocument()
    expect(within(first).getByText('20.25 LYD')).toBeInTheDocument()
    // Decision 0172: what offers took off each order and off the range, beside the net total and profit.
    expect(screen.getByRole('columnheader', { name: 'Discounts' })).toBeInTheDocument()
    expect(within(first).getByText('12.50 LYD').parentElement).toHaveTextContent('−12.50 LYD')
    expect(within(screen.getByText('#2').closest('tr')!).getAllByText('—').length).toBeGreaterThan(0)
    expect(within(screen.getByText('#2').closest('tr')!).getByText('Cash on delivery')).toBeInTheDocument()
    const totals = screen.getByTestId('sales-totals')
    expect(within(totals).getByText('Totals (23 orders)')).toBeInTheDocument()
    expect(within(totals).getByText('4321.75 LYD')).toBeInTheDocument()
    expect(within(totals).getByText('876.50 LYD')).toBeInTheDocument()
    expect(within(totals).getByText('112.50 LYD').parentElement).toHaveTextContent('−112.50 LYD')
    // Decision 0132: what of it was collected.
    expect(screen.getByTestId('sales-collected')).toHaveTextContent('Collected: 4000.25 LYD')
    expect(screen.getByText('Showing 1-2 of 23 results')).toBeInTheDocument()
  })

  it('pages on the server and starts again from page 1 for a new range, keeping the totals row', async () => {
    const calls = salesServer()
    await renderDashboard(<SalesScreen />, 'ar')
    fireEvent.click(await screen.findByRole('button', { name: 'صفحة 2' }))
    expect(await screen.findByText('Page two')).toBeInTheDocument()
    expect(new URL(calls.at(-1)!.url, 'http://x').searchParams.get('page')).toBe('2')
    expect(within(screen.getByTestId('sales-totals')).getByText('4321.75 د.ل')).toBeInTheDocument()
    fireEvent.change(screen.getByLabelText('من'), { target: { value: '2025-01-01' } })
    await vi.waitFor(() =>
      expect(Object.fromEntries(new URL(calls.at(-1)!.url, 'http://x').searchParams)).toMatchObject({
        from: '2025-01-01',
        page: '1',
      }),
    )
  })

  it('leaves the profit column and its total out for staff without costs.view (decision 0216)', async () => {
    salesServer()
    await renderDashboard(<SalesScreen />, 'en', {
      as: {
        ...TEST_OWNER,
        id: 7,
        role: 'admin',
        roles: [{ name: 'admin' }],
        permissions: ['stats.view', 'orders.view', 'orders.export'],
      },
    })
    expect(await screen.findByRole('columnheader', { name: 'Total' })).toBeInTheDocument()
    expect(screen.queryByRole('columnheader', { name: 'Profit' })).toBeNull()
    expect(screen.queryByText('20.25 LYD')).toBeNull()
    const totals = screen.getByTestId('sales-totals')
    expect(within(totals).getByText('4321.75 LYD')).toBeInTheDocument()
    expect(within(totals).queryByText('876.50 LYD')).toBeNull()
  })

  it('names the export file after the range', () => {
    expect(salesFileName({ from: '', to: '' })).toBe('sales_all_all.csv')
    expect(salesFileName({ from: '2025-01-01', to: '' })).toBe('sales_2025-01-01_all.csv')
    expect(salesFileName({ from: '2025-01-01', to: '2025-01-31' })).toBe('sales_2025-01-01_2025-01-31.csv')
  })

  it('says so when the range has no completed orders', async () => {
    stubFetch(() => ({
      body: {
        data: [],
        total: 0,
        last_page: 1,
        current_page: 1,
        per_page: 10,
        totals: { total_amount: 0, profit: 0 },
      },
    }))
    await renderDashboard(<SalesScreen />, 'en')
    expect(await screen.findByText('No completed orders')).toBeInTheDocument()
    expect(screen.queryByTestId('sales-totals')).toBeNull()
  })

  it('shows a load failure with Try Again and a toast', async () => {
    stubFetch(() => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } }))
    await renderDashboard(<SalesScreen />, 'en')
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.getAllByText('Failed to load sales').length).toBeGreaterThanOrEqual(2)
  })
})
