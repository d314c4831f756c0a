import { queryOptions } from '@tanstack/react-query'
import type { Courier, CourierInput, CourierUpdate } from '@shop/shared/schemas/delivery'
import type { ListPage } from '../../../components/data-list/use-data-list.ts'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

// product.md §1.3: amounts may arrive as numeric strings.
const parseCourier = (c: Courier): Courier => ({ ...c, default_fee: Number(c.default_fee) || 0 })

/** GET /api/couriers (delivery.manage): every courier in one list, active first (the API's order). */
export const courierListQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.delivery.couriers(),
    queryFn: async ({ signal }): Promise<ListPage<Courier>> => {
      const data = ((await api<{ data: Courier[] }>('/api/couriers', { signal })).data ?? []).map(
        parseCourier,
      )
      return { data, total: data.length, last_page: 1 }
    },
  })

export const createCourier = (input: CourierInput) =>
  api<Courier>('/api/couriers', { method: 'POST', body: input })
export const updateCourier = (id: number, input: CourierUpdate) =>
  api<Courier>(`/api/couriers/${id}`, { method: 'PATCH', body: input })
export const setCourierActive = (id: number, is_active: boolean) => updateCourier(id, { is_active })

export interface DriverLink {
  url: string
  expires_at: string
}

/** A new driver link (the old one stops working); its address is answered this once. */
export const createDriverLink = (id: number) =>
  api<DriverLink>(`/api/couriers/${id}/driver-link`, { method: 'POST' })
export const endDriverLink = (id: number) =>
  api<void>(`/api/couriers/${id}/driver-link`, { method: 'DELETE' })

/** Whether a courier's driver link works now (the list says until when). */
export const linkWorks = (c: Courier, now = Date.now()) =>
  c.driver_link_expires_at !== null && Date.parse(c.driver_link_expires_at) > now
