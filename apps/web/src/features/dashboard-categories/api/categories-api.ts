import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Category, CategoryInput } from '@shop/shared/schemas/category'
import { api } from '../../../lib/api-client.ts'

export const categoryKeys = {
  all: ['dashboard', 'categories'] as const,
  lists: () => ['dashboard', 'categories', 'list'] as const,
  list: (search: string) => ['dashboard', 'categories', 'list', search] as const,
}

export const categoryListQuery = (search: string) =>
  queryOptions({
    queryKey: categoryKeys.list(search),
    queryFn: async ({ signal }): Promise<Category[]> =>
      (await api<{ data: Category[] }>('/api/categories', { query: { search: search.trim() }, signal }))
        .data ?? [],
    placeholderData: keepPreviousData,
  })

export const createCategory = (input: CategoryInput) =>
  api<Category>('/api/categories', { method: 'POST', body: input })
export const updateCategory = (id: number, input: CategoryInput) =>
  api<Category>(`/api/categories/${id}`, { method: 'PUT', body: input })
export const deleteCategory = (id: number) => api<void>(`/api/categories/${id}`, { method: 'DELETE' })
