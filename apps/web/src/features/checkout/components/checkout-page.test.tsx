import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Quote, QuoteInput } from '@shop/shared/schemas/order'
import { mockFetch, renderScreen, setLanguage, type Handler } from '../../../test/render-with-providers.tsx'
import { CheckoutPage } from './checkout-page.tsx'

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

const PRICES: Record<number, { name: string; price: number }> = {
  1: { name: 'Deglet dates', price: 25 },
  2: { name: 'Sidr honey', price: 40 },
}

/** Packs of product 3 (decision 0152): by variant id. Products 1 and 2 have one unnamed pack with their own id. */
const PACKS: Record<number, { label: string; price: number }> = {
  31: { label: '500 g', price: 12 },
  33: { label: '5 kg', price: 100 },
}

function quoteFor(input: QuoteInput, overridePrice?: number): Quote {
  const items = input.items.map((i) => {
    const pack = i.variant_id ? PACKS[i.variant_id] : undefined
    const unit = overridePrice ?? pack?.price ?? PRICES[i.product_id]!.price
    return {
      product_id: i.product_id,
      variant_id: i.variant_id ?? i.product_id,
      variant_label: pack?.label ?? '',
      sku: null,
      tiers: [],
      name: PRICES[i.product_id]?.name ?? 'Tasfirt dates',
      quantity: i.quantity,
      unit_price: unit,
      retail_price: unit,
      wholesale_price: null,
      wholesale_threshold: null,
      is_wholesale: false,
      line_total: unit * i.quantity,
      available: 100,
      is_available: true,
      discount: 0,
      category_id: null,
    }
  })
  const subtotal = items.reduce((s, i) => s + i.line_total, 0)
  const delivery = input.city_id ? cities.data.find((c) => c.id === input.city_id)!.delivery_price : 0
  return {
    items,
    subtotal,
    discount_total: 0,
    delivery_price: delivery,
    total: subtotal + delivery,
    total_amount: subtotal + delivery,
    adjustments: [],
    coupon: null,
    free_delivery_hint: null,
    offers: [],
  }
}

const quoteHandler: Handler = ({ body }) => ({ body: quoteFor(body as QuoteInput) })

function seedCart() {
  localStorage.setItem(
    'cart',
    JSON.stringify([{ id: 1, name: 'Deglet dates', price: 25, retail_price: 25, stock: 50, quantity: 2 }]),
  )
}

function renderCheckout() {
  return renderScreen(<CheckoutPage />, '/checkout', [
    { path: '/order-confirmation', element: <p data-testid="confirmation">confirmation</p> },
  ])
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

beforeEach(async () => {
  sessionStorage.clear()
  await setLanguage('en')
})
afterEach(() => vi.unstubAllGlobals())

describe('checkout (product.md §2.8, §4.8)', () => {
  it('shows the empty state with a link to products when the cart is empty', async () => {
    mockFetch({ 'GET /api/cities': () => ({ body: cities }) })
    renderCheckout()
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products')
  })

  it('asks the browser to fill the address as one line of a street address (address-line1)', async () => {
    seedCart()
    mockFetch({ 'GET /api/cities': () => ({ body: cities }), 'POST /api/orders/quote': quoteHandler })
    renderCheckout()
    expect(screen.getByLabelText(/^Address/)).toHaveAttribute('autocomplete', 'address-line1')
  })

  it('copies the phone into WhatsApp whenever the phone changes, and WhatsApp stays editable', async () => {
    seedCart()
    mockFetch({ 'GET /api/cities': () => ({ body: cities }), 'POST /api/orders/quote': quoteHandler })
    const u = userEvent.setup()
    renderCheckout()
    await u.type(screen.getByLabelText(/^Phone/), '091')
    expect(screen.getByLabelText(/WhatsApp number/)).toHaveValue('091')
    await u.clear(screen.getByLabelText(/WhatsApp number/))
    await u.type(screen.getByLabelText(/WhatsApp number/), '092')
    expect(screen.getByLabelText(/WhatsApp number/)).toHaveValue('092')
    await u.type(screen.getByLabelText(/^Phone/), '5')
    expect(screen.getByLabelText(/WhatsApp number/)).toHaveValue('0915')
  })

  it('sets the delivery fee from the chosen city and back to none when cleared', async () => {
    seedCart()
    mockFetch({ 'GET /api/cities': () => ({ body: cities }), 'POST /api/orders/quote': quoteHandler })
    const u = userEvent.setup()
    renderCheckout()
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('50.00 LYD'))
    await u.selectOptions(await screen.findByLabelText(/^City/), '8')
    await waitFor(() => expect(screen.getByTestId('summary-delivery')).toHaveTextContent('30.00 LYD'))
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('80.00 LYD'))
    await u.selectOptions(screen.getByLabelText(/^City/), '')
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('50.00 LYD'))
    expect(screen.getByTestId('summary-delivery')).toHaveTextContent('Choose a city')
  })

  it('shows every product.md §5.3 message in English and in Arabic', async () => {
    seedCart()
    mockFetch({ 'GET /api/cities': () => ({ body: cities }), 'POST /api/orders/quote': quoteHandler })
    const u = userEvent.setup()
    renderCheckout()
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    for (const text of [
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Phone number is required',
      'Address is required',
      'City is required',
      'State is required',
      'WhatsApp number is required',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument()
    }
    expect(screen.getByLabelText(/First name/)).toHaveFocus()
    await setLanguage('ar')
    for (const text of [
      'الاسم الأول مطلوب',
      'اسم العائلة مطلوب',
      'البريد الإلكتروني غير صالح',
      'رقم الهاتف مطلوب',
      'العنوان مطلوب',
      'المدينة مطلوبة',
      'المنطقة مطلوبة',
      'رقم واتساب مطلوب',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument()
    }
  })

  it('places the order once, clears the cart and goes to the confirmation with id and number', async () => {
    seedCart()
    let release: () => void = () => {}
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'POST /api/orders': () =>
        new Promise(
          (resolve) =>
            (release = () => resolve({ status: 201, body: { id: 41, order_number: 'ORD-250101-00041' } })),
        ),
    })
    const u = userEvent.setup()
    const { router } = renderCheckout()
    await fillForm(u)
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('65.00 LYD'))
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    const busy = await screen.findByRole('button', { name: /Processing\.\.\./ })
    expect(busy).toBeDisabled()
    // A second submit (Enter in a field) while the first runs is ignored.
    await u.type(screen.getByLabelText(/State/), '{Enter}')
    await u.click(busy)
    release()
    await screen.findByTestId('confirmation')
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/orders')
    expect(posts).toHaveLength(1)
    // Decision 0214: the contact in parts (the server joins the spec's texts from them).
    expect(posts[0]!.body).toEqual({
      customer: {
        first_name: 'Sara',
        last_name: 'Ali',
        phone: '0912345678',
        whatsapp: '0912345678',
        email: 'sara@example.ly',
        address_line: '12 Palm street',
        city_id: 7,
        state: 'Tripoli',
      },
      payment_method: 'cash',
      // Issue 41: nothing declined (and nothing said about WhatsApp: the shop's WhatsApp is not set up here).
      whatsapp_opt_in: true,
      notes: '',
      // The quote told the saved line's pack (decision 0152): the order names it.
      items: [{ product_id: 1, variant_id: 1, quantity: 2 }],
      expected_total: 65,
    })
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/.{8,}/)
    // Issue 26: the confirmation shows the lines and the total (here from the cart: the answer had no lines).
    expect(router.state.location.state).toEqual({
      orderId: 41,
      orderNumber: 'ORD-250101-00041',
      summary: {
        lines: [
          { name: 'Deglet dates', variant_label: '', quantity: 2, line_total: 50, is_wholesale: false },
        ],
        subtotal: 50,
        delivery: 15,
        total: 65,
        cash: true,
      },
    })
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([])
    expect(sessionStorage.length).toBe(0)
  })

  it('says the order is followed on WhatsApp when the shop sends there, and the box declines it (issue 41)', async () => {
    seedCart()
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'POST /api/orders': () => ({ status: 201, body: { id: 42, order_number: 'ORD-250101-00042' } }),
    })
    const u = userEvent.setup()
    renderScreen(
      <CheckoutPage />,
      '/checkout',
      [{ path: '/order-confirmation', element: <p data-testid="confirmation" /> }],
      {
        settings: { whatsapp_enabled: true },
      },
    )
    expect(await screen.findByTestId('whatsapp-consent')).toHaveTextContent(
      'We will confirm your order and keep you posted on WhatsApp at this number.',
    )
    await fillForm(u)
    await u.click(screen.getByLabelText('No WhatsApp messages for this order'))
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('65.00 LYD'))
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    await screen.findByTestId('confirmation')
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/orders')
    expect(post!.body).toMatchObject({ whatsapp_opt_in: false, customer: { whatsapp: '0912345678' } })
  })

  it('says nothing of WhatsApp messages when the shop has not set them up', async () => {
    seedCart()
    mockFetch({ 'GET /api/cities': () => ({ body: cities }), 'POST /api/orders/quote': quoteHandler })
    renderScreen(<CheckoutPage />, '/checkout', [], { settings: { whatsapp_enabled: false } })
    await screen.findByLabelText(/^Phone/)
    expect(screen.queryByTestId('whatsapp-consent')).toBeNull()
  })

  it('keeps the cart after a failure and reuses the same Idempotency-Key on retry', async () => {
    seedCart()
    let attempt = 0
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'POST /api/orders': () => {
        attempt += 1
        if (attempt === 1) throw new TypeError('network down')
        return { status: 201, body: { id: 5, order_number: 'ORD-5' } }
      },
    })
    const u = userEvent.setup()
    renderCheckout()
    await fillForm(u)
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('65.00 LYD'))
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    expect(await screen.findByText('Failed to place order. Please try again.')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([
      expect.objectContaining({ id: 1, quantity: 2 }),
    ])
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    await screen.findByTestId('confirmation')
    const keys = calls
      .filter((c) => c.method === 'POST' && c.path === '/api/orders')
      .map((c) => c.headers['Idempotency-Key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBe(keys[1])
  })

  it('shows the server message on OUT_OF_STOCK and keeps the cart', async () => {
    seedCart()
    mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'POST /api/orders': () => ({
        status: 409,
        body: {
          code: 'OUT_OF_STOCK',
          message: 'Not enough stock for Deglet dates (available: 1)',
          product_id: 1,
          available: 1,
        },
      }),
    })
    const u = userEvent.setup()
    renderCheckout()
    await fillForm(u)
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    expect(await screen.findByText('Not enough stock for Deglet dates (available: 1)')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)[0].quantity).toBe(2)
    expect(screen.queryByTestId('confirmation')).toBeNull()
  })

  it('drops a product that no longer exists from the cart and says so, so the rest can be ordered (decision 0009)', async () => {
    localStorage.setItem(
      'cart',
      JSON.stringify([
        { id: 1, name: 'Deglet dates', price: 25, retail_price: 25, stock: 50, quantity: 2 },
        { id: 99, name: 'Deleted thyme', price: 15, retail_price: 15, stock: 5, quantity: 1 },
      ]),
    )
    mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      // The server's quote leaves out products that no longer exist.
      'POST /api/orders/quote': ({ body }) => {
        const input = body as QuoteInput
        return { body: quoteFor({ ...input, items: input.items.filter((i) => i.product_id !== 99) }) }
      },
    })
    renderCheckout()
    expect(
      await screen.findByText('“Deleted thyme” is no longer available and was removed from your cart'),
    ).toBeInTheDocument()
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('cart')!).map((i: { id: number }) => i.id)).toEqual([1]),
    )
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('50.00 LYD'))
    expect(screen.queryByText('Deleted thyme')).toBeNull()
  })

  it('shows a changed server price instead of charging it silently (quote and 409 PRICE_CHANGED)', async () => {
    seedCart()
    let price = 27
    mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': ({ body }) => ({ body: quoteFor(body as QuoteInput, price) }),
      'POST /api/orders': ({ body }) => {
        // Decision 0214: the city comes with the contact.
        const b = body as { items: QuoteInput['items']; customer: { city_id: number } }
        return {
          status: 409,
          body: {
            code: 'PRICE_CHANGED',
            message: 'Some prices have changed',
            quote: quoteFor({ items: b.items, city_id: b.customer.city_id }, 30),
          },
        }
      },
    })
    const u = userEvent.setup()
    renderCheckout()
    expect(
      await screen.findByText('Some prices have changed since you added these items'),
    ).toBeInTheDocument()
    expect(screen.getByText('25.00 LYD')).toHaveClass('line-through')
    // The cart is saved by its provider's effect, after the render that shows the notice.
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart')!)[0].price).toBe(27))
    await fillForm(u)
    price = 30
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    expect(
      await screen.findByText('Prices have changed. Please review the new total before placing your order.'),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('75.00 LYD'))
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart')!)[0].price).toBe(30))
  })

  it('prefills a signed-in shopper from the profile autofill (the last order’s parts) with an info banner', async () => {
    seedCart()
    localStorage.setItem('token', 'tok')
    mockFetch({
      'GET /api/me': () => ({
        body: {
          id: 3,
          name: 'Sara Ali',
          email: 'sara@example.ly',
          is_admin: false,
          is_active: true,
          role: 'user',
          roles: [{ name: 'user' }],
          created_at: '2025-01-01',
        },
      }),
      'GET /api/profile': () => ({
        body: {
          user: {},
          autofill: {
            name: 'Sara Ali',
            first_name: 'Sara',
            last_name: 'Ali',
            email: 'sara@example.ly',
            phone: '0911111111',
            whatsapp: '0922222222',
            address: 'Palm st',
            city: 'Benghazi',
            city_id: 8,
            state: 'East',
          },
        },
      }),
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
    })
    renderCheckout()
    expect(await screen.findByText(/We filled in your details from your last order/)).toBeInTheDocument()
    expect(screen.getByLabelText(/First name/)).toHaveValue('Sara')
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Ali')
    expect(screen.getByLabelText(/Address/)).toHaveValue('Palm st')
    expect(screen.getByLabelText(/State/)).toHaveValue('East')
    // The WhatsApp number of the last order, not a copy of the phone.
    expect(screen.getByLabelText(/WhatsApp number/)).toHaveValue('0922222222')
    await waitFor(() => expect(screen.getByLabelText(/^City/)).toHaveValue('8'))
    await waitFor(() => expect(screen.getByTestId('summary-delivery')).toHaveTextContent('30.00 LYD'))
  })
})

describe("a new account's first checkout (issue 26, decision 0138)", () => {
  it("is prefilled with the account's name and email when there is no last order", async () => {
    seedCart()
    localStorage.setItem('token', 'tok')
    const user = {
      id: 4,
      name: 'Mariam Al Zawi',
      email: 'mariam@example.ly',
      is_admin: false,
      is_active: true,
      role: 'user',
      roles: [{ name: 'user' }],
      created_at: '2025-01-01',
    }
    mockFetch({
      'GET /api/me': () => ({ body: user }),
      'GET /api/profile': () => ({ body: { user, autofill: null } }),
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
    })
    renderCheckout()
    expect(await screen.findByText(/We filled in your name and email from your account/)).toBeInTheDocument()
    expect(screen.getByLabelText(/First name/)).toHaveValue('Mariam')
    expect(screen.getByLabelText(/Last name/)).toHaveValue('Al Zawi')
    expect(screen.getByLabelText(/^Email/)).toHaveValue('mariam@example.ly')
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('')
  })
})

describe('cash on delivery per city (decision 0071)', () => {
  beforeEach(() => setLanguage('en'))
  afterEach(() => vi.unstubAllGlobals())

  it('explains why cash is not offered for the city or the total, and does not place a cash order', async () => {
    seedCart()
    const cod = {
      data: [
        { id: 7, name: 'Tripoli', delivery_price: 15, is_active: true, cod_allowed: true, cod_max_total: 60 },
        { id: 8, name: 'Ghat', delivery_price: 30, is_active: true, cod_allowed: false, cod_max_total: null },
      ],
      total: 2,
      last_page: 1,
      current_page: 1,
      per_page: 100,
    }
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cod }),
      'POST /api/orders/quote': ({ body }) => ({
        body: { ...quoteFor({ ...(body as QuoteInput), city_id: undefined }), delivery_price: 15, total: 65 },
      }),
    })
    renderCheckout()
    const u = userEvent.setup()
    await fillForm(u)
    const cash = () => screen.getByRole('radio', { name: /Cash on delivery/ })
    expect(
      await screen.findByText('Cash on delivery in Tripoli is for orders up to 60.00 LYD.'),
    ).toBeInTheDocument()
    expect(cash()).toBeDisabled()
    await u.selectOptions(screen.getByLabelText(/^City/), '8')
    expect(await screen.findByText('Cash on delivery is not available in Ghat.')).toBeInTheDocument()
    await u.click(screen.getByRole('button', { name: /Place order/ }))
    expect(
      await screen.findByText(
        'Cash on delivery is not available for this order: please choose another payment method.',
      ),
    ).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/orders')).toBe(false)
  })
})

describe('no way to pay: no cash here and no online method (issue 26, decision 0136)', () => {
  const cod = {
    data: [
      { id: 7, name: 'Tripoli', delivery_price: 15, is_active: true, cod_allowed: true, cod_max_total: 60 },
      { id: 8, name: 'Ghat', delivery_price: 30, is_active: true, cod_allowed: false, cod_max_total: null },
      { id: 9, name: 'Misrata', delivery_price: 20, is_active: true, cod_allowed: true, cod_max_total: null },
    ],
    total: 3,
    last_page: 1,
    current_page: 1,
    per_page: 100,
  }
  const handlers = (methods: string[]) => ({
    'GET /api/cities': () => ({ body: cod }),
    'GET /api/payments/methods': () => ({ body: { methods, massarat: null, paypal: null } }),
    'POST /api/orders/quote': ({ body }: { body: unknown }) => {
      const input = body as QuoteInput
      const q = quoteFor({ ...input, city_id: undefined })
      const delivery = cod.data.find((c) => c.id === input.city_id)?.delivery_price ?? 0
      return { body: { ...q, delivery_price: delivery, total: q.subtotal + delivery } }
    },
  })

  it('offers a smaller order, another city where cash pays, and the order on WhatsApp with the cart written in', async () => {
    seedCart()
    const { calls } = mockFetch(handlers(['cash']))
    renderScreen(<CheckoutPage />, '/checkout', [], {
      settings: { contact_phone: '+218 91 234 5678', whatsapp_number: '091 999 8877' },
    })
    const u = userEvent.setup()
    await fillForm(u)
    const panel = await screen.findByTestId('no-way-to-pay')
    expect(panel).toHaveTextContent('No way to pay for this order right now')
    expect(panel).toHaveTextContent('Make the order smaller: cash is accepted here up to 60.00 LYD')
    expect(screen.getByRole('link', { name: /Edit cart/ })).toHaveAttribute('href', '/cart')
    // 50 + 20 in Misrata has no limit; Ghat takes no cash at all.
    expect(screen.queryByRole('button', { name: 'Ghat' })).toBeNull()
    const whatsapp = screen.getByRole('link', { name: /Order on WhatsApp/ })
    const href = new URL(whatsapp.getAttribute('href')!)
    expect(href.origin + href.pathname).toBe('https://wa.me/218919998877')
    expect(href.searchParams.get('text')).toBe(
      [
        'Hello, I would like to order:',
        '',
        '- 2 × Deglet dates = 50.00 LYD',
        '',
        'Subtotal: 50.00 LYD',
        'Delivery: 15.00 LYD',
        'Total: 65.00 LYD',
        'City: Tripoli',
      ].join('\n'),
    )
    await u.click(screen.getByRole('button', { name: /Place order/ }))
    expect(
      await screen.findByText('This order cannot be paid here right now: choose one of the options below.'),
    ).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/orders')).toBe(false)
    // Another city: cash pays there, the way out closes.
    await u.click(screen.getByRole('button', { name: 'Misrata' }))
    await waitFor(() => expect(screen.queryByTestId('no-way-to-pay')).toBeNull())
    expect(screen.getByLabelText(/^City/)).toHaveValue('9')
    expect(screen.getByRole('radio', { name: /Cash on delivery/ })).toBeEnabled()
  })

  it('in a city without cash, the WhatsApp route is offered (and no smaller order)', async () => {
    seedCart()
    mockFetch(handlers(['cash']))
    renderScreen(<CheckoutPage />, '/checkout', [], { settings: { whatsapp_number: '+218919998877' } })
    const u = userEvent.setup()
    await fillForm(u)
    await u.selectOptions(screen.getByLabelText(/^City/), '8')
    const panel = await screen.findByTestId('no-way-to-pay')
    expect(panel).toHaveTextContent('Cash on delivery is not available in Ghat')
    expect(panel).not.toHaveTextContent('Make the order smaller')
    expect(screen.getByRole('link', { name: /Order on WhatsApp/ })).toHaveAttribute(
      'href',
      expect.stringContaining('City%3A%20Ghat'),
    )
  })

  it('stays out of the way when an online method can pay', async () => {
    seedCart()
    mockFetch(handlers(['cash', 'paypal']))
    renderScreen(<CheckoutPage />, '/checkout', [], { settings: { whatsapp_number: '0919998877' } })
    const u = userEvent.setup()
    await fillForm(u)
    expect(
      await screen.findByText('Cash on delivery in Tripoli is for orders up to 60.00 LYD.'),
    ).toBeInTheDocument()
    expect(screen.queryByTestId('no-way-to-pay')).toBeNull()
  })
})

describe('checkout with online payments (decisions 0079, 0082)', { timeout: 20_000 }, () => {
  const methods = {
    methods: ['cash', 'massarat', 'paypal'],
    massarat: { gateways: ['sadadapi', 'edfali', 'localbankcards'] },
    paypal: { currency: 'USD', exchange_rate: 5 },
  }

  it('offers only the configured methods, says what the shopper will use and what PayPal charges in dollars', async () => {
    seedCart()
    mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'GET /api/payments/methods': () => ({ body: methods }),
    })
    const u = userEvent.setup()
    renderCheckout()
    expect(
      await screen.findByRole('radio', { name: /Sadad \/ Edfali \/ Local bank card/ }),
    ).toBeInTheDocument()
    await u.selectOptions(await screen.findByLabelText(/^City/), '7')
    // 50 + 15 delivery = 65 LYD at 5 LYD per dollar: 13.00 USD.
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /PayPal/ }).closest('label')).toHaveTextContent(
        '13.00 USD1 USD = 5 LYD',
      ),
    )
  })

  it('shows cash alone when no online method is configured', async () => {
    seedCart()
    mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'GET /api/payments/methods': () => ({ body: { methods: ['cash'], massarat: null, paypal: null } }),
    })
    renderCheckout()
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(1))
    expect(screen.getByRole('radio', { name: /Cash on delivery/ })).toBeChecked()
  })

  it('places an online order, keeps the cart and goes to the payment step; back at checkout, cash pays that same order', async () => {
    seedCart()
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'GET /api/payments/methods': () => ({ body: methods }),
      'POST /api/orders': () => ({
        status: 201,
        body: {
          id: 77,
          order_number: 'ORD-77',
          payment: { token: 'tok-77', due_at: '2026-01-01T10:30:00Z' },
        },
      }),
      'POST /api/payments/orders/77/cash': () => ({ body: {} }),
    })
    const u = userEvent.setup()
    const first = renderCheckout()
    await fillForm(u)
    await u.click(await screen.findByRole('radio', { name: /Sadad/ }))
    await u.click(screen.getByRole('button', { name: 'Continue to payment' }))
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/checkout/pay'))
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(1)
    expect(JSON.parse(sessionStorage.getItem('pending_payment')!)).toMatchObject({
      orderId: 77,
      orderNumber: 'ORD-77',
      token: 'tok-77',
      // Issue 26: kept for the confirmation page once it is paid.
      summary: { lines: [{ name: 'Deglet dates', quantity: 2, line_total: 50 }], total: 65 },
    })
    first.unmount()

    // The shopper comes back (a cancelled payment) and chooses cash with the same details: no second order.
    renderCheckout()
    expect(await screen.findByText(/Your order is waiting for payment/)).toBeInTheDocument()
    await fillForm(u)
    await u.click(screen.getByRole('radio', { name: /Cash on delivery/ }))
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    await screen.findByTestId('confirmation')
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/orders')).toHaveLength(1)
    expect(calls.find((c) => c.path === '/api/payments/orders/77/cash')!.headers['X-Payment-Token']).toBe(
      'tok-77',
    )
    expect(JSON.parse(localStorage.getItem('cart')!)).toEqual([])
  })

  it('sends each size of a product as its own line, and shows the sizes in the summary and the confirmation (issue 28)', async () => {
    const line = (variant_id: number, variant_label: string, price: number, quantity: number) => ({
      id: 3,
      variant_id,
      variant_label,
      name: 'Tasfirt dates',
      price,
      retail_price: price,
      stock: 50,
      quantity,
      lang: 'en',
    })
    localStorage.setItem('cart', JSON.stringify([line(31, '500 g', 12, 2), line(33, '5 kg', 100, 1)]))
    const orderLine = (variant_id: number, variant_label: string, price: number, quantity: number) => ({
      id: variant_id,
      product_id: 3,
      quantity,
      unit_price: price,
      line_total: price * quantity,
      is_wholesale: false,
      product: { id: 3, name: 'Tasfirt dates', image_url: null },
      product_name: 'Tasfirt dates',
      variant_id,
      variant_label,
      sku: null,
    })
    const { calls } = mockFetch({
      'GET /api/cities': () => ({ body: cities }),
      'POST /api/orders/quote': quoteHandler,
      'POST /api/orders': () => ({
        status: 201,
        body: {
          id: 42,
          order_number: 'ORD-250101-00042',
          payment_method: 'cash',
          subtotal: 124,
          delivery_price: 15,
          total_amount: 139,
          items: [orderLine(31, '500 g', 12, 2), orderLine(33, '5 kg', 100, 1)],
        },
      }),
    })
    const u = userEvent.setup()
    const { router } = renderCheckout()
    const summary = screen.getByRole('region', { name: 'Order summary' })
    expect(
      within(summary)
        .getAllByTestId('summary-size')
        .map((s) => s.textContent),
    ).toEqual(['500 g', '5 kg'])
    await fillForm(u)
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('139.00 LYD'))
    const quoted = calls.filter((c) => c.path === '/api/orders/quote').at(-1)!
    expect((quoted.body as QuoteInput).items).toEqual([
      { product_id: 3, variant_id: 31, quantity: 2 },
      { product_id: 3, variant_id: 33, quantity: 1 },
    ])
    await u.click(screen.getByRole('button', { name: 'Place order' }))
    await screen.findByTestId('confirmation')
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/orders')!
    expect((post.body as QuoteInput).items).toEqual((quoted.body as QuoteInput).items)
    expect(router.state.location.state.summary.lines).toEqual([
      { name: 'Tasfirt dates', variant_label: '500 g', quantity: 2, line_total: 24, is_wholesale: false },
      { name: 'Tasfirt dates', variant_label: '5 kg', quantity: 1, line_total: 100, is_wholesale: false },
    ])
  })
})
