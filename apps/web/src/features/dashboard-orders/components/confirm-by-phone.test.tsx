import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'
import { waitedFor } from './orders-screen.tsx'

afterEach(() => vi.unstubAllGlobals())

const order: Order = {
  ...makeOrder({
    id: 12,
    order_number: 'ORD-250101-00012',
    customer_name: 'سالم علي',
    customer_phone: '091 234 5678',
    total_amount: 255,
  }),
  history: [
    {
      id: 1,
      from_status: null,
      to_status: 'pending',
      from_payment_status: null,
      to_payment_status: 'pending',
      changed_by: null,
      actor: 'guest',
      action: null,
      reason: null,
      created_at: '2025-01-01T10:00:00Z',
    },
  ],
}

describe('confirming a cash order by phone (decision 0070)', { timeout: 20_000 }, () => {
  it('offers call and WhatsApp with the normalised number and an Arabic message naming the order, then confirms', async () => {
    let confirmed = false
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/12')
        return { body: confirmed ? { ...order, order_status: 'processing' } : order }
      if (c.method === 'POST' && c.url === '/api/orders/12/confirm') {
        confirmed = true
        return { body: { ...order, order_status: 'processing' } }
      }
      return undefined
    })
    const onClose = vi.fn()
    await renderDashboard(<OrderEditDialog order={order} onClose={onClose} />, 'en')
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:0912345678',
    )
    const whatsapp = within(dialog).getByRole('link', { name: 'WhatsApp' })
    const href = new URL(whatsapp.getAttribute('href')!)
    expect(href.origin + href.pathname).toBe('https://wa.me/218912345678')
    const text = href.searchParams.get('text')!
    expect(text).toContain('ORD-250101-00012')
    expect(text).toContain('سالم علي')
    expect(text).toContain('نود تأكيد طلبك')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmed by phone' }))
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/orders/12/confirm')).toBe(true),
    )
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('messages the WhatsApp number given at checkout when it differs from the phone', async () => {
    // Decision 0214: the order's WhatsApp part, not its notes (here saying something else).
    const withWhatsapp: Order = {
      ...order,
      customer: { ...order.customer, whatsapp: '+218 92 765 4321' },
      notes: 'WhatsApp: 0911111111',
    }
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/12' ? { body: withWhatsapp } : undefined))
    await renderDashboard(<OrderEditDialog order={withWhatsapp} onClose={() => {}} />, 'en')
    const dialog = await screen.findByRole('dialog')
    const href = new URL(
      (await within(dialog).findByRole('link', { name: 'WhatsApp' })).getAttribute('href')!,
    )
    expect(href.pathname).toBe('/218927654321')
    expect(within(dialog).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:0912345678')
    expect(within(dialog).getByText('+218 92 765 4321')).toBeInTheDocument()
  })

  it('shows who changed the order and why in the history', async () => {
    const cancelled: Order = {
      ...order,
      order_status: 'cancelled',
      history: [
        ...order.history!,
        {
          id: 2,
          from_status: 'pending',
          to_status: 'cancelled',
          from_payment_status: 'pending',
          to_payment_status: 'pending',
          changed_by: null,
          actor: 'guest',
          action: 'cancelled_by_customer',
          reason: 'Ordered twice',
          created_at: '2025-01-01T11:00:00Z',
        },
      ],
    }
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/12' ? { body: cancelled } : undefined))
    await renderDashboard(<OrderEditDialog order={cancelled} onClose={() => {}} />, 'en')
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('Cancelled by the customer')).toBeInTheDocument()
    expect(within(dialog).getByText('Ordered twice', { selector: 'bdi' }).closest('p')).toHaveTextContent(
      'Reason: Ordered twice',
    )
    expect(within(dialog).getAllByText(/by the customer \(guest\)/).length).toBeGreaterThan(0)
    // Not pending any more: no confirmation panel.
    expect(within(dialog).queryByRole('button', { name: 'Confirmed by phone' })).toBeNull()
  })

  it('says how long an order has waited in the largest sensible unit', () => {
    const now = Date.parse('2025-03-03T12:00:00Z')
    expect(waitedFor('2025-03-03T11:35:00Z', 'en', now)).toBe('25 minutes')
    expect(waitedFor('2025-03-03T07:00:00Z', 'en', now)).toBe('5 hours')
    expect(waitedFor('2025-02-28T12:00:00Z', 'en', now)).toBe('3 days')
    expect(waitedFor('2025-03-03T07:00:00Z', 'ar', now)).toBe('5 ساعات')
    // Issue 26: Arabic counted forms after «منذ»; under a minute is not «0 دقيقة».
    expect(waitedFor('2025-03-03T11:59:30Z', 'ar', now)).toBe('أقل من دقيقة')
    expect(waitedFor('2025-03-03T11:58:00Z', 'ar', now)).toBe('دقيقتين')
    expect(waitedFor('2025-03-01T12:00:00Z', 'ar', now)).toBe('يومين')
    expect(waitedFor('2025-02-18T12:00:00Z', 'ar', now)).toBe('13 يومًا')
    expect(waitedFor('2025-03-03T11:59:30Z', 'en', now)).toBe('less than a minute')
    expect(waitedFor('2025-03-03T11:59:00Z', 'en', now)).toBe('1 minute')
  })
})
