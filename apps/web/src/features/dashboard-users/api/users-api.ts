import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Role } from '@shop/shared/schemas/auth'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Order } from '@shop/shared/schemas/order'
import type { UserSummary } from '@shop/shared/schemas/user'
import { api } from '../../../lib/api-client.ts'

export interface UserListParams {
  search: string
  role: string
  page: number
  per_page: number
}

export const userKeys = {
  all: ['dashboard', 'users'] as const,
  lists: () => ['dashboard', 'users', 'list'] as const,
  list: (p: UserListParams) => ['dashboard', 'users', 'list', p] as const,
  detail: (id: number) => ['dashboard', 'users', 'detail', id] as const,
}

export const userListQuery = (p: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(p),
    queryFn: ({ signal }) =>
      api<Paginated<UserSummary>>('/api/users', {
        query: {
          search: p.search.trim(),
          role: p.role === 'all' ? undefined : p.role,
          page: p.page,
          per_page: p.per_page,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const userDetailQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api<{ user: UserSummary; orders: Order[] }>(`/api/users/${id}`, { signal }),
    staleTime: 0,
  })

export const setUserRole = (id: number, role: Role) =>
  api<UserSummary>(`/api/users/${id}/role`, { method: 'PATCH', body: { role } })
export const setUserStatus = (id: number, is_active: boolean) =>
  api<UserSummary>(`/api/users/${id}/status`, { method: 'PATCH', body: { is_active } })
