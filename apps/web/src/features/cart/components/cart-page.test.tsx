import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { CartPage } from './cart-page.tsx'

beforeEach(async () => {
  mockFetch({})
  await setLanguage('en')
})
afterEach(() => vi.unstubAllGlobals())

const seed = (quantity: number) =>
  localStorage.setItem(
    'cart',
    JSON.stringify([
      {
        id: 1,
        name: 'Deglet dates',
        price: 25,
        retail_price: 25,
        wholesale_price: 20,
        wholesale_threshold: 10,
        stock: 50,
        quantity,
      },
    ]),
  )

describe('cart page (product.md §2.7)', () => {
  it('shows the empty state with continue shopping', () => {
    renderScreen(<CartPage />, '/cart')
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products')
  })

  it('switches to the wholesale price at the threshold and back, with the hint below it', async () => {
    seed(9)
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    expect(screen.getByText('Add 1 more for the wholesale price')).toBeInTheDocument()
    expect(screen.getAllByText('225.00 LYD').length).toBeGreaterThan(0)
    await u.click(screen.getByRole('button', { name: 'Increase quantity of Deglet dates' }))
    expect(screen.getByText('Wholesale price applied!')).toBeInTheDocument()
    expect(screen.getAllByText('200.00 LYD').length).toBeGreaterThan(0)
    await u.click(screen.getByRole('button', { name: 'Decrease quantity of Deglet dates' }))
    expect(screen.queryByText('Wholesale price applied!')).toBeNull()
  })

  it('keeps 1 on minus at 1 and removes with the remove button', async () => {
    seed(1)
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    expect(screen.getByRole('button', { name: 'Decrease quantity of Deglet dates' })).toBeDisabled()
    await u.click(screen.getByRole('button', { name: 'Remove Deglet dates' }))
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
  })

  it('shows the delivery from the cheapest to the dearest city and the total; clear cart asks first, then empties it', async () => {
    seed(2)
    mockFetch({
      'GET /api/cities': () => ({
        body: {
          data: [
            {
              id: 1,
              name: 'Tripoli',
              delivery_price: 10,
              is_active: true,
              cod_allowed: true,
              cod_max_total: null,
            },
            {
              id: 2,
              name: 'Ghat',
              delivery_price: 45,
              is_active: true,
              cod_allowed: true,
              cod_max_total: null,
            },
          ],
        },
      }),
    })
    const u = userEvent.setup()
    const { router } = renderScreen(<CartPage />, '/cart')
    const summary = screen.getByRole('complementary')
    // Issue 26: never «Shipping: Free» when checkout then adds 10–45.
    await waitFor(() =>
      expect(screen.getByTestId('cart-delivery')).toHaveTextContent('10.00 LYD to 45.00 LYD, by city'),
    )
    expect(within(summary).queryByText('Free')).toBeNull()
    expect(within(summary).getByText('Total before delivery')).toBeInTheDocument()
    expect(within(summary).getAllByText('50.00 LYD')).toHaveLength(2)
    await u.click(screen.getByRole('button', { name: 'Clear cart' }))
    await u.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear cart' }))
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/cart')
  })

  it('says free delivery only when every city delivers free, and one price when all cost the same', async () => {
    seed(1)
    const cities = (prices: number[]) =>
      mockFetch({
        'GET /api/cities': () => ({
          body: {
            data: prices.map((p, i) => ({ id: i + 1, name: `C${i}`, delivery_price: p, is_active: true })),
          },
        }),
      })
    cities([0, 0])
    const first = renderScreen(<CartPage />, '/cart')
    await waitFor(() => expect(screen.getByTestId('cart-delivery')).toHaveTextContent('Free'))
    first.unmount()
    cities([15, 15])
    renderScreen(<CartPage />, '/cart')
    await waitFor(() => expect(screen.getByTestId('cart-delivery')).toHaveTextContent(/^15\.00 LYD$/))
  })

  it('takes a typed quantity, clamped to the stock (issue 26)', async () => {
    seed(2)
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    const field = screen.getByRole('textbox', { name: 'Quantity of Deglet dates' })
    await u.clear(field)
    await u.type(field, '12{Enter}')
    expect(screen.getByText('Wholesale price applied!')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([{ id: 1, quantity: 12 }])
    await u.clear(field)
    await u.type(field, '999{Enter}')
    expect(field).toHaveValue('50')
    expect(screen.getByText('Only 50 are available')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([{ id: 1, quantity: 50 }])
  })

  it('goes to /checkout', async () => {
    seed(2)
    const { router } = renderScreen(<CartPage />, '/cart')
    await userEvent.click(screen.getByRole('button', { name: /Proceed to checkout/ }))
    expect(router.state.location.pathname).toBe('/checkout')
  })
})

describe('cart names in the current language (decision 0061)', () => {
  const names: Record<string, Record<number, string>> = {
    ar: { 1: 'تمر دقلة نور', 2: 'عسل سدر' },
    en: { 1: 'Deglet Nour Dates', 2: 'Sidr Honey' },
  }
  const quote = () =>
    mockFetch({
      'POST /api/orders/quote': ({ body, headers }) => {
        const lang = headers['Accept-Language'] === 'en' ? 'en' : 'ar'
        const items = (body as { items: { product_id: number; quantity: number }[] }).items
        // Like the server: products that no longer exist are left out (decision 0009).
        const known = items.filter((i) => names[lang]![i.product_id])
        return {
          body: {
            items: known.map((i) => ({
              product_id: i.product_id,
              name: names[lang]![i.product_id],
              quantity: i.quantity,
            })),
            subtotal: 0,
            delivery_price: 0,
            total: 0,
          },
        }
      },
    })

  it('names a cart saved in Arabic in English, and again in Arabic after switching back', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 1, name: 'تمر دقلة نور', price: 25, stock: 50, quantity: 2, lang: 'ar' },
        { id: 2, name: 'عسل سدر', price: 90, stock: 5, quantity: 1, lang: 'ar' },
      ]),
    )
    const { calls } = quote()
    renderScreen(<CartPage />, '/cart')
    expect(await screen.findByText('Deglet Nour Dates')).toBeInTheDocument()
    expect(screen.getByText('Sidr Honey')).toBeInTheDocument()
    // One quote for the names, one for the cart's prices and offers (decision 0176).
    expect(calls.filter((c) => c.path === '/api/orders/quote')).toHaveLength(2)
    expect(
      JSON.parse(localStorage.getItem('cart')!).map((i: { name: string; lang: string; quantity: number }) => [
        i.name,
        i.lang,
        i.quantity,
      ]),
    ).toEqual([
      ['Deglet Nour Dates', 'en', 2],
      ['Sidr Honey', 'en', 1],
    ])
    await setLanguage('ar')
    expect(await screen.findByText('تمر دقلة نور')).toBeInTheDocument()
    expect(screen.getByText('عسل سدر')).toBeInTheDocument()
    // The names again.
    expect(calls.filter((c) => c.path === '/api/orders/quote')).toHaveLength(3)
  })

  it('names an old saved cart (no language kept) once, and keeps a product the quote no longer knows', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 1, name: 'Deglet dates', price: 25, stock: 50, quantity: 1 },
        { id: 9, name: 'Gone thing', price: 5, stock: 5, quantity: 1 },
      ]),
    )
    const { calls } = quote()
    renderScreen(<CartPage />, '/cart')
    expect(await screen.findByText('Deglet Nour Dates')).toBeInTheDocument()
    expect(screen.getByText('Gone thing')).toBeInTheDocument()
    await new Promise((r) => setTimeout(r, 50))
    // Once for the names, once for the prices and offers (decision 0176).
    expect(calls.filter((c) => c.path === '/api/orders/quote')).toHaveLength(2)
  })
})

describe('cart lines by pack size (issue 28, decision 0152)', () => {
  const pack = (variant_id: number, variant_label: string, price: number, quantity: number, over = {}) => ({
    id: 9,
    variant_id,
    variant_label,
    name: 'Tasfirt dates',
    price,
    retail_price: price,
    tiers: [],
    stock: 40,
    quantity,
    lang: 'en',
    ...over,
  })

  it('shows two sizes of one product as two lines, each with its size, price breaks and hint', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        pack(91, '500 g', 12, 2),
        pack(92, '1 kg', 22, 6, {
          tiers: [
            { min_quantity: 5, price: 20 },
            { min_quantity: 20, price: 18 },
          ],
        }),
      ]),
    )
    const u = userEvent.setup()
    renderScreen(<CartPage />, '/cart')
    const lines = within(screen.getByRole('list', { name: 'Items in your cart' })).getAllByRole('listitem')
    expect(lines).toHaveLength(2)
    expect(within(lines[0]!).getByTestId('cart-line-size')).toHaveTextContent('500 g')
    expect(within(lines[0]!).getByText('24.00 LYD')).toBeInTheDocument()
    expect(within(lines[0]!).queryByText('Wholesale price applied!')).toBeNull()
    expect(within(lines[1]!).getByTestId('cart-line-size')).toHaveTextContent('1 kg')
    expect(within(lines[1]!).getByText('Wholesale price applied!')).toBeInTheDocument()
    expect(within(lines[1]!).getByText(/^Add 14 more for/)).toHaveTextContent(
      'Add 14 more for 18.00 LYD each',
    )
    expect(within(lines[1]!).getByText('120.00 LYD')).toBeInTheDocument()
    // Each line's buttons change that size only.
    await u.click(
      within(lines[0]!).getByRole('button', { name: 'Increase quantity of Tasfirt dates – 500 g' }),
    )
    expect(JSON.parse(localStorage.getItem('cart')!).map((l: { quantity: number }) => l.quantity)).toEqual([
      3, 6,
    ])
    await u.click(within(lines[1]!).getByRole('button', { name: 'Remove Tasfirt dates – 1 kg' }))
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([{ variant_id: 91, quantity: 3 }])
  })

  it('loads a cart saved before sizes existed, and names its size from the quote', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([{ id: 9, name: 'تمر تاسفرت', price: 12, retail_price: 12, stock: 30, quantity: 2 }]),
    )
    const { calls } = mockFetch({
      'POST /api/orders/quote': () => ({
        body: {
          items: [
            {
              product_id: 9,
              variant_id: 91,
              variant_label: '500 g',
              sku: 'TAS-500',
              tiers: [],
              name: 'Tasfirt dates',
              quantity: 2,
              unit_price: 12,
              retail_price: 12,
              wholesale_price: null,
              wholesale_threshold: null,
              is_wholesale: false,
              line_total: 24,
              available: 30,
              is_available: true,
            },
          ],
          subtotal: 24,
          delivery_price: 0,
          total: 24,
        },
      }),
    })
    renderScreen(<CartPage />, '/cart')
    expect(screen.getByRole('heading', { name: 'تمر تاسفرت' })).toBeInTheDocument()
    expect(await screen.findByTestId('cart-line-size')).toHaveTextContent('500 g')
    expect(screen.getByRole('heading', { name: 'Tasfirt dates' })).toBeInTheDocument()
    // The old line asked for the product's default pack: no variant_id.
    expect((calls.find((c) => c.path === '/api/orders/quote')!.body as { items: unknown }).items).toEqual([
      { product_id: 9, quantity: 2 },
    ])
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([
        { id: 9, variant_id: 91, variant_label: '500 g', quantity: 2, lang: 'en' },
      ]),
    )
  })
})
