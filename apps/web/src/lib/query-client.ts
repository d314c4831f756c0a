import { MutationCache, QueryClient } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'
import i18n from './i18n.ts'

/** Every dashboard query key starts with this segment (see the *Keys factories in features/dashboard-*). */
export const DASHBOARD_KEY = ['dashboard'] as const

/**
 * SPEC §4: a save, delete, toggle or import on one dashboard screen changes numbers shown on others
 * (category product counts, overview totals and low-stock list, form option lists), so all dashboard
 * queries are marked stale; only the mounted ones refetch at once, the rest on their next mount.
 * Storefront queries keep their own staleTime.
 */
export function refreshDashboard(client: QueryClient) {
  return client.invalidateQueries({ queryKey: DASHBOARD_KEY })
}

// SPEC §9: 3 retries with exponential back-off from 1 s capped at 30 s, cache kept 5 minutes.
// A 4xx will not change by retrying, so it is shown at once.
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // Every dashboard query goes stale at once; the fetching waits for onSettled below.
      onSuccess: () => client.invalidateQueries({ queryKey: DASHBOARD_KEY, refetchType: 'none' }),
      // Runs after the mutation's own onSuccess: lists it already refetched are fresh again and not
      // fetched twice, fetches it started are reused, and the mutation does not wait for other screens.
      onSettled: (_data, error) => {
        if (error) return
        void client.refetchQueries(
          { queryKey: DASHBOARD_KEY, type: 'active', predicate: (q) => q.state.isInvalidated },
          { cancelRefetch: false },
        )
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
          return failureCount < 3
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  })
  // Decision 0061: answers carry texts in the language they were asked in (Accept-Language); after a switch every
  // query is stale and those on screen are asked again. In the browser only: the server renders one language per client.
  if (typeof window !== 'undefined') i18n.on('languageChanged', () => void client.invalidateQueries())
  return client
}
