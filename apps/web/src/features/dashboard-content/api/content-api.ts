import { queryOptions } from '@tanstack/react-query'
import type { StorefrontContent } from '@shop/shared/schemas/content'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** Decision 0125: the storefront content, both languages, as the owner edits it. */
export const contentQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.content.detail(),
    queryFn: ({ signal }) => api<StorefrontContent>('/api/content', { signal }),
  })

export const saveContent = (content: StorefrontContent) =>
  api<StorefrontContent>('/api/content', { method: 'PUT', body: content })

/** A picture for the logo or the hero: uploaded first, its id saved with the content. */
export function uploadContentImage(file: File) {
  const body = new FormData()
  body.append('image', file)
  return api<{ id: string; url: string }>('/api/content/images', { method: 'POST', body })
}

export interface ProductOption {
  id: number
  name: string
  is_active: boolean
  stock: number
}

/** The products the owner may feature (the staff list, newest first, the first 100). */
export const productOptionsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.content.products(),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: ProductOption[] }>('/api/products', {
          signal,
          query: { page: 1, per_page: 100 },
        })
      ).data,
  })
