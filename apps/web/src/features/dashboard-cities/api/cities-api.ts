import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { City, CityInput } from '@shop/shared/schemas/city'
import type { Paginated } from '@shop/shared/schemas/common'
import type { ImportResult } from '@shop/shared/schemas/imports'
import { api, downloadFile } from '../../../lib/api-client.ts'

export interface CityListParams {
  search: string
  page: number
  per_page: number
}

export const cityKeys = {
  all: ['dashboard', 'cities'] as const,
  lists: () => ['dashboard', 'cities', 'list'] as const,
  list: (p: CityListParams) => ['dashboard', 'cities', 'list', p] as const,
}

// SPEC §3: delivery_price may arrive as a numeric string.
const parseCity = (c: City): City => ({
  ...c,
  delivery_price: Number(c.delivery_price) || 0,
  cod_allowed: c.cod_allowed ?? true,
  cod_max_total: c.cod_max_total === null || c.cod_max_total === undefined ? null : Number(c.cod_max_total),
})

export const cityListQuery = (p: CityListParams) =>
  queryOptions({
    queryKey: cityKeys.list(p),
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

export const importCities = (file: File) => {
  const fd = new FormData()
  fd.append('file', file)
  return api<ImportResult>('/api/cities/import', { method: 'POST', body: fd })
}
export const downloadCitySample = () => downloadFile('/api/cities/import/sample', 'cities_sample.csv')
