import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLoaderData } from 'react-router'
import type { Product } from '@shop/shared/schemas/product'
import { EMPTY_CONTENT } from '@shop/shared/schemas/content'
import type { ProductPageResult, StorefrontData } from '@shop/shared/storefront'
import { makePackedProduct, makeProduct, makeVariant } from '../../test/make-product.ts'
import { act, cleanup, waitFor } from '@testing-library/react'
import { mockFetch, renderRoutes, setLanguage } from '../../test/render-with-providers.tsx'
import ProductRoute, { ErrorBoundary, loader, shouldRevalidate } from './product.tsx'

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
        shouldRevalidate,
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
    expect(screen.getByTestId('next-tier-hint')).toHaveTextContent('Add 4 more to get the wholesale price')
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

describe('product page with pack sizes (issue 28, decision 0151)', () => {
  const dates = () =>
    makePackedProduct(
      9,
      [
        makeVariant(91, { label: '500 g', sku: 'TAS-500', price: 12, stock: 30, weight_grams: 500 }),
        makeVariant(92, {
          label: '1 kg',
          sku: 'TAS-1K',
          price: 22,
          stock: 40,
          weight_grams: 1000,
          tiers: [
            { min_quantity: 5, price: 20 },
            { min_quantity: 20, price: 18 },
          ],
        }),
        makeVariant(93, {
          label: '5 kg',
          sku: 'TAS-5K',
          price: 100,
          stock: 3,
          weight_grams: 5000,
          image_url: '/images/93/large.webp',
        }),
      ],
      { slug: 'tasfirt-dates', name: 'Tasfirt dates', image_url: '/images/9/large.webp' },
    )
  const open = (entry: string, product = dates()) => {
    const calls = { count: 0 }
    const rendered = renderProductPage(entry, () => {
      calls.count++
      return { kind: 'found', product, related: [] }
    })
    return { ...rendered, calls }
  }
  const price = () => screen.getByTestId('pack-price')

  it('has no size picker for a product with one pack', async () => {
    mockFetch({})
    renderProductPage('/products/sidr-honey', () => ({ kind: 'found', product: honey(), related: [] }))
    await screen.findByRole('heading', { level: 1, name: 'Sidr honey' })
    expect(screen.queryByRole('radiogroup')).toBeNull()
  })

  it('opens the default pack, and the size a shared link names, on the first render', async () => {
    mockFetch({})
    open('/products/tasfirt-dates')
    const group = await screen.findByRole('radiogroup', { name: /Size/ })
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-checked')),
    ).toEqual(['true', 'false', 'false'])
    expect(price()).toHaveTextContent('12.00 LYD')
    cleanup()
    open('/products/tasfirt-dates?variant=93')
    expect(await screen.findByRole('radio', { name: /5 kg/ })).toHaveAttribute('aria-checked', 'true')
    expect(price()).toHaveTextContent('100.00 LYD')
    expect(screen.getByText('Stock: 3')).toBeInTheDocument()
    // The pack's own picture.
    expect(screen.getByRole('img', { name: 'Tasfirt dates – 5 kg' })).toHaveAttribute(
      'src',
      '/images/93/large.webp',
    )
  })

  it('falls back to the default pack for an unknown size, without an error', async () => {
    mockFetch({})
    open('/products/tasfirt-dates?variant=999999')
    expect(await screen.findByRole('radio', { name: /500 g/ })).toHaveAttribute('aria-checked', 'true')
    expect(price()).toHaveTextContent('12.00 LYD')
  })

  it('puts the chosen size in the address (replacing it), changes the price and does not load the product again', async () => {
    mockFetch({})
    const u = userEvent.setup()
    const { router, calls } = open('/products/tasfirt-dates?lang=en')
    await screen.findByRole('radiogroup')
    const before = calls.count
    await u.click(screen.getByRole('radio', { name: /5 kg/ }))
    expect(router.state.location.search).toBe('?lang=en&variant=93')
    expect(router.state.historyAction).toBe('REPLACE')
    await waitFor(() => expect(price()).toHaveTextContent('100.00 LYD'))
    expect(screen.getByRole('img', { name: 'Tasfirt dates – 5 kg' })).toBeInTheDocument()
    // Back to the default pack: the address no longer names a size.
    await u.click(screen.getByRole('radio', { name: /500 g/ }))
    expect(router.state.location.search).toBe('?lang=en')
    await waitFor(() => expect(price()).toHaveTextContent('12.00 LYD'))
    expect(calls.count).toBe(before)
  })

  it('moves between sizes with the arrow keys, Home and End; only the chosen chip is in the tab order', async () => {
    mockFetch({})
    const u = userEvent.setup()
    const { router } = open('/products/tasfirt-dates')
    await screen.findByRole('radiogroup')
    const radios = screen.getAllByRole('radio')
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1])
    act(() => radios[0]!.focus())
    await u.keyboard('{ArrowRight}')
    expect(screen.getByRole('radio', { name: /1 kg/ })).toHaveFocus()
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /1 kg/ })).toHaveAttribute('aria-checked', 'true'),
    )
    expect(router.state.location.search).toBe('?variant=92')
    await u.keyboard('{End}')
    expect(screen.getByRole('radio', { name: /5 kg/ })).toHaveFocus()
    await u.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /500 g/ })).toHaveAttribute('aria-checked', 'true'),
    )
    await u.keyboard('{ArrowLeft}')
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /5 kg/ })).toHaveAttribute('aria-checked', 'true'),
    )
    await u.keyboard('{Home}')
    expect(screen.getByRole('radio', { name: /500 g/ })).toHaveFocus()
    await waitFor(() => expect(screen.getAllByRole('radio').map((r) => r.tabIndex)).toEqual([0, -1, -1]))
  })

  it('follows the reading direction on an Arabic page: the left arrow goes to the next size', async () => {
    await setLanguage('ar')
    mockFetch({})
    const u = userEvent.setup()
    open('/products/tasfirt-dates')
    const group = await screen.findByRole('radiogroup', { name: /الحجم/ })
    const radios = within(group).getAllByRole('radio')
    act(() => radios[0]!.focus())
    await u.keyboard('{ArrowLeft}')
    expect(radios[1]).toHaveFocus()
    await waitFor(() => expect(radios[1]).toHaveAttribute('aria-checked', 'true'))
    await u.keyboard('{ArrowRight}')
    await waitFor(() => expect(radios[0]).toHaveAttribute('aria-checked', 'true'))
  })

  it("shows the chosen size's breaks, its price per kg or 100 g, and how many more reach the next break", async () => {
    mockFetch({})
    const u = userEvent.setup()
    open('/products/tasfirt-dates?variant=92')
    await screen.findByRole('radiogroup')
    const tiers = screen.getByRole('list', { name: 'Quantity prices' })
    expect(
      within(tiers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['From 5 units:20.00 LYDeach', 'From 20 units:18.00 LYDeach'])
    expect(screen.getByTestId('reference-price')).toHaveTextContent('22.00 LYD per kg')
    expect(screen.getByTestId('next-tier-hint')).toHaveTextContent('Add 4 more to get the wholesale price')
    const field = screen.getByRole('textbox', { name: 'Quantity of Tasfirt dates – 1 kg' })
    await u.clear(field)
    await u.type(field, '5{Enter}')
    expect(screen.getByTestId('wholesale-hint')).toHaveTextContent('Wholesale price applies to this quantity')
    expect(screen.getByTestId('next-tier-hint')).toHaveTextContent('Add 15 more for 18.00 LYD each')
    expect(within(tiers).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'true')
    expect(screen.getByText('100.00 LYD', { selector: '.text-xl' })).toBeInTheDocument()
    await u.clear(field)
    await u.type(field, '20{Enter}')
    expect(screen.queryByTestId('next-tier-hint')).toBeNull()
    expect(screen.getByText('360.00 LYD', { selector: '.text-xl' })).toBeInTheDocument()
    // A 500 g pack is compared per 100 g.
    await u.click(screen.getByRole('radio', { name: /500 g/ }))
    await waitFor(() => expect(screen.getByTestId('reference-price')).toHaveTextContent('2.40 LYD per 100 g'))
    expect(screen.queryByRole('list', { name: 'Quantity prices' })).toBeNull()
  })

  it('adds the chosen size to the cart as its own line', async () => {
    mockFetch({})
    const u = userEvent.setup()
    open('/products/tasfirt-dates?variant=93')
    await screen.findByRole('radiogroup')
    await u.click(screen.getByRole('button', { name: 'Add to cart' }))
    await u.click(screen.getByRole('radio', { name: /500 g/ }))
    await waitFor(() => expect(price()).toHaveTextContent('12.00 LYD'))
    await u.click(screen.getByRole('button', { name: 'Add to cart' }))
    expect(JSON.parse(localStorage.getItem('cart')!)).toMatchObject([
      { id: 9, variant_id: 93, variant_label: '5 kg', price: 100, quantity: 1 },
      { id: 9, variant_id: 91, variant_label: '500 g', price: 12, quantity: 1 },
    ])
    expect(screen.getByText('In your cart: 1')).toBeInTheDocument()
    expect(await screen.findByText('Tasfirt dates – 500 g added to cart')).toBeInTheDocument()
  })
})
