import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Outlet, useLocation } from 'react-router'
import { mockFetch, renderRoutes, setLanguage } from '../../test/render-with-providers.tsx'
import { HeaderSearch } from './header-search.tsx'

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}

function renderSearch() {
  return renderRoutes(
    [
      {
        element: (
          <>
            <HeaderSearch />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <Where /> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    '/',
  )
}

const suggestions = {
  products: [
    { id: 1, slug: 'deglet-nour-1kg', name: 'تمر دقلة نور – علبة 1 كغ', price: 25, image_small_url: null },
    {
      id: 2,
      slug: 'deglet-nour-branch',
      name: 'تمر دقلة نور على العرجون',
      price: 40,
      image_small_url: '/x.webp',
    },
  ],
  categories: [{ id: 7, slug: 'dates', name: 'تمور' }],
  did_you_mean: [],
}

beforeEach(() => setLanguage('ar'))
afterEach(() => vi.unstubAllGlobals())

describe('header search (decision 0140)', () => {
  it('is an ARIA combobox whose suggestions are chosen with the keyboard', async () => {
    const fetched = mockFetch({ 'GET /api/products/suggest': () => ({ body: suggestions }) })
    renderSearch()
    const box = await screen.findByRole('combobox', { name: 'ابحث في المنتجات' })
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await userEvent.type(box, 'دقله')
    const listbox = await screen.findByRole('listbox')
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'))
    expect(box).toHaveAttribute('aria-controls', listbox.id)
    const options = screen.getAllByRole('option')
    // the category, two products, then "all results"
    expect(options).toHaveLength(4)
    expect(options[1]).toHaveTextContent('تمر دقلة نور – علبة 1 كغ')
    expect(options[1]).toHaveTextContent('25.00')
    expect(fetched.calls.at(-1)!.url.searchParams.get('q')).toBe('دقله')
    expect(await screen.findByRole('status')).toHaveTextContent('3')

    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() => expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id))
    expect(options[1]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/products/deglet-nour-1kg'))
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('opens the full results on Enter, and closes on Escape', async () => {
    mockFetch({ 'GET /api/products/suggest': () => ({ body: suggestions }) })
    renderSearch()
    const box = await screen.findByRole('combobox')
    await userEvent.type(box, 'دقله')
    await screen.findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(box).toHaveAttribute('aria-expanded', 'false')
    await userEvent.keyboard('{Enter}')
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(`/products?search=${encodeURIComponent('دقله')}`),
    )
  })

  it('offers "did you mean" names when nothing matches; choosing one searches it', async () => {
    mockFetch({
      'GET /api/products/suggest': () => ({
        body: { products: [], categories: [], did_you_mean: ['تمر دقلة نور – علبة 1 كغ'] },
      }),
    })
    renderSearch()
    await userEvent.type(await screen.findByRole('combobox'), 'دقلوس')
    const option = await screen.findByRole('option', { name: /هل تقصد/ })
    await userEvent.click(option)
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(
        `/products?search=${encodeURIComponent('تمر دقلة نور – علبة 1 كغ')}`,
      ),
    )
  })
})
