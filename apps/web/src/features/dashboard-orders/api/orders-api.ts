import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Order, UpdateOrderInput } from '@shop/shared/schemas/order'
import type { StaffPayment, StaffPayments } from '@shop/shared/schemas/payment'
import { api } from '../../../lib/api-client.ts'

export interface OrderListParams {
  search: string
  status: string
  page: number
  per_page: number
}

export const orderKeys = {
  all: ['dashboard', 'orders'] as const,
  lists: () => ['dashboard', 'orders', 'list'] as const,
  list: (p: OrderListParams) => ['dashboard', 'orders', 'list', p] as const,
  detail: (id: number) => ['dashboard', 'orders', 'detail', id] as const,
  payments: (id: number) => ['dashboard', 'orders', 'payments', id] as const,
}

const n = (v: unknown) => Number(v) || 0
// SPEC §3: amounts may arrive as numeric strings.
export function parseOrder(o: Order): Order {
  return {
    ...o,
    subtotal: n(o.subtotal),
    delivery_price: n(o.delivery_price),
    total_amount: n(o.total_amount),
    profit: o.profit === undefined ? undefined : n(o.profit),
    items: (o.items ?? []).map((i) => ({
      ...i,
      quantity: n(i.quantity),
      unit_price: n(i.unit_price),
      line_total: n(i.line_total ?? n(i.unit_price) * n(i.quantity)),
    })),
  }
}

export const orderListQuery = (p: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(p),
    queryFn: async ({ signal }) => {
      const r = await api<Paginated<Order>>('/api/orders', {
        query: {
          search: p.search.trim(),
          // Decision 0070: "waiting for confirmation" is the cash orders still pending, oldest first.
          status: p.status === 'all' || p.status === 'awaiting' ? undefined : p.status,
          awaiting_confirmation: p.status === 'awaiting' ? true : undefined,
          page: p.page,
          per_page: p.per_page,
        },
        signal,
      })
      return { ...r, data: (r.data ?? []).map(parseOrder) }
    },
    placeholderData: keepPreviousData,
  })

export const orderDetailQuery = (id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: async ({ signal }) => parseOrder(await api<Order>(`/api/orders/${id}`, { signal })),
    staleTime: 0,
    retry: false,
  })

export const updateOrder = (id: number, input: UpdateOrderInput) =>
  api<Order>(`/api/orders/${id}`, { method: 'PUT', body: input })

/** Decision 0070: the customer confirmed the pending order by phone; it moves to processing. */
export const confirmOrderByPhone = (id: number) => api<Order>(`/api/orders/${id}/confirm`, { method: 'POST' })
/** Staff: the order's payment attempts with the providers' ids (GET /api/payments?order_id=). */
export const orderPaymentsQuery = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.payments(orderId),
    queryFn: async ({ signal }) => (await api<StaffPayments>('/api/payments', { query: { order_id: orderId }, signal })).data,
    staleTime: 0,
    retry: false,
  })

export const refundPayment = (paymentId: number) => api<StaffPayment>(`/api/payments/${paymentId}/refund`, { method: 'POST' })
export const checkPayment = (paymentId: number) => api<StaffPayment>(`/api/payments/${paymentId}/check`, { method: 'POST' })
export const resolvePaymentFlag = (paymentId: number) => api<StaffPayment>(`/api/payments/${paymentId}/flag/resolve`, { method: 'POST' })
