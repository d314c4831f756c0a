import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Quote, QuoteInput } from '@shop/shared/schemas/order'
import { mockFetch, renderScreen, setLanguage, type Handler } from '../../../test/render-with-providers.tsx'
import { loadSharedMessages } from '../../../lib/i18n.ts'
import { CheckoutPage } from './checkout-page.tsx'
import { publicOffer } from '../../../test/offers.ts'

// Decision 0176: the checkout quotes with the code and what the form knows, shows each discount, sends the code with
// the order, and shows a refusal on placing under the code field.

const cities = {
  data: [
    { id: 7, name: 'Tripoli', delivery_price: 15, is_active: true },
    { id: 8, name: 'Benghazi', delivery_price: 30, is_active: true },
  ],
  total: 2,
  last_page: 1,
  current_page: 1,
  per_page: 100,
}

const offer = publicOffer
const EID = offer({ id: 4, code: 'EID10', name: 'Eid 10%' })
const FREE = offer({ id: 9, name: 'Free delivery in Tripoli', target: 'delivery', value: 100, city_ids: [7] })

/** 25 a unit; EID10 takes 10%; delivery is free in Tripoli. */
const quoteHandler: Handler = ({ body }) => {
  const input = body as QuoteInput
  const qty = input.items.reduce((s, i) => s + i.quantity, 0)
  const subtotal = qty * 25
  const fee = cities.data.find((c) => c.id === input.city_id)?.delivery_price ?? 0
  const adjustments: Quote['adjustments'] = []
  if (input.coupon_code)
    adjustments.push({
      promotion_id: 4,
      code: 'EID10',
      label: 'Eid 10%',
      amount: subtotal / 10,
      target: 'items',
    })
  if (input.city_id === 7)
    adjustments.push({
      promotion_id: 9,
      code: null,
      label: 'Free delivery in Tripoli',
      amount: fee,
      target: 'delivery',
    })
  const discount = adjustments.reduce((s, a) => s + a.amount, 0)
  const quote: Quote = {
    items: input.items.map((i) => ({
      product_id: i.product_id,
      variant_id: 11,
      variant_label: '',
      sku: null,
      tiers: [],
      name: 'Deglet dates',
      quantity: i.quantity,
      unit_price: 25,
      retail_price: 25,
      wholesale_price: null,
      wholesale_threshold: null,
      is_wholesale: false,
      line_total: 25 * i.quantity,
      available: 100,
      is_available: true,
      discount: input.coupon_code ? (25 * i.quantity) / 10 : 0,
      category_id: null,
    })),
    subtotal,
    discount_total: discount,
    delivery_price: fee,
    total: subtotal - discount + fee,
    total_amount: subtotal - discount + fee,
    adjustments,
    coupon: input.coupon_code ? { code: input.coupon_code, applied: true } : null,
    free_delivery_hint: null,
    offers: [FREE, ...(input.coupon_code ? [EID] : [])],
  }
  return { body: quote }
}

function seedCart(code?: string) {
  localStorage.setItem(
    'cart',
    JSON.stringify([
      { id: 1, variant_id: 11, name: 'Deglet dates', price: 25, retail_price: 25, stock: 50, quantity: 4 },
    ]),
  )
  if (code) localStorage.setItem('cart_code', code)
}

async function fillForm(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText(/First name/), 'Sara')
  await u.type(screen.getByLabelText(/Last name/), 'Ali')
  await u.type(screen.getByLabelText(/^Email/), 'sara@example.ly')
  await u.type(screen.getByLabelText(/^Phone/), '0912345678')
  await u.type(screen.getByLabelText(/^Address/), '12 Palm street')
  await u.selectOptions(screen.getByLabelText(/^City/), '7')
  await u.type(screen.getByLabelText(/State/), 'Tripoli')
}

function renderCheckout() {
  return renderScreen(<CheckoutPage />, '/checkout', [
    { path: '/order-confirmation', element: <p data-testid="confirmation">confirmation</p> },
  ])
}

beforeEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  await setLanguage('en')
  await loadSharedMessages()
})
afterEach(() => vi.unstubAllGlobals())

describe('offers at checkout (decision 0176)', () => {
  it('quotes with the code and the form, shows each discount and free delivery, and sends the code with the order', async () => {
    seedCart('EID10')
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'POST /api/orders': ({ body }) => {
        const b = body as { expected_total: number }
        return {
          status: 201,
          body: {
            id: 5,
            order_number: 'ORD-261127-00005',
            payment_method: 'cash',
            subtotal: 100,
            discount_total: 25,
            delivery_price: 15,
            total_amount: b.expected_total,
            adjustments: [
              { promotion_id: 4, code: 'EID10', label: 'Eid 10%', amount: 10, target: 'items' },
              {
                promotion_id: 9,
                code: null,
                label: 'Free delivery in Tripoli',
                amount: 15,
                target: 'delivery',
              },
            ],
            items: [
              {
                product_name: 'Deglet dates',
                variant_label: '',
                quantity: 4,
                line_total: 100,
                is_wholesale: false,
                discount: 10,
              },
            ],
          },
        }
      },
    })
    const u = userEvent.setup()
    const { router } = renderCheckout()
    await fillForm(u)
    const summary = screen.getByRole('region', { name: 'Order summary' })
    await waitFor(() => expect(within(summary).getByTestId('summary-total')).toHaveTextContent('90.00 LYD'))
    const lines = within(summary).getAllByTestId('discount-line')
    expect(lines.map((l) => l.textContent)).toEqual([
      'Eid 10%EID10−10.00 LYD',
      'Free delivery in Tripoli−15.00 LYD',
    ])
    // Delivery struck through and free.
    const delivery = within(summary).getByTestId('summary-delivery')
    expect(delivery.querySelector('del')).toHaveTextContent('15.00 LYD')
    expect(delivery).toHaveTextContent('Free')
    expect(within(summary).getByTestId('summary-line-discount')).toHaveTextContent('−10.00 LYD')
    // The quote knew the city, the phone and the payment method.
    await waitFor(() =>
      expect(
        calls.some((c) => {
          const q = c.body as QuoteInput | undefined
          return (
            c.path === '/api/orders/quote' &&
            q?.coupon_code === 'EID10' &&
            q.city_id === 7 &&
            q.customer_phone === '0912345678' &&
            q.payment_method === 'cash'
          )
        }),
      ).toBe(true),
    )
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    await screen.findByTestId('confirmation')
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/orders')!
    expect(post.body).toMatchObject({ coupon_code: 'EID10', expected_total: 90 })
    const state = router.state.location.state as { summary: Record<string, unknown> }
    expect(state.summary).toMatchObject({
      subtotal: 100,
      discount_total: 25,
      delivery: 15,
      total: 90,
      discounts: [
        { label: 'Eid 10%', code: 'EID10', amount: 10, target: 'items' },
        { label: 'Free delivery in Tripoli', code: null, amount: 15, target: 'delivery' },
      ],
    })
    // The order took the code with it.
    expect(localStorage.getItem('cart_code')).toBeNull()
  })

  it('shows a code refused on placing under the field and keeps the form', async () => {
    seedCart('EID10')
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'POST /api/orders': () => ({
        status: 422,
        body: {
          code: 'COUPON_USED_UP',
          message: 'This code has been used up',
          errors: { coupon_code: ['This code has been used up'] },
        },
      }),
    })
    const u = userEvent.setup()
    const { router } = renderCheckout()
    await fillForm(u)
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('90.00 LYD'))
    // The phone reaches the quote after a pause in typing; a refusal shown before that quote would be cleared by it (a
    // new quote input starts afresh), so the shopper places the order once the form's quote is in, as they would.
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/orders/quote' &&
            (c.body as QuoteInput | undefined)?.customer_phone === '0912345678',
        ),
      ).toBe(true),
    )
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent('This code has been used up')
    expect(router.state.location.pathname).toBe('/checkout')
    expect(screen.getByLabelText(/First name/)).toHaveValue('Sara')
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/orders')).toHaveLength(1)
    // The shopper removes the code: the order goes without it at the price shown.
    await u.click(screen.getByRole('button', { name: 'Remove the code EID10' }))
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('100.00 LYD'))
    expect(screen.queryByTestId('coupon-error')).toBeNull()
  })

  it('a code refused for the chosen city: its reason under the field, the order placed without it at the price shown', async () => {
    seedCart('EID10')
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': (init) => {
        const input = init.body as QuoteInput
        if (input.coupon_code && input.city_id === 8)
          return {
            status: 422,
            body: {
              code: 'COUPON_CITY',
              message: 'This code is not valid for delivery to this city',
              errors: { coupon_code: ['This code is not valid for delivery to this city'] },
            },
          }
        return quoteHandler(init)
      },
      'POST /api/orders': () => ({ status: 201, body: { id: 6, order_number: 'ORD-261127-00006' } }),
    })
    const u = userEvent.setup()
    renderCheckout()
    await fillForm(u)
    await u.selectOptions(screen.getByLabelText(/^City/), '8')
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent(
      'This code is not valid for delivery to this city',
    )
    // Benghazi: 100 + 30, no discount.
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('130.00 LYD'))
    expect(screen.queryByTestId('discount-line')).toBeNull()
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    await screen.findByTestId('confirmation')
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/orders')!
    expect(post.body).toMatchObject({ customer: { city_id: 8 }, expected_total: 130 })
    expect(post.body).not.toHaveProperty('coupon_code')
  })
})
