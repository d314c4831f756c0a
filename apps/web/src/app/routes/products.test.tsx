import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLoaderData } from 'react-router'
import type { Category } from '@shop/shared/schemas/category'
import { EMPTY_CONTENT } from '@shop/shared/schemas/content'
import type { StorefrontData, StorefrontProductsQuery } from '@shop/shared/storefront'
import { makeProduct } from '../../test/make-product.ts'
import { mockFetch, renderRoutes, setLanguage } from '../../test/render-with-providers.tsx'
import ProductsRoute, { ErrorBoundary, loader } from './products.tsx'

type ProductsLoader = typeof loader

/** The shop's data as the server gives it: `total` products, the query each render asked for recorded. */
function fakeShop(total: number, categories: Category[] = [], delay?: Promise<void>) {
  const asked: StorefrontProductsQuery[] = []
  const data: StorefrontData = {
    async products(q) {
      asked.push(q)
      await delay
      const matching = q.search === 'zzz' ? 0 : total
      const from = (q.page - 1) * q.per_page
      const count = Math.max(0, Math.min(q.per_page, matching - from))
      return {
        data: Array.from({ length: count }, (_, i) => makeProduct(from + i + 1)),
        total: matching,
        last_page: Math.max(1, Math.ceil(matching / q.per_page)),
        current_page: q.page,
        per_page: q.per_page,
      }
    },
    categories: async () => categories,
    product: async () => ({ kind: 'missing' }),
    settings: async () => ({}) as never,
    content: async () => EMPTY_CONTENT,
    featured: async () => [],
    offerTerms: async () => ({ delivery: [], return_days: null }),
  }
  return { data, asked }
}

function renderProducts(entry: string, shop: ReturnType<typeof fakeShop>) {
  const context = { shop: { lang: 'en' as const, origin: 'http://shop.test', nonce: '', data: shop.data } }
  return renderRoutes(
    [
      {
        path: 'products',
        loader: ({ request }) =>
          loader({ request, context, params: {} } as unknown as Parameters<ProductsLoader>[0]),
        Component: function Products() {
          return (
            <ProductsRoute {...({ loaderData: useLoaderData() } as Parameters<typeof ProductsRoute>[0])} />
          )
        },
        ErrorBoundary,
        HydrateFallback: () => null,
      },
    ],
    entry,
  )
}

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('products page (product.md §2.4)', () => {
  it('shows active products with stock, the pager and "showing X-Y of N"; a page button shows that page', async () => {
    mockFetch({})
    const shop = fakeShop(30)
    renderProducts('/products', shop)
    expect(await screen.findByText('Showing 1-12 of 30 results')).toBeInTheDocument()
    expect(screen.getAllByRole('article')).toHaveLength(12)
    expect(shop.asked[0]).toEqual({ search: '', category_id: null, page: 1, per_page: 12 })

    await userEvent.click(screen.getByRole('link', { name: 'Page 3' }))
    expect(await screen.findByText('Showing 25-30 of 30 results')).toBeInTheDocument()
    expect(shop.asked.at(-1)).toMatchObject({ page: 3 })
  }, 20_000)

  it('makes the pager of real links to each page’s address, opened in the app on a tap (decision 0110)', async () => {
    mockFetch({})
    const shop = fakeShop(100)
    const { router } = renderProducts('/products?size=24&page=2', shop)
    await screen.findByText('Showing 25-48 of 100 results')
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/products?size=24')
    expect(within(pager).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(within(pager).getByRole('link', { name: 'Page 5' })).toHaveAttribute(
      'href',
      '/products?size=24&page=5',
    )
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/products?size=24&page=3',
    )
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/products?size=24')
    expect(within(pager).queryByRole('button')).toBeNull()
    // A tap is the router's navigation: the same document, the list read again through the loader.
    await userEvent.click(within(pager).getByRole('link', { name: 'Next' }))
    expect(await screen.findByText('Showing 49-72 of 100 results')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?size=24&page=3')
    expect(router.state.historyAction).toBe('PUSH')
  }, 20_000)

  it('leads nowhere from "previous" on the first page and "next" on the last', async () => {
    mockFetch({})
    renderProducts('/products', fakeShop(20))
    await screen.findByText('Showing 1-12 of 20 results')
    const pager = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pager).getByRole('link', { name: 'Previous' })).not.toHaveAttribute('href')
    expect(within(pager).getByRole('link', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true')
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/products?page=2')
  })

  it('links every category to its list by slug, the one shown marked current (decision 0110)', async () => {
    mockFetch({})
    const shop = fakeShop(30, [
      { id: 4, name: 'Honey', slug: 'honey', description: null, is_active: true, products_count: 0 },
      { id: 5, name: 'Olive oil', slug: 'olive-oil', description: null, is_active: true, products_count: 0 },
    ])
    const { router } = renderProducts('/products?page=2', shop)
    await screen.findByText('Showing 13-24 of 30 results')
    const nav = screen.getByRole('navigation', { name: 'Browse by category' })
    expect(within(nav).getByRole('link', { name: 'All categories' })).toHaveAttribute('href', '/products')
    expect(within(nav).getByRole('link', { name: 'All categories' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Olive oil' })).toHaveAttribute(
      'href',
      '/products?category=olive-oil',
    )
    await userEvent.click(within(nav).getByRole('link', { name: 'Honey' }))
    await waitFor(() => expect(router.state.location.search).toBe('?category=honey'))
    expect(shop.asked.at(-1)).toEqual({ search: '', category_id: 4, page: 1, per_page: 12 })
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Honey' })).toHaveAttribute('aria-current', 'page'),
    )
    expect(screen.getByLabelText('Category')).toHaveValue('honey')
  })

  it('moves an address with a category’s id to its slug, and an unknown category to every product', async () => {
    mockFetch({})
    const shop = fakeShop(30, [
      { id: 4, name: 'Honey', slug: 'honey', description: null, is_active: true, products_count: 0 },
    ])
    const { router } = renderProducts('/products?category=4&page=2', shop)
    await waitFor(() => expect(router.state.location.search).toBe('?category=honey&page=2'))
    await screen.findByText('Showing 13-24 of 30 results')
    await router.navigate('/products?category=gone&page=2')
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(shop.asked.at(-1)).toEqual({ search: '', category_id: null, page: 1, per_page: 12 })
  })

  it('loads the first row of pictures at once with high priority and the rest lazily (LCP)', async () => {
    mockFetch({})
    renderProducts('/products', fakeShop(5))
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

  it('links every card to its product page', async () => {
    mockFetch({})
    renderProducts('/products', fakeShop(2))
    await screen.findByText('Showing 1-2 of 2 results')
    expect(screen.getByRole('link', { name: 'Dates 1' })).toHaveAttribute('href', '/products/dates-1')
  })

  it('sends a page number past the last one to the last page (an old link), not "no products"', async () => {
    mockFetch({})
    const shop = fakeShop(30)
    const { router } = renderProducts('/products?page=9', shop)
    expect(await screen.findByText('Showing 25-30 of 30 results')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?page=3')
    expect(screen.queryByText('No products found')).toBeNull()
  })

  it('hides the pager when everything fits on one page', async () => {
    mockFetch({})
    renderProducts('/products', fakeShop(5))
    expect(await screen.findByText('Showing 1-5 of 5 results')).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull()
  })

  it('reads search, category, page and size from the address', async () => {
    mockFetch({})
    const shop = fakeShop(100, [
      { id: 4, name: 'Honey', slug: 'honey', description: null, is_active: true, products_count: 0 },
    ])
    renderProducts('/products?search=dates&category=honey&page=2&size=24', shop)
    expect(await screen.findByText('Showing 25-48 of 100 results')).toBeInTheDocument()
    expect(shop.asked[0]).toEqual({ search: 'dates', category_id: 4, page: 2, per_page: 24 })
    expect(screen.getByLabelText('Search')).toHaveValue('dates')
    expect(screen.getByLabelText('Category')).toHaveValue('honey')
  })

  it('goes back to page 1 when the page size or the category changes', async () => {
    mockFetch({})
    const shop = fakeShop(100, [
      { id: 4, name: 'Honey', slug: 'honey', description: null, is_active: true, products_count: 0 },
    ])
    const { router } = renderProducts('/products?page=3', shop)
    await screen.findByText('Showing 25-36 of 100 results')
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '24')
    expect(await screen.findByText('Showing 1-24 of 100 results')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?size=24')
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'honey')
    await waitFor(() => expect(router.state.location.search).toBe('?size=24&category=honey'))
    expect(shop.asked.at(-1)).toEqual({ search: '', category_id: 4, page: 1, per_page: 24 })
  })

  it('searches 300 ms after typing stops and shows the no-results message', async () => {
    mockFetch({})
    const shop = fakeShop(3)
    renderProducts('/products', shop)
    await screen.findByText('Showing 1-3 of 3 results')
    await userEvent.type(screen.getByLabelText('Search'), 'zzz')
    expect(shop.asked.filter((q) => q.search)).toEqual([])
    expect(await screen.findByText('No results for “zzz”', {}, { timeout: 15_000 })).toBeInTheDocument()
    expect(shop.asked.filter((q) => q.search).map((q) => q.search)).toEqual(['zzz'])
  })

  it('shows skeleton cards equal to the page size while the next list loads', async () => {
    mockFetch({})
    let release = () => {}
    const shop = fakeShop(100)
    const { router } = renderProducts('/products', shop)
    await screen.findByText('Showing 1-12 of 100 results')
    shop.data.products = ((original) => async (q, lang) => {
      await new Promise<void>((r) => (release = r))
      return original(q, lang)
    })(shop.data.products)
    void router.navigate('/products?size=24')
    await waitFor(() => expect(screen.getByTestId('product-skeletons').children).toHaveLength(24))
    release()
    // 24 cards take a while to render on a busy machine; the test's own limit is 20 s.
    expect(
      await screen.findByText('Showing 1-24 of 100 results', undefined, { timeout: 5000 }),
    ).toBeInTheDocument()
  }, 20_000)

  it('shows the error and Try Again when the list cannot be read, and the list once it can', async () => {
    mockFetch({})
    const shop = fakeShop(2)
    let fail = true
    const products = shop.data.products
    shop.data.products = async (q, lang) => {
      if (fail) throw new Error('database down')
      return products(q, lang)
    }
    renderProducts('/products', shop)
    expect(await screen.findByText(/^Error loading products:/)).toBeInTheDocument()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('Showing 1-2 of 2 results')).toBeInTheDocument()
  })
})
