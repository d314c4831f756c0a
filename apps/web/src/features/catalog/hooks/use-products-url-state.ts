import { useCallback, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { STOREFRONT_PAGE_SIZES } from '@shop/shared/constants'

export interface ProductsUrlState {
  search: string
  /** The category's slug (decision 0110); an older address may carry its id, which the loader moves to the slug. */
  category: string | null
  page: number
  perPage: number
}

const positiveInt = (v: string | null): number | null => {
  if (!v || !/^\d+$/.test(v)) return null
  const n = Number(v)
  return n >= 1 ? n : null
}

/** The list a /products address asks for (the route's loader reads it the same way). */
export function productsStateFromParams(params: URLSearchParams): ProductsUrlState {
  const size = positiveInt(params.get('size'))
  return {
    search: params.get('search') ?? '',
    category: params.get('category')?.trim() || null,
    page: positiveInt(params.get('page')) ?? 1,
    perPage: size && (STOREFRONT_PAGE_SIZES as readonly number[]).includes(size) ? size : 12,
  }
}

/**
 * The address of the list `change` leads to from `params` (the same rules as the hook's update: a new search, category
 * or size goes back to page 1). Pager and category links are real links to these addresses (decision 0110).
 */
export function productsHref(params: URLSearchParams, change: Partial<ProductsUrlState>): string {
  const next = new URLSearchParams(params)
  applyChange(next, change)
  const query = next.toString()
  return query ? `/products?${query}` : '/products'
}

function applyChange(next: URLSearchParams, change: Partial<ProductsUrlState>) {
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key))
  if ('search' in change) set('search', change.search?.trim() || null)
  if ('category' in change) set('category', change.category || null)
  if ('perPage' in change)
    set('size', change.perPage && change.perPage !== 12 ? String(change.perPage) : null)
  const resets = 'search' in change || 'category' in change || 'perPage' in change
  const page = resets ? 1 : (change.page ?? 1)
  set('page', page > 1 ? String(page) : null)
}

/** The list lives in the URL (search, category, page, size) so a link or a reload shows the same list. */
export function useProductsUrlState() {
  const [params, setParams] = useSearchParams()
  const state = useMemo(() => productsStateFromParams(params), [params])
  // The router shows a new URL in a transition, so for a moment after a change `params` is still the old URL. A
  // second change in that moment (the debounced search landing right after a category pick) must build on the
  // first, not on the old URL, or it would undo it. The URLs written and not yet shown are kept here, in order.
  const pending = useRef<{ under: URLSearchParams; writes: string[] }>({ under: params, writes: [] })

  /** product.md §4.6: search, category or page size changes go back to page 1; the page alone keeps the rest. */
  const update = useCallback(
    (change: Partial<ProductsUrlState>, options: { replace?: boolean } = {}) => {
      const written = pending.current
      if (written.under !== params) {
        // The router has shown a URL since: drop the writes it has caught up with (all of them when it came from
        // elsewhere, e.g. the back button).
        const shown = written.writes.indexOf(params.toString())
        written.writes = shown >= 0 ? written.writes.slice(shown + 1) : []
        written.under = params
      }
      const next = new URLSearchParams(written.writes.at(-1) ?? params)
      applyChange(next, change)
      written.writes.push(next.toString())
      // Typing in the search box should not fill the history with one entry per word.
      // The list stays where it is on screen (the page scrolls to the list itself when the page number changes).
      setParams(next, { replace: options.replace ?? 'search' in change, preventScrollReset: true })
    },
    [params, setParams],
  )
  return [state, update] as const
}
