import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter, useLocation, useNavigate } from 'react-router'
import { describe, expect, it } from 'vitest'
import { productsHref, useProductsUrlState } from './use-products-url-state.ts'

function setup(entry = '/products') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
  )
  return renderHook(
    () => ({ url: useProductsUrlState(), location: useLocation(), navigate: useNavigate() }),
    { wrapper },
  )
}

describe('products URL state (product.md §4.6)', () => {
  it('keeps a category picked just before the debounced search lands (both changes before the router re-renders)', () => {
    const { result } = setup('/products?search=%D8%B9%D8%B3%D9%84&page=2')
    act(() => {
      const update = result.current.url[1]
      update({ category: 'honey' })
      update({ search: '' })
    })
    expect(result.current.location.search).toBe('?category=honey')
    expect(result.current.url[0]).toMatchObject({ search: '', category: 'honey', page: 1 })
  })

  it('goes back to page 1 on a new filter and keeps the filters when only the page changes', () => {
    const { result } = setup('/products?category=dates&size=24')
    act(() => result.current.url[1]({ page: 4 }))
    expect(result.current.url[0]).toEqual({ search: '', category: 'dates', page: 4, perPage: 24 })
    act(() => result.current.url[1]({ search: ' تمر ' }))
    expect(result.current.url[0]).toEqual({ search: 'تمر', category: 'dates', page: 1, perPage: 24 })
    act(() => result.current.url[1]({ perPage: 12 }))
    expect(result.current.location.search).toBe(
      `?category=dates&search=${encodeURIComponent('تمر').replace(/%20/g, '+')}`,
    )
  })

  it('builds on a URL that came from elsewhere (back button), not on its own earlier change', async () => {
    const { result } = setup('/products?category=dates')
    act(() => result.current.url[1]({ category: 'honey' }))
    expect(result.current.url[0].category).toBe('honey')
    await act(async () => result.current.navigate(-1))
    expect(result.current.location.search).toBe('?category=dates')
    act(() => result.current.url[1]({ page: 2 }))
    expect(result.current.location.search).toBe('?category=dates&page=2')
  })

  it('makes the address of a page or a category from the address shown (pager and category links)', () => {
    const here = new URLSearchParams('category=dates&size=24&page=3&lang=en')
    expect(productsHref(here, { page: 4 })).toBe('/products?category=dates&size=24&page=4&lang=en')
    expect(productsHref(here, { page: 1 })).toBe('/products?category=dates&size=24&lang=en')
    expect(productsHref(here, { category: 'honey' })).toBe('/products?category=honey&size=24&lang=en')
    expect(productsHref(new URLSearchParams('page=2'), { category: null })).toBe('/products')
  })
})
