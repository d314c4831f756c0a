import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '@shop/shared/schemas/auth'
import type { Courier, Shipment } from '@shop/shared/schemas/delivery'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch, TEST_OWNER } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

// Issue 42: a confirmed order goes out for delivery from its dialog, with one of the shop's active couriers.

afterEach(() => vi.unstubAllGlobals())

const processing: Order = {
  ...makeOrder({ id: 31, order_number: 'ORD-250101-00031', order_status: 'processing' }),
  shipment: null,
  history: [],
}

const courier = (fields: Partial<Courier>): Courier => ({
  id: 1,
  kind: 'driver',
  name: 'Salem',
  phone: '0911111111',
  tracking_url_pattern: null,
  default_fee: 0,
  is_active: true,
  driver_link_expires_at: null,
  created_at: '2025-01-01T00:00:00Z',
  ...fields,
})
const couriers = [
  courier({ id: 1, name: 'Salem' }),
  courier({ id: 2, kind: 'company', name: 'Aramex', default_fee: 15 }),
  courier({ id: 3, name: 'Retired driver', is_active: false }),
]

function stub(ship: (body: unknown) => { status?: number; body?: unknown }) {
  let shipped = false
  const calls = stubFetch((c) => {
    if (c.method === 'GET' && c.url === '/api/orders/31')
      return {
        body: shipped
          ? {
              ...processing,
              order_status: 'shipped',
              shipment: {
                id: 5,
                courier_name: 'Aramex',
                courier_kind: 'company',
                tracking_number: 'AX-77',
                tracking_url: null,
                status: 'out_for_delivery',
              },
            }
          : processing,
      }
    if (c.method === 'GET' && c.url === '/api/couriers') return { body: { data: couriers } }
    if (c.method === 'POST' && c.url === '/api/shipments') {
      const answer = ship(c.body)
      shipped = (answer.status ?? 201) < 400
      return { status: 201, ...answer }
    }
    return undefined
  })
  return calls
}

const shipped = (): { body: { data: Partial<Shipment>[] } } => ({
  body: { data: [{ id: 5, courier_name: 'Aramex' }] },
})

describe('send out for delivery (issue 42)', { timeout: 20_000 }, () => {
  it('offers the active couriers and posts the courier, the order and its tracking number (English)', async () => {
    const calls = stub(shipped)
    await renderDashboard(<OrderEditDialog order={processing} onClose={() => {}} />, 'en')
    const section = await within(await screen.findByRole('dialog')).findByTestId('ship-order')
    expect(within(section).getByRole('heading', { name: 'Send out for delivery' })).toBeInTheDocument()
    const select = await within(section).findByRole('combobox', { name: /Courier/ })
    const options = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(options).toEqual(['Choose a courier…', 'Salem (Own driver)', 'Aramex (Courier company)'])

    // Nothing chosen: the form says so and sends nothing.
    await userEvent.click(within(section).getByRole('button', { name: 'Send out for delivery' }))
    expect(await within(section).findByText('Choose who takes the box')).toBeInTheDocument()
    expect(calls.some((c) => c.url === '/api/shipments')).toBe(false)

    await userEvent.selectOptions(select, '2')
    await userEvent.type(within(section).getByRole('textbox', { name: /Tracking number/ }), ' AX-77 ')
    await userEvent.click(within(section).getByRole('button', { name: 'Send out for delivery' }))
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/shipments')).toBe(true),
    )
    expect(calls.find((c) => c.url === '/api/shipments')!.body).toEqual({
      courier_id: 2,
      order_ids: [31],
      tracking_numbers: { '31': 'AX-77' },
    })
    expect(
      await screen.findByText('Order ORD-250101-00031 is out for delivery with Aramex'),
    ).toBeInTheDocument()
    // The order now reads out for delivery: the section gives way to its Delivery panel.
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByTestId('shipment-panel')).toBeInTheDocument()
    expect(within(dialog).queryByTestId('ship-order')).toBeNull()
    expect(within(dialog).getByRole('combobox', { name: 'Order status' })).toHaveValue('shipped')
  })

  it('sends no tracking number when none is typed, and shows the API’s refusal in Arabic', async () => {
    const message =
      'لا يمكن إخراج الطلب ORD-250101-00031 للتوصيل: يُشحن الطلب المؤكد (قيد التجهيز) الذي لا شحنة له فقط. لم يُشحن شيء'
    const calls = stub(() => ({ status: 409, body: { code: 'ORDER_NOT_SHIPPABLE', message } }))
    await renderDashboard(<OrderEditDialog order={processing} onClose={() => {}} />, 'ar')
    const section = await within(await screen.findByRole('dialog')).findByTestId('ship-order')
    expect(within(section).getByRole('heading', { name: 'إرسال للتوصيل' })).toBeInTheDocument()
    await userEvent.selectOptions(await within(section).findByRole('combobox', { name: /المندوب/ }), '1')
    await userEvent.click(within(section).getByRole('button', { name: 'إرسال للتوصيل' }))
    expect(await within(section).findByRole('alert')).toHaveTextContent(message)
    expect(calls.find((c) => c.url === '/api/shipments')!.body).toEqual({ courier_id: 1, order_ids: [31] })
    // Still a confirmed order: the section stays to try again.
    expect(within(screen.getByRole('dialog')).getByTestId('ship-order')).toBeInTheDocument()
  })

  it('is not offered to staff without delivery.manage, nor for a pending order', async () => {
    const clerk: User = { ...TEST_OWNER, role: 'admin', permissions: ['orders.view', 'orders.process'] }
    stub(shipped)
    const first = await renderDashboard(<OrderEditDialog order={processing} onClose={() => {}} />, 'en', {
      as: clerk,
    })
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByRole('combobox', { name: 'Order status' })
    expect(within(dialog).queryByTestId('ship-order')).toBeNull()
    first.unmount()

    const pending = { ...processing, order_status: 'pending' as const }
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/31' ? { body: pending } : undefined))
    await renderDashboard(<OrderEditDialog order={pending} onClose={() => {}} />, 'en')
    const again = await screen.findByRole('dialog')
    await within(again).findByRole('combobox', { name: 'Order status' })
    expect(within(again).queryByTestId('ship-order')).toBeNull()
  })
})
