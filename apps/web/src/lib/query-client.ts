import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query'
import { ApiError } from './api-client.ts'
import i18n from './i18n.ts'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Query keys (prefixes) this write changes: lib/dashboard-keys.ts's `changedBy` lists them per record. */
      invalidates?: readonly QueryKey[]
    }
  }
}

/**
 * The one refresh rule (product.md §4.7, decision 0086): after a successful write, the queries its `meta.invalidates`
 * names go stale; those on screen fetch again at once, the others when next shown. The mutation settles after the
 * fetches on screen, so its own onSuccess (a toast, closing a dialog) comes with the new rows. Nothing else refreshes
 * after a write, and a failed write refreshes nothing.
 */
export async function invalidateAfterWrite(client: QueryClient, keys: readonly QueryKey[] | undefined) {
  if (!keys?.length) return
  await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })))
}

// product.md §9: 3 retries with exponential back-off from 1 s capped at 30 s, cache kept 5 minutes.
// A 4xx will not change by retrying, so it is shown at once.
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) =>
        invalidateAfterWrite(client, mutation.meta?.invalidates),
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
