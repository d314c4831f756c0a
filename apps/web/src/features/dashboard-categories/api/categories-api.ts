import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Category, CategoryInput } from '@shop/shared/schemas/category'
import type { ListPage, ListParams } from '../../../components/data-list/use-data-list.ts'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** Every category matching the search, in one list (product.md §2.17: not paged). */
export const categoryListQuery = ({ search }: Pick<ListParams, 'search'>) =>
  queryOptions({
    queryKey: dashboardKeys.categories.list({ search }),
    queryFn: async ({ signal }): Promise<ListPage<Category>> => {
      const data =
        (await api<{ data: Category[] }>('/api/categories', { query: { search: search.trim() }, signal }))
          .data ?? []
      return { data, total: data.length, last_page: 1 }
    },
    placeholderData: keepPreviousData,
  })

export const createCategory = (input: CategoryInput) =>
  api<Category>('/api/categories', { method: 'POST', body: input })
export const updateCategory = (id: number, input: CategoryInput) =>
  api<Category>(`/api/categories/${id}`, { method: 'PUT', body: input })
export const deleteCategory = (id: number) => api<void>(`/api/categories/${id}`, { method: 'DELETE' })
