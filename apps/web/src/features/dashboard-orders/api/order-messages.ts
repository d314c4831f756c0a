import { queryOptions } from '@tanstack/react-query'
import type { OrderMessages } from '@shop/shared/schemas/whatsapp'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/**
 * Issue 41: the order's conversation (GET /api/orders/:id/messages), WhatsApp both ways and the shop's mails, oldest
 * first. Under the order's keys: an order write (which may send a message) refreshes it, as it does the payments.
 */
export const orderMessagesQuery = (orderId: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.orders.all, 'messages', orderId] as const,
    queryFn: async ({ signal }) =>
      (await api<OrderMessages>(`/api/orders/${orderId}/messages`, { signal })).data ?? [],
    staleTime: 0,
    // A customer's answer, or a message's delivery, can come while the dialog is open.
    refetchInterval: 10_000,
    retry: false,
  })
