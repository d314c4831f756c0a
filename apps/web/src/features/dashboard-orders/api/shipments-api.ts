import { queryOptions } from '@tanstack/react-query'
import type { Courier, CreateShipmentsInput, Shipment, ShipmentOutcome } from '@shop/shared/schemas/delivery'
import { api, ApiError, apiUrl } from '../../../lib/api-client.ts'
import i18n from '../../../lib/i18n.ts'
import { getToken } from '../../../lib/storage.ts'
import { changedBy, dashboardKeys } from '../../../lib/dashboard-keys.ts'

// Issue 42 (decision 0237): an order's way to the customer as the order dialog sees it. The keys sit under the orders'
// keys: every order write (a shipment moves its order) refreshes them, as it does the payments and the conversation.

/**
 * What a shipment's write changes: its order (and so everything an order move changes) and the delivery screens
 * (a courier's open deliveries and cash, the delivery report), whose keys start with ['dashboard', 'delivery'].
 */
export const changedByShipment = [...changedBy.order, ['dashboard', 'delivery']] as const

/** The couriers staff may hand a box to: the active ones (GET /api/couriers, delivery.manage). */
export const activeCouriersQuery = () =>
  queryOptions({
    queryKey: [...dashboardKeys.orders.all, 'couriers'] as const,
    queryFn: async ({ signal }) =>
      ((await api<{ data: Courier[] }>('/api/couriers', { signal })).data ?? []).filter((c) => c.is_active),
    retry: false,
  })

/** One shipment with its history (GET /api/shipments/:id, delivery.manage). */
export const shipmentQuery = (id: number) =>
  queryOptions({
    queryKey: [...dashboardKeys.orders.all, 'shipment', id] as const,
    queryFn: ({ signal }) => api<Shipment>(`/api/shipments/${id}`, { signal }),
    staleTime: 0,
    retry: false,
  })

/** The orders go out for delivery with one courier, all or none (409 ORDER_NOT_SHIPPABLE names the first that cannot). */
export const createShipments = (input: CreateShipmentsInput) =>
  api<{ data: Shipment[] }>('/api/shipments', { method: 'POST', body: input })

/** What happened at the door, or the box coming back (409 SHIPMENT_MOVE_NOT_ALLOWED, SHIPMENT_SETTLED). */
export const recordShipmentOutcome = (id: number, outcome: ShipmentOutcome) =>
  api<Shipment>(`/api/shipments/${id}`, { method: 'PATCH', body: outcome })

/**
 * The order's packing slip, an HTML page in the reader's language, asked with the staff member's token. Fetched here
 * rather than through api() (JSON only) so the storefront's shared client stays as small as it is.
 */
export async function packingSlipHtml(orderId: number): Promise<string> {
  const token = getToken()
  const response = await fetch(apiUrl(`/api/orders/${orderId}/packing-slip`), {
    headers: {
      Accept: 'text/html',
      'Accept-Language': i18n.language || 'ar',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  })
  if (response.ok) return response.text()
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string }
  throw new ApiError(
    response.status,
    body.code ?? `HTTP_${response.status}`,
    body.message ?? i18n.t('common:errors.generic'),
  )
}
