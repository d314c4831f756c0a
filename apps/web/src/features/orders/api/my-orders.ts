import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Order } from '@shop/shared/schemas/order'
import { api } from '../../../lib/api-client.ts'

export const myOrdersKeys = {
  all: ['my-orders'] as const,
  page: (userId: number, page: number) => ['my-orders', userId, page] as const,
}

/** product.md §6.2: only the signed-in shopper's orders (the server enforces it whatever user_id says). */
export const useMyOrders = (userId: number | null, page: number) =>
  useQuery({
    queryKey: myOrdersKeys.page(userId ?? 0, page),
    queryFn: ({ signal }) =>
      api<Paginated<Order>>('/api/orders', {
        query: { user_id: userId ?? undefined, page, per_page: 10 },
        signal,
      }),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  })
