import { queryOptions, useQuery } from '@tanstack/react-query'
import type { WhatsAppStatus } from '@shop/shared/schemas/whatsapp'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/**
 * Issue 41: the state of the WhatsApp channel (GET /api/whatsapp/status, any staff), as lib/mail-status.ts has mail's.
 * Only the orders screens show it, so it lives here; under the orders' keys, so an order write (which queues
 * messages) refreshes its count as `changedBy.order` refreshes mail's.
 */
export const whatsappStatusQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.orders.all, 'whatsapp-status'] as const,
    queryFn: ({ signal }) => api<WhatsAppStatus>('/api/whatsapp/status', { signal }),
    // A failing channel can come back by itself: look again now and then while a screen shows it.
    staleTime: 30_000,
    refetchInterval: 60_000,
  })

export const useWhatsAppStatus = () => useQuery(whatsappStatusQuery())
