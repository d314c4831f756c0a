import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../dashboard-shell/test-render.tsx'
import { salesFileName } from '../api/sales-api.ts'
import { SalesScreen } from './sales-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

describe('sales', { timeout: 20_000 }, () => {
  it('lists completed orders with real profit and a totals row (amounts given as strings)', async () => {
    const calls = stubFetch((c) =>
      c.url.startsWith('/api/sales')
        ? {
            body: {
              data: [
                {
                  id: 1,
                  order_number: 'ORD-250101-00001',
                  customer_name: 'Salem',
                  created_at: '2025-01-01T10:00:00Z',
                  total_amount: '100.50',
                  profit: '20.25',
                },
                {
                  id: 2,
                  order_number: 'ORD-250102-00002',
                  customer_name: 'Huda',
                  created_at: '2025-01-02T10:00:00Z',
                  total_amount: 49.5,
                  profit: 9.75,
                },
              ],
              totals: { total_amount: '150.00', profit: '30.00', count: 2 },
            },
          }
        : undefined,
    )
    await renderDashboard(<SalesScreen />, 'en')
    // SPEC §2: the id column shows #id, with the order number as a second line.
    expect(await screen.findByRole('columnheader', { name: 'Order ID' })).toBeInTheDocument()
    const idCell = screen.getByText('#1').closest('td')!
    expect(within(idCell).getByText('ORD-250101-00001')).toBeInTheDocument()
    expect(screen.getByText('20.25 د.ل')).toBeInTheDocument()
    const totals = screen.getByTestId('sales-totals')
    expect(within(totals).getByText('Totals (2 orders)')).toBeInTheDocument()
    expect(within(totals).getByText('150.00 د.ل')).toBeInTheDocument()
    expect(within(totals).getByText('30.00 د.ل')).toBeInTheDocument()
    expect(calls[0]!.url).toBe('/api/sales')
  })

  it('names the export file after the range', () => {
    expect(salesFileName({ from: '', to: '' })).toBe('sales_all_all.csv')
    expect(salesFileName({ from: '2025-01-01', to: '' })).toBe('sales_2025-01-01_all.csv')
    expect(salesFileName({ from: '2025-01-01', to: '2025-01-31' })).toBe('sales_2025-01-01_2025-01-31.csv')
  })

  it('shows a load failure with Try Again and a toast', async () => {
    stubFetch(() => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Down' } }))
    await renderDashboard(<SalesScreen />, 'en')
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.getAllByText('Failed to load sales').length).toBeGreaterThanOrEqual(2)
  })
})
