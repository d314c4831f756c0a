import type { Order, Quote, TrackCancelInput, TrackedOrder, TrackInput } from '@shop/shared/schemas/order'
import { api } from '../../../lib/api-client.ts'

/** POST /api/track: by order number and phone, or by the mail link's token (decision 0068). */
export const trackOrder = (input: TrackInput) =>
  api<TrackedOrder>('/api/track', { method: 'POST', body: input })

/** POST /api/track/cancel: the mail link, or the number and phone, cancels a pending order (decision 0069, issue 39). */
export const cancelTrackedOrder = (input: TrackCancelInput) =>
  api<TrackedOrder>('/api/track/cancel', { method: 'POST', body: input })

/** POST /api/orders/:id/cancel: the signed-in shopper cancels their own pending order. */
export const cancelMyOrder = (id: number, reason: string) =>
  api<Order>(`/api/orders/${id}/cancel`, { method: 'POST', body: { reason } })

/** Today's prices and availability of an old order's products (reorder). */
export const quoteLines = (items: { product_id: number; variant_id?: number; quantity: number }[]) =>
  api<Quote>('/api/orders/quote', { method: 'POST', body: { items } })
