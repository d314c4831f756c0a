import type { QueryClient } from '@tanstack/react-query'
import { categoriesQuery, productsQuery } from './api/products.ts'
import { productsStateFromParams } from './hooks/use-products-url-state.ts'

/**
 * Issue 7 (Lighthouse LCP on /products): the first row of product pictures is the largest paint, and it waits
 * for the product list. main.tsx calls this before the first render, so the list is already on its way while
 * React renders the page, instead of being asked for by the page once it has rendered. Same query keys as the
 * page (api/products.ts), so the page uses this answer and does not ask again.
 */
export function prefetchCatalog(queryClient: QueryClient, location: Pick<Location, 'pathname' | 'search'>) {
  if (location.pathname !== '/products') return
  void queryClient.prefetchQuery(productsQuery(productsStateFromParams(new URLSearchParams(location.search))))
  void queryClient.prefetchQuery(categoriesQuery())
}
