import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

const line = (id: number, product_id: number, name: string, quantity: number, unit_price: number) => ({
  id,
  product_id,
  quantity,
  unit_price,
  line_total: quantity * unit_price,
  is_wholesale: false,
  product: { id: product_id, name, image_url: null },
  product_name: name,
  // Decision 0150: each line names its pack; these products have one unnamed pack each.
  variant_id: product_id * 10,
  variant_label: '',
  sku: null,
  discount: 0,
})

const order: Order = makeOrder({
  id: 40,
  order_number: 'ORD-250101-00040',
  order_status: 'processing',
  city_id: 3,
  city_name: 'Misrata',
  subtotal: 80,
  delivery_price: 10,
  total_amount: 90,
  items: [line(1, 7, 'Dates', 2, 20), line(2, 8, 'Honey', 1, 40)],
  history: [],
})
const updated: Order = {
  ...order,
  city_id: 4,
  city_name: 'Sabha',
  subtotal: 100,
  delivery_price: 25,
  total_amount: 125,
  items: [line(1, 7, 'Dates', 4, 20), line(3, 9, 'Olive oil', 1, 20)],
  history: [
    {
      id: 9,
      from_status: 'processing',
      to_status: 'processing',
      from_payment_status: 'pending',
      to_payment_status: 'pending',
      changed_by: 'Staff',
      actor: 'staff',
      action: 'items_edited',
      reason: '90.00 → 125.00',
      created_at: '2025-01-02T10:00:00Z',
    },
  ],
}
const cities = [
  { id: 3, name: 'Misrata', delivery_price: 10, is_active: true },
  { id: 4, name: 'Sabha', delivery_price: 25, is_active: true },
]
const can = (id: number, label: string, price: number, stock: number, is_active = true) => ({
  id,
  sku: null,
  discount: 0,
  label,
  price,
  tiers: [],
  stock,
  is_active,
  is_always_in_stock: false,
  weight_grams: null,
  volume_ml: null,
  image_url: null,
  image_small_url: null,
})
// Olive oil comes in three cans: 1 L, 5 L and a 20 L one no longer sold.
const oil = {
  id: 9,
  name: 'Olive oil',
  retail_price: 20,
  stock: 5,
  is_active: true,
  is_always_in_stock: false,
  variants: [can(91, '1 L', 20, 5), can(92, '5 L', 90, 0), can(93, '20 L', 330, 4, false)],
}

afterEach(() => vi.unstubAllGlobals())

describe('order dialog: changing what was ordered (decision 0133)', { timeout: 30_000 }, () => {
  it('changes a quantity, removes a line, adds a product and the city, then shows what the server priced', async () => {
    let saved = false
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/40') return { body: saved ? updated : order }
      if (c.method === 'GET' && c.url.startsWith('/api/cities')) return { body: { data: cities } }
      if (c.method === 'GET' && c.url.startsWith('/api/products?search=oli'))
        return { body: { data: [oil], total: 1, last_page: 1 } }
      if (c.method === 'PUT' && c.url === '/api/orders/40/items') {
        saved = true
        return { body: updated }
      }
      return undefined
    })
    await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Change items' }))
    const editor = screen.getByRole('region', { name: 'Change what was ordered' })
    await userEvent.click(within(editor).getByRole('button', { name: 'One more Dates' }))
    const qty = within(editor).getByRole('spinbutton', { name: 'Quantity of Dates' })
    expect(qty).toHaveValue(3)
    await userEvent.clear(qty)
    await userEvent.type(qty, '4')
    expect(qty).toHaveValue(4)
    await userEvent.click(within(editor).getByRole('button', { name: 'Remove Honey' }))
    await userEvent.type(within(editor).getByRole('searchbox', { name: 'Search products to add' }), 'oli')
    // Each size on sale is offered with its price and stock; one out of stock cannot be added.
    expect(await within(editor).findByRole('button', { name: 'Add Olive oil – 5 L' })).toBeDisabled()
    expect(within(editor).queryByRole('button', { name: /20 L/ })).not.toBeInTheDocument()
    expect(within(editor).getByText('Olive oil – 1 L').closest('li')).toHaveTextContent(
      '20.00 LYD · stock: 5',
    )
    await userEvent.click(within(editor).getByRole('button', { name: 'Add Olive oil – 1 L' }))
    expect(
      within(editor)
        .getAllByTestId('edit-line')
        .map((l) => l.textContent),
    ).toEqual([expect.stringContaining('Dates'), expect.stringContaining('Olive oil – 1 L')])
    await waitFor(() => expect(within(editor).getByRole('option', { name: /Sabha/ })).toBeInTheDocument())
    await userEvent.selectOptions(within(editor).getByLabelText('Delivery city'), '4')
    await userEvent.click(within(editor).getByRole('button', { name: 'Save items' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      items: [
        { product_id: 7, variant_id: 70, quantity: 4 },
        { product_id: 9, variant_id: 91, quantity: 1 },
      ],
      city_id: 4,
    })
    expect(
      await screen.findByText('Order updated: new total 125.00 LYD. The customer has been mailed.'),
    ).toBeInTheDocument()
    // The editor closes; the lines and totals are the server's, and the history says what changed.
    await waitFor(() => expect(screen.getByTestId('order-money')).toHaveTextContent('Total125.00 LYD'))
    expect(screen.queryByRole('region', { name: 'Change what was ordered' })).not.toBeInTheDocument()
    expect(screen.getAllByTestId('order-line').map((l) => l.textContent)).toEqual([
      expect.stringContaining('Qty: 4'),
      expect.stringContaining('Olive oil'),
    ])
    const entry = (await screen.findByText('Items changed')).closest('li')!
    expect(within(entry).getByText('90.00 → 125.00')).toBeInTheDocument()
    // The statuses did not change: no "from → to" arrows.
    expect(within(entry).queryByLabelText('to')).not.toBeInTheDocument()
  })

  it('keeps a line whose size was removed from the shop as sold, and does not send it', async () => {
    const gone = { ...line(5, 8, 'Honey', 1, 40), variant_id: null, variant_label: '1 kg jar' }
    const withGone: Order = { ...order, items: [line(1, 7, 'Dates', 2, 20), gone] }
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/40') return { body: withGone }
      if (c.method === 'GET' && c.url.startsWith('/api/cities')) return { body: { data: cities } }
      if (c.method === 'PUT') return { body: withGone }
      return undefined
    })
    await renderDashboard(<OrderEditDialog order={withGone} onClose={() => {}} />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Change items' }))
    const editor = screen.getByRole('region', { name: 'Change what was ordered' })
    expect(within(editor).getAllByTestId('edit-line')).toHaveLength(1)
    expect(within(editor).getByText('Honey – 1 kg jar').closest('li')).toHaveTextContent(
      'Size no longer in the shop: kept as sold',
    )
    await userEvent.click(within(editor).getByRole('button', { name: 'Save items' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      items: [{ product_id: 7, variant_id: 70, quantity: 2 }],
    })
  })

  it('shows the server’s refusal and keeps the editor open', async () => {
    stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/40') return { body: order }
      if (c.method === 'GET' && c.url.startsWith('/api/cities')) return { body: { data: cities } }
      if (c.method === 'PUT')
        return {
          status: 409,
          body: { code: 'OUT_OF_STOCK', message: 'Not enough stock for Dates (available: 1)' },
        }
      return undefined
    })
    await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, 'en')
    await userEvent.click(await screen.findByRole('button', { name: 'Change items' }))
    await userEvent.click(screen.getByRole('button', { name: 'One more Dates' }))
    await userEvent.click(screen.getByRole('button', { name: 'Save items' }))
    expect(await screen.findByText('Not enough stock for Dates (available: 1)')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Change what was ordered' })).toBeInTheDocument()
  })

  it('offers no change on a completed order, and says why on one paid online', async () => {
    const done = { ...order, order_status: 'completed' as const }
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/40' ? { body: done } : undefined))
    const first = await renderDashboard(<OrderEditDialog order={done} onClose={() => {}} />, 'en')
    await screen.findAllByTestId('order-line')
    expect(screen.queryByRole('button', { name: 'Change items' })).not.toBeInTheDocument()
    first.unmount()
    const paid = { ...order, payment_method: 'massarat' as const, payment_status: 'paid' as const }
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/40' ? { body: paid } : undefined))
    await renderDashboard(<OrderEditDialog order={paid} onClose={() => {}} />, 'en')
    expect(
      await screen.findByText('Paid online: refund the payment to change what was ordered.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Change items' })).not.toBeInTheDocument()
  })
})
