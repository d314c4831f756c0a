import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch, renderScreen, setLanguage } from '../../../test/render-with-providers.tsx'
import { ProductsPage } from './products-page.tsx'
import { makeProduct } from '../../../test/make-product.ts'
import { stubIntersectionObserver } from '../../../test/intersection-observer.ts'


function listHandler(total: number) {
  return ({ url }: { url: URL }) => {
    const page = Number(url.searchParams.get('page') ?? 1)
    const perPage = Number(url.searchParams.get('per_page') ?? 12)
    const from = (page - 1) * perPage
    const count = Math.max(0, Math.min(perPage, total - from))
    return {
      body: {
        data: Array.from({ length: count }, (_, i) => makeProduct(from + i + 1)),
        total,
        last_page: Math.max(1, Math.ceil(total / perPage)),
        current_page: page,
        per_page: perPage,
      },
    }
  }
}

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('products page (SPEC §2)', () => {
  it('asks the server for active, in-stock products and shows the pager and "showing X-Y of N"', async () => {
    const { calls } = mockFetch({ 'GET /api/products': listHandler(30), 'GET /api/categories': () => ({ body: { data: [] } }) })
    renderScreen(<ProductsPage />, '/products')
    expect(await screen.findByText('Showing 1-12 of 30 results')).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument()
    const q = calls.find((c) => c.path === '/api/products')!.url.searchParams
    expect([q.get('active'), q.get('in_stock'), q.get('per_page'), q.get('page')]).toEqual(['true', 'true', '12', '1'])

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(await screen.findByText('Showing 25-30 of 30 results')).toBeInTheDocument()
  })

  it('loads the first row of pictures at once with high priority and the rest lazily (issue 7, LCP)', async () => {
    mockFetch({ 'GET /api/products': listHandler(5), 'GET /api/categories': () => ({ body: { data: [] } }) })
    renderScreen(<ProductsPage />, '/products')
    await screen.findByText('Showing 1-5 of 5 results')
    const images = screen.getAllByRole('img').filter((img) => img.closest('article'))
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', 'high'],
      ['lazy', 'auto'],
      ['lazy', 'auto'],
    ])
  })

  it('loads the pager when it comes near the screen, also when the list arrives after the first render (issue 7)', async () => {
    const viewport = stubIntersectionObserver()
    mockFetch({ 'GET /api/products': listHandler(30), 'GET /api/categories': () => ({ body: { data: [] } }) })
    renderScreen(<ProductsPage />, '/products')
    expect(await screen.findAllByRole('article')).toHaveLength(12)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
    expect(viewport.watching()).toBeGreaterThan(0)
    viewport.comesNear()
    expect(await screen.findByRole('navigation', { name: 'Pagination' })).toBeInTheDocument()
    expect(screen.getByText('Showing 1-12 of 30 results')).toBeInTheDocument()
  })

  it('shows the last page for a page number past it (an old link), not "no products"', async () => {
    const asked: string[] = []
    mockFetch({
      'GET /api/products': (req) => {
        asked.push(req.url.searchParams.get('page') ?? '1')
        return listHandler(30)(req)
      },
      'GET /api/categories': () => ({ body: { data: [] } }),
    })
    renderScreen(<ProductsPage />, '/products?page=9')
    expect(await screen.findByText('Showing 25-30 of 30 results')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(6)
    expect(screen.queryByText('No products found')).toBeNull()
    expect(asked).toEqual(['9', '3'])
  })

  it('hides the pager when everything fits on one page', async () => {
    mockFetch({ 'GET /api/products': listHandler(5), 'GET /api/categories': () => ({ body: { data: [] } }) })
    renderScreen(<ProductsPage />, '/products')
    expect(await screen.findByText('Showing 1-5 of 5 results')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
  })

  it('reads search, category, page and size from the URL', async () => {
    const { calls } = mockFetch({ 'GET /api/products': listHandler(100), 'GET /api/categories': () => ({ body: { data: [{ id: 4, name: 'Honey', slug: 'honey', description: null, is_active: true, products_count: 1 }] } }) })
    renderScreen(<ProductsPage />, '/products?search=dates&category=4&page=2&size=24')
    expect(await screen.findByText('Showing 25-48 of 100 results')).toBeInTheDocument()
    const q = calls.find((c) => c.path === '/api/products')!.url.searchParams
    expect([q.get('search'), q.get('category_id'), q.get('page'), q.get('per_page')]).toEqual(['dates', '4', '2', '24'])
    expect(screen.getByLabelText('Search')).toHaveValue('dates')
  })

  it('goes back to page 1 when the page size changes', async () => {
    const { calls } = mockFetch({ 'GET /api/products': listHandler(100), 'GET /api/categories': () => ({ body: { data: [] } }) })
    const { router } = renderScreen(<ProductsPage />, '/products?page=3')
    await screen.findByText('Showing 25-36 of 100 results')
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '24')
    expect(await screen.findByText('Showing 1-24 of 100 results')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?size=24')
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('1')
  })

  it('searches 300 ms after typing stops and shows the no-results message', async () => {
    const { calls } = mockFetch({ 'GET /api/products': ({ url }) => (url.searchParams.get('search') ? { body: { data: [], total: 0, last_page: 1, current_page: 1, per_page: 12 } } : listHandler(3)({ url })), 'GET /api/categories': () => ({ body: { data: [] } }) })
    renderScreen(<ProductsPage />, '/products')
    await screen.findByText('Showing 1-3 of 3 results')
    await userEvent.type(screen.getByLabelText('Search'), 'zzz')
    expect(calls.filter((c) => c.url.searchParams.get('search')).length).toBe(0)
    expect(await screen.findByText('No results for “zzz”', {}, { timeout: 2000 })).toBeInTheDocument()
    expect(calls.filter((c) => c.url.searchParams.get('search')).map((c) => c.url.searchParams.get('search'))).toEqual(['zzz'])
  })

  it('shows the error with the message and Try Again', async () => {
    let fail = true
    mockFetch({
      'GET /api/products': () => (fail ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Down for a moment' } } : listHandler(2)({ url: new URL('http://x/?page=1') })),
      'GET /api/categories': () => ({ body: { data: [] } }),
    })
    renderScreen(<ProductsPage />, '/products')
    expect(await screen.findByText('Error loading products: Down for a moment')).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    await waitFor(() => expect(screen.getByText('Showing 1-2 of 2 results')).toBeInTheDocument())
  })

  it('shows skeleton cards equal to the page size while loading', async () => {
    mockFetch({ 'GET /api/products': () => new Promise(() => {}), 'GET /api/categories': () => ({ body: { data: [] } }) })
    renderScreen(<ProductsPage />, '/products?size=24')
    expect(screen.getByTestId('product-skeletons').children).toHaveLength(24)
  })
})
