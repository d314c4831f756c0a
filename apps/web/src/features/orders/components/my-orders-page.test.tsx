import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Navigate } from 'react-router'
import { mockFetch, renderRoutes, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { MyOrdersPage } from './my-orders-page.tsx'
import { OrderConfirmationPage } from './order-confirmation-page.tsx'

const me = {
  id: 3,
  name: 'Sara',
  email: 'sara@example.ly',
  is_admin: false,
  is_active: true,
  role: 'user',
  roles: [{ name: 'user' }],
  created_at: '2025-01-01',
}
const order = {
  id: 9,
  order_number: 'ORD-250301-00009',
  user_id: 3,
  customer_name: 'Sara Ali',
  customer_email: 'sara@example.ly',
  customer_phone: '0912345678',
  shipping_address: 'Palm st, Tripoli, West',
  city_id: 7,
  city_name: 'Tripoli',
  order_status: 'processing',
  payment_status: 'pending',
  payment_method: 'cash',
  notes: null,
  subtotal: 240,
  delivery_price: 15,
  total_amount: 255,
  created_at: '2025-03-01T10:00:00Z',
  items: [
    {
      id: 1,
      product_id: 1,
      quantity: 12,
      unit_price: 20,
      line_total: 240,
      is_wholesale: true,
      product: { id: 1, name: 'Deglet dates', image_url: null },
      product_name: 'Deglet dates',
      variant_id: 12,
      variant_label: '1 kg',
      sku: 'DEG-1K',
    },
    {
      id: 2,
      product_id: null,
      quantity: 1,
      unit_price: 0,
      line_total: 0,
      is_wholesale: false,
      product: null,
      product_name: 'Old thing',
      variant_id: null,
      variant_label: '',
      sku: null,
    },
  ],
}

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('my orders (product.md §2.10)', () => {
  it('asks a signed-out visitor to log in', () => {
    mockFetch({})
    renderScreen(<MyOrdersPage />, '/my-orders')
    expect(screen.getByText('Please Log In')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login')
  })

  it('shows an order card with items, wholesale badge, the names they were sold under (even of a product gone) and delivery info', async () => {
    localStorage.setItem('token', 't')
    mockFetch({
      'GET /api/me': () => ({ body: me }),
      'GET /api/orders': () => ({
        body: { data: [order], total: 1, last_page: 1, current_page: 1, per_page: 10 },
      }),
    })
    renderScreen(<MyOrdersPage />, '/my-orders')
    expect(await screen.findByText('ORD-250301-00009')).toBeInTheDocument()
    expect(screen.getByText('Processing')).toBeInTheDocument()
    expect(screen.getByText('Cash on delivery', { exact: false })).toBeInTheDocument()
    expect(screen.getByText('255.00 LYD')).toBeInTheDocument()
    expect(screen.getByText('Wholesale')).toBeInTheDocument()
    expect(screen.getByText('Deglet dates')).toBeInTheDocument()
    // The size it was sold in (issue 28), none for a product's only pack.
    expect(screen.getAllByTestId('line-size').map((s) => s.textContent)).toEqual([' – 1 kg'])
    expect(screen.getByText('Old thing')).toHaveClass('italic')
    expect(screen.getByText('Palm st, Tripoli, West')).toBeInTheDocument()
    expect(screen.getByText('0912345678')).toBeInTheDocument()
  })

  it('shows an order out for delivery with its courier and the courier’s tracking link (issue 42)', async () => {
    localStorage.setItem('token', 't')
    const shipped = {
      ...order,
      order_status: 'shipped',
      shipment: {
        id: 5,
        courier_name: 'Aramex',
        courier_kind: 'company',
        tracking_number: 'AX-77',
        tracking_url: 'https://aramex.example/track/AX-77',
        status: 'out_for_delivery',
      },
    }
    mockFetch({
      'GET /api/me': () => ({ body: me }),
      'GET /api/orders': () => ({
        body: { data: [shipped], total: 1, last_page: 1, current_page: 1, per_page: 10 },
      }),
    })
    renderScreen(<MyOrdersPage />, '/my-orders')
    expect(await screen.findByText('Out for delivery with Aramex')).toBeInTheDocument()
    expect(screen.getByText('Out for delivery')).toBeInTheDocument()
    expect(screen.getByText('AX-77')).toHaveAttribute('dir', 'ltr')
    const link = screen.getByRole('link', { name: /Track with Aramex/ })
    expect(link).toHaveAttribute('href', 'https://aramex.example/track/AX-77')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(link).toHaveAttribute('target', '_blank')
  })

  it('shows the error with Try Again that reloads, then the empty state', async () => {
    localStorage.setItem('token', 't')
    let fail = true
    mockFetch({
      'GET /api/me': () => ({ body: me }),
      'GET /api/orders': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'x' } }
          : { body: { data: [], total: 0, last_page: 1, current_page: 1, per_page: 10 } },
    })
    renderScreen(<MyOrdersPage />, '/my-orders')
    expect(await screen.findByText('Failed to load orders')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('No orders found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products')
  })
})

describe('order confirmation (product.md §2.9)', () => {
  it('redirects home without an order id', () => {
    mockFetch({})
    const { router } = renderScreen(<OrderConfirmationPage />, '/order-confirmation')
    expect(router.state.location.pathname).toBe('/')
  })

  const placed = {
    orderId: 9,
    orderNumber: 'ORD-250301-00009',
    summary: {
      lines: [
        { name: 'Sidr honey', variant_label: '500 g jar', quantity: 2, line_total: 240, is_wholesale: false },
        { name: 'Deglet dates', quantity: 1, line_total: 25, is_wholesale: false },
      ],
      subtotal: 265,
      delivery: 15,
      total: 280,
      cash: true,
    },
  }
  const confirmation = () =>
    renderRoutes(
      [
        { path: 'start', element: <Navigate to="/order-confirmation" state={placed} /> },
        { path: 'order-confirmation', element: <OrderConfirmationPage /> },
        { path: '*', element: <p data-testid="other-page">other page</p> },
      ],
      '/start',
    )

  it("shows the order's lines and total to have ready in cash; a guest's main action is the tracking page (issue 26)", async () => {
    mockFetch({})
    confirmation()
    const lines = await screen.findByTestId('confirmation-lines')
    expect(lines).toHaveTextContent('Sidr honey – 500 g jar × 2240.00 LYD')
    expect(lines).toHaveTextContent('Deglet dates × 125.00 LYD')
    expect(screen.getByTestId('confirmation-total')).toHaveTextContent('Total280.00 LYD')
    const cash = screen.getByTestId('cash-ready')
    expect(cash).toHaveTextContent('Cash on delivery, to have ready: 280.00 LYD')
    // Issue 39: above the lines, where the bottom toast of a phone does not cover it.
    expect(lines.compareDocumentPosition(cash) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
      'href',
      '/track?order=ORD-250301-00009',
    )
    expect(screen.queryByRole('link', { name: 'View my orders' })).toBeNull()
  })

  it('sends a signed-in shopper to my orders', async () => {
    localStorage.setItem('token', 't')
    localStorage.setItem('user', JSON.stringify(me))
    mockFetch({ 'GET /api/me': () => ({ body: me }) })
    confirmation()
    expect(await screen.findByRole('link', { name: 'View my orders' })).toHaveAttribute('href', '/my-orders')
    expect(screen.queryByRole('link', { name: 'Track your order' })).toBeNull()
  })
})
