import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrdersScreen } from './orders-screen.tsx'

const order = (id: number, customer: string) => makeOrder({ id, customer_name: customer })

afterEach(() => vi.unstubAllGlobals())

describe('orders: emptied last page', { timeout: 20_000 }, () => {
  it('goes back to the last page with rows when page 2 has emptied meanwhile', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => order(i + 1, `Customer ${i + 1}`))
    let loads = 0
    stubFetch((c) => {
      if (c.method !== 'GET' || !c.url.startsWith('/api/orders')) return undefined
      loads += 1
      // The first load still counts 11 orders; by the time page 2 is asked for, one has left the list.
      if (c.url.includes('page=2'))
        return { body: { data: [], total: 10, last_page: 1, current_page: 2, per_page: 10 } }
      return {
        body: {
          data: firstPage,
          total: loads === 1 ? 11 : 10,
          last_page: loads === 1 ? 2 : 1,
          current_page: 1,
          per_page: 10,
        },
      }
    })
    await renderDashboard(<OrdersScreen />, 'en')
    await screen.findByText('Customer 1')
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await vi.waitFor(() => expect(loads).toBe(3))
    expect(await screen.findByText('Customer 1')).toBeInTheDocument()
    expect(screen.queryByText('No orders')).not.toBeInTheDocument()
  })
})
