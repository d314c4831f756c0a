import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Quote, QuoteInput } from '@shop/shared/schemas/order'
import type { PublicOffer } from '@shop/shared/schemas/promotion'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { loadSharedMessages } from '../../../lib/i18n.ts'
import { CartPage } from './cart-page.tsx'
import { publicOffer } from '../../../test/offers.ts'

// Decision 0176: the cart's code field, discount lines and free-delivery hint, with the server's quote as the truth.

const PRICE = 25

const offer = (over: Partial<PublicOffer>): PublicOffer => publicOffer({ combinable: false, ...over })

const EID = offer({ id: 4, code: 'EID10', name: 'Eid 10%', min_subtotal: 100 })
const FREE = offer({
  id: 9,
  name: 'Free delivery over 200',
  target: 'delivery',
  value: 100,
  min_subtotal: 200,
})
const BIG = offer({ id: 7, name: 'Ramadan 20%', value: 20, min_subtotal: 150 })

/** A small server: EID10 (10%, from 100) and, with `automatic`, the automatic offers. */
function server(automatic: PublicOffer[] = [], gate?: { wait: Promise<void> | null }) {
  return mockFetch({
    'POST /api/orders/quote': async ({ body }) => {
      if (gate?.wait) await gate.wait
      const input = body as QuoteInput
      const qty = input.items.reduce((s, i) => s + i.quantity, 0)
      const subtotal = qty * PRICE
      const code = input.coupon_code?.toUpperCase()
      if (code && code !== 'EID10')
        return {
          status: 422,
          body: {
            code: 'COUPON_UNKNOWN',
            message: 'We do not know this code. Check how it is written',
            errors: { coupon_code: ['We do not know this code. Check how it is written'] },
          },
        }
      if (code && subtotal < 100)
        return {
          status: 422,
          body: {
            code: 'COUPON_MINIMUM',
            message: 'x',
            errors: {
              coupon_code: [`Add ${(100 - subtotal).toFixed(2)} LYD more to your cart to use this code`],
            },
          },
        }
      const big = automatic.includes(BIG) && subtotal >= 150
      const adjustments: Quote['adjustments'] = big
        ? [{ promotion_id: 7, code: null, label: 'Ramadan 20%', amount: subtotal * 0.2, target: 'items' }]
        : code
          ? [{ promotion_id: 4, code: 'EID10', label: 'Eid 10%', amount: subtotal * 0.1, target: 'items' }]
          : []
      const discount = adjustments.reduce((s, a) => s + a.amount, 0)
      const free = automatic.includes(FREE) && subtotal - discount < 200
      const quote: Quote = {
        items: input.items.map((i) => ({
          product_id: i.product_id,
          variant_id: 11,
          variant_label: '',
          sku: null,
          tiers: [],
          name: 'Deglet dates',
          quantity: i.quantity,
          unit_price: PRICE,
          retail_price: PRICE,
          wholesale_price: null,
          wholesale_threshold: null,
          is_wholesale: false,
          line_total: PRICE * i.quantity,
          available: 100,
          is_available: true,
          discount,
          category_id: null,
        })),
        subtotal,
        discount_total: discount,
        delivery_price: 0,
        total: subtotal - discount,
        total_amount: subtotal - discount,
        adjustments,
        coupon: code ? { code: input.coupon_code!, applied: !big } : null,
        free_delivery_hint: free ? { missing: 200 - (subtotal - discount), label: FREE.name } : null,
        offers: [...automatic, ...(code ? [EID] : [])],
      }
      return { body: quote }
    },
    'GET /api/cities': () => ({ body: { data: [], total: 0, last_page: 1, current_page: 1, per_page: 100 } }),
  })
}

function seed(quantity: number, code?: string) {
  localStorage.setItem(
    'cart',
    JSON.stringify([
      { id: 1, variant_id: 11, name: 'Deglet dates', price: PRICE, stock: 100, quantity, lang: 'en' },
    ]),
  )
  if (code) localStorage.setItem('cart_code', code)
}

beforeEach(async () => {
  localStorage.clear()
  await setLanguage('en')
  await loadSharedMessages()
})
afterEach(() => vi.unstubAllGlobals())

describe('offers in the cart (decision 0176)', () => {
  it('refuses a code below its minimum with the missing amount, then applies it once the cart reaches it', async () => {
    seed(2)
    const { calls } = server()
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    await u.type(await screen.findByLabelText('Discount code'), 'eid10')
    await u.click(screen.getByRole('button', { name: 'Apply' }))
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent(
      'Add 50.00 LYD more to your cart to use this code',
    )
    // The cart keeps its prices without the code; the code is kept with the cart.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('50.00 LYD')
    expect(screen.queryByTestId('discount-line')).toBeNull()
    expect(localStorage.getItem('cart_code')).toBe('eid10')
    expect(calls.some((c) => (c.body as QuoteInput | undefined)?.coupon_code === 'eid10')).toBe(true)

    // Two more: 100 reaches the minimum.
    await u.click(screen.getByRole('button', { name: 'Increase quantity of Deglet dates' }))
    await u.click(screen.getByRole('button', { name: 'Increase quantity of Deglet dates' }))
    const line = await screen.findByTestId('discount-line')
    expect(line).toHaveTextContent('Eid 10%')
    expect(line).toHaveTextContent('EID10')
    expect(line).toHaveTextContent('−10.00 LYD')
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('90.00 LYD'))
    expect(screen.queryByTestId('coupon-error')).toBeNull()
    expect(screen.getByText("The code's discount is in your order")).toBeInTheDocument()

    // Removing the code takes its discount away.
    await u.click(screen.getByRole('button', { name: 'Remove the code eid10' }))
    await waitFor(() => expect(screen.queryByTestId('discount-line')).toBeNull())
    expect(localStorage.getItem('cart_code')).toBeNull()
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('100.00 LYD'))
  })

  it('says an unknown code is unknown, in the shopper’s language, and asks for a code when the field is empty', async () => {
    seed(2)
    server()
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    await u.click(await screen.findByRole('button', { name: 'Apply' }))
    expect(screen.getByTestId('coupon-error')).toHaveTextContent('Enter a discount code')
    await u.type(screen.getByLabelText('Discount code'), 'NOPE{Enter}')
    expect(await screen.findByTestId('coupon-error')).toHaveTextContent(
      'We do not know this code. Check how it is written',
    )
  })

  it('keeps a saved code over a reload', async () => {
    seed(4, 'EID10')
    server()
    renderScreen(<CartPage />, '/cart')
    expect(await screen.findByTestId('discount-line')).toHaveTextContent('−10.00 LYD')
    expect(within(screen.getByTestId('coupon')).getByText('EID10')).toBeInTheDocument()
    // The line's part of the discount under its total.
    expect(screen.getByTestId('line-discount')).toHaveTextContent('−10.00 LYD')
  })

  it('says when a better offer applies, and which', async () => {
    seed(6, 'EID10')
    server([BIG])
    renderScreen(<CartPage />, '/cart')
    expect(await screen.findByTestId('coupon-better')).toHaveTextContent(
      'A better offer applies to your cart: Ramadan 20%',
    )
    expect(screen.getByTestId('discount-line')).toHaveTextContent('−30.00 LYD')
  })

  it('a delivery code in the cart waits for the city (no refusal, no discount yet)', async () => {
    seed(2, 'SHIPFREE')
    const ship = offer({ id: 12, code: 'SHIPFREE', name: 'Free shipping', target: 'delivery', value: 100 })
    mockFetch({
      'POST /api/orders/quote': ({ body }) => {
        const input = body as QuoteInput
        const subtotal = input.items.reduce((s, i) => s + i.quantity, 0) * PRICE
        return {
          body: {
            items: [],
            subtotal,
            discount_total: 0,
            delivery_price: 0,
            total: subtotal,
            total_amount: subtotal,
            adjustments: [],
            coupon: { code: 'SHIPFREE', applied: false },
            free_delivery_hint: null,
            offers: [ship],
          } satisfies Quote,
        }
      },
    })
    renderScreen(<CartPage />, '/cart')
    expect(await screen.findByText('The code applies once you choose the delivery city')).toBeInTheDocument()
    expect(screen.queryByTestId('coupon-error')).toBeNull()
    expect(screen.queryByTestId('discount-line')).toBeNull()
  })

  it('shows how much more gives free delivery, and follows the quantity at once', async () => {
    seed(4)
    const gate: { wait: Promise<void> | null } = { wait: null }
    const { calls } = server([FREE], gate)
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    const hint = await screen.findByTestId('free-delivery-hint')
    expect(hint).toHaveTextContent('Add 100.00 LYD more for free delivery')
    expect(within(hint).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50')
    // The browser prices the next quantity with the same function before the server answers.
    let release = () => {}
    gate.wait = new Promise((r) => (release = r))
    const before = calls.length
    await u.click(screen.getByRole('button', { name: 'Increase quantity of Deglet dates' }))
    await waitFor(() => expect(calls.length).toBeGreaterThan(before))
    expect(screen.getByTestId('free-delivery-hint')).toHaveTextContent('Add 75.00 LYD more for free delivery')
    expect(within(screen.getByTestId('free-delivery-hint')).getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      '63',
    )
    gate.wait = null
    release()
    const field = screen.getByRole('textbox', { name: 'Quantity of Deglet dates' })
    await u.clear(field)
    await u.type(field, '8{Enter}')
    await waitFor(() => expect(screen.queryByTestId('free-delivery-hint')).toBeNull())
  })
})
