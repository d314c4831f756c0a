import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { StockMovement, StockMovementInput, StockMovementList } from '@shop/shared/schemas/team'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** Movements shown per page of a pack's stock history. */
export const STOCK_HISTORY_PAGE = 10

/** Issue 30: a pack's stock history, newest first (GET /api/stock-movements). */
export const stockHistoryQuery = (productId: number, variantId: number | null, page: number) =>
  queryOptions({
    queryKey: dashboardKeys.products.stock(productId, variantId, page),
    queryFn: ({ signal }) =>
      api<StockMovementList>('/api/stock-movements', {
        query: {
          product_id: productId,
          ...(variantId === null ? {} : { variant_id: variantId }),
          page,
          per_page: STOCK_HISTORY_PAGE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

/** Issue 30: staff adjust a pack's stock by hand, always with a reason (POST /api/stock-movements). */
export const adjustStock = (input: StockMovementInput) =>
  api<StockMovement>('/api/stock-movements', { method: 'POST', body: input })
