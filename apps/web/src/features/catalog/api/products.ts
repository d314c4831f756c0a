import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Product } from '@shop/shared/schemas/product'
import type { Category } from '@shop/shared/schemas/category'
import { api } from '../../../lib/api-client.ts'

export interface StorefrontProductsQuery {
  search: string
  categoryId: number | null
  page: number
  perPage: number
}

// One key factory for the catalogue feature (STYLE.md).
export const catalogKeys = {
  all: ['catalog'] as const,
  products: (q: StorefrontProductsQuery) => ['catalog', 'products', q] as const,
  featured: ['catalog', 'featured'] as const,
  categories: ['catalog', 'categories', 'active'] as const,
}

/** SPEC §5: the storefront lists only active products with stock; the server filters so counts and pages stay right. */
export const fetchStorefrontProducts = (q: StorefrontProductsQuery, signal?: AbortSignal) =>
  api<Paginated<Product>>('/api/products', {
    query: { search: q.search || undefined, category_id: q.categoryId ?? undefined, page: q.page, per_page: q.perPage, active: true, in_stock: true },
    signal,
  })

/** Client filter on top of the server filter (SPEC §5), in case an older server ignores in_stock. */
export const isListable = (p: Product) => p.is_active && p.stock > 0

export const productsQuery = (q: StorefrontProductsQuery) =>
  queryOptions({
    queryKey: catalogKeys.products(q),
    queryFn: ({ signal }) => fetchStorefrontProducts(q, signal),
    placeholderData: keepPreviousData,
  })

export const useStorefrontProducts = (q: StorefrontProductsQuery) => useQuery(productsQuery(q))

/** SPEC §2/§9: up to 4 featured products, active and in stock. */
export const useFeaturedProducts = () =>
  useQuery({
    queryKey: catalogKeys.featured,
    queryFn: ({ signal }) => fetchStorefrontProducts({ search: '', categoryId: null, page: 1, perPage: 4 }, signal),
    select: (res) => res.data.filter(isListable).slice(0, 4),
  })

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogKeys.categories,
    queryFn: ({ signal }) => api<{ data: Category[] }>('/api/categories', { query: { active: true }, signal }),
    staleTime: 5 * 60_000,
  })

export const useActiveCategories = () => useQuery({ ...categoriesQuery(), select: (res) => res.data })
