import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { OrderList, PaymentMethod, PaymentStatus } from '@shop/shared/schemas/order'
import type { ListPage, ListParams } from '../../../components/data-list/use-data-list.ts'
import { api, downloadFile } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** The report's filters: the range of days (an empty end: open on that side; both empty: all time). */
export interface SalesRange {
  from: string
  to: string
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
  /** Decision 0172: what offers took off the order. */
  discount_total: number
  profit: number
}

/** One page of the report; `total` counts the completed orders of the whole range. */
export interface SalesPage extends ListPage<SalesRow> {
  /** summed by the server over the whole range, not this page (decision 0047) */
  totals: { total_amount: number; profit: number; collected: number; discount_total: number }
}

// Amounts may arrive as numeric strings (numeric columns), and are read as numbers.
const n = (v: unknown) => Number(v) || 0

/** The sales call: GET /api/orders with status=completed and the range, one server page at a time (decision 0047). */
export const salesQuery = (q: Omit<ListParams<SalesRange>, 'search'>) =>
  queryOptions({
    queryKey: dashboardKeys.sales.list({ from: q.from, to: q.to, page: q.page, per_page: q.per_page }),
    queryFn: async ({ signal }): Promise<SalesPage> => {
      const raw = await api<OrderList>('/api/orders', {
        query: { status: 'completed', from: q.from, to: q.to, page: q.page, per_page: q.per_page },
        signal,
      })
      const data = (raw.data ?? []).map((o) => ({
        id: o.id,
        order_number: o.order_number,
        customer_name: o.customer_name,
        created_at: o.created_at,
        payment_method: o.payment_method,
        payment_status: o.payment_status,
        total_amount: n(o.total_amount),
        discount_total: n(o.discount_total),
        profit: n(o.profit),
      }))
      return {
        data,
        total: n(raw.total),
        last_page: Math.max(1, n(raw.last_page)),
        totals: {
          total_amount: n(raw.totals?.total_amount),
          profit: n(raw.totals?.profit),
          collected: n(raw.totals?.collected),
          discount_total: n(raw.totals?.discount_total),
        },
      }
    },
    placeholderData: keepPreviousData,
  })

/** The file is saved as sales_{from or all}_{to or all}.csv, the name the server gives it too. */
export const salesFileName = (r: SalesRange) => `sales_${r.from || 'all'}_${r.to || 'all'}.csv`

export const exportSales = (r: SalesRange) =>
  downloadFile('/api/orders/export/csv', salesFileName(r), { status: 'completed', from: r.from, to: r.to })
