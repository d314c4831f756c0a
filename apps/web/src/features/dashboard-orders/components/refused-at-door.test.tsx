import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

afterEach(() => vi.unstubAllGlobals())

const processing: Order = {
  ...makeOrder({ id: 31, order_number: 'ORD-250101-00031', order_status: 'processing' }),
  history: [],
}

describe('refused at the door (decision 0173)', { timeout: 20_000 }, () => {
  it('asks first, then cancels the cash order through the API and closes', async () => {
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/31') return { body: processing }
      if (c.method === 'POST' && c.url === '/api/orders/31/refused-at-door')
        return { body: { ...processing, order_status: 'cancelled' } }
      return undefined
    })
    const onClose = vi.fn()
    await renderDashboard(<OrderEditDialog order={processing} onClose={onClose} />, 'ar')
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(await within(dialog).findByRole('button', { name: 'رُفض عند الاستلام' }))
    // Nothing is sent before the staff member confirms what it does.
    const ask = await screen.findByRole('dialog', { name: 'هل رفض الزبون استلام الطلب؟' })
    expect(ask).toHaveTextContent('ORD-250101-00031')
    expect(calls.some((c) => c.url.endsWith('/refused-at-door'))).toBe(false)
    await userEvent.click(within(ask).getByRole('button', { name: 'نعم، ألغِ الطلب' }))
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/orders/31/refused-at-door')).toBe(true),
    )
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('is not offered for an order already completed, nor for one paid online', async () => {
    for (const order of [
      { ...processing, order_status: 'completed' as const },
      { ...processing, payment_method: 'paypal' as const, payment_status: 'paid' as const },
    ]) {
      stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/31' ? { body: order } : undefined))
      const { unmount } = await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, 'en')
      const dialog = await screen.findByRole('dialog')
      // The order's details have loaded (its contact block shows the phone) before asking what is offered.
      await within(dialog).findByText('0910000000')
      expect(within(dialog).queryByRole('button', { name: 'Refused at the door' })).toBeNull()
      unmount()
    }
  })
})
