import { queryOptions } from '@tanstack/react-query'
import type { DeliveryReport } from '@shop/shared/schemas/delivery'
import { api } from '../../../lib/api-client.ts'
import { dashboardKeys } from '../../../lib/dashboard-keys.ts'

/** GET /api/reports/delivery (stats.view): cash owed per courier, refusal rates, fees charged against fees paid. */
export const deliveryReportQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.delivery.report(),
    queryFn: ({ signal }) => api<DeliveryReport>('/api/reports/delivery', { signal }),
  })
