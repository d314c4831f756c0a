import { useQuery } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

const row = makeOrder({
  id: 12,
  order_number: 'ORD-250101-00012',
  customer_name: 'Salem (row)',
  customer_email: 'salem@example.com',
  customer_phone: '0912345678',
  subtotal: 100,
  total_amount: 100,
  created_at: '2025-01-01T10:00:00Z',
})
const full: Order = { ...row, customer_name: 'Salem Ali', notes: 'Call first', history: [] }

/** Holds every GET of the order until `release()` is called. */
function holdDetail() {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const inner = globalThis.fetch
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/orders/12' && (init?.method ?? 'GET') === 'GET') await gate
    return inner(input, init)
  })
  return () => act(async () => release())
}

afterEach(() => vi.unstubAllGlobals())

describe('order edit dialog', { timeout: 20_000 }, () => {
  it('shows a loading state until the full order arrives, then fills the form from it', async () => {
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/12' ? { body: full } : undefined))
    const release = holdDetail()
    await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, 'en')
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('heading', { name: 'Edit order #12' })).toBeInTheDocument()
    expect(within(dialog).getByText('ORD-250101-00012')).toBeInTheDocument()
    expect(within(dialog).queryByLabelText(/^Customer name/)).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled()
    await release()
    expect(await within(dialog).findByLabelText(/^Customer name/)).toHaveValue('Salem Ali')
    expect(within(dialog).getByLabelText(/^Notes/)).toHaveValue('Call first')
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('never resets what the admin typed when the order is fetched again', async () => {
    let answer = full
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/12') return { body: answer }
      if (c.method === 'PUT' && c.url === '/api/orders/12') return { body: answer }
      return undefined
    })
    const onClose = vi.fn()
    const { client } = await renderDashboard(<OrderEditDialog order={row} onClose={onClose} />, 'en')
    const name = await screen.findByLabelText(/^Customer name/)
    expect(name).toHaveValue('Salem Ali')
    await userEvent.clear(name)
    await userEvent.type(name, 'Typed by the admin')
    answer = { ...full, customer_name: 'Changed on the server', notes: 'Server note' }
    await act(() => client.refetchQueries({ queryKey: dashboardKeys.orders.detail(12) }))
    // The order itself twice (the dialog also lists the order's payments, once).
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/orders/12')).toHaveLength(2)
    expect(screen.getByLabelText(/^Customer name/)).toHaveValue('Typed by the admin')
    expect(screen.getByLabelText(/^Notes/)).toHaveValue('Call first')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      customer_name: 'Typed by the admin',
      notes: 'Call first',
    })
  })

  it('offers the phone confirmation on a pending cash order only, not on one waiting for its online payment', async () => {
    let answer: Order = full
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/12' ? { body: answer } : undefined))
    const first = await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, 'en')
    expect(
      await screen.findByRole('heading', { name: 'Confirm this cash order with the customer' }),
    ).toBeInTheDocument()
    first.unmount()
    answer = { ...full, payment_method: 'massarat' }
    await renderDashboard(
      <OrderEditDialog order={{ ...row, payment_method: 'massarat' }} onClose={() => {}} />,
      'en',
    )
    expect(await screen.findByLabelText(/^Customer name/)).toHaveValue('Salem Ali')
    expect(
      screen.queryByRole('heading', { name: 'Confirm this cash order with the customer' }),
    ).not.toBeInTheDocument()
  })

  it('offers only the statuses the order’s lifecycle allows from its saved one (decision 0219)', async () => {
    stubFetch((c) =>
      c.method === 'GET' && c.url === '/api/orders/12'
        ? { body: { ...full, order_status: 'completed' } }
        : undefined,
    )
    await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, 'en')
    const dialog = await screen.findByRole('dialog')
    const status = await within(dialog).findByLabelText(/^Order status/)
    const option = (name: string) => within(status).getByRole('option', { name }) as HTMLOptionElement
    // Delivered orders do not wait for confirmation again; they may be reopened or cancelled.
    expect(option('Pending').disabled).toBe(true)
    expect(option('Processing').disabled).toBe(false)
    expect(option('Completed').disabled).toBe(false)
    expect(option('Cancelled').disabled).toBe(false)
  })

  it('falls back to the row data when the full order cannot be loaded', async () => {
    stubFetch((c) =>
      c.url === '/api/orders/12' ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : undefined,
    )
    await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, 'en')
    expect(await screen.findByText('boom')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Customer name/)).toHaveValue('Salem (row)')
    expect(screen.getByLabelText(/^Email/)).toHaveValue('salem@example.com')
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('lists the order’s payment attempts with the provider’s ids, flags and a PayPal refund', async () => {
    const attempt = {
      id: 5,
      provider: 'paypal',
      gateway: 'paypal',
      state: 'paid',
      amount: 12.35,
      currency: 'USD',
      exchange_rate: 4.85,
      order_amount: 59.85,
      failure: null,
      created_at: '2025-01-01T10:00:00Z',
      order_id: 12,
      invoice_no: 'ORD-250101-00012',
      provider_ref: '5O190127TN364715T',
      provider_transaction_id: '3C679366HH908993F',
      refund_id: null,
      flag: 'paid_after_expiry',
      flag_resolved_at: null,
      recorded_by: null,
      note: null,
      paid_at: '2025-01-01T10:05:00Z',
      updated_at: '2025-01-01T10:05:00Z',
      events: [],
      refundable: true,
    }
    let refunded = false
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/12') return { body: full }
      if (c.method === 'GET' && c.url === '/api/payments?order_id=12')
        return {
          body: {
            data: [
              refunded ? { ...attempt, state: 'refunded', refund_id: 'RF1', refundable: false } : attempt,
            ],
          },
        }
      if (c.method === 'POST' && c.url === '/api/payments/5/refund') {
        refunded = true
        return { body: { ...attempt, state: 'refunded' } }
      }
      return undefined
    })
    await renderDashboard(<OrderEditDialog order={row} onClose={() => {}} />, 'en')
    const card = await screen.findByTestId('payment-attempt')
    expect(within(card).getByText('5O190127TN364715T')).toBeInTheDocument()
    expect(within(card).getByText('3C679366HH908993F')).toBeInTheDocument()
    expect(card).toHaveTextContent('12.35 USD')
    expect(card).toHaveTextContent('1 USD = 4.85 LYD')
    expect(card).toHaveTextContent('Paid after the time to pay ran out; the stock was taken again.')
    await userEvent.click(within(card).getByRole('button', { name: 'Refund' }))
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, refund' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST' && c.url === '/api/payments/5/refund')).toHaveLength(1),
    )
    expect(
      await within(await screen.findByTestId('payment-attempt')).findByText('Refunded'),
    ).toBeInTheDocument()
  })
})

/** The overview's and the sales report's queries (their keys), as if those screens were on screen too. */
function OtherScreens() {
  const range = { from: '', to: '' }
  const stats = useQuery({
    queryKey: dashboardKeys.overview.stats(range),
    queryFn: () => api<{ total_revenue: number }>('/api/dashboard/stats'),
  })
  const sales = useQuery({
    queryKey: dashboardKeys.sales.list({ ...range, page: 1, per_page: 10 }),
    queryFn: () => api<{ total: number }>('/api/orders?status=completed'),
  })
  return <p>{`revenue ${stats.data?.total_revenue ?? '…'}, sales ${sales.data?.total ?? '…'}`}</p>
}

describe('order edit: what a save refreshes (product.md §4.7)', { timeout: 20_000 }, () => {
  it('completing an order refreshes the overview and the sales report on screen, then closes', async () => {
    let completed = false
    stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/12') return { body: full }
      if (c.method === 'PUT' && c.url === '/api/orders/12') {
        completed = true
        return { body: { ...full, order_status: 'completed' } }
      }
      if (c.url === '/api/dashboard/stats') return { body: { total_revenue: completed ? 100 : 0 } }
      if (c.url === '/api/orders?status=completed') return { body: { total: completed ? 1 : 0 } }
      return undefined
    })
    const onClose = vi.fn()
    await renderDashboard(
      <>
        <OrderEditDialog order={row} onClose={onClose} />
        <OtherScreens />
      </>,
      'en',
    )
    expect(await screen.findByText('revenue 0, sales 0')).toBeInTheDocument()
    await userEvent.selectOptions(await screen.findByLabelText(/^Order status/), 'completed')
    // A cash order: decision 0132 asks whether the cash was collected.
    await userEvent.click(screen.getByRole('radio', { name: 'Not yet (stays unpaid)' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    // The numbers were fetched again before the dialog reported success.
    expect(screen.getByText('revenue 100, sales 1')).toBeInTheDocument()
  })
})
