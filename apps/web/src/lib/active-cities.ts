import { useQuery } from '@tanstack/react-query'
import type { City } from '@shop/shared/schemas/city'
import { api } from './api-client.ts'
import { activeCitiesKey } from './dashboard-keys.ts'

/**
 * GET /api/cities for a shopper: every active city with its delivery price and cash rule. The cart (delivery from the
 * cheapest to the dearest city) and the checkout read it; a city edit in the dashboard refreshes it
 * (lib/dashboard-keys.ts `changedBy.city`).
 */
export const useActiveCities = (enabled = true) =>
  useQuery({
    enabled,
    queryKey: activeCitiesKey,
    queryFn: ({ signal }) =>
      api<{ data: City[] } | City[]>('/api/cities', { query: { active: true, per_page: 100 }, signal }),
    // The list may come in data or at the top level.
    select: (res) => (Array.isArray(res) ? res : res.data).filter((c) => c.is_active !== false),
    staleTime: 5 * 60_000,
  })
