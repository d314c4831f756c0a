import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { whatsappStatusQuery } from '../api/whatsapp-status.ts'
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

// Issue 41: the WhatsApp filter beside the status filter, and the channel's trouble above the list.
describe('orders: WhatsApp', { timeout: 20_000 }, () => {
  const page = { data: [order(1, 'Customer 1')], total: 1, last_page: 1, current_page: 1, per_page: 10 }
  const whatsapp = (state: string) => ({
    state,
    last_error: state === 'failing' ? 'Message failed to send' : null,
    last_error_code: state === 'failing' ? '131056' : null,
    last_error_at: state === 'failing' ? '2025-01-05T08:00:00Z' : null,
    last_sent_at: null,
    queued: 0,
    missing_templates: [],
  })
  const stub = (state: string) =>
    stubFetch((c) => {
      if (c.method !== 'GET') return undefined
      if (c.url === '/api/whatsapp/status') return { body: whatsapp(state) }
      if (c.url.startsWith('/api/orders')) return { body: page }
      return undefined
    })

  it('asks for the orders to call when "call them" is chosen', async () => {
    const calls = stub('working')
    await renderDashboard(<OrdersScreen />, 'en')
    await screen.findByText('Customer 1')
    const filter = screen.getByTestId('whatsapp-filter')
    expect(filter).toHaveAccessibleName('WhatsApp')
    await userEvent.selectOptions(filter, screen.getByRole('option', { name: 'WhatsApp: no reply, call' }))
    await vi.waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/api/orders?') && c.url.includes('whatsapp=call'))).toBe(
        true,
      ),
    )
    // "All" sends no WhatsApp parameter.
    expect(calls.filter((c) => c.url.startsWith('/api/orders?'))[0]!.url).not.toContain('whatsapp=')
  })

  it('offers the filter in Arabic', async () => {
    stub('working')
    await renderDashboard(<OrdersScreen />, 'ar')
    const filter = await screen.findByTestId('whatsapp-filter')
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'واتساب: الكل',
      'واتساب: أكّدها العميل',
      'واتساب: بانتظار الرد',
      'واتساب: تعذّرت رسالة',
      'واتساب: لا رد، اتصل بالعميل',
    ])
  })

  it('warns above the list while WhatsApp fails, not while it is merely not set up', async () => {
    stub('failing')
    const failing = await renderDashboard(<OrdersScreen />, 'en')
    const banner = await screen.findByTestId('whatsapp-status-banner')
    expect(banner).toHaveTextContent('WhatsApp is failing')
    expect(banner).toHaveTextContent('Too many messages to this number in a short time (code 131056)')
    failing.unmount()
    vi.unstubAllGlobals()
    stub('not_configured')
    const { client } = await renderDashboard(<OrdersScreen />, 'en')
    await screen.findByText('Customer 1')
    await vi.waitFor(() => expect(client.getQueryData(whatsappStatusQuery().queryKey)).toBeDefined())
    expect(screen.queryByTestId('whatsapp-status-banner')).not.toBeInTheDocument()
  })
})
