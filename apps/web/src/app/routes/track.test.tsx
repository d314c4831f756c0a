import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TrackedOrder } from '@shop/shared/schemas/order'
import { mockFetch, renderScreen, setLanguage } from '../../test/render-with-providers.tsx'
import { CartPage } from '../../features/cart/components/cart-page.tsx'
import { TrackPage } from '../../features/orders/components/track-page.tsx'

const tracked: TrackedOrder = {
  order_number: 'ORD-250301-00009',
  order_status: 'pending',
  payment_method: 'cash',
  payment_status: 'pending',
  created_at: '2025-03-01T10:00:00Z',
  customer_name: 'Sara Ali',
  phone_masked: '091•••••78',
  shipping_address: 'Palm st, Tripoli',
  city_name: 'Tripoli',
  subtotal: 60,
  delivery_price: 15,
  total_amount: 75,
  discount_total: 0,
  adjustments: [],
  items: [
    {
      product_id: 1,
      variant_id: 1,
      product_name: 'Deglet dates',
      variant_label: '1 kg',
      sku: 'DEG-1K',
      quantity: 2,
      unit_price: 20,
      line_total: 40,
      is_wholesale: false,
      discount: 0,
    },
    {
      product_id: 2,
      variant_id: 2,
      product_name: 'Old honey',
      variant_label: '',
      sku: null,
      quantity: 1,
      unit_price: 20,
      line_total: 20,
      is_wholesale: false,
      discount: 0,
    },
    {
      product_id: null,
      variant_id: null,
      product_name: 'Gone oil',
      variant_label: '',
      sku: null,
      quantity: 1,
      unit_price: 0,
      line_total: 0,
      is_wholesale: false,
      discount: 0,
    },
  ],
  history: [{ status: 'pending', created_at: '2025-03-01T10:00:00Z', by_customer: true }],
  can_cancel: false,
}
const neutral = {
  code: 'TRACKING_NOT_FOUND',
  message: 'We could not find an order with this number and phone. Check both and try again',
}

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('/track (decision 0068)', { timeout: 20_000 }, () => {
  it('finds an order by number and phone, shows one neutral message for a wrong pair, and the phone masked', async () => {
    let tries = 0
    const { calls } = mockFetch({
      'POST /api/track': () => (tries++ === 0 ? { status: 404, body: neutral } : { body: tracked }),
    })
    renderScreen(<TrackPage />, '/track')
    const u = userEvent.setup()
    await u.type(await screen.findByLabelText(/^Order number/), 'ORD-250301-00009')
    await u.type(screen.getByLabelText(/^Phone number/), '0912345670')
    await u.click(screen.getByRole('button', { name: 'Find my order' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(neutral.message)
    await u.clear(screen.getByLabelText(/^Phone number/))
    await u.type(screen.getByLabelText(/^Phone number/), '0912345678')
    await u.click(screen.getByRole('button', { name: 'Find my order' }))
    expect(await screen.findByText('091•••••78')).toBeInTheDocument()
    expect(calls.at(-1)!.body).toEqual({ order_number: 'ORD-250301-00009', phone: '0912345678' })
    expect(screen.getByText('Order received')).toBeInTheDocument()
    expect(screen.getByText('Confirmed and being prepared')).toBeInTheDocument()
    expect(screen.getByText('Deglet dates')).toBeInTheDocument()
    expect(screen.getByText('1 kg')).toBeInTheDocument()
    // The server says it cannot be cancelled: no cancel button.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
  })

  it('cancels a pending order opened with its number and phone; without mail no mail is promised (issue 39)', async () => {
    const cancelled = {
      ...tracked,
      order_status: 'cancelled',
      history: [
        ...tracked.history,
        { status: 'cancelled', created_at: '2025-03-01T12:00:00Z', by_customer: true },
      ],
    }
    const { calls } = mockFetch({
      'POST /api/track': () => ({ body: { ...tracked, can_cancel: true } }),
      'POST /api/track/cancel': () => ({ body: cancelled }),
    })
    renderScreen(<TrackPage />, '/track', [], { settings: { mail_enabled: false } })
    const u = userEvent.setup()
    expect(
      await screen.findByText(
        'It is on the confirmation page, e.g. ORD-250301-00009, or just the short number the shop gave you on the phone (9).',
      ),
    ).toBeInTheDocument()
    await u.type(screen.getByLabelText(/^Order number/), 'ORD-250301-00009')
    await u.type(screen.getByLabelText(/^Phone number/), '091 234 5678')
    await u.click(screen.getByRole('button', { name: 'Find my order' }))
    await u.click(await screen.findByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'You can cancel while the order is still pending. The products go back on sale, and this page shows the cancellation at once.',
      ),
    ).toBeInTheDocument()
    expect(within(dialog).queryByText(/by mail/)).toBeNull()
    await u.type(within(dialog).getByLabelText(/^Why are you cancelling/), 'Ordered twice')
    await u.click(within(dialog).getByRole('button', { name: 'Cancel the order' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.at(-1)!.body).toEqual({
      order_number: 'ORD-250301-00009',
      phone: '091 234 5678',
      reason: 'Ordered twice',
    })
    expect(await screen.findByText('You cancelled this order.')).toBeInTheDocument()
  })

  it('in Arabic without mail: the cancel dialog says how the cancellation is confirmed', async () => {
    await setLanguage('ar')
    mockFetch({ 'POST /api/track': () => ({ body: { ...tracked, can_cancel: true } }) })
    renderScreen(<TrackPage />, '/track', [], { settings: { mail_enabled: false } })
    const u = userEvent.setup()
    await u.type(await screen.findByLabelText(/^رقم الطلب/), 'ORD-250301-00009')
    await u.type(screen.getByLabelText(/^رقم الهاتف/), '0912345678')
    await u.click(screen.getByRole('button', { name: 'ابحث عن طلبي' }))
    await u.click(await screen.findByRole('button', { name: 'إلغاء الطلب' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/وتعرض هذه الصفحة الإلغاء فورًا/)).toBeInTheDocument()
    expect(within(dialog).queryByText(/بالبريد/)).toBeNull()
  })

  it('opens the order from the mail link and cancels it with a reason', async () => {
    const { calls } = mockFetch({
      'POST /api/track': () => ({ body: { ...tracked, can_cancel: true } }),
      'POST /api/track/cancel': ({ body }) =>
        (body as { reason?: string }).reason
          ? {
              body: {
                ...tracked,
                order_status: 'cancelled',
                history: [
                  ...tracked.history,
                  { status: 'cancelled', created_at: '2025-03-01T12:00:00Z', by_customer: true },
                ],
              },
            }
          : {
              status: 422,
              body: {
                code: 'VALIDATION_FAILED',
                message: 'x',
                errors: { reason: ['Please tell us why you are cancelling'] },
              },
            },
    })
    renderScreen(<TrackPage />, '/track?order=ORD-250301-00009&token=tok_0123456789abcdef')
    expect(await screen.findByText('091•••••78')).toBeInTheDocument()
    expect(calls[0]!.body).toEqual({ order_number: 'ORD-250301-00009', token: 'tok_0123456789abcdef' })
    const u = userEvent.setup()
    await u.click(screen.getByRole('button', { name: 'Cancel order' }))
    const dialog = await screen.findByRole('dialog')
    await u.click(within(dialog).getByRole('button', { name: 'Cancel the order' }))
    expect(await within(dialog).findByText('Please tell us why you are cancelling')).toBeInTheDocument()
    await u.type(within(dialog).getByLabelText(/^Why are you cancelling/), 'Ordered twice')
    await u.click(within(dialog).getByRole('button', { name: 'Cancel the order' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.at(-1)!.body).toEqual({
      order_number: 'ORD-250301-00009',
      token: 'tok_0123456789abcdef',
      reason: 'Ordered twice',
    })
    expect(await screen.findByText('You cancelled this order.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull()
  })

  it("orders again: what can be bought goes to the cart at today's prices, the cart says what was left out and why", async () => {
    localStorage.removeItem('cart')
    mockFetch({
      'POST /api/track': () => ({ body: { ...tracked, can_cancel: true } }),
      'POST /api/orders/quote': () => ({
        body: {
          items: [
            {
              product_id: 1,
              variant_id: 1,
              variant_label: '1 kg',
              sku: null,
              tiers: [],
              name: 'Deglet dates',
              quantity: 2,
              unit_price: 22,
              retail_price: 22,
              wholesale_price: null,
              wholesale_threshold: null,
              is_wholesale: false,
              line_total: 44,
              available: 1,
              is_available: false,
              image_url: null,
            },
            {
              product_id: 2,
              variant_id: 2,
              variant_label: '',
              sku: null,
              tiers: [],
              name: 'Old honey',
              quantity: 1,
              unit_price: 30,
              retail_price: 30,
              wholesale_price: null,
              wholesale_threshold: null,
              is_wholesale: false,
              line_total: 30,
              available: 0,
              is_available: false,
              image_url: null,
            },
          ],
          subtotal: 74,
          delivery_price: 0,
          total: 74,
        },
      }),
    })
    renderScreen(<TrackPage />, '/track?order=ORD-250301-00009&token=tok_0123456789abcdef', [
      { path: '/cart', element: <CartPage /> },
    ])
    await userEvent.click(await screen.findByRole('button', { name: 'Order again' }))
    const notice = await screen.findByRole('status')
    expect(notice).toHaveTextContent('Back in your cart (1 pc) from order ORD-250301-00009')
    expect(notice).toHaveTextContent('today’s prices')
    expect(notice).toHaveTextContent('Deglet dates – 1 kg: only 1 of 2 added')
    expect(notice).toHaveTextContent('Old honey: out of stock at the moment')
    expect(notice).toHaveTextContent('Gone oil: no longer sold')
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      expect.objectContaining({ id: 1, quantity: 1, price: 22 }),
    ])
  })
})

describe('tracking dates in the page language (issue 26)', { timeout: 20_000 }, () => {
  it('writes an Arabic date with Intl in the page direction, never isolated left-to-right', async () => {
    await setLanguage('ar')
    const at = '2026-11-26T04:27:00Z'
    mockFetch({
      'POST /api/track': () => ({
        body: {
          ...tracked,
          created_at: at,
          history: [{ status: 'pending', created_at: at, by_customer: true }],
        },
      }),
    })
    renderScreen(<TrackPage />, '/track?order=ORD-250301-00009&token=tok_0123456789abcdef')
    const when = await screen.findByTestId('step-when-pending')
    const expected = new Intl.DateTimeFormat('ar-LY-u-nu-latn', {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(at))
    // The day comes first in the Arabic text («26 نوفمبر، …»), with Intl's right-to-left marks kept.
    expect(when.textContent).toBe(expected)
    expect(expected.indexOf('26')).toBeLessThan(expected.indexOf('نوفمبر'))
    expect(when.querySelector('time')).toHaveAttribute('datetime', at)
    // Nothing around it forces left-to-right.
    for (let el: HTMLElement | null = when; el; el = el.parentElement) {
      expect(el.classList.contains('ltr-nums'), el.outerHTML.slice(0, 80)).toBe(false)
      expect(el.getAttribute('dir')).not.toBe('ltr')
    }
  })
})
