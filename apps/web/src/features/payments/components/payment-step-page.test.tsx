import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { OrderPayment } from '@shop/shared/schemas/payment'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { savePendingPayment } from '../../../lib/pending-payment.ts'
import { PaymentResultPage } from './payment-result-page.tsx'
import { PaymentStepPage } from './payment-step-page.tsx'

const pending = { orderId: 41, orderNumber: 'ORD-260101-00041', token: 'tok-abc', fingerprint: '{}' }
const view = (over: Partial<OrderPayment> = {}): OrderPayment => ({
  order_id: 41,
  order_number: 'ORD-260101-00041',
  total_amount: 59.85,
  order_status: 'pending',
  payment_method: 'massarat',
  payment_status: 'pending',
  due_at: '2026-01-01T12:30:00Z',
  payable: true,
  cash_on_delivery: true,
  massarat: { gateways: ['sadadapi', 'edfali', 'localbankcards'] },
  paypal: { amount: 12.35, currency: 'USD', exchange_rate: 4.85 },
  usd: { amount: 12.35, exchange_rate: 4.85 },
  attempts: [],
  ...over,
})

function renderStep() {
  return renderScreen(<PaymentStepPage />, '/checkout/pay', [
    { path: '/order-confirmation', element: <p data-testid="confirmation">confirmation</p> },
  ])
}
const cartInStorage = () => JSON.parse(localStorage.getItem('cart') ?? '[]') as unknown[]

beforeEach(async () => {
  sessionStorage.clear()
  localStorage.setItem(
    'cart',
    JSON.stringify([{ id: 1, name: 'Deglet dates', price: 25, retail_price: 25, stock: 50, quantity: 2 }]),
  )
  await setLanguage('en')
})
afterEach(() => vi.unstubAllGlobals())

describe('payment step', { timeout: 20_000 }, () => {
  it('says so when this tab has no order waiting for a payment', async () => {
    mockFetch({})
    renderStep()
    expect(await screen.findByText('No order is waiting for payment')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to cart' })).toHaveAttribute('href', '/cart')
  })

  it('pays by Sadad: number and birth year, the code typed here, then the confirmation with the cart emptied', async () => {
    savePendingPayment(pending)
    const { calls } = mockFetch({
      'GET /api/payments/orders/41': () => ({ body: view() }),
      'POST /api/payments/orders/41/wallet': () => ({ body: { payment_id: 9, otp_length: 6 } }),
      'POST /api/payments/orders/41/wallet/confirm': ({ body }) =>
        (body as { otp: string }).otp === '123456'
          ? { body: view({ payment_status: 'paid', payable: false, due_at: null }) }
          : {
              status: 422,
              body: { code: 'PAYMENT_REFUSED', message: 'The payment was refused: The code is not correct' },
            },
    })
    const u = userEvent.setup()
    renderStep()
    expect(await screen.findByRole('radio', { name: /Sadad/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: /Edfali/ })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /Local bank card/ })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /PayPal/ })).toBeInTheDocument()
    expect(screen.getByTestId('pay-total')).toHaveTextContent('59.85 LYD')

    // A wrong birth year is refused before anything is sent.
    await u.type(screen.getByLabelText(/^Mobile number/), '0912345678')
    await u.type(screen.getByLabelText(/^Birth year/), '2024')
    await u.click(screen.getByRole('button', { name: 'Send me the code' }))
    expect(
      await screen.findByText('Enter the birth year of the number’s owner, such as 1990'),
    ).toBeInTheDocument()
    expect(calls.some((c) => c.path.endsWith('/wallet'))).toBe(false)

    await u.clear(screen.getByLabelText(/^Birth year/))
    await u.type(screen.getByLabelText(/^Birth year/), '1990')
    await u.click(screen.getByRole('button', { name: 'Send me the code' }))
    const start = calls.find((c) => c.path.endsWith('/wallet'))!
    expect(start.body).toEqual({ gateway: 'sadadapi', mobile_number: '0912345678', birth_year: 1990 })
    expect(start.headers['X-Payment-Token']).toBe('tok-abc')

    const code = await screen.findByLabelText(/The 6-digit code/)
    await u.type(code, '000000')
    await u.click(screen.getByRole('button', { name: 'Pay 59.85 LYD' }))
    expect(await screen.findByText('The payment was refused: The code is not correct')).toBeInTheDocument()
    expect(cartInStorage()).toHaveLength(1)

    await u.clear(code)
    await u.type(code, '123456')
    await u.click(screen.getByRole('button', { name: 'Pay 59.85 LYD' }))
    expect(await screen.findByTestId('confirmation')).toBeInTheDocument()
    await waitFor(() => expect(cartInStorage()).toHaveLength(0))
    expect(sessionStorage.getItem('pending_payment')).toBeNull()
  })

  it('shows PayPal’s dollar amount and the rate before leaving, then goes to PayPal with that amount', async () => {
    savePendingPayment(pending)
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const { calls } = mockFetch({
      'GET /api/payments/orders/41': () => ({ body: view({ payment_method: 'paypal' }) }),
      'POST /api/payments/orders/41/redirect': () => ({
        body: {
          payment_id: 3,
          redirect_url: 'https://paypal.test/checkoutnow?token=X',
          amount: 12.35,
          currency: 'USD',
          exchange_rate: 4.85,
        },
      }),
    })
    const u = userEvent.setup()
    renderStep()
    expect(await screen.findByRole('radio', { name: /PayPal/ })).toBeChecked()
    const box = screen.getByTestId('usd-amount')
    expect(box).toHaveTextContent('59.85 LYD')
    expect(box).toHaveTextContent('1 USD = 4.85 LYD')
    expect(box).toHaveTextContent('12.35 USD')
    await u.click(screen.getByRole('button', { name: 'Continue to PayPal to pay 12.35 USD' }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=X'))
    expect(calls.find((c) => c.path.endsWith('/redirect'))!.body).toEqual({
      gateway: 'paypal',
      expected_amount: 12.35,
    })
    expect(cartInStorage()).toHaveLength(1)
  })

  it('pays on delivery instead: the same order, then the confirmation', async () => {
    savePendingPayment(pending)
    const { calls } = mockFetch({
      'GET /api/payments/orders/41': () => ({ body: view() }),
      'POST /api/payments/orders/41/cash': () => ({
        body: view({ payment_method: 'cash', payable: false, due_at: null }),
      }),
    })
    const u = userEvent.setup()
    renderStep()
    await u.click(await screen.findByRole('button', { name: 'Pay on delivery instead' }))
    expect(await screen.findByTestId('confirmation')).toBeInTheDocument()
    expect(calls.filter((c) => c.path.endsWith('/cash'))).toHaveLength(1)
    expect(cartInStorage()).toHaveLength(0)
  })

  it('does not offer paying on delivery where the city does not take cash for this order', async () => {
    savePendingPayment(pending)
    mockFetch({ 'GET /api/payments/orders/41': () => ({ body: view({ cash_on_delivery: false }) }) })
    renderStep()
    expect(await screen.findByRole('heading', { name: 'How would you like to pay?' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pay on delivery instead' })).not.toBeInTheDocument()
  })

  it('in Arabic, lays the wallets out with Arabic names and says the last try failed', async () => {
    await setLanguage('ar')
    savePendingPayment(pending)
    const failed = {
      id: 3,
      provider: 'plutu' as const,
      gateway: 'edfali',
      state: 'failed' as const,
      amount: 59.85,
      currency: 'LYD',
      exchange_rate: null,
      order_amount: 59.85,
      failure: 'لا يوجد حساب بهذا الرقم لدى خدمة الدفع هذه',
      failure_code: 'ACCOUNT_NOT_FOUND',
      created_at: '2026-01-01T12:00:00Z',
    }
    mockFetch({
      'GET /api/payments/orders/41': () => ({ body: view({ payment_status: 'failed', attempts: [failed] }) }),
    })
    renderStep()
    expect(await screen.findByRole('radio', { name: /سداد/ })).toBeChecked()
    // The last try that failed, with the shop's Arabic sentence for why (decision 0097), never Plutu's English.
    expect(
      screen.getByText('لم تنجح محاولة الدفع الأخيرة. يمكنك المحاولة مرة أخرى أو اختيار طريقة أخرى.'),
    ).toBeInTheDocument()
    expect(screen.getByText('لا يوجد حساب بهذا الرقم لدى خدمة الدفع هذه')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'الدفع' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /ادفع لي/ })).toBeInTheDocument()
  })
})

describe('payment step: wallet codes and what the shopper left on purpose', { timeout: 20_000 }, () => {
  it('counts down to the next code after sending one, and after the shop asks to wait (429)', async () => {
    savePendingPayment(pending)
    let starts = 0
    mockFetch({
      'GET /api/payments/orders/41': () => ({ body: view() }),
      'POST /api/payments/orders/41/wallet': () =>
        ++starts === 1
          ? {
              status: 429,
              body: {
                code: 'TOO_MANY_REQUESTS',
                message: 'Too many attempts. Please try again in 1 minute',
                retry_after: 42,
              },
            }
          : { body: { payment_id: 9, otp_length: 4 } },
    })
    const user = userEvent.setup()
    renderStep()
    await user.click(await screen.findByRole('radio', { name: /Edfali/ }))
    await user.type(screen.getByLabelText(/Mobile number/), '0921234567')
    await user.click(screen.getByRole('button', { name: 'Send me the code' }))
    expect(await screen.findByText('Too many attempts. Please try again in 1 minute')).toBeInTheDocument()
    expect(screen.getByText(/You can ask for a new code in (42|41) seconds/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send me the code' })).toBeDisabled()
  })

  it('sends a code, then waits a minute before a new one can be asked for', async () => {
    savePendingPayment(pending)
    mockFetch({
      'GET /api/payments/orders/41': () => ({ body: view() }),
      'POST /api/payments/orders/41/wallet': () => ({ body: { payment_id: 9, otp_length: 4 } }),
    })
    const user = userEvent.setup()
    renderStep()
    await user.click(await screen.findByRole('radio', { name: /Edfali/ }))
    await user.type(screen.getByLabelText(/Mobile number/), '0921234567')
    await user.click(screen.getByRole('button', { name: 'Send me the code' }))
    expect(await screen.findByRole('button', { name: 'Send a new code or change the number' })).toBeDisabled()
    expect(screen.getByText(/You can ask for a new code in (60|59) seconds/)).toBeInTheDocument()
  })

  it('does not call a switch to cash a failure', async () => {
    savePendingPayment(pending)
    const switched = {
      id: 4,
      provider: 'plutu' as const,
      gateway: 'localbankcards',
      state: 'failed' as const,
      amount: 59.85,
      currency: 'LYD',
      exchange_rate: null,
      order_amount: 59.85,
      failure: 'You chose to pay on delivery instead',
      failure_code: 'switched_to_cash',
      created_at: '2026-01-01T12:00:00Z',
    }
    mockFetch({ 'GET /api/payments/orders/41': () => ({ body: view({ attempts: [switched] }) }) })
    renderStep()
    expect(await screen.findByRole('heading', { name: 'How would you like to pay?' })).toBeInTheDocument()
    expect(screen.queryByText(/did not go through/)).not.toBeInTheDocument()
    expect(screen.queryByText(/switched_to_cash/)).not.toBeInTheDocument()
  })

  it('a card page that ends after the switch to cash says so in words', async () => {
    mockFetch({})
    renderScreen(<PaymentResultPage outcome="failed" />, '/payment/failed?order=41&reason=switched_to_cash')
    expect(await screen.findByText(/You chose to pay for order #41 on delivery/)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'You will pay on delivery' })).toBeInTheDocument()
    expect(screen.queryByText(/did not go through|switched_to_cash/)).not.toBeInTheDocument()
  })

  it('… and in Arabic', async () => {
    await setLanguage('ar')
    mockFetch({})
    renderScreen(<PaymentResultPage outcome="failed" />, '/payment/failed?order=41&reason=switched_to_cash')
    expect(await screen.findByText(/اخترت دفع قيمة الطلب/)).toBeInTheDocument()
    expect(screen.queryByText(/switched_to_cash/)).not.toBeInTheDocument()
  })
})

describe('payment result pages', { timeout: 20_000 }, () => {
  it('success: waits for the payment, then the confirmation page says it was received', async () => {
    savePendingPayment(pending)
    let answers = 0
    mockFetch({
      'GET /api/payments/orders/41': () => ({
        body: view(++answers < 2 ? {} : { payment_status: 'paid', payable: false }),
      }),
    })
    renderScreen(<PaymentResultPage outcome="success" />, '/payment/success?order=41', [
      { path: '/order-confirmation', element: <p data-testid="confirmation">confirmation</p> },
    ])
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument()
    expect(await screen.findByTestId('confirmation', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(cartInStorage()).toHaveLength(0)
  })

  it('success in another browser: paid when the shop says so, still being confirmed when it does not', async () => {
    mockFetch({})
    const paid = renderScreen(<PaymentResultPage outcome="success" />, '/payment/success?order=41')
    expect(
      await screen.findByRole('heading', { name: 'Thank you, your payment was received' }),
    ).toBeInTheDocument()
    paid.unmount()
    renderScreen(<PaymentResultPage outcome="success" />, '/payment/success?order=41&pending=1')
    expect(
      await screen.findByRole('heading', { name: 'Your payment is being confirmed' }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/is paid/)).not.toBeInTheDocument()
  })

  it('cancelled: the cart is kept, back to checkout or another way to pay', async () => {
    savePendingPayment(pending)
    mockFetch({ 'GET /api/payments/orders/41': () => ({ body: view({ payment_status: 'failed' }) }) })
    renderScreen(<PaymentResultPage outcome="cancelled" />, '/payment/cancelled?order=41')
    expect(await screen.findByRole('heading', { name: 'Payment cancelled' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to checkout' })).toHaveAttribute('href', '/checkout')
    expect(screen.getByRole('link', { name: 'Choose another way to pay' })).toHaveAttribute(
      'href',
      '/checkout/pay',
    )
    expect(cartInStorage()).toHaveLength(1)
  })

  it('failed: says why in the shopper’s words', async () => {
    mockFetch({})
    renderScreen(<PaymentResultPage outcome="failed" />, '/payment/failed?order=41&reason=expired')
    const main = await screen.findByRole('heading', { name: 'The payment did not go through' })
    expect(within(main.parentElement!).getByText(/time to pay for order #41 ran out/)).toBeInTheDocument()
  })
})
