import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { SalesResponse } from '@shop/shared/schemas/dashboard'
import { api, downloadFile } from '../../../lib/api-client.ts'

export interface SalesRange {
  from: string
  to: string
}

export const salesKeys = {
  all: ['dashboard', 'sales'] as const,
  list: (r: SalesRange) => ['dashboard', 'sales', 'list', r] as const,
}

const n = (v: unknown) => Number(v) || 0

export const salesQuery = (r: SalesRange) =>
  queryOptions({
    queryKey: salesKeys.list(r),
    queryFn: async ({ signal }): Promise<SalesResponse> => {
      const raw = await api<SalesResponse>('/api/sales', { query: { from: r.from, to: r.to }, signal })
      const data = (raw.data ?? []).map((row) => ({
        ...row,
        total_amount: n(row.total_amount),
        profit: n(row.profit),
      }))
      return {
        data,
        totals: {
          total_amount: n(raw.totals?.total_amount),
          profit: n(raw.totals?.profit),
          count: n(raw.totals?.count ?? data.length),
        },
      }
    },
    placeholderData: keepPreviousData,
  })

/** SPEC §2/§7: file saved as sales_{from or all}_{to or all}.csv. */
export const salesFileName = (r: SalesRange) => `sales_${r.from || 'all'}_${r.to || 'all'}.csv`

export const exportSales = (r: SalesRange) =>
  downloadFile('/api/orders/export/csv', salesFileName(r), { status: 'completed', from: r.from, to: r.to })
