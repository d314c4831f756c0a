import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { City, CityInput } from '@shop/shared/schemas/city'
import type { Paginated } from '@shop/shared/schemas/common'
import type { ImportResult } from '@shop/shared/schemas/imports'
import type { PaymentMethods } from '@shop/shared/schemas/payment'
import type { ListParams } from '../../../components/data-list/use-data-list.ts'
import { api, downloadFile, uploadFile } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

// product.md §1.3: amounts may arrive as numeric strings.
const parseCity = (c: City): City => ({
  ...c,
  delivery_price: Number(c.delivery_price) || 0,
  cod_allowed: c.cod_allowed ?? true,
  cod_max_total: c.cod_max_total === null || c.cod_max_total === undefined ? null : Number(c.cod_max_total),
})

export const cityListQuery = (p: ListParams) =>
  queryOptions({
    queryKey: dashboardKeys.cities.list(p),
    queryFn: async ({ signal }) => {
      const r = await api<Paginated<City>>('/api/cities', {
        query: { search: p.search.trim(), page: p.page, per_page: p.per_page },
        signal,
      })
      return { ...r, data: (r.data ?? []).map(parseCity) }
    },
    placeholderData: keepPreviousData,
  })

export const createCity = (input: CityInput) => api<City>('/api/cities', { method: 'POST', body: input })
export const updateCity = (id: number, input: CityInput) =>
  api<City>(`/api/cities/${id}`, { method: 'PUT', body: input })
export const setCityStatus = (id: number, is_active: boolean) =>
  api<City>(`/api/cities/${id}/status`, { method: 'PATCH', body: { is_active } })
export const deleteCity = (id: number) => api<void>(`/api/cities/${id}`, { method: 'DELETE' })

export const importCities = (file: File) => uploadFile<ImportResult>('/api/cities/import', file)
export const downloadCitySample = () => downloadFile('/api/cities/import/sample', 'cities_sample.csv')

/**
 * Decision 0136: whether the shop has an online payment method (GET /api/payments/methods, what the checkout offers).
 * Without one, a city with no cash on delivery (or above its cash limit) leaves a shopper no way to pay.
 */
export const useOnlinePaymentOffered = () =>
  useQuery({
    queryKey: ['dashboard', 'payment-methods'],
    queryFn: ({ signal }) => api<PaymentMethods>('/api/payments/methods', { signal }),
    select: (m) => m.methods.some((method) => method !== 'cash'),
    staleTime: 60_000,
  })
