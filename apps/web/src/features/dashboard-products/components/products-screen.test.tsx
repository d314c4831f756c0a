import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Product } from '@shop/shared/schemas/product'
import { renderDashboard, stubFetch } from '../../dashboard-shell/test-render.tsx'
import { ProductsScreen } from './products-screen.tsx'

const product = (id: number, name: string, stock: number): Product => ({
  id,
  name,
  description: `${name} description`,
  category_id: null,
  category: null,
  price: 10,
  retail_price: 10,
  wholesale_price: null,
  wholesale_threshold: null,
  retail_buying_price: null,
  wholesale_buying_price: null,
  stock,
  is_active: true,
  is_always_in_stock: false,
  image_url: null,
  image_small_url: null,
  attributes: { weight: null, origin: null },
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
})
const rows = [product(1, 'Ajwa', 0), product(2, 'Sukkari', 5), product(3, 'Honey', 0)]
const page = { data: rows, total: 3, last_page: 1, current_page: 1, per_page: 10 }

afterEach(() => vi.unstubAllGlobals())

function api() {
  return stubFetch((c) => {
    if (c.method === 'GET' && c.url.startsWith('/api/products?')) return { body: page }
    if (c.method === 'PATCH') return { body: rows[0] }
    if (c.method === 'DELETE')
      return c.url.endsWith('/3')
        ? { status: 409, body: { code: 'CONFLICT', message: 'nope' } }
        : { status: 204 }
    return undefined
  })
}

describe('products batch bar', { timeout: 20_000 }, () => {
  it('appears with the selection and shows its count', async () => {
    api()
    await renderDashboard(<ProductsScreen />, 'en')
    await screen.findByText('Ajwa')
    expect(screen.queryByText(/Selected:/)).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ajwa' }))
    expect(screen.getByText('Selected: 1')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    expect(screen.getByText('Selected: 3')).toBeInTheDocument()
  })

  it('marks in stock with one call per product that is at 0, then refreshes once', async () => {
    const calls = api()
    await renderDashboard(<ProductsScreen />, 'en')
    await screen.findByText('Ajwa')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    const listCallsBefore = calls.filter((c) => c.method === 'GET').length
    await userEvent.click(screen.getByRole('button', { name: 'Mark in stock' }))
    await waitFor(() => expect(screen.getByText('Done: 2 updated.')).toBeInTheDocument())
    const patches = calls.filter((c) => c.method === 'PATCH')
    expect(patches.map((c) => c.url).sort()).toEqual(['/api/products/1/stock', '/api/products/3/stock'])
    expect(patches.every((c) => (c.body as { stock: number }).stock === 1)).toBe(true)
    expect(calls.filter((c) => c.method === 'GET').length).toBe(listCallsBefore + 1)
  })

  it('asks before deleting, names the count, and reports failures', async () => {
    const calls = api()
    await renderDashboard(<ProductsScreen />, 'en')
    await screen.findByText('Ajwa')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Ajwa' }))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Honey' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/2 selected items will be deleted/)).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.getByText('1 succeeded, 1 failed.')).toBeInTheDocument())
    expect(
      calls
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.url)
        .sort(),
    ).toEqual(['/api/products/1', '/api/products/3'])
  })
})
