import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Category } from '@shop/shared/schemas/category'
import type { Paginated } from '@shop/shared/schemas/common'
import type { Product } from '@shop/shared/schemas/product'
import type { Promotion, PromotionFormInput } from '@shop/shared/schemas/promotion'
import type { Setting } from '@shop/shared/schemas/setting'
import type { ListParams } from '../../../components/data-list/use-data-list.ts'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

// Issue 29: the dashboard's offers (GET/POST /api/promotions, PATCH/DELETE /api/promotions/:id, docs/api.md).

const keys = dashboardKeys.promotions

export const promotionListQuery = (p: ListParams<{ status: string }>) =>
  queryOptions({
    queryKey: keys.list(p),
    queryFn: ({ signal }) =>
      api<Paginated<Promotion>>('/api/promotions', {
        query: {
          search: p.search.trim(),
          page: p.page,
          per_page: p.per_page,
          ...(p.status && p.status !== 'all' ? { status: p.status } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  })

export const createPromotion = (input: PromotionFormInput) =>
  api<Promotion>('/api/promotions', { method: 'POST', body: input })
export const updatePromotion = (id: number, input: Partial<PromotionFormInput>) =>
  api<Promotion>(`/api/promotions/${id}`, { method: 'PATCH', body: input })
/** An offer never used is erased (undefined: 204); a used one comes back switched off. */
export const deletePromotion = (id: number) =>
  api<Promotion | undefined>(`/api/promotions/${id}`, { method: 'DELETE' })

/** The shop's time zone (the `timezone` setting, Africa/Tripoli by default): offers' dates are entered in it. */
export const shopTimezoneQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.settings.list(),
    queryFn: async ({ signal }): Promise<Setting[]> =>
      (await api<{ data: Setting[] }>('/api/settings', { signal })).data ?? [],
    select: (settings: Setting[]) => {
      const tz = settings.find((s) => s.key === 'timezone')?.value
      return typeof tz === 'string' && tz.trim() ? tz.trim() : 'Africa/Tripoli'
    },
    retry: false,
    staleTime: 5 * 60_000,
  })

/** Every category (staff: switched-off ones too), for the offer's picker and the list's "what it gives". */
export const offerCategoriesQuery = () =>
  queryOptions({
    queryKey: keys.categories(),
    queryFn: ({ signal }) =>
      api<{ data: Category[] }>('/api/categories', { signal }).then((r) => r.data ?? []),
    staleTime: 60_000,
  })

/** Products with their sizes for the picker: the first 100, or those matching the search. */
export const offerProductsQuery = (search: string) =>
  queryOptions({
    queryKey: keys.products(search),
    queryFn: async ({ signal }): Promise<Product[]> => {
      const r = await api<Paginated<Product>>('/api/products', {
        query: { search: search.trim(), page: 1, per_page: 100 },
        signal,
      })
      return r.data ?? []
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
