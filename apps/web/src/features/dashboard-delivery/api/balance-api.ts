import { queryOptions } from '@tanstack/react-query'
import type { CourierBalance, Shipment } from '@shop/shared/schemas/delivery'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

const n = (v: unknown) => Number(v) || 0

/** What a delivered shipment brought in: the amount collected at the door, or the cash it was to collect. */
export const collectedOf = (s: Shipment) => n(s.collected_amount ?? s.cod_amount)

/** GET /api/couriers/:id/balance: collected, fees, settled, outstanding, and the deliveries not settled yet. */
export const balanceQuery = (courierId: number) =>
  queryOptions({
    queryKey: dashboardKeys.delivery.balance(courierId),
    queryFn: async ({ signal }) => {
      const b = await api<CourierBalance>(`/api/couriers/${courierId}/balance`, { signal })
      return {
        ...b,
        collected: n(b.collected),
        fees: n(b.fees),
        settled: n(b.settled),
        outstanding: n(b.outstanding),
        open: (b.open ?? []).map((s) => ({ ...s, fee: n(s.fee) })),
      }
    },
  })
