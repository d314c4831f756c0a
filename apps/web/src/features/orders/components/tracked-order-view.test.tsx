import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TrackedOrder } from '@shop/shared/schemas/order'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { TrackedOrderView } from './tracked-order-view.tsx'

// Issue 42: the tracking page of an order out for delivery: the step, the courier, and the courier's own tracking link.

afterEach(() => vi.unstubAllGlobals())

const tracked = (fields: Partial<TrackedOrder> = {}): TrackedOrder => ({
  order_number: 'ORD-250301-00009',
  order_status: 'shipped',
  payment_method: 'cash',
  payment_status: 'pending',
  created_at: '2025-03-01T10:00:00Z',
  customer_name: 'Sara Ali',
  phone_masked: '091****678',
  shipping_address: 'Palm st, Tripoli',
  city_name: 'Tripoli',
  subtotal: 240,
  delivery_price: 15,
  total_amount: 255,
  discount_total: 0,
  adjustments: [],
  items: [],
  history: [
    { status: 'pending', created_at: '2025-03-01T10:00:00Z', by_customer: true },
    { status: 'processing', created_at: '2025-03-01T12:00:00Z', by_customer: false },
    { status: 'shipped', created_at: '2025-03-02T09:00:00Z', by_customer: false },
  ],
  can_cancel: false,
  shipment: {
    id: 5,
    courier_name: 'Aramex',
    courier_kind: 'company',
    tracking_number: 'AX-77',
    tracking_url: 'https://aramex.example/track/AX-77',
    status: 'out_for_delivery',
  },
  ...fields,
})

async function show(order: TrackedOrder, lang: 'ar' | 'en') {
  mockFetch({})
  await setLanguage(lang)
  renderScreen(<TrackedOrderView order={order} onAnother={() => {}} />, '/track')
  return screen.findByRole('article')
}

describe('tracking an order out for delivery (issue 42)', () => {
  it('shows the step, the courier, the tracking number and a link to the courier’s page (English)', async () => {
    const article = await show(tracked(), 'en')
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem')
    expect(steps).toHaveLength(4)
    expect(steps[0]).toHaveTextContent('Order received')
    expect(steps[1]).toHaveTextContent('Confirmed and being prepared')
    expect(steps[2]).toHaveTextContent('Out for delivery')
    expect(steps[2]).toHaveTextContent('2 Mar')
    expect(steps[3]).toHaveTextContent('Not yet')
    const shipment = within(article).getByTestId('order-shipment')
    expect(shipment).toHaveTextContent('Out for delivery with Aramex')
    expect(shipment).toHaveTextContent('Tracking number: AX-77')
    expect(within(shipment).getByText('AX-77')).toHaveAttribute('dir', 'ltr')
    const link = within(shipment).getByRole('link', { name: 'Track with Aramex' })
    expect(link).toHaveAttribute('href', 'https://aramex.example/track/AX-77')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('says the same in Arabic', async () => {
    const article = await show(tracked(), 'ar')
    expect(within(article).getByText('خرج للتوصيل', { selector: 'span.rounded-full' })).toBeInTheDocument()
    const shipment = within(article).getByTestId('order-shipment')
    expect(shipment).toHaveTextContent('خرج للتوصيل مع Aramex')
    expect(within(shipment).getByRole('link', { name: /تتبّع الشحنة لدى Aramex/ })).toHaveAttribute(
      'href',
      'https://aramex.example/track/AX-77',
    )
  })

  it('an own driver has no link: the courier is named, nothing to follow elsewhere', async () => {
    const article = await show(
      tracked({
        shipment: {
          id: 5,
          courier_name: 'Salem',
          courier_kind: 'driver',
          tracking_number: null,
          tracking_url: null,
          status: 'out_for_delivery',
        },
      }),
      'en',
    )
    const shipment = within(article).getByTestId('order-shipment')
    expect(shipment).toHaveTextContent('Out for delivery with Salem')
    expect(within(shipment).queryByRole('link')).toBeNull()
    expect(shipment).not.toHaveTextContent('Tracking number')
  })

  it('a delivered order keeps its four steps, all done', async () => {
    const article = await show(
      tracked({
        order_status: 'completed',
        history: [
          ...tracked().history,
          { status: 'completed', created_at: '2025-03-02T15:00:00Z', by_customer: false },
        ],
      }),
      'en',
    )
    const steps = within(article).getAllByRole('listitem')
    expect(steps).toHaveLength(4)
    expect(steps[3]).toHaveTextContent('Delivered')
    expect(article).not.toHaveTextContent('Not yet')
    expect(within(article).queryByTestId('order-shipment')).toBeNull()
  })
})
