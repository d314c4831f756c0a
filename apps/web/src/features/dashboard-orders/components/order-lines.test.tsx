import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Order } from '@shop/shared/schemas/order'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { makeOrder } from '../order-fixture.test-helper.ts'
import { OrderEditDialog } from './order-edit-dialog.tsx'

const order: Order = makeOrder({
  id: 31,
  order_number: 'ORD-250101-00031',
  customer_name: 'Salem Ali',
  customer_phone: '0912345678',
  customer_email: 'salem@example.com',
  notes: 'WhatsApp: 0923334444',
  customer: {
    first_name: 'Salem',
    last_name: 'Ali',
    phone: '0912345678',
    whatsapp: '0923334444',
    email: 'salem@example.com',
    address_line: 'Street 1',
    city_id: null,
    city_name: 'Misrata',
    state: '',
  },
  city_name: 'Misrata',
  order_status: 'processing',
  subtotal: 200,
  delivery_price: 15,
  total_amount: 215,
  items: [
    {
      id: 1,
      product_id: 7,
      quantity: 10,
      unit_price: 16,
      line_total: 160,
      is_wholesale: true,
      product: { id: 7, name: 'Deglet Nour dates', image_url: null },
      product_name: 'Deglet Nour dates',
      variant_id: 71,
      variant_label: '5 kg carton',
      sku: 'DGL-5K',
      discount: 0,
    },
    {
      id: 2,
      product_id: 8,
      quantity: 2,
      unit_price: 20,
      line_total: 40,
      is_wholesale: false,
      product: null,
      product_name: 'Sidr honey',
      variant_id: null,
      variant_label: '',
      sku: null,
      discount: 0,
    },
  ],
  history: [],
})

afterEach(() => vi.unstubAllGlobals())

describe('order dialog: what was ordered and who to call (issue 26)', { timeout: 20_000 }, () => {
  it('lists each line with quantity, unit price, wholesale badge and line total, then delivery and total', async () => {
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/31' ? { body: order } : undefined))
    await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, 'en')
    const lines = await screen.findAllByTestId('order-line')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toHaveTextContent('Deglet Nour dates')
    expect(within(lines[0]!).getByText('Wholesale')).toBeInTheDocument()
    expect(lines[0]).toHaveTextContent('Qty: 10')
    expect(lines[0]).toHaveTextContent('16.00 LYD each')
    expect(lines[0]).toHaveTextContent('160.00 LYD')
    expect(within(lines[1]!).queryByText('Wholesale')).not.toBeInTheDocument()
    expect(lines[1]).toHaveTextContent('Qty: 2')
    // Decision 0150: the size and SKU as sold; a line sold without either shows neither.
    expect(lines[0]).toHaveTextContent('Size: 5 kg carton')
    expect(lines[0]).toHaveTextContent('SKU: DGL-5K')
    expect(lines[1]).not.toHaveTextContent('Size')
    expect(lines[1]).not.toHaveTextContent('SKU')
    const money = screen.getByTestId('order-money')
    expect(money).toHaveTextContent('Subtotal200.00 LYD')
    expect(money).toHaveTextContent('Delivery to Misrata15.00 LYD')
    expect(money).toHaveTextContent('Total215.00 LYD')
  })

  it('puts the customer’s phone (tap to call) and WhatsApp (the number given for it) in front of staff', async () => {
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/31' ? { body: order } : undefined))
    await renderDashboard(<OrderEditDialog order={order} onClose={() => {}} />, 'ar')
    const call = await screen.findByRole('link', { name: /اتصال/ })
    expect(call).toHaveAttribute('href', 'tel:0912345678')
    expect(call).toHaveTextContent('0912345678')
    const whatsapp = screen.getByRole('link', { name: 'واتساب' })
    expect(whatsapp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/218923334444\?text=/)
    expect(decodeURIComponent(whatsapp.getAttribute('href')!)).toContain('ORD-250101-00031')
    expect(screen.getByRole('link', { name: 'salem@example.com' })).toHaveAttribute(
      'href',
      'mailto:salem@example.com',
    )
    expect(screen.getByRole('heading', { name: 'ما طُلب' })).toBeInTheDocument()
  })

  it('asks whether the cash was collected when a cash order is completed, and saves paid on yes', async () => {
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url === '/api/orders/31') return { body: order }
      if (c.method === 'PUT' && c.url === '/api/orders/31')
        return { body: { ...order, order_status: 'completed', payment_status: 'paid' } }
      return undefined
    })
    const onClose = vi.fn()
    await renderDashboard(<OrderEditDialog order={order} onClose={onClose} />, 'en')
    expect(screen.queryByText('Was the cash collected?')).not.toBeInTheDocument()
    await userEvent.selectOptions(await screen.findByLabelText(/^Order status/), 'completed')
    expect(screen.getByText('Was the cash collected?')).toBeInTheDocument()
    // Unanswered, the save waits for the answer.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Say whether the cash was collected')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0)
    await userEvent.click(screen.getByRole('radio', { name: 'Yes, the cash was collected (paid)' }))
    expect(screen.getByLabelText(/^Payment status/)).toHaveValue('paid')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      order_status: 'completed',
      payment_status: 'paid',
    })
  })

  it('does not ask for an online order or one already paid', async () => {
    const paid = { ...order, payment_status: 'paid' as const }
    stubFetch((c) => (c.method === 'GET' && c.url === '/api/orders/31' ? { body: paid } : undefined))
    await renderDashboard(<OrderEditDialog order={paid} onClose={() => {}} />, 'en')
    await userEvent.selectOptions(await screen.findByLabelText(/^Order status/), 'completed')
    expect(screen.queryByText('Was the cash collected?')).not.toBeInTheDocument()
  })
})
