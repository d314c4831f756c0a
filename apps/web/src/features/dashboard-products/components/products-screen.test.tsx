import { useQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Category } from '@shop/shared/schemas/category'
import type { Product, Variant } from '@shop/shared/schemas/product'
import { api as request } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'
import { renderDashboard, stubFetch } from '../../../test/render-dashboard.tsx'
import { ProductsScreen } from './products-screen.tsx'

const pack = (id: number, label: string, stock: number, over: Partial<Variant> = {}): Variant => ({
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
  ...over,
})

const product = (id: number, name: string, stock: number): Product => ({
  id,
  slug: `product-${id}`,
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
  variants: [pack(id * 100, '', stock)],
  price_from: 10,
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

describe('products stock column', { timeout: 20_000 }, () => {
  it('shows an always-in-stock product marked out of stock as out of stock', async () => {
    const always = (id: number, name: string, stock: number) => ({
      ...product(id, name, stock),
      is_always_in_stock: true,
      variants: [pack(id * 100, '', stock, { is_always_in_stock: true })],
    })
    const list = [always(7, 'Date syrup', 1), always(8, 'Date coffee', 0)]
    stubFetch((c) =>
      c.method === 'GET' && c.url.startsWith('/api/products?')
        ? { body: { ...page, data: list, total: 2 } }
        : undefined,
    )
    await renderDashboard(<ProductsScreen />, 'en')
    const syrup = (await screen.findByText('Date syrup')).closest('tr')!
    const coffee = screen.getByText('Date coffee').closest('tr')!
    expect(within(syrup).getByText('Always in stock')).toBeInTheDocument()
    expect(within(coffee).getByText('Out of stock')).toBeInTheDocument()
    expect(within(coffee).queryByText('Always in stock')).not.toBeInTheDocument()
  })
})

describe('products sizes (decision 0155)', { timeout: 20_000 }, () => {
  const dates: Product = {
    ...product(5, 'Tasfirt dates', 40),
    price_from: 18,
    variants: [
      pack(51, '500 g', 40, { price: 18 }),
      pack(52, '1 kg', 8, { price: 34 }),
      pack(53, '5 kg', 0, { price: 160 }),
      pack(54, '10 kg', 30, { price: 300, is_active: false }),
    ],
  }
  const soldOut: Product = {
    ...product(6, 'Sidr honey', 0),
    variants: [pack(61, '250 g', 0), pack(62, '1 kg', 0)],
  }

  function shop(lowStock: string) {
    return stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/products?'))
        return { body: { ...page, data: [dates, soldOut, rows[1]], total: 3 } }
      if (c.method === 'GET' && c.url === '/api/settings')
        return {
          body: { data: [{ id: 1, key: 'low_stock_threshold', description: null, value: lowStock }] },
        }
      if (c.method === 'PATCH') return { body: rows[0] }
      return undefined
    })
  }

  it("shows each product's sizes with their stock, low ones marked, and the total of the sizes on sale", async () => {
    shop('10')
    await renderDashboard(<ProductsScreen />, 'en')
    const row = (await screen.findByText('Tasfirt dates')).closest('tr')!
    expect(within(row).getByText('4 sizes')).toBeInTheDocument()
    expect(within(row).getByText('48 in stock in all')).toBeInTheDocument()
    expect(within(row).getByText('From')).toBeInTheDocument()
    const sizes = within(within(row).getByRole('list', { name: 'Sizes' })).getAllByRole('listitem')
    expect(sizes.map((s) => s.textContent)).toEqual([
      '500 g: 40',
      '1 kg: 8 left',
      '5 kg: out of stock',
      '10 kg: 30 (hidden)',
    ])
    const honey = screen.getByText('Sidr honey').closest('tr')!
    expect(within(honey).getByText('Out of stock')).toBeInTheDocument()
    // A product with one pack reads as before: its stock, low when at or below the shop's alert level.
    const sukkari = screen.getByText('Sukkari').closest('tr')!
    expect(within(sukkari).getByText('One size')).toBeInTheDocument()
    expect(within(sukkari).getByText('5 in stock')).toBeInTheDocument()
  })

  it('shows the sizes in Arabic', async () => {
    shop('5')
    await renderDashboard(<ProductsScreen />, 'ar')
    const row = (await screen.findByText('Tasfirt dates')).closest('tr')!
    expect(within(row).getByText('4 أحجام')).toBeInTheDocument()
    expect(within(row).getByText('48 قطعة متوفرة في المجموع')).toBeInTheDocument()
    expect(within(row).getByText('5 kg: نفد')).toBeInTheDocument()
  })

  it('marks in stock each size on sale at 0, and out of stock every size on sale', async () => {
    const calls = shop('5')
    await renderDashboard(<ProductsScreen />, 'en')
    await screen.findByText('Tasfirt dates')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    await userEvent.click(screen.getByRole('button', { name: 'Mark in stock' }))
    // Sukkari has no size at 0: left alone; the hidden 10 kg is not touched either.
    await waitFor(() => expect(screen.getByText('Done: 2 updated.')).toBeInTheDocument())
    // The products run side by side; each product's packs one after the other.
    const patches = () =>
      calls
        .filter((c) => c.method === 'PATCH')
        .map((c) => [c.url, c.body] as const)
        .sort(
          ([, a], [, b]) =>
            (a as { variant_id: number }).variant_id - (b as { variant_id: number }).variant_id,
        )
    expect(patches()).toEqual([
      ['/api/products/5/stock', { variant_id: 53, stock: 1 }],
      ['/api/products/6/stock', { variant_id: 61, stock: 1 }],
      ['/api/products/6/stock', { variant_id: 62, stock: 1 }],
    ])
    calls.length = 0
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }))
    await userEvent.click(screen.getByRole('button', { name: 'Mark out of stock' }))
    await waitFor(() => expect(screen.getByText('Done: 3 updated.')).toBeInTheDocument())
    expect(patches()).toEqual([
      ['/api/products/5/stock', { variant_id: 51, stock: 0 }],
      ['/api/products/5/stock', { variant_id: 52, stock: 0 }],
      ['/api/products/5/stock', { variant_id: 53, stock: 0 }],
      ['/api/products/6/stock', { variant_id: 61, stock: 0 }],
      ['/api/products/6/stock', { variant_id: 62, stock: 0 }],
      ['/api/products/2/stock', { variant_id: 200, stock: 0 }],
    ])
  })
})

/** The categories screen's query (its key), mounted next to the products screen. */
function CategoryCounts() {
  const categories = useQuery({
    queryKey: dashboardKeys.categories.list({ search: '' }),
    queryFn: () => request<{ data: Category[] }>('/api/categories'),
  })
  return <p>{categories.data?.data.map((c) => `${c.name}: ${c.products_count}`).join(', ')}</p>
}

describe('products: what a product write refreshes (product.md §4.7)', { timeout: 20_000 }, () => {
  const overview = dashboardKeys.overview.stats({ from: '2025-01-01', to: '2025-01-31' })
  const revenue = dashboardKeys.overview.revenue({ from: '2025-01-01', to: '2025-01-31' })
  const sales = dashboardKeys.sales.list({ from: '', to: '', page: 1, per_page: 10 })

  function shop() {
    let count = 3
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/products?')) return { body: page }
      if (c.method === 'GET' && c.url.startsWith('/api/categories'))
        return {
          body: {
            data: [
              {
                id: 2,
                name: 'Dates',
                description: null,
                slug: 'dates',
                is_active: true,
                products_count: count,
              },
            ],
          },
        }
      if (c.method === 'POST' && c.url === '/api/products') {
        count += 1
        return { status: 201, body: product(9, 'Honey', 1) }
      }
      if (c.method === 'DELETE') {
        count -= 1
        return { status: 204 }
      }
      return undefined
    })
    return calls
  }

  it('after adding a product, refetches the category counts and marks the overview stale', async () => {
    shop()
    const { client } = await renderDashboard(
      <>
        <ProductsScreen />
        <CategoryCounts />
      </>,
    )
    client.setQueryData(overview, { total_products: 3 })
    client.setQueryData(revenue, { data: [] })
    client.setQueryData(sales, { data: [] })
    expect(await screen.findByText('Dates: 3')).toBeInTheDocument()
    await screen.findByText('Ajwa')
    await userEvent.click(screen.getAllByRole('button', { name: 'Add product' })[0]!)
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(/^Name in Arabic/), 'عسل')
    await userEvent.type(within(dialog).getByLabelText(/^Description in Arabic/), 'عسل سدر')
    await userEvent.type(within(dialog).getByLabelText(/^Retail price/), '20')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add product' }))
    expect(await screen.findByText('Dates: 4')).toBeInTheDocument()
    expect(client.getQueryState(overview)?.isInvalidated).toBe(true)
    // A product does not change revenue or the sales report: those stay as they are.
    expect(client.getQueryState(revenue)?.isInvalidated).toBe(false)
    expect(client.getQueryState(sales)?.isInvalidated).toBe(false)
  })

  it('after deleting a row, refetches the category counts and marks the overview stale', async () => {
    shop()
    const { client } = await renderDashboard(
      <>
        <ProductsScreen />
        <CategoryCounts />
      </>,
    )
    client.setQueryData(overview, { total_products: 3 })
    expect(await screen.findByText('Dates: 3')).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Ajwa' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Dates: 2')).toBeInTheDocument()
    expect(client.getQueryState(overview)?.isInvalidated).toBe(true)
  })
})

describe('products: emptied last page', { timeout: 20_000 }, () => {
  it('goes back to the last page that has rows instead of the empty state', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => product(i + 1, `Date ${i + 1}`, 5))
    let lastRowGone = false
    const calls = stubFetch((c) => {
      if (c.method === 'GET' && c.url.startsWith('/api/products?')) {
        const p2 = c.url.includes('page=2')
        const total = lastRowGone ? 10 : 11
        const last_page = lastRowGone ? 1 : 2
        const data = p2 ? (lastRowGone ? [] : [product(11, 'Khalas', 5)]) : firstPage
        return { body: { data, total, last_page, current_page: p2 ? 2 : 1, per_page: 10 } }
      }
      if (c.method === 'DELETE') {
        lastRowGone = true
        return { status: 204 }
      }
      return undefined
    })
    await renderDashboard(<ProductsScreen />, 'en')
    await screen.findByText('Date 1')
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Khalas' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Date 1')).toBeInTheDocument()
    expect(screen.queryByText('No products yet')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/products/11'])
    expect(calls.at(-1)?.url).toContain('page=1')
  })
})
