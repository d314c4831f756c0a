import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Role } from '@shop/shared/schemas/auth'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Order } from '@shop/shared/schemas/order'
import type { UserSummary } from '@shop/shared/schemas/user'
import type { ListParams } from '../../../components/data-list/use-data-list.ts'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** The users list's filters (product.md §2.21); each is a query parameter of GET /api/users. */
export interface UserListFilters {
  role: string
}

export const userListQuery = (p: ListParams<UserListFilters>) =>
  queryOptions({
    queryKey: dashboardKeys.users.list(p),
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
    queryKey: dashboardKeys.users.detail(id),
    queryFn: ({ signal }) => api<{ user: UserSummary; orders: Order[] }>(`/api/users/${id}`, { signal }),
    staleTime: 0,
    gcTime: 0,
  })

export const setUserRole = (id: number, role: Role) =>
  api<UserSummary>(`/api/users/${id}/role`, { method: 'PATCH', body: { role } })
export const setUserStatus = (id: number, is_active: boolean) =>
  api<UserSummary>(`/api/users/${id}/status`, { method: 'PATCH', body: { is_active } })
