import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Product, Variant } from '@shop/shared/schemas/product'
import type { StockMovement } from '@shop/shared/schemas/team'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { ProductsScreen } from './products-screen.tsx'

// Issue 30: "Adjust stock" asks for a reason; each pack shows its stock history.

const pack = (id: number, label: string, stock: number): Variant => ({
  id,
  sku: null,
  label,
  price: 10,
  tiers: [],
  stock,
  is_active: true,
  is_always_in_stock: false,
  weight_grams: null,
  volume_ml: null,
  image_url: null,
  image_small_url: null,
})

const dates: Product = {
  id: 7,
  slug: 'ajwa',
  name: 'Ajwa',
  description: 'Dates',
  category_id: null,
  category: null,
  price: 10,
  retail_price: 10,
  wholesale_price: null,
  wholesale_threshold: null,
  retail_buying_price: null,
  wholesale_buying_price: null,
  stock: 12,
  is_active: true,
  is_always_in_stock: false,
  image_url: null,
  image_small_url: null,
  attributes: { weight: null, origin: null },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  variants: [pack(71, '500 g', 12), pack(72, '1 kg', 4)],
  price_from: 10,
}

const movement = (over: Partial<StockMovement>): StockMovement => ({
  id: 1,
  created_at: '2026-11-20T09:30:00Z',
  product_id: 7,
  variant_id: 71,
  product_name: 'Ajwa',
  variant_name: '500 g',
  delta: 10,
  stock_after: 10,
  reason: 'opening_balance',
  actor: { kind: 'system', user_id: null, name: 'migration' },
  order_id: null,
  order_number: null,
  note: null,
  ...over,
})

const history = [
  movement({
    id: 3,
    delta: -3,
    stock_after: 12,
    reason: 'sale',
    actor: { kind: 'shopper', user_id: 5, name: 'Khadija' },
    order_id: 41,
    order_number: 'ORD-20261120-0041',
  }),
  movement({
    id: 2,
    delta: 5,
    stock_after: 15,
    reason: 'received',
    actor: { kind: 'staff', user_id: 2, name: 'Salma' },
    note: 'Harvest from Jufra',
  }),
  movement({ id: 1 }),
]

afterEach(() => vi.unstubAllGlobals())

function api() {
  return stubFetch((c) => {
    if (c.method === 'GET' && c.url.startsWith('/api/products?'))
      return { body: { data: [dates], total: 1, last_page: 1, current_page: 1, per_page: 10 } }
    if (c.method === 'GET' && c.url.startsWith('/api/stock-movements?')) {
      const rows = c.url.includes('variant_id=72') ? [] : history
      return { body: { data: rows, total: rows.length, last_page: 1, current_page: 1, per_page: 10 } }
    }
    if (c.method === 'POST' && c.url === '/api/stock-movements') {
      const body = c.body as { delta: number; reason: string }
      if (body.delta < -12)
        return {
          status: 409,
          body: { code: 'STOCK_BELOW_ZERO', message: 'Stock cannot go below zero: Ajwa – 500 g has 12 left' },
        }
      return { status: 201, body: movement({ id: 4, delta: body.delta, stock_after: 12 + body.delta }) }
    }
    return undefined
  })
}

async function openStock(lang: 'en' | 'ar' = 'en', settings?: Record<string, string>) {
  await renderDashboard(<ProductsScreen />, lang, { settings })
  await screen.findByText('Ajwa')
  await userEvent.click(screen.getByRole('button', { name: lang === 'en' ? 'Stock of Ajwa' : 'مخزون Ajwa' }))
  return screen.findByRole('dialog')
}

describe('stock dialog', { timeout: 20_000 }, () => {
  it('shows the pack’s history: change, reason, who, the order and the note', async () => {
    api()
    const dialog = await openStock()
    const table = within(dialog).getByRole('table')
    await within(table).findByText('Sale')
    expect(within(table).getByText('−3')).toBeInTheDocument()
    expect(within(table).getByText('Khadija')).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Open order ORD-20261120-0041' })).toHaveAttribute(
      'href',
      '/dashboard/orders?order=41',
    )
    expect(within(table).getByText('Received (harvest, purchase)')).toBeInTheDocument()
    expect(within(table).getByText('Harvest from Jufra')).toBeInTheDocument()
    expect(within(table).getByText('The shop (automatic)')).toBeInTheDocument()
    expect(within(dialog).getByText('In stock now (500 g): 12')).toBeInTheDocument()
    // The other size has its own history.
    await userEvent.selectOptions(within(dialog).getByLabelText('Size'), '72')
    expect(await within(dialog).findByText('No stock changes yet')).toBeInTheDocument()
  })

  for (const lang of ['en', 'ar'] as const)
    it(`dates the history on the shop’s clock, as the audit trail does (${lang}, decision 0230)`, async () => {
      api()
      // 09:30 UTC is 18:30 in Tokyo: a shop there reads 18:30 whatever the browser's clock.
      const dialog = await openStock(lang, { timezone: 'Asia/Tokyo' })
      const table = within(dialog).getByRole('table')
      await within(table).findByText(lang === 'en' ? 'Sale' : 'بيع')
      // Arabic writes the clock in 12 hours (6:30 م).
      const cells = within(table).getAllByText(lang === 'en' ? /18:30/ : /6:30/)
      expect(cells).toHaveLength(history.length)
      expect(cells[0]).toHaveTextContent(lang === 'en' ? '20 Nov 2026, 18:30' : /2026.*6:30/)
      expect(table).not.toHaveTextContent(/9:30/)
    })

  it('adds units with a reason and a note, or sets the counted quantity as the difference', async () => {
    const calls = api()
    const dialog = await openStock()
    await within(dialog).findByRole('table')
    await userEvent.selectOptions(within(dialog).getByLabelText(/Reason/), 'damaged')
    await userEvent.type(within(dialog).getByLabelText(/Units \(\+ to add/), '-2')
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Crushed box')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      product_id: 7,
      variant_id: 71,
      delta: -2,
      reason: 'damaged',
      note: 'Crushed box',
    })
    expect(await screen.findByText('Stock changed by −2: 10 now')).toBeInTheDocument()

    await userEvent.selectOptions(within(dialog).getByLabelText('How'), 'count')
    await userEvent.selectOptions(within(dialog).getByLabelText(/Reason/), 'count_correction')
    await userEvent.type(within(dialog).getByLabelText(/Units counted/), '20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }))
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
    // Decision 0218: the count goes as a count with the figure it was compared to (the history's 12); the server
    // finds the difference.
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({
      product_id: 7,
      variant_id: 71,
      count: 20,
      stock_based_on: 12,
      reason: 'count_correction',
    })
  })

  it('a count against a stock that moved meanwhile: says the figure now, reads it again, and sends on it next', async () => {
    let sold = false
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/products?'))
        return { body: { data: [dates], total: 1, last_page: 1, current_page: 1, per_page: 10 } }
      if (c.method === 'GET' && c.url.startsWith('/api/stock-movements?')) {
        // A sale of 2 lands after the dialog first read the history.
        const rows = sold
          ? [movement({ id: 9, delta: -2, stock_after: 10, reason: 'sale' }), ...history]
          : history
        return { body: { data: rows, total: rows.length, last_page: 1, current_page: 1, per_page: 10 } }
      }
      if (c.method === 'POST' && c.url === '/api/stock-movements') {
        const body = c.body as { count: number; stock_based_on: number }
        if (body.stock_based_on !== 10) {
          sold = true
          return {
            status: 409,
            body: {
              code: 'STOCK_CHANGED',
              message: 'The stock of Ajwa – 500 g changed to 10 while you were editing',
              stock: 10,
            },
          }
        }
        return { status: 201, body: movement({ id: 10, delta: body.count - 10, stock_after: body.count }) }
      }
      return undefined
    })
    const dialog = await openStock()
    await within(dialog).findByText('In stock now (500 g): 12')
    await userEvent.selectOptions(within(dialog).getByLabelText('How'), 'count')
    await userEvent.type(within(dialog).getByLabelText(/Units counted/), '20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }))
    expect(
      await within(dialog).findByText('The stock of Ajwa – 500 g changed to 10 while you were editing'),
    ).toBeInTheDocument()
    expect(await within(dialog).findByText('In stock now (500 g): 10')).toBeInTheDocument()
    // Nothing was saved; the typed count waits to be confirmed against the new figure.
    expect(screen.queryByText('Stock changed by +10: 20 now')).not.toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Units counted/)).toHaveValue('20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }))
    expect(await screen.findByText('Stock changed by +10: 20 now')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toMatchObject([
      { count: 20, stock_based_on: 12 },
      { count: 20, stock_based_on: 10 },
    ])
  })

  it('says what is wrong before sending, and shows the server’s refusal', async () => {
    const calls = api()
    const dialog = await openStock()
    await within(dialog).findByRole('table')
    await userEvent.type(within(dialog).getByLabelText(/Units \(\+ to add/), '0')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }))
    expect(
      await within(dialog).findByText('Enter a whole number of units other than 0 (at most 1,000,000)'),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    await userEvent.clear(within(dialog).getByLabelText(/Units \(\+ to add/))
    await userEvent.type(within(dialog).getByLabelText(/Units \(\+ to add/), '-40')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save adjustment' }))
    expect(
      await screen.findByText(
        'The stock was not changed: Stock cannot go below zero: Ajwa – 500 g has 12 left',
      ),
    ).toBeInTheDocument()
  })

  it('speaks Arabic', async () => {
    api()
    const dialog = await openStock('ar')
    const table = within(dialog).getByRole('table')
    expect(await within(table).findByText('بيع')).toBeInTheDocument()
    expect(within(dialog).getByRole('heading', { name: 'سجل المخزون' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'حفظ التعديل' })).toBeInTheDocument()
  })
})
