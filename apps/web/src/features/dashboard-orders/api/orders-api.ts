import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Paginated } from '@shop/shared/schemas/common'
import type {
  EditOrderItemsInput,
  NewTrackingLink,
  Order,
  UpdateOrderInput,
} from '@shop/shared/schemas/order'
import type { Product } from '@shop/shared/schemas/product'
import type { StaffPayment, StaffPayments } from '@shop/shared/schemas/payment'
import type { ListParams } from '../../../components/data-list/use-data-list.ts'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** The orders list's filters (product.md §2.19); each is a query parameter of GET /api/orders. */
export interface OrderListFilters {
  status: string
  /** Issue 41: all, confirmed, waiting, failed or call (components/whatsapp-filter.tsx). */
  whatsapp: string
}

const n = (v: unknown) => Number(v) || 0
// product.md §1.3: amounts may arrive as numeric strings.
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

export const orderListQuery = (p: ListParams<OrderListFilters>) =>
  queryOptions({
    queryKey: dashboardKeys.orders.list(p),
    queryFn: async ({ signal }) => {
      const r = await api<Paginated<Order>>('/api/orders', {
        query: {
          search: p.search.trim(),
          // Decision 0070: "waiting for confirmation" is the cash orders still pending, oldest first.
          status: p.status === 'all' || p.status === 'awaiting' ? undefined : p.status,
          awaiting_confirmation: p.status === 'awaiting' ? true : undefined,
          whatsapp: p.whatsapp === 'all' ? undefined : p.whatsapp,
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
    queryKey: dashboardKeys.orders.detail(id),
    queryFn: async ({ signal }) => parseOrder(await api<Order>(`/api/orders/${id}`, { signal })),
    // The dialog always starts from the order as the server has it now, never from a cached copy.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })

export const updateOrder = (id: number, input: UpdateOrderInput) =>
  api<Order>(`/api/orders/${id}`, { method: 'PUT', body: input })

/** Decision 0133: the order's lines as they should be, and maybe another city; the server prices and moves stock. */
export const editOrderItems = async (id: number, input: EditOrderItemsInput) =>
  parseOrder(await api<Order>(`/api/orders/${id}/items`, { method: 'PUT', body: input }))

/** Products to add to an order: the staff product search, a few at a time. */
export const productSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [...dashboardKeys.products.all, 'order-search', search] as const,
    queryFn: async ({ signal }) =>
      (await api<Paginated<Product>>('/api/products', { query: { search, per_page: 8 }, signal })).data ?? [],
    placeholderData: keepPreviousData,
  })

/** Decision 0070: the customer confirmed the pending order by phone; it moves to processing. */
export const confirmOrderByPhone = (id: number) => api<Order>(`/api/orders/${id}/confirm`, { method: 'POST' })
/** Decision 0173: the customer refused the order at the door; it is cancelled, stock and offer uses come back. */
export const orderRefusedAtDoor = (id: number) =>
  api<Order>(`/api/orders/${id}/refused-at-door`, { method: 'POST' })
/** Decision 0105: a new tracking link for the order; the links mailed before stop opening it. */
export const renewTrackingLink = (id: number) =>
  api<NewTrackingLink>(`/api/orders/${id}/tracking-link`, { method: 'POST' })
/** Staff: the order's payment attempts with the providers' ids (GET /api/payments?order_id=). */
export const orderPaymentsQuery = (orderId: number) =>
  queryOptions({
    queryKey: dashboardKeys.orders.payments(orderId),
    queryFn: async ({ signal }) =>
      (await api<StaffPayments>('/api/payments', { query: { order_id: orderId }, signal })).data,
    staleTime: 0,
    retry: false,
  })

export const refundPayment = (paymentId: number) =>
  api<StaffPayment>(`/api/payments/${paymentId}/refund`, { method: 'POST' })
export const checkPayment = (paymentId: number) =>
  api<StaffPayment>(`/api/payments/${paymentId}/check`, { method: 'POST' })
export const resolvePaymentFlag = (paymentId: number) =>
  api<StaffPayment>(`/api/payments/${paymentId}/flag/resolve`, { method: 'POST' })
