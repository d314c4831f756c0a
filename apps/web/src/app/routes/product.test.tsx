import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLoaderData } from 'react-router'
import type { Product } from '@shop/shared/schemas/product'
import { EMPTY_CONTENT } from '@shop/shared/schemas/content'
import type { ProductPageResult, StorefrontData } from '@shop/shared/storefront'
import { makeProduct } from '../../test/make-product.ts'
import { mockFetch, renderRoutes, setLanguage } from '../../test/render-with-providers.tsx'
import ProductRoute, { ErrorBoundary, loader } from './product.tsx'

function renderProductPage(entry: string, result: (slug: string) => ProductPageResult) {
  const data: StorefrontData = {
    products: async () => ({ data: [], total: 0, last_page: 1, current_page: 1, per_page: 12 }),
    categories: async () => [],
    product: async (slug) => result(slug),
    settings: async () => ({}) as never,
    content: async () => EMPTY_CONTENT,
    featured: async () => [],
    offerTerms: async () => ({ delivery: [], return_days: null }),
  }
  const context = { shop: { lang: 'en' as const, origin: 'http://shop.test', nonce: '', data } }
  return renderRoutes(
    [
      {
        path: 'products/:slug',
        loader: ({ request, params }) =>
          loader({ request, params, context } as unknown as Parameters<typeof loader>[0]),
        Component: function Page() {
          return <ProductRoute {...({ loaderData: useLoaderData() } as Parameters<typeof ProductRoute>[0])} />
        },
        ErrorBoundary,
        HydrateFallback: () => null,
      },
      { path: 'products', element: <p>the list</p> },
    ],
    entry,
  )
}

const honey = (over: Partial<Product> = {}) =>
  makeProduct(7, {
    slug: 'sidr-honey',
    name: 'Sidr honey',
    description: 'Raw honey from the Green Mountain.',
    retail_price: 120,
    price: 120,
    wholesale_price: 100,
    wholesale_threshold: 5,
    stock: 8,
    category: { id: 3, name: 'Honey', slug: 'honey' },
    ...over,
  })

beforeEach(() => setLanguage('en'))
afterEach(() => vi.unstubAllGlobals())

describe('product page', () => {
  it('shows everything about the product: name, category link, description, attributes, prices, the wholesale offer and stock', async () => {
    mockFetch({})
    renderProductPage('/products/sidr-honey', () => ({ kind: 'found', product: honey(), related: [] }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Sidr honey' })).toBeInTheDocument()
    expect(screen.getByText('Raw honey from the Green Mountain.')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Honey' })[0]).toHaveAttribute(
      'href',
      '/products?category=honey',
    )
    expect(screen.getAllByText('120.00 LYD')[0]).toBeInTheDocument()
    expect(screen.getByText(/From 5 units:/)).toHaveTextContent('From 5 units:100.00 LYDeach')
    expect(screen.getByText('Stock: 8')).toBeInTheDocument()
    const details = screen.getByText('1 kg').closest('dl')!
    expect(within(details).getByText('Weight')).toBeInTheDocument()
    expect(within(details).getByText('Ghat')).toBeInTheDocument()
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' })
    expect(within(crumbs).getByRole('link', { name: 'Our products' })).toHaveAttribute('href', '/products')
  })

  it('counts down to the wholesale price as the quantity grows, stops at the stock, and adds that many to the cart', async () => {
    mockFetch({})
    const u = userEvent.setup()
    renderProductPage('/products/sidr-honey', () => ({ kind: 'found', product: honey(), related: [] }))
    await screen.findByRole('heading', { level: 1, name: 'Sidr honey' })
    expect(screen.getByTestId('wholesale-hint')).toHaveTextContent('Add 4 more to get the wholesale price')
    const more = screen.getByRole('button', { name: 'Increase quantity of Sidr honey' })
    for (let i = 0; i < 4; i++) await u.click(more)
    expect(screen.getByTestId('quantity')).toHaveValue('5')
    expect(screen.getByTestId('wholesale-hint')).toHaveTextContent('Wholesale price applies to this quantity')
    expect(screen.getByText('500.00 LYD')).toBeInTheDocument()
    for (let i = 0; i < 10; i++) await u.click(more)
    expect(screen.getByTestId('quantity')).toHaveValue('8')
    expect(more).toBeDisabled()
    await u.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(await screen.findByText('Sidr honey added to cart')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([{ id: 7, quantity: 8 }])
    // All the stock is in the cart now: nothing more can be added.
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled()
  })

  it('takes a typed quantity with the number keyboard: clamped to the stock, never below 1 (issue 26)', async () => {
    mockFetch({})
    const u = userEvent.setup()
    renderProductPage('/products/sidr-honey', () => ({ kind: 'found', product: honey(), related: [] }))
    await screen.findByRole('heading', { level: 1, name: 'Sidr honey' })
    const field = screen.getByRole('textbox', { name: 'Quantity of Sidr honey' })
    expect(field).toHaveAttribute('inputmode', 'numeric')
    await u.clear(field)
    await u.type(field, '6{Enter}')
    expect(field).toHaveValue('6')
    expect(screen.getByTestId('wholesale-hint')).toHaveTextContent('Wholesale price applies to this quantity')
    expect(screen.getByText('600.00 LYD')).toBeInTheDocument()
    // More than the stock (8): the field says what is available and keeps 8.
    await u.clear(field)
    await u.type(field, '50')
    await u.tab()
    expect(field).toHaveValue('8')
    expect(screen.getByText('Only 8 are available')).toBeInTheDocument()
    // 0 or nothing typed: 1 or the last quantity.
    await u.clear(field)
    await u.type(field, '0{Enter}')
    expect(field).toHaveValue('1')
    await u.clear(field)
    await u.tab()
    expect(field).toHaveValue('1')
    await u.clear(field)
    await u.type(field, '٣{Enter}')
    expect(field).toHaveValue('3')
    await u.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([{ id: 7, quantity: 3 }])
  })

  it('shows up to four other products of its category, linked to their pages', async () => {
    mockFetch({})
    renderProductPage('/products/sidr-honey', () => ({
      kind: 'found',
      product: honey(),
      related: [makeProduct(8, { name: 'Acacia honey', slug: 'acacia-honey' })],
    }))
    const related = await screen.findByRole('region', { name: 'More from Honey' })
    expect(within(related).getByRole('link', { name: 'Acacia honey' })).toHaveAttribute(
      'href',
      '/products/acacia-honey',
    )
  })

  it('has no quantity or add button when out of stock', async () => {
    mockFetch({})
    renderProductPage('/products/sidr-honey', () => ({
      kind: 'found',
      product: honey({ stock: 0 }),
      related: [],
    }))
    await screen.findByRole('heading', { level: 1, name: 'Sidr honey' })
    expect(screen.getAllByText('Out of stock').length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull()
  })

  it('sends an old address to the product’s address now', async () => {
    mockFetch({})
    const { router } = renderProductPage('/products/old-name', (slug) =>
      slug === 'old-name'
        ? { kind: 'moved', slug: 'sidr-honey' }
        : { kind: 'found', product: honey(), related: [] },
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Sidr honey' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/products/sidr-honey')
  })

  it('shows the designed not-found page for an unknown or withdrawn product', async () => {
    mockFetch({})
    renderProductPage('/products/nothing-here', () => ({ kind: 'missing' }))
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products')
  })
})
