import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { OrderList, PaymentMethod, PaymentStatus } from '@shop/shared/schemas/order'
import { api, downloadFile } from '../../../lib/api-client.ts'

export interface SalesRange {
  from: string
  to: string
}

export interface SalesQuery extends SalesRange {
  page: number
  perPage: number
}

/** One completed order as the report shows it. */
export interface SalesRow {
  id: number
  order_number: string
  customer_name: string
  created_at: string
  payment_method: PaymentMethod
  payment_status: PaymentStatus
  total_amount: number
  profit: number
}

export interface SalesPage {
  rows: SalesRow[]
  /** completed orders in the range, all pages */
  total: number
  lastPage: number
  /** summed by the server over the whole range, not this page (decision 0047) */
  totals: { total_amount: number; profit: number }
}

export const salesKeys = {
  all: ['dashboard', 'sales'] as const,
  list: (q: SalesQuery) => ['dashboard', 'sales', 'list', q] as const,
}

// Amounts may arrive as numeric strings (numeric columns), and are read as numbers.
const n = (v: unknown) => Number(v) || 0

/** The sales call: GET /api/orders with status=completed and the range, one server page at a time (decision 0047). */
export const salesQuery = (q: SalesQuery) =>
  queryOptions({
    queryKey: salesKeys.list(q),
    queryFn: async ({ signal }): Promise<SalesPage> => {
      const raw = await api<OrderList>('/api/orders', {
        query: { status: 'completed', from: q.from, to: q.to, page: q.page, per_page: q.perPage },
        signal,
      })
      const rows = (raw.data ?? []).map((o) => ({
        id: o.id,
        order_number: o.order_number,
        customer_name: o.customer_name,
        created_at: o.created_at,
        payment_method: o.payment_method,
        payment_status: o.payment_status,
        total_amount: n(o.total_amount),
        profit: n(o.profit),
      }))
      return {
        rows,
        total: n(raw.total),
        lastPage: Math.max(1, n(raw.last_page)),
        totals: { total_amount: n(raw.totals?.total_amount), profit: n(raw.totals?.profit) },
      }
    },
    placeholderData: keepPreviousData,
  })

/** The file is saved as sales_{from or all}_{to or all}.csv, the name the server gives it too. */
export const salesFileName = (r: SalesRange) => `sales_${r.from || 'all'}_${r.to || 'all'}.csv`

export const exportSales = (r: SalesRange) =>
  downloadFile('/api/orders/export/csv', salesFileName(r), { status: 'completed', from: r.from, to: r.to })
